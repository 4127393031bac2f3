import type { MercuriusContext } from 'mercurius';
import type { StoredEvent } from '../../core/events';
import { feed, topics, type Verdict } from '../../core/live';
import { requireActor } from '../../graphql/context';
import { currentTeam, requireCurrentTeam } from '../teams';
import type { CalendarEventDeleted, CalendarEventEdited, CalendarEventResponded } from './events';
import { memberEntry } from './people';
import { presentEvent } from './queries';
import { canSeeEvent, findEvent } from './state';

/** What the subscriber is told: the change's kind as the client knows it. */
const changeTypes: Record<string, string> = {
  'calendarEvent.created': 'created',
  'calendarEvent.edited': 'edited',
  'calendarEvent.occurrenceChanged': 'edited',
  'calendarEvent.deleted': 'deleted',
  'calendarEvent.responded': 'responded',
};

/**
 * Whether the subscriber hears of this change: they see the event now, or the change took it from them (it
 * was deleted while they were its author, invited or its calendar's owner; they were taken off its list;
 * they left it). Judged against the database when the change is delivered, per subscriber.
 */
async function concerns(context: MercuriusContext, userId: string, email: string | null, event: StoredEvent): Promise<boolean> {
  const db = context.services.database.db;
  const eventId = (event.payload as { eventId: string }).eventId;
  const row = await findEvent(db, eventId);
  if (row) {
    if (await canSeeEvent(db, row, userId)) return true;
    if (event.type === 'calendarEvent.edited')
      return email !== null && ((event.payload as CalendarEventEdited).removed ?? []).includes(email);
    if (event.type === 'calendarEvent.responded') return (event.payload as CalendarEventResponded).userId === userId;
    return false;
  }
  if (event.type !== 'calendarEvent.deleted') return false;
  const deleted = event.payload as CalendarEventDeleted;
  return deleted.authorId === userId || deleted.userIds.includes(userId);
}

/**
 * subEvent's feed: changes to events of the subscriber's current team that concern them. Team events are
 * checked for the subscriber's membership: losing it (or switching team) ends the feed.
 */
async function eventFeed(context: MercuriusContext) {
  const actor = requireActor(context);
  const db = context.services.database.db;
  const { team } = await requireCurrentTeam(db, actor.userId);
  const email = (await memberEntry(db, actor.userId))?.email ?? null;
  return feed(context, actor, topics.team(team.id), async (event): Promise<Verdict> => {
    if (event.type.startsWith('team.')) return (await currentTeam(db, actor.userId))?.id === team.id ? 'skip' : 'end';
    if (!(event.type in changeTypes)) return 'skip';
    return (await concerns(context, actor.userId, email, event)) ? 'deliver' : 'skip';
  });
}

export const calendarSubscriptions = {
  subEvent: {
    subscribe: async (_root: unknown, _args: unknown, context: MercuriusContext) => await eventFeed(context),
    resolve: async (event: StoredEvent, _args: unknown, context: MercuriusContext) => {
      const actor = requireActor(context);
      const db = context.services.database.db;
      const eventId = (event.payload as { eventId: string }).eventId;
      const row = await findEvent(db, eventId);
      const visible = row !== undefined && (await canSeeEvent(db, row, actor.userId));
      return {
        type: changeTypes[event.type]!,
        seq: event.seq,
        event: eventId,
        value: visible ? await presentEvent(db, context.services.config.publicUrl, row, actor.userId) : null,
      };
    },
  },
};
