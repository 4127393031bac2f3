import { AreaPlaceholder } from '../shell/AreaPlaceholder';

/** The meetings area. Until its feature lands it shows the area's empty state. */
export default function MeetingsPage() {
  return <AreaPlaceholder area="meetings" />;
}
