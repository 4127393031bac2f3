import type { MercuriusContext } from 'mercurius';
import type { StoredEvent } from '../../core/events';
import { feed, topics, type Verdict } from '../../core/live';
import { requireActor } from '../../graphql/context';
import { requireCurrentTeam } from '../teams';
import type { MeetingroomCreated } from './events';
import { presentRoomFor } from './roomResolvers';
import { findRoom, memberMayUse, type Caller } from './state';

/**
 * Events after which a room's line in the list reads differently: the room was made, its call started or
 * finished, someone came into it or went. Who is in a call is who joined and has not left (in the log), so
 * the log's events are all the list needs; nothing transient is published for it.
 */
const roomChanges = new Set(['meetingroom.created', 'videocall.started', 'videocall.joined', 'videocall.left', 'videocall.finished']);

/**
 * subMeetingrooms: the rooms list of the subscriber's current team, live. Each change names a room the
 * subscriber may use now (an ad hoc room of the team, or the room of a space they may read), and is answered
 * with the room as it is when delivered (its call and who is in it). Private chats' calls are not rooms and
 * never reach it. Leaving the team ends it; a switch of team is a new subscription. Resumable like the
 * team's other feeds.
 */
export const roomsSubscription = {
  subMeetingrooms: {
    subscribe: async (_root: unknown, _args: unknown, context: MercuriusContext) => {
      const actor = requireActor(context);
      const db = context.services.database.db;
      const { team } = await requireCurrentTeam(db, actor.userId);
      return feed(context, actor, topics.team(team.id), async (event): Promise<Verdict> => {
        if (roomChanges.has(event.type)) {
          const room = await findRoom(db, (event.payload as MeetingroomCreated).meetingroomId);
          return room && (await memberMayUse(db, room, actor.userId)) ? 'deliver' : 'skip';
        }
        if (event.type === 'team.member_removed') return (event.payload as { userId?: string }).userId === actor.userId ? 'end' : 'skip';
        return 'skip';
      });
    },
    resolve: async (event: StoredEvent, _args: unknown, context: MercuriusContext) => {
      const db = context.services.database.db;
      const room = await findRoom(db, (event.payload as MeetingroomCreated).meetingroomId);
      if (!room) return null;
      const caller: Caller = { kind: 'member', userId: requireActor(context).userId };
      return {
        type: event.type === 'meetingroom.created' ? 'created' : 'updated',
        seq: event.seq,
        meetingroom: await presentRoomFor(context, db, room, caller),
      };
    },
  },
};
