import { describe, expect, it } from 'vitest';
import type { SupportMessage, SupportThread } from './operations';
import { withThread } from './SupportInbox';
import { withMessage } from './useSupportConversation';

const message = (id: string, createdAt: string): SupportMessage => ({
  id,
  thread: 'p1',
  body: id,
  fromSupport: false,
  createdAt,
  author: null,
});
const thread = (id: string, updatedAt: string, unread = 0): SupportThread => ({
  id,
  unread,
  updatedAt,
  person: null,
  lastMessage: null,
});

describe('support conversation and inbox updates', () => {
  it('adds a message once, in time order, whether the live delivery or the send’s answer comes first', () => {
    const first = message('a', '2026-11-26T10:00:00.000Z');
    const second = message('b', '2026-11-26T10:01:00.000Z');
    expect(withMessage([second], first).map((item) => item.id)).toEqual(['a', 'b']);
    expect(withMessage([first, second], second).map((item) => item.id)).toEqual(['a', 'b']);
  });

  it('moves a conversation with a new message to the top, and updates a read one in place', () => {
    const inbox = [thread('p1', '2026-11-26T10:00:00.000Z'), thread('p2', '2026-11-26T09:00:00.000Z', 2)];
    expect(withThread(inbox, thread('p2', '2026-11-26T11:00:00.000Z', 3)).map((item) => [item.id, item.unread])).toEqual([
      ['p2', 3],
      ['p1', 0],
    ]);
    expect(withThread(inbox, thread('p2', '2026-11-26T09:00:00.000Z', 0)).map((item) => [item.id, item.unread])).toEqual([
      ['p1', 0],
      ['p2', 0],
    ]);
    expect(withThread(inbox, thread('p3', '2026-11-26T12:00:00.000Z', 1)).map((item) => item.id)).toEqual(['p3', 'p1', 'p2']);
  });
});
