/** A signed-in member's live session on a doc, as the doc page and a call's notes panel both open it. */
import { useMemo } from 'react';
import { useAtomValue } from '../../lib/store';
import { currentUserAtom, displayName } from '../auth/session';
import { useDocSession, useSessionState } from './collab/useSession';
import { caretColor } from './editor/caretColor';
import type { Wall } from './operations';

/** A member reads the doc's images with the session cookie, at their own path. */
export const memberImage = (src: string) => Promise.resolve(src);

/**
 * The doc's collaborative session, its state, whether the member may type in it now (they may edit the doc, the server
 * lets them write and the connection is not closed), and the member as others see their caret (name and colour). A
 * member's edits are kept on this device until the server stored them (none without a signed-in member, as on a public link).
 */
export function useMemberDocSession(wall: Wall) {
  const me = useAtomValue(currentUserAtom);
  const session = useDocSession({
    room: wall.room,
    lastSavedAt: wall.lastSavedAt,
    ...(me ? { local: { user: me.id, doc: wall.id } } : {}),
  });
  const state = useSessionState(session);
  const user = useMemo(() => (me ? { name: displayName(me), color: caretColor(me.id) } : null), [me]);
  const editable = wall.canEdit && state?.writable !== false && state?.connection !== 'closed';
  return { session, state, editable, user };
}
