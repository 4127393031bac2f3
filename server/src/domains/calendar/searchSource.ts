import { and, eq } from 'drizzle-orm';
import type { StoredEvent } from '../../core/events';
import { addedItem, placedNowhere, type IndexChange, type SearchSource } from '../../core/searchSources';
import type { CalendarEventCreated, CalendarEventDeleted, CalendarEventEdited } from './events';
import { visibleTo, type Reader } from './state';
import { calendarEvents } from './tables';

function changesOf(stored: StoredEvent): IndexChange[] {
  switch (stored.type) {
    case 'calendarEvent.created': {
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
    }
    case 'calendarEvent.edited': {
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
    }
    case 'calendarEvent.deleted':
      return [{ type: 'remove', where: { kind: 'event', itemId: (stored.payload as CalendarEventDeleted).eventId } }];
    default:
      return [];
  }
}

/**
 * Calendar events in the search index: a series' title and description, one item per series (occurrences are
 * expanded on read, never stored; one occurrence's own title or description is not searched).
 */
export const calendarSearchSource: SearchSource = {
  area: 'calendar',
  eventTypes: ['calendarEvent.created', 'calendarEvent.edited', 'calendarEvent.deleted'],
  changesOf,
};

/**
 * The team's events the user may read now, by the calendar's visibility rule (visibleTo: the author and the invited
 * members of an event made here, the owner of the synced calendar of an imported one): the search scope's events.
 */
export function readableEventIds(db: Reader, teamId: string, userId: string): string[] {
  return db
    .select({ id: calendarEvents.id })
    .from(calendarEvents)
    .where(and(eq(calendarEvents.teamId, teamId), visibleTo(userId)))
    .all()
    .map((row) => row.id);
}
