/** Test fixture: a notification as the server presents it, a mention by Ada in the space p1 unless told otherwise. */
import type { AppNotification } from './operations';

export function notification(overrides: Partial<AppNotification> = {}): AppNotification {
  return {
    id: 'n1',
    type: 'MESSAGE_MENTION',
    description: 'Could you look at the login?',
    read: false,
    marked: false,
    author: { id: 'ada', firstname: 'Ada', lastname: 'Lovelace', profileImg: null },
    project: 'p1',
    task: null,
    meetingroom: null,
    file: null,
    doc: null,
    event: null,
    message: null,
    privat: null,
    createdAt: '2026-11-26T09:00:00.000Z',
    ...overrides,
  };
}
