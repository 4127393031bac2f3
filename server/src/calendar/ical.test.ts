import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { IcalError, parseCalendar, writeCalendar, type IcalEventInput } from './ical';

const now = new Date('2026-03-01T12:00:00Z');

const weekly: IcalEventInput = {
  uid: 'series-1@workspace',
  summary: 'Weekly planning',
  description: 'Line one\nLine two; with, punctuation\\',
  location: 'Room 4',
  allDay: false,
  start: '2026-03-02T08:00:00.000Z',
  end: '2026-03-02T09:00:00.000Z',
  timeZone: 'Europe/Paris',
  rrule: 'FREQ=WEEKLY;BYDAY=MO',
  exdates: ['2026-03-16T08:00:00.000Z'],
  sequence: 3,
  organizer: { email: 'ada@example.com', name: 'Ada Lovelace' },
  attendees: [
    { email: 'guest@example.org', name: 'Guest', partstat: 'NEEDS-ACTION' },
    { email: 'bob@example.com', name: null, partstat: 'ACCEPTED' },
  ],
  lastModified: '2026-02-28T10:00:00.000Z',
};

// The occurrence of 23 March moved an hour later, after the change to summer time (30 March is CEST).
const override: IcalEventInput = {
  ...weekly,
  summary: 'Weekly planning (moved)',
  recurrenceId: '2026-03-23T08:00:00.000Z',
  start: '2026-03-23T09:00:00.000Z',
  end: '2026-03-23T10:00:00.000Z',
};

