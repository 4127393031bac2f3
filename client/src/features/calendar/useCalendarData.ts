import { useCallback, useEffect, useRef, useState } from 'react';
import { request } from '../../lib/graphql';
import { useAtomValue } from '../../lib/store';
import { onReconnect, subscribe } from '../../lib/subscriptions';
import { currentTeamAtom } from '../auth/session';
import { rangeVariables } from './calendarModel';
import { getEventsCalendarDocument, getEventsTasksDocument, subEventDocument, type CalendarEntry, type CalendarTask } from './operations';

export type CalendarData =
  { kind: 'loading' } | { kind: 'ready'; entries: readonly CalendarEntry[]; tasks: readonly CalendarTask[] } | { kind: 'failed' };

export interface EventChangeHeard {
  event: string;
  seq: number;
}

export interface VisibleRange {
  start: Date;
  end: Date;
}

/**
 * The entries and deadlines of the visible range: read when the range changes, and again when subEvent says an event
 * the caller can see changed (an occurrence's times come from its series, so the range is read rather than patched),
 * after a reconnection, and for the new team after a switch. Reads never overlap: a change heard during one reads
 * once more after it, so the last answer is never older than the last change.
 */
export function useCalendarData(range: VisibleRange | null) {
  const teamId = useAtomValue(currentTeamAtom)?.id ?? null;
  const [data, setData] = useState<CalendarData>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  /** The last change heard, so an open event dialog reads its event again when it is the one that changed. */
  const [heard, setHeard] = useState<EventChangeHeard | null>(null);
  const reload = useRef<() => void>(() => undefined);
  const start = range?.start.getTime();
  const end = range?.end.getTime();

  useEffect(() => {
    if (start === undefined || end === undefined) return undefined;
    let stopped = false;
    let reading = false;
    let again = false;
    const variables = rangeVariables(new Date(start), new Date(end));
    const read = () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      Promise.all([
        request(getEventsCalendarDocument, variables, { silent: true }),
        request(getEventsTasksDocument, variables, { silent: true }),
      ])
        .then(([{ getEventsCalendar }, { getEventsTasks }]) => {
          if (!stopped) setData({ kind: 'ready', entries: getEventsCalendar, tasks: getEventsTasks });
        })
        .catch(() => {
          if (!stopped) setData((current) => (current.kind === 'ready' ? current : { kind: 'failed' }));
        })
        .finally(() => {
          reading = false;
          if (again && !stopped) {
            again = false;
            read();
          }
        });
    };
    reload.current = read;
    read();
    const stops = [
      subscribe(
        subEventDocument,
        {},
        ({ subEvent }) => {
          setHeard({ event: subEvent.event, seq: subEvent.seq });
          read();
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
  }, [start, end, teamId, attempt]);

  const retry = useCallback(() => {
    setData({ kind: 'loading' });
    setAttempt((count) => count + 1);
  }, []);
  /** Reads the range again now (after the caller's own change, before its live echo arrives). */
  const refresh = useCallback(() => reload.current(), []);
  return { data, retry, refresh, heard };
}
