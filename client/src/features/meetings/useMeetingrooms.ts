import { useEffect, useState } from 'react';
import { request } from '../../lib/graphql';
import { useAtomValue } from '../../lib/store';
import { onReconnect, subscribe } from '../../lib/subscriptions';
import { currentTeamAtom } from '../auth/session';
import { getMeetingroomsDocument, subMeetingroomsDocument, type Meetingroom, type MeetingroomChange } from './operations';

export type RoomsState = { kind: 'loading' } | { kind: 'ready'; rooms: readonly Meetingroom[] } | { kind: 'failed' };

/** A room as it is now goes first (the list is newest change first), in place of what the list had of it. */
export function withRoom(rooms: readonly Meetingroom[], room: Meetingroom): readonly Meetingroom[] {
  return [room, ...rooms.filter((other) => other.id !== room.id)];
}

/**
 * The list a read answered, with the live changes heard while it was on its way put back on top: the answer may
 * have been taken before them, and must not bring back who had already left.
 */
export function withChangesHeard(read: readonly Meetingroom[], heard: readonly MeetingroomChange[]): readonly Meetingroom[] {
  return heard.reduce((rooms, change) => withRoom(rooms, change.meetingroom), read);
}

/**
 * The rooms the caller may see with who is in each now: read once, then kept current by subMeetingrooms (new rooms,
 * calls started and finished, who came or went); read again after a reconnection, when the feed could not resume,
 * and for the new team after a team switch.
 */
export function useMeetingrooms() {
  const teamId = useAtomValue(currentTeamAtom)?.id ?? null;
  const [state, setState] = useState<RoomsState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let stopped = false;
    /** Changes heard since the read in flight started (null: no read in flight). */
    let heardDuringRead: MeetingroomChange[] | null = null;
    const read = () => {
      if (heardDuringRead) return;
      heardDuringRead = [];
      request(getMeetingroomsDocument, {}, { silent: true })
        .then(({ getMeetingrooms }) => {
          if (!stopped) setState({ kind: 'ready', rooms: withChangesHeard(getMeetingrooms, heardDuringRead ?? []) });
        })
        .catch(() => {
          if (!stopped) setState((current) => (current.kind === 'ready' ? current : { kind: 'failed' }));
        })
        .finally(() => {
          heardDuringRead = null;
        });
    };
    read();
    const stops = [
      subscribe(
        subMeetingroomsDocument,
        {},
        ({ subMeetingrooms }) => {
          heardDuringRead?.push(subMeetingrooms);
          setState((current) =>
            current.kind === 'ready' ? { kind: 'ready', rooms: withRoom(current.rooms, subMeetingrooms.meetingroom) } : current,
          );
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
  }, [teamId, attempt]);

  const retry = () => {
    setState({ kind: 'loading' });
    setAttempt((count) => count + 1);
  };
  const upsert = (room: Meetingroom) =>
    setState((current) => (current.kind === 'ready' ? { kind: 'ready', rooms: withRoom(current.rooms, room) } : current));
  return { state, retry, upsert };
}
