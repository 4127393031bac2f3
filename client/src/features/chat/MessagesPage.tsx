import { AreaPlaceholder } from '../shell/AreaPlaceholder';

/** The messages area. Until its feature lands it shows the area's empty state. */
export default function MessagesPage() {
  return <AreaPlaceholder area="messages" />;
}
