import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { openDocSession, type OpenSessionOptions } from './connect';
import type { CollabSession, SessionState } from './session';

/** The live session of a doc while the component is mounted; a new one when the room or link changes. */
export function useDocSession({ room, share, lastSavedAt }: OpenSessionOptions, open: typeof openDocSession = openDocSession): CollabSession | null {
  const [session, setSession] = useState<CollabSession | null>(null);
  // lastSavedAt only seeds a new session: a fresher value from the server must not reconnect.
  const seed = useRef(lastSavedAt ?? null);
  useEffect(() => {
    const opened = open({ room, ...(share ? { share } : {}), lastSavedAt: seed.current });
    setSession(opened);
    return () => {
      setSession(null);
      opened.destroy();
    };
  }, [room, share, open]);
  return session;
}

const idle = (): (() => void) => () => {};

export function useSessionState(session: CollabSession): SessionState;
export function useSessionState(session: CollabSession | null): SessionState | null;
export function useSessionState(session: CollabSession | null): SessionState | null {
  return useSyncExternalStore(session?.subscribe ?? idle, () => session?.getState() ?? null);
}
