import { Navigate, useOutletContext } from 'react-router';
import { overviewScope, type DashboardLocation } from '../shell/areas';

/**
 * The dashboard's messages area (SPEC §2 route /:project/messages) is the chats page: a space's
 * messages open that space's channel, the overview's the chat lists. The address keeps working.
 */
export default function MessagesPage() {
  const location = useOutletContext<DashboardLocation | undefined>();
  const scope = location?.scope ?? overviewScope;
  return <Navigate to={scope === overviewScope ? '/chats' : `/chats/${scope}`} replace />;
}
