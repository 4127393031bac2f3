import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { openDocSession, type OpenSessionOptions } from './connect';
import type { CollabSession, SessionState } from './session';

/** The live session of a doc while the component is mounted; a new one when the room or link changes. */
export function useDocSession(
  { room, share, lastSavedAt, local }: OpenSessionOptions,
  open: typeof openDocSession = openDocSession,
): CollabSession | null {
  const [session, setSession] = useState<CollabSession | null>(null);
  // lastSavedAt only seeds a new session: a fresher value from the server must not reconnect.
  const seed = useRef(lastSavedAt ?? null);
  const user = local?.user;
  const doc = local?.doc;
  useEffect(() => {
    const opened = open({ room, ...(share ? { share } : {}), lastSavedAt: seed.current, ...(user && doc ? { local: { user, doc } } : {}) });
    setSession(opened);
    return () => {
      setSession(null);
      opened.destroy();
    };
  }, [room, share, user, doc, open]);
  return session;
}

const idle = (): (() => void) => () => {};

export function useSessionState(session: CollabSession): SessionState;
export function useSessionState(session: CollabSession | null): SessionState | null;
export function useSessionState(session: CollabSession | null): SessionState | null {
  return useSyncExternalStore(session?.subscribe ?? idle, () => session?.getState() ?? null);
}
