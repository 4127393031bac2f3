import { useCallback, useEffect, useState } from 'react';
import { request, RequestError } from '../../../lib/graphql';
import { getWallDocument, type Wall } from '../../docs/operations';
import { initiateMeetingroomNotesDocument, roomNotesDocument } from './operations';

/**
 * Where a room's notes are, as the call's Notes panel shows them:
 * - loading: the room or its doc is being read;
 * - none: the room has no notes yet (start them);
 * - ready: the notes doc, opened in the docs area's editor;
 * - refused: the caller may not start them (a member who only reads the public space);
 * - failed: reading or starting failed (try again).
 */
export type RoomNotes =
  { phase: 'loading' } | { phase: 'none'; starting: boolean } | { phase: 'ready'; wall: Wall } | { phase: 'refused' } | { phase: 'failed' };

/** What a room answers about its notes: whether it can have any (a space's room) and the doc if made. */
export interface RoomNotesFacts {
  project: string | null;
  notesDoc: string | null;
}

/** Whether the room can have notes at all: an ad hoc room has no space to keep a doc in. */
export const roomHasNotes = (room: Pick<RoomNotesFacts, 'project'>) => room.project !== null;

async function wallOf(notesDoc: string): Promise<Wall> {
  return (await request(getWallDocument, { id: notesDoc }, { handledByCaller: true })).getWall;
}

/**
 * The room's notes while the panel is open: read when it opens (someone else may have started them
 * since), started on demand. Starting is idempotent on the server, so two people starting at once
 * end up in the same doc.
 */
export function useRoomNotes(meetingroom: string): { notes: RoomNotes; start: () => void; retry: () => void } {
  const [notes, setNotes] = useState<RoomNotes>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    request(roomNotesDocument, { id: meetingroom }, { handledByCaller: true })
      .then(async ({ initiateMeetingroom: room }) => {
        const next: RoomNotes = room.notesDoc ? { phase: 'ready', wall: await wallOf(room.notesDoc) } : { phase: 'none', starting: false };
        if (current) setNotes(next);
      })
      .catch(() => {
        if (current) setNotes({ phase: 'failed' });
      });
    return () => {
      current = false;
    };
  }, [meetingroom, attempt]);

  const start = useCallback(() => {
    setNotes({ phase: 'none', starting: true });
    request(initiateMeetingroomNotesDocument, { id: meetingroom }, { handledByCaller: true })
      .then(async ({ initiateMeetingroomNotes: room }) => {
        if (!room.notesDoc) throw new Error('The room answered without its notes.');
        setNotes({ phase: 'ready', wall: await wallOf(room.notesDoc) });
      })
      .catch((error: unknown) => {
        setNotes({ phase: error instanceof RequestError && error.code === 'PERMISSION_DENIED' ? 'refused' : 'failed' });
      });
  }, [meetingroom]);

  const retry = useCallback(() => {
    setNotes({ phase: 'loading' });
    setAttempt((count) => count + 1);
  }, []);
  return { notes, start, retry };
}

/**
 * Whether the call offers the Notes panel: to members, in a space's room. Read once when the call
 * screen opens; false until the answer (and if it fails: the panel is an extra, the call goes on).
 */
export function useNotesAvailable(meetingroom: string, member: boolean): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    if (!member) return;
    let current = true;
    request(roomNotesDocument, { id: meetingroom }, { silent: true })
      .then(({ initiateMeetingroom: room }) => {
        if (current) setAvailable(roomHasNotes(room));
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [meetingroom, member]);
  return available;
}
