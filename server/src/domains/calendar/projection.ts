import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/connection';
import type { Projection, StoredEvent } from '../../core/events';
import type { CalendarEvent, EventPersonEntry } from './events';
import { calendarEventExceptions, calendarEventPeople, calendarEvents } from './tables';

function replacePeople(transaction: Transaction, eventId: string, people: readonly EventPersonEntry[], at: string): void {
  transaction.delete(calendarEventPeople).where(eq(calendarEventPeople.eventId, eventId)).run();
  for (const person of people) {
    transaction
      .insert(calendarEventPeople)
      .values({ eventId, userId: person.userId, email: person.email, name: person.name, response: person.response, updatedAt: at })
      .onConflictDoNothing()
      .run();
  }
}

function applyCalendarEvent(transaction: Transaction, event: CalendarEvent, at: string): void {
  switch (event.type) {
    case 'calendarEvent.created': {
      const { eventId, teamId, authorId, calendarId, uid, sequence, splitFromId, people, origin: _origin, ...fields } = event.payload;
      transaction
        .insert(calendarEvents)
        .values({ id: eventId, teamId, authorId, calendarId, uid, sequence, splitFromId, ...fields, createdAt: at, updatedAt: at })
        .run();
      replacePeople(transaction, eventId, people, at);
      return;
    }
    case 'calendarEvent.edited': {
      const { eventId, changes, people, exceptionsCleared, sequence } = event.payload;
      transaction
        .update(calendarEvents)
        .set({ ...changes, sequence, updatedAt: at })
        .where(eq(calendarEvents.id, eventId))
        .run();
      if (people) replacePeople(transaction, eventId, people, at);
      if (exceptionsCleared) transaction.delete(calendarEventExceptions).where(eq(calendarEventExceptions.eventId, eventId)).run();
      return;
    }
    case 'calendarEvent.deleted': {
      const { eventId } = event.payload;
      transaction.delete(calendarEventExceptions).where(eq(calendarEventExceptions.eventId, eventId)).run();
      transaction.delete(calendarEventPeople).where(eq(calendarEventPeople.eventId, eventId)).run();
      transaction.delete(calendarEvents).where(eq(calendarEvents.id, eventId)).run();
      return;
    }
    case 'calendarEvent.responded': {
      const { eventId, userId, email, name, response } = event.payload;
      const key = and(eq(calendarEventPeople.eventId, eventId), eq(calendarEventPeople.email, email));
      if (response === 'left') transaction.delete(calendarEventPeople).where(key).run();
      else
        transaction
          .insert(calendarEventPeople)
          .values({ eventId, userId, email, name, response, updatedAt: at })
          .onConflictDoUpdate({ target: [calendarEventPeople.eventId, calendarEventPeople.email], set: { response, updatedAt: at } })
          .run();
      transaction.update(calendarEvents).set({ updatedAt: at }).where(eq(calendarEvents.id, eventId)).run();
      return;
    }
    case 'calendarEvent.occurrenceChanged': {
      const { eventId, occurrenceStart, cancelled, title, description, startAt, endAt } = event.payload;
      const values = { cancelled, title, description, startAt, endAt, updatedAt: at };
      transaction
        .insert(calendarEventExceptions)
        .values({ eventId, occurrenceStart, ...values })
        .onConflictDoUpdate({ target: [calendarEventExceptions.eventId, calendarEventExceptions.occurrenceStart], set: values })
        .run();
      transaction.update(calendarEvents).set({ updatedAt: at }).where(eq(calendarEvents.id, eventId)).run();
      return;
    }
    case 'calendarEvent.conflictResolved':
      // History only: the winning version is what the other events made the rows.
      return;
  }
}

/** How calendar events become rows (calendar_events, their exceptions and people). */
export const calendarProjection: Projection = {
  name: 'calendar',
  tables: [calendarEvents, calendarEventExceptions, calendarEventPeople],
  apply(transaction: Transaction, stored: StoredEvent) {
    if (stored.type.startsWith('calendarEvent.'))
      applyCalendarEvent(transaction, { type: stored.type, payload: stored.payload } as CalendarEvent, stored.createdAt);
  },
};
