/**
 * Who is looking at a conversation. A member is the signed-in user; on the meeting room page a signed-out visitor
 * is the room's guest (admitted, or the call screen would not show), who has no account: the chat then calls only
 * what a guest may (the messages, posting, typing, their own edits) and nothing keyed to a user (presence, people
 * lists, drafts, read markers, reactions, the offline queue).
 */
import { hasUserCookie, readCookie, userCookieName } from '../../lib/cookies';
import { useAtomValue } from '../../lib/store';
import { currentUserAtom } from '../auth/session';
import { rememberedGuest } from '../meetings/room/guestMemory';
import type { ConversationTarget } from './operations';

export interface ChatViewer {
  guest: boolean;
  /** The id the viewer's messages carry: the user's, or the guest's (Invited id); null when unknown. */
  id: string | null;
  /**
   * Whether the signed-in user's session is loaded (the meeting room page skips it): only then do messages go
   * through the outbox, which queues them per user; otherwise they are sent at once (directSend.ts).
   */
  sessionLoaded: boolean;
}

export function chatViewerOf(
  target: ConversationTarget,
  user: { id: string } | null,
  cookies?: string,
  guestOf: (meetingroom: string) => string | null = rememberedGuest,
): ChatViewer {
  if (user) return { guest: false, id: user.id, sessionLoaded: true };
  if ('meetingroom' in target && !hasUserCookie(cookies)) return { guest: true, id: guestOf(target.meetingroom), sessionLoaded: false };
  return { guest: false, id: readCookie(userCookieName, cookies) ?? null, sessionLoaded: false };
}

export function useChatViewer(target: ConversationTarget): ChatViewer {
  const user = useAtomValue(currentUserAtom);
  return chatViewerOf(target, user);
}
