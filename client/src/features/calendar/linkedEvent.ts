import { useEffect, useRef } from 'react';
import { request } from '../../lib/graphql';
import { showToast } from '../../ui';
import { getEventDocument, type CalendarEntry, type CalendarEvent } from './operations';

/** An event as the grid's entry it would be at its first time: what the event dialog opens on. */
export function entryOfEvent(event: CalendarEvent): CalendarEntry {
  return {
    id: event.id,
    event: event.id,
    occurrence: null,
    title: event.title,
    description: event.description,
    start: event.startDate,
    end: event.endDate,
    allDay: event.allDay,
    type: event.type,
    recurring: event.recurring,
    location: event.location,
    meet: event.meet,
    color: event.calendar?.backgroundColor ?? null,
    myResponse: event.myResponse,
    editable: event.editable,
  };
}

/**
 * `/:project/calendar/d/<event>` (notifications' and search's links): reads the event, shows its date and opens
 * it. An event that is gone or not visible to the reader says so and leaves the calendar as it is.
 */
export function useLinkedEvent(eventId: string | undefined, open: (entry: CalendarEntry) => void, gone: string): void {
  // Once per link: `open` and the message change identity on every render, so the effect reads the latest ones.
  const latest = useRef({ open, gone });
  useEffect(() => {
    latest.current = { open, gone };
  });
  useEffect(() => {
    if (!eventId) return;
    let current = true;
    request(getEventDocument, { id: eventId }, { handledByCaller: true }).then(
      ({ getEvent }) => {
        if (!current) return;
        if (getEvent) latest.current.open(entryOfEvent(getEvent));
        else showToast({ message: latest.current.gone });
      },
      () => current && showToast({ message: latest.current.gone }),
    );
    return () => {
      current = false;
    };
  }, [eventId]);
}
