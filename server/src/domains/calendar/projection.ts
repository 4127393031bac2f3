import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/connection';
import type { Projection, StoredEvent } from '../../core/events';
import type { CalendarEvent, EventPersonEntry } from './events';
import { calendarEventExceptions, calendarEventPeople, calendarEvents } from './tables';

async function replacePeople(transaction: Transaction, eventId: string, people: readonly EventPersonEntry[], at: string): Promise<void> {
  await transaction.delete(calendarEventPeople).where(eq(calendarEventPeople.eventId, eventId));
  for (const person of people) {
    await transaction
      .insert(calendarEventPeople)
      .values({ eventId, userId: person.userId, email: person.email, name: person.name, response: person.response, updatedAt: at })
      .onConflictDoNothing();
  }
}

async function applyCalendarEvent(transaction: Transaction, event: CalendarEvent, at: string): Promise<void> {
  switch (event.type) {
    case 'calendarEvent.created': {
      const { eventId, teamId, authorId, calendarId, uid, sequence, splitFromId, people, origin: _origin, ...fields } = event.payload;
      await transaction
        .insert(calendarEvents)
        .values({ id: eventId, teamId, authorId, calendarId, uid, sequence, splitFromId, ...fields, createdAt: at, updatedAt: at });
      await replacePeople(transaction, eventId, people, at);
      return;
    }
    case 'calendarEvent.edited': {
      const { eventId, changes, people, exceptionsCleared, sequence } = event.payload;
      await transaction
        .update(calendarEvents)
        .set({ ...changes, sequence, updatedAt: at })
        .where(eq(calendarEvents.id, eventId));
      if (people) await replacePeople(transaction, eventId, people, at);
      if (exceptionsCleared) await transaction.delete(calendarEventExceptions).where(eq(calendarEventExceptions.eventId, eventId));
      return;
    }
    case 'calendarEvent.deleted': {
      const { eventId } = event.payload;
      await transaction.delete(calendarEventExceptions).where(eq(calendarEventExceptions.eventId, eventId));
      await transaction.delete(calendarEventPeople).where(eq(calendarEventPeople.eventId, eventId));
      await transaction.delete(calendarEvents).where(eq(calendarEvents.id, eventId));
      return;
    }
    case 'calendarEvent.responded': {
      const { eventId, userId, email, name, response } = event.payload;
      const key = and(eq(calendarEventPeople.eventId, eventId), eq(calendarEventPeople.email, email));
      if (response === 'left') await transaction.delete(calendarEventPeople).where(key);
      else
        await transaction
          .insert(calendarEventPeople)
          .values({ eventId, userId, email, name, response, updatedAt: at })
          .onConflictDoUpdate({ target: [calendarEventPeople.eventId, calendarEventPeople.email], set: { response, updatedAt: at } });
      await transaction.update(calendarEvents).set({ updatedAt: at }).where(eq(calendarEvents.id, eventId));
      return;
    }
    case 'calendarEvent.occurrenceChanged': {
      const { eventId, occurrenceStart, cancelled, title, description, startAt, endAt } = event.payload;
      const values = { cancelled, title, description, startAt, endAt, updatedAt: at };
      await transaction
        .insert(calendarEventExceptions)
        .values({ eventId, occurrenceStart, ...values })
        .onConflictDoUpdate({ target: [calendarEventExceptions.eventId, calendarEventExceptions.occurrenceStart], set: values });
      await transaction.update(calendarEvents).set({ updatedAt: at }).where(eq(calendarEvents.id, eventId));
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
  /**
   * Answers a promise for its own events only: every projection sees every event, and
   * an await per projection per event would cost every unit of work one (domains/projections.test.ts).
   */
  apply(transaction: Transaction, stored: StoredEvent): Promise<void> | undefined {
    if (!stored.type.startsWith('calendarEvent.')) return undefined;
    return applyCalendarEvent(transaction, { type: stored.type, payload: stored.payload } as CalendarEvent, stored.createdAt);
  },
};
