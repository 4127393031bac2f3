/** Test data of the chat area, shared by its tests. */
import type { Message } from './operations';

/** A text message by Grace in space p1, at 10:00 UTC on 10 March 2025, with `overrides`. */
export function message(id: string, overrides: Partial<Message> = {}): Message {
  return {
    id,
    body: `body ${id}`,
    type: 'text',
    author: { id: 'u2', firstname: 'Grace', lastname: 'Hopper', profileImg: null },
    authorGuest: null,
    file: null,
    createdAt: '2025-03-10T10:00:00.000Z',
    editedAt: null,
    project: 'p1',
    privat: null,
    task: null,
    meetingroom: null,
    replyTo: null,
    reactions: [],
    mentions: [],
    clientId: null,
    canEdit: false,
    canDelete: false,
    ...overrides,
  };
}
