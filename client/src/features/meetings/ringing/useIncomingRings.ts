/**
 * The signed-in person's incoming calls, app-wide: getRings at start and after every reconnection
 * (a call that began before the subscription, or while the socket was down), then subCalls live. It
 * is opened again for the new team after a team switch (subCalls carries the current team's rings).
 */
import { useCallback, useEffect, useState } from 'react';
import { request } from '../../../lib/graphql';
import { useAtomValue } from '../../../lib/store';
import { onReconnect, subscribe } from '../../../lib/subscriptions';
import { currentTeamAtom, currentUserAtom } from '../../auth/session';
import { applyRingChange, incomingFrom, withoutCall } from './incomingRings';
import { getRingsDocument, subCallsDocument, type VideocallRing } from './operations';

export interface IncomingRings {
  rings: readonly VideocallRing[];
  /** Takes a call's rings away at once (answered here), without waiting for their end to come back live. */
  forget: (videocall: string) => void;
}

export function useIncomingRings(): IncomingRings {
  const teamId = useAtomValue(currentTeamAtom)?.id;
  const me = useAtomValue(currentUserAtom)?.id;
  const session = teamId && me ? `${teamId}/${me}` : null;
  /** The rings, with the team and person they were read for: after a switch the old ones are not shown. */
  const [state, setState] = useState<{ session: string | null; rings: readonly VideocallRing[] }>({ session: null, rings: [] });

  useEffect(() => {
    if (!session || !me) return undefined;
    let stopped = false;
    /** Rings heard ending live: a getRings answer read before their end must not bring them back. */
    const ended = new Set<string>();
    const update = (change: (rings: readonly VideocallRing[]) => readonly VideocallRing[]) =>
      setState((current) => ({ session, rings: change(current.session === session ? current.rings : []) }));
    const read = () => {
      // A failed read is logged by the data client; the next reconnection reads again.
      void request(getRingsDocument, {}, { silent: true })
        .then(({ getRings }) => {
          if (stopped) return;
          // Worked out here, not in the state updater: an answer without the list must not take the page down.
          const incoming = incomingFrom(getRings, me).filter((ring) => !ended.has(ring.id));
          update(() => incoming);
        })
        .catch(() => undefined);
    };
    read();
    const stops = [
      subscribe(
        subCallsDocument,
        {},
        ({ subCalls }) => {
          if (subCalls.type === 'ended' || subCalls.ring.state !== 'ringing') ended.add(subCalls.ring.id);
          update((rings) => applyRingChange(rings, subCalls, me));
        },
        undefined,
        read,
      ),
      onReconnect(read),
    ];
    return () => {
      stopped = true;
      stops.forEach((stop) => stop());
    };
  }, [session, me]);

  const forget = useCallback(
    (videocall: string) => setState((current) => ({ ...current, rings: withoutCall(current.rings, videocall) })),
    [],
  );
  return { rings: state.session === session ? state.rings : [], forget };
}
