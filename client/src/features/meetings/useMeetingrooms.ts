import { useCallback, useEffect, useRef, useState } from 'react';
import { request } from '../../lib/graphql';
import { useOnReconnect } from '../../lib/subscriptions';
import { getMeetingroomsDocument, type Meetingroom } from './operations';

/** How often the list reads who is in each room while the page is visible (no subscription reports rooms' presence). */
export const roomsRefreshMs = 10_000;

export type RoomsState = { kind: 'loading' } | { kind: 'ready'; rooms: readonly Meetingroom[] } | { kind: 'failed' };

/** The rooms the caller may see with who is in each now, read again every few seconds while visible and after a reconnection. */
export function useMeetingrooms() {
  const [state, setState] = useState<RoomsState>({ kind: 'loading' });
  const reading = useRef(false);

  const load = useCallback(() => {
    if (reading.current) return;
    reading.current = true;
    request(getMeetingroomsDocument, {}, { silent: true })
      .then(({ getMeetingrooms }) => setState({ kind: 'ready', rooms: getMeetingrooms }))
      .catch(() => setState((current) => (current.kind === 'ready' ? current : { kind: 'failed' })))
      .finally(() => {
        reading.current = false;
      });
  }, []);

  useEffect(() => {
    load();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') load();
    }, roomsRefreshMs);
    document.addEventListener('visibilitychange', load);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', load);
    };
  }, [load]);
  useOnReconnect(load);

  const retry = () => {
    setState({ kind: 'loading' });
    load();
  };
  const upsert = (room: Meetingroom) =>
    setState((current) =>
      current.kind === 'ready' ? { kind: 'ready', rooms: [room, ...current.rooms.filter((other) => other.id !== room.id)] } : current,
    );
  return { state, retry, upsert };
}
