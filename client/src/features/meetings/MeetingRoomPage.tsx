import { Presentation } from 'lucide-react';
import { PublicPlaceholder } from '../shell/PublicPlaceholder';

/** /meetingroom/:meetingroom, the live meeting room (guests included). */
export default function MeetingRoomPage() {
  return <PublicPlaceholder area="meetingroom" icon={Presentation} />;
}
