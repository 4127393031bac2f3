/** Typed test data for the calendar's unit tests, shaped like the server's answers. */
import type { CalendarAccount, CalendarEntry, CalendarEvent, CalendarTask, EventPerson } from './operations';

export function entry(overrides: Partial<CalendarEntry> = {}): CalendarEntry {
  return {
    id: 'e1',
    event: 'e1',
    occurrence: null,
    title: 'Planning',
    description: '',
    start: '2026-11-26T09:00:00.000Z',
    end: '2026-11-26T10:00:00.000Z',
    allDay: false,
    type: 'event',
    recurring: 'none',
    location: null,
    meet: null,
    color: null,
    myResponse: null,
    editable: true,
    ...overrides,
  };
}

export function task(overrides: Partial<CalendarTask> = {}): CalendarTask {
  return {
    id: 't1',
    name: 'Write the launch post',
    deadline: '2026-11-27',
    project: 'p1',
    projectTitle: 'Launch',
    projectColor: null,
    state: 'To do',
    done: false,
    ...overrides,
  };
}

export function person(user: string | null, response: string, name = user ?? 'Guest'): EventPerson {
  return { user, email: `${user ?? 'guest'}@example.com`, name, profileImg: null, response };
}

export function calendarEvent(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    id: 'e1',
    title: 'Planning',
    description: 'Next quarter',
    startDate: '2026-11-26T09:00:00.000Z',
    endDate: '2026-11-26T10:00:00.000Z',
    timeZone: 'UTC',
    allDay: false,
    type: 'event',
    recurring: 'none',
    rrule: null,
    until: null,
    count: null,
    meet: null,
    author: person('ada', 'accepted', 'Ada Lovelace'),
    usersInvited: [person('grace', 'invited', 'Grace Hopper'), person(null, 'invited', 'guest@example.com')],
    usersAccepted: [],
    usersRejected: [],
    guests: ['guest@example.com'],
    invitationLink: null,
    location: null,
    calendar: null,
    myResponse: null,
    editable: true,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function account(overrides: Partial<CalendarAccount> = {}): CalendarAccount {
  return {
    id: 'a1',
    email: 'ada@cloud.example.com',
    picture: null,
    feature: 'calendar',
    type: 'caldav',
    active: true,
    serverUrl: 'https://cloud.example.com/remote.php/dav',
    username: 'ada',
    status: 'ok',
    error: null,
    lastSyncedAt: '2026-11-26T08:00:00.000Z',
    calendars: [
      {
        id: 'c1',
        synced: true,
        selected: true,
        calendarId: 'https://cloud.example.com/remote.php/dav/calendars/ada/work/',
        summary: 'Work',
        description: 'Office days',
        backgroundColor: '#3a6fd8',
        account: 'a1',
        default: true,
      },
    ],
    ...overrides,
  };
}
