import { AreaPlaceholder } from '../shell/AreaPlaceholder';

/** The chats area. Until its feature lands it shows the area's empty state. */
export default function ChatsPage() {
  return <AreaPlaceholder area="chats" />;
}
