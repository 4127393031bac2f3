import { describe, expect, it } from 'vitest';
import { dueStandupDate, isStandupTime, isStandupWeekdays, parseStandupEntry, zonedMoment } from './standupChannel';

const weekdays = { enabled: true, time: '09:00', timeZone: 'Europe/Madrid', weekdays: [1, 2, 3, 4, 5] };

describe('a standup schedule', () => {
  it('accepts times from 00:00 to 23:59 and weekdays 1 to 7, each once', () => {
    expect(['00:00', '09:05', '23:59'].every(isStandupTime)).toBe(true);
    expect(['9:00', '24:00', '12:60', '12:00:00', '', null].some(isStandupTime)).toBe(false);
    expect(isStandupWeekdays([1, 7])).toBe(true);
    expect([[], [0], [8], [1, 1], [1.5], 'weekdays'].some(isStandupWeekdays)).toBe(false);
  });

  it('reads an instant in a zone: local date, ISO weekday and minutes', () => {
    // 2026-11-27T23:30Z is Saturday 00:30 in Madrid (UTC+1 in winter) and Friday 18:30 in New York.
    expect(zonedMoment(new Date('2026-11-27T23:30:00Z'), 'Europe/Madrid')).toEqual({ date: '2026-11-28', weekday: 6, minutes: 30 });
    expect(zonedMoment(new Date('2026-11-27T23:30:00Z'), 'America/New_York')).toEqual({ date: '2026-11-27', weekday: 5, minutes: 1110 });
  });

  it('is due on a chosen weekday from its local time, once per day, never for an earlier day', () => {
    // Friday 2026-11-27 in Madrid: 08:59 local is 07:59Z.
    expect(dueStandupDate(weekdays, new Date('2026-11-27T07:59:00Z'), null)).toBeNull();
    expect(dueStandupDate(weekdays, new Date('2026-11-27T08:00:00Z'), null)).toBe('2026-11-27');
    expect(dueStandupDate(weekdays, new Date('2026-11-27T22:59:00Z'), '2026-11-26')).toBe('2026-11-27');
    expect(dueStandupDate(weekdays, new Date('2026-11-27T12:00:00Z'), '2026-11-27')).toBeNull();
    expect(dueStandupDate(weekdays, new Date('2026-11-27T12:00:00Z'), '2026-11-30')).toBeNull();
    // Saturday is not chosen; turned off, never due.
    expect(dueStandupDate(weekdays, new Date('2026-11-28T12:00:00Z'), null)).toBeNull();
    expect(dueStandupDate({ ...weekdays, enabled: false }, new Date('2026-11-27T12:00:00Z'), null)).toBeNull();
  });

  it('posts at the first minute after a time that does not exist on a spring-forward day', () => {
    // Madrid skips 02:00 to 03:00 on 2026-03-29 (a Sunday): 02:30 is due from 03:00 local (01:00Z).
    const schedule = { enabled: true, time: '02:30', timeZone: 'Europe/Madrid', weekdays: [7] };
    expect(dueStandupDate(schedule, new Date('2026-03-29T00:59:00Z'), null)).toBeNull();
    expect(dueStandupDate(schedule, new Date('2026-03-29T01:00:00Z'), null)).toBe('2026-03-29');
  });
});

describe('parseStandupEntry', () => {
  const entry = {
    project: 'p1',
    date: '2026-11-27',
    timeZone: 'UTC',
    from: '2026-11-26T00:00:00.000Z',
    until: '2026-11-27T09:00:00.000Z',
    language: 'fr',
    members: [
      {
        user: 'u1',
        name: 'Ada Lovelace',
        lines: [{ kind: 'finished', task: 't1', idCode: 'HA-1', name: 'Fix', link: '/p1/tasks/d/t1' }],
        moreLines: 2,
        overdue: [],
        moreOverdue: 0,
      },
    ],
  };

  it('reads the server’s JSON, an unknown language as English', () => {
    expect(parseStandupEntry(JSON.stringify(entry))).toEqual(entry);
    expect(parseStandupEntry(JSON.stringify({ ...entry, language: 'xx' }))?.language).toBe('en');
  });

  it('refuses anything else', () => {
    expect(parseStandupEntry('**not json**')).toBeNull();
    expect(parseStandupEntry(JSON.stringify({ ...entry, members: 'none' }))).toBeNull();
    const badLine = { ...entry.members[0], lines: [{ kind: 'exploded', task: 't1', idCode: 'HA-1', name: 'Fix', link: '/x' }] };
    expect(parseStandupEntry(JSON.stringify({ ...entry, members: [badLine] }))).toBeNull();
  });
});
