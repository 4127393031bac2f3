import { and, eq, isNull, sql } from 'drizzle-orm';
import { addedItem, placedNowhere, type SearchSource } from '../../core/searchSources';
import type { CalendarEvent, CalendarEventCreated, CalendarEventDeleted, CalendarEventEdited } from './events';
import type { Reader } from './state';
import { calendarAccounts, calendarEventPeople, calendarEvents, calendars } from './tables';

/**
 * Calendar events in the search index: a series' title and description, one item per series row (occurrences are
 * expanded on read, never stored; one occurrence's own title or description is not searched). A series split by
 * "this and following" is two rows, so two items with the same title: the part that ended and the one that goes on.
 */
export const calendarSearchSource: SearchSource<CalendarEvent['type']> = {
  area: 'calendar',
  changes: {
    'calendarEvent.created': (stored) => {
      // In no space, chat or room: only the event's own readers find it (readableEventIds, the calendar's visibility rule).
      const event = stored.payload as CalendarEventCreated;
      return [
        addedItem(
          'event',
          event.eventId,
          { ...placedNowhere, teamId: event.teamId, spaceId: null },
          stored,
          event.title,
          event.description,
        ),
      ];
    },
    'calendarEvent.edited': (stored) => {
      const { eventId, changes } = stored.payload as CalendarEventEdited;
      if (changes.title === undefined && changes.description === undefined) return [];
      return [
        {
          type: 'setText',
          kind: 'event',
          itemId: eventId,
          ...(changes.title !== undefined ? { title: changes.title } : {}),
          ...(changes.description !== undefined ? { body: changes.description } : {}),
        },
      ];
    },
    'calendarEvent.deleted': (stored) => [
      { type: 'remove', where: { kind: 'event', itemId: (stored.payload as CalendarEventDeleted).eventId } },
    ],
  },
};

/**
 * The query behind readableEventIds. It starts from the person, not the team, so its cost follows the events they
 * may read rather than the team's: the events made here they are invited to (calendar_event_people_user), those made
 * here they wrote (calendar_events_team_author), and the events imported into their own synced calendars (their
 * accounts, those accounts' calendars, the calendars' events). The same rows as `visibleTo` in state.ts, the
 * calendar's rule for one event. The cross joins fix the order of each part: without ANALYZE statistics SQLite would
 * start from the team's events and test each one.
 */
export function readableEventIdsQuery(db: Reader, teamId: string, userId: string) {
  const invited = db
    .select({ id: calendarEventPeople.eventId })
    .from(calendarEventPeople)
    .crossJoin(calendarEvents)
    .where(
      and(
        eq(calendarEventPeople.userId, userId),
        eq(calendarEvents.id, calendarEventPeople.eventId),
        eq(calendarEvents.teamId, teamId),
        isNull(calendarEvents.calendarId),
      ),
    );
  const written = db
    .select({ id: calendarEvents.id })
    .from(calendarEvents)
    .where(and(eq(calendarEvents.teamId, teamId), eq(calendarEvents.authorId, userId), isNull(calendarEvents.calendarId)));
  // A synced calendar lives only as long as its account (removing the account removes its calendars).
  const imported = db
    .select({ id: calendarEvents.id })
    .from(calendarAccounts)
    .crossJoin(calendars)
    .crossJoin(calendarEvents)
    .where(
      and(
        eq(calendarAccounts.userId, userId),
        eq(calendars.accountId, calendarAccounts.id),
        eq(calendars.userId, userId),
        eq(calendarEvents.calendarId, calendars.id),
        // An expression of the column (`|| ''`, on both databases; SQLite's unary plus is no text operator on PostgreSQL)
        // keeps SQLite on the calendar's index: it would otherwise pick the team's (team_id, author_id).
        sql`${calendarEvents.teamId} || '' = ${teamId}`,
      ),
    );
  return invited.union(written).union(imported);
}

/**
 * The team's events the user may read now, by the calendar's visibility rule (the author and the invited members of
 * an event made here, the owner of the synced calendar of an imported one): the search scope's events.
 */
export async function readableEventIds(db: Reader, teamId: string, userId: string): Promise<string[]> {
  return (await readableEventIdsQuery(db, teamId, userId)).map((row) => row.id);
}
