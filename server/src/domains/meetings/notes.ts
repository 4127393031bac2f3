import type { MercuriusContext } from 'mercurius';
import { createMeetingNotes, findMeetingNotes } from '../../core/meetingNotes';
import { requireWritableSpaceContent } from '../../core/spaceContent';
import { runCommand } from '../../core/runCommand';
import { meetingroomStream } from '../../core/streams';
import { codedError } from '../../errors';
import { requireActor } from '../../graphql/context';
import { decideNotes } from './commands';
import { presentRoomFor } from './roomResolvers';
import { callerOf, requireMemberRoom, type Reader } from './state';
import type { MeetingroomResolvers, MutationResolvers } from '../../graphql/schemaTypes';

/**
 * A room's notes beside its call: a doc of the room's space (the docs area's, reached through the core's
 * meeting notes port), made on demand once per room and co-edited live in the call's side panel.
 */
export const notesTypeDefs = /* GraphQL */ `
  extend type Meetingroom {
    """
    The room's notes doc (a doc of the room's space: open it with getWall and its room), or null while it has none.
    Always null for an ad hoc room (it has no space to keep a doc in) and for a guest.
    """
    notesDoc: ID
  }

  extend type Mutation {
    """
    Makes the room's notes doc in its space the first time (a member who may write in the space); afterwards, and
    for concurrent requests, the same doc. An ad hoc room has none: MEETING_NOTES_SPACE_REQUIRED.
    """
    initiateMeetingroomNotes(id: ID!): Meetingroom!
  }
`;

/** The title a new notes doc gets; anyone may rename it in the docs area. */
export const notesTitleOf = (roomName: string) => `${roomName} – meeting notes`;

/** The room's notes doc id as a member sees it; the room itself was already judged visible to them. */
export async function notesDocOf(db: Reader, room: { id: string; project: string | null }): Promise<string | null> {
  return room.project === null ? null : ((await findMeetingNotes(db, room.id))?.docId ?? null);
}

export const notesFields = {
  notesDoc: async (room, _args, context: MercuriusContext) => {
    if ((await callerOf(context)).kind !== 'member' || !room.id) return null;
    return await notesDocOf(context.services.database.db, { id: room.id, project: room.project ?? null });
  },
} satisfies MeetingroomResolvers;

export const notesMutations = {
  initiateMeetingroomNotes: async (_root, args: { id: string }, context) => {
    const actor = requireActor(context);
    await runCommand(context, actor.userId, async (unit) => {
      const db = unit.transaction;
      const room = await requireMemberRoom(db, args.id, actor.userId);
      if (room.projectId === null) throw codedError('MEETING_NOTES_SPACE_REQUIRED', { field: 'id' });
      // Making the notes makes a doc in the space: who may not write there (a member reading a public space
      // they did not join) may read the notes once someone made them.
      await requireWritableSpaceContent(db, room.projectId, actor.userId);
      // The room's lock makes a second request wait for the first, see its doc and append nothing.
      await unit.lock(meetingroomStream(room.id));
      if (await findMeetingNotes(db, room.id)) return;
      const notes = await createMeetingNotes(unit, {
        meetingroomId: room.id,
        projectId: room.projectId,
        teamId: room.teamId,
        title: notesTitleOf(room.name),
      });
      await unit.append(meetingroomStream(room.id), decideNotes(room, notes.docId), { teamId: room.teamId });
    });
    const db = context.services.database.db;
    return await presentRoomFor(context, db, await requireMemberRoom(db, args.id, actor.userId), { kind: 'member', userId: actor.userId });
  },
} satisfies MutationResolvers;