describe('iCalendar writer and parser', () => {
  it('writes a recurring event with an EXDATE and an override that ical.js reads back the same', () => {
    const text = writeCalendar([weekly, override], { method: 'REQUEST', now });
    expect(text).toContain('DTSTART;TZID=Europe/Paris:20260302T090000');
    expect(text).toContain('EXDATE;TZID=Europe/Paris:20260316T090000');
    expect(text).toContain('RECURRENCE-ID;TZID=Europe/Paris:20260323T090000');
    expect(text).toContain('BEGIN:VTIMEZONE');
    expect(text.endsWith('\r\n')).toBe(true);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const parsed = parseCalendar(text);
    expect(parsed.method).toBe('REQUEST');
    expect(parsed.warnings).toEqual([]);
    const [series, moved] = parsed.events;
    expect(series).toMatchObject({
      uid: weekly.uid,
      summary: weekly.summary,
      description: weekly.description,
      location: 'Room 4',
      start: weekly.start,
      end: weekly.end,
      timeZone: 'Europe/Paris',
      rrule: 'FREQ=WEEKLY;BYDAY=MO',
      exdates: ['2026-03-16T08:00:00.000Z'],
      recurrenceId: null,
      sequence: 3,
      organizer: { email: 'ada@example.com', name: 'Ada Lovelace' },
      attendees: [
        { email: 'guest@example.org', name: 'Guest', partstat: 'NEEDS-ACTION' },
        { email: 'bob@example.com', name: null, partstat: 'ACCEPTED' },
      ],
      lastModified: weekly.lastModified,
    });
    expect(moved).toMatchObject({ recurrenceId: '2026-03-23T08:00:00.000Z', start: override.start, summary: 'Weekly planning (moved)' });
  });

  it('expands the written series in its zone with ical.js: 9:00 Paris on both sides of the daylight-saving change', () => {
    const text = writeCalendar([weekly], { now });
    const calendar = new ICAL.Component(ICAL.parse(text));
    const zone = new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')!);
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    event.startDate.zone = zone;
    const iterator = event.iterator();
    const starts: string[] = [];
    for (let next = iterator.next(); next && starts.length < 6; next = iterator.next()) {
      const time = next.clone();
      time.zone = zone;
      starts.push(new Date(time.toUnixTime() * 1000).toISOString());
    }
    // 9:00 CET is 08:00Z until 29 March, 9:00 CEST is 07:00Z after it; the EXDATE of 16 March is left out.
    expect(starts).toEqual([
      '2026-03-02T08:00:00.000Z',
      '2026-03-09T08:00:00.000Z',
      '2026-03-23T08:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
      '2026-04-06T07:00:00.000Z',
      '2026-04-13T07:00:00.000Z',
    ]);
  });

  it('writes and reads all-day events as DATE values and UTC events with Z', () => {
    const text = writeCalendar(
      [
        { uid: 'deadline-1', summary: 'Ship it', start: '2026-04-01', end: '2026-04-02', allDay: true, timeZone: 'UTC' },
        {
          uid: 'utc-1',
          summary: 'Call',
          start: '2026-04-01T10:30:00.000Z',
          end: '2026-04-01T11:00:00.000Z',
          allDay: false,
          timeZone: 'UTC',
        },
      ],
      { now, name: 'Ada · Workspace', refreshMinutes: 60 },
    );
    expect(text).toContain('DTSTART;VALUE=DATE:20260401');
    expect(text).toContain('DTSTART:20260401T103000Z');
    expect(text).toContain('X-WR-CALNAME:Ada · Workspace');
    expect(text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');
    expect(text).not.toContain('BEGIN:VTIMEZONE');
    const [deadline, call] = parseCalendar(text).events;
    expect(deadline).toMatchObject({ allDay: true, start: '2026-04-01', end: '2026-04-02' });
    expect(call).toMatchObject({ allDay: false, start: '2026-04-01T10:30:00.000Z', timeZone: 'UTC' });
  });

  it('never lets a line break in a title, a name or an address add a property', () => {
    const text = writeCalendar(
      [
        {
          uid: 'evil\r\nX-UID-INJECTED:1',
          summary: 'Party\r\nATTENDEE:mailto:mallory@evil.test\rX-CR:1',
          description: 'a\r\nDTSTART:19700101T000000Z',
          start: '2026-04-01T10:00:00.000Z',
          end: '2026-04-01T11:00:00.000Z',
          allDay: false,
          timeZone: 'UTC',
          organizer: { email: 'ada@example.com\r\nX-ORG-INJECTED:1', name: 'Ada"\r\nX-CN-INJECTED:1' },
          attendees: [{ email: 'guest@example.org\nX-ATT-INJECTED:1', name: null, partstat: 'ACCEPTED' }],
        },
      ],
      { now },
    );
    expect(text).not.toMatch(/\r(?!\n)/);
    expect(text).not.toMatch(/(?<!\r)\n/);
    const names = new ICAL.Component(ICAL.parse(text))
      .getFirstSubcomponent('vevent')!
      .getAllProperties()
      .map((property) => property.name);
    expect(names.filter((name) => name.startsWith('x-'))).toEqual([]);
    expect(names.filter((name) => name === 'attendee')).toHaveLength(1);
    expect(names.filter((name) => name === 'dtstart')).toHaveLength(1);
    const [event] = parseCalendar(text).events;
    expect(event!.summary).toBe('Party\nATTENDEE:mailto:mallory@evil.test\nX-CR:1');
  });

  it('reads folded lines, escapes, DURATION and a zone named only by its VTIMEZONE', () => {
    const text = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Outlook//EN',
      'BEGIN:VTIMEZONE',
      'TZID:W. Europe Standard Time',
      'BEGIN:STANDARD',
      'DTSTART:16010101T030000',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:16010101T020000',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:outlook-1',
      'DTSTAMP:20260101T000000Z',
      'DTSTART;TZID="W. Europe Standard Time":20260701T100000',
      'DURATION:PT1H30M',
      'SUMMARY:A very long title that a client folded over two lines because it',
      '  is longer than seventy-five octets',
      'DESCRIPTION:semi\\; comma\\, newline\\nend',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const [event] = parseCalendar(text).events;
    expect(event).toMatchObject({
      uid: 'outlook-1',
      start: '2026-07-01T08:00:00.000Z',
      end: '2026-07-01T09:30:00.000Z',
      summary: 'A very long title that a client folded over two lines because it is longer than seventy-five octets',
      description: 'semi; comma, newline\nend',
    });
  });

  it('refuses garbage and oversized data with a clear error, and skips an unreadable event without losing the others', () => {
    for (const garbage of ['', 'garbage', '\u0000\u0001', 'BEGIN:VCARD\r\nFN:x\r\nEND:VCARD', '{"json": true}']) {
      expect(() => parseCalendar(garbage)).toThrow(IcalError);
    }
    const tenMegabytes = 'x'.repeat(10 * 1024 * 1024);
    const huge = writeCalendar([
      { uid: 'big', summary: 'Big', description: tenMegabytes, start: '2026-04-01', end: '2026-04-02', allDay: true, timeZone: 'UTC' },
    ]);
    let refusal: unknown;
    try {
      parseCalendar(huge);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(IcalError);
    expect((refusal as IcalError).code).toBe('ICS_TOO_LARGE');
    expect((refusal as IcalError).message).toBe('The calendar data is larger than 1024 KB and was not read.');

    // Allowed in (a caller with a larger limit), the description is cut and said so.
    const cut = parseCalendar(huge, { maxBytes: 20 * 1024 * 1024 });
    expect(cut.events[0]!.description).toHaveLength(20_000);
    expect(cut.warnings).toEqual(['The DESCRIPTION of an event was longer than 20000 characters and was cut.']);

    const mixed = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'SUMMARY:no uid, no start',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:bad-rrule',
      'DTSTART:20260401T100000Z',
      'RRULE:FREQ=SOMETIMES;COUNT=banana',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:good',
      'DTSTART:20260401T100000Z',
      'DTEND:20260401T110000Z',
      'SUMMARY:Fine',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const parsed = parseCalendar(mixed);
    expect(parsed.events.map((event) => event.uid)).toEqual(['good']);
    expect(parsed.warnings).toEqual(['An event that could not be read was skipped.', 'An event without a UID or a start was skipped.']);
  });

  it('reads an iTIP REPLY: the attendee and their answer', () => {
    const reply = writeCalendar(
      [
        {
          uid: 'series-1@workspace',
          summary: 'Weekly planning',
          start: weekly.start,
          end: weekly.end,
          allDay: false,
          timeZone: 'Europe/Paris',
          attendees: [{ email: 'Guest@Example.org', name: 'Guest', partstat: 'DECLINED' }],
        },
      ],
      { method: 'REPLY', now },
    );
    const parsed = parseCalendar(reply);
    expect(parsed.method).toBe('REPLY');
    expect(parsed.events[0]!.attendees).toEqual([{ email: 'guest@example.org', name: 'Guest', partstat: 'DECLINED' }]);
  });
});
