import { describe, expect, it } from 'vitest';
import {
  applyMessageChange,
  buildRows,
  conversationKey,
  isOwnMessage,
  mergeMessages,
  mergeWithinLoaded,
  unreadDividerId,
} from './messages';
import { aroundAnchor, expandDown, expandUp, tailAnchor, windowRange } from './messageWindow';
import { message } from './testFixtures';

const at = (minute: number) => new Date(Date.UTC(2025, 2, 10, 10, minute)).toISOString();

describe('merging pages and live changes', () => {
  it('unions by id, keeps the newest version and sorts oldest first', () => {
    const existing = [message('b', { createdAt: at(2) }), message('c', { createdAt: at(3) })];
    const merged = mergeMessages(existing, [message('a', { createdAt: at(1) }), message('c', { createdAt: at(3), body: 'edited' })]);
    expect(merged.map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(merged[2]?.body).toBe('edited');
  });

  it('merges a page that overlaps what the subscription already brought without duplicates', () => {
    const live = [message('m1', { createdAt: at(1) }), message('m2', { createdAt: at(2) })];
    const page = [message('m3', { createdAt: at(3) }), message('m2', { createdAt: at(2) }), message('m1', { createdAt: at(1) })];
    expect(mergeMessages(live, page).map((item) => item.id)).toEqual(['m1', 'm2', 'm3']);
  });

  it('orders messages of the same millisecond by id', () => {
    expect(mergeMessages([], [message('b'), message('a')]).map((item) => item.id)).toEqual(['a', 'b']);
  });

  it('applies created, edited and deleted changes, ignoring typing', () => {
    let list = [message('a', { createdAt: at(1) })];
    list = applyMessageChange(list, {
      type: 'message.created',
      seq: 1,
      messageId: 'b',
      message: message('b', { createdAt: at(2) }),
      user: null,
      guest: null,
    });
    list = applyMessageChange(list, {
      type: 'message.edited',
      seq: 2,
      messageId: 'a',
      message: message('a', { createdAt: at(1), body: 'new' }),
      user: null,
      guest: null,
    });
    expect(list.map((item) => item.body)).toEqual(['new', 'body b']);
    const same = applyMessageChange(list, { type: 'typing', seq: 0, messageId: null, message: null, user: null, guest: null });
    expect(same).toBe(list);
    expect(
      applyMessageChange(list, { type: 'message.deleted', seq: 3, messageId: 'a', message: null, user: null, guest: null }).map(
        (item) => item.id,
      ),
    ).toEqual(['b']);
  });

  it('replaces only a listed message with an edit or a reaction, and merges none older than the oldest listed', () => {
    const list = [message('b', { createdAt: at(2) }), message('c', { createdAt: at(3) })];
    for (const type of ['message.edited', 'message.reacted'] as const) {
      const unlisted = message('a', { createdAt: at(1), body: 'new' });
      expect(applyMessageChange(list, { type, seq: 1, messageId: 'a', message: unlisted, user: null, guest: null })).toBe(list);
    }
    const merged = mergeWithinLoaded(list, [message('a', { createdAt: at(1) }), message('b', { createdAt: at(2), body: 'new' })]);
    expect(merged.map((item) => [item.id, item.body])).toEqual([
      ['b', 'new'],
      ['c', 'body c'],
    ]);
    expect(mergeWithinLoaded([], [message('a')]).map((item) => item.id)).toEqual(['a']);
  });

  it('names each conversation kind apart', () => {
    expect(conversationKey({ privat: 'x' })).toBe('privat:x');
    expect(conversationKey({ project: 'x' })).not.toBe(conversationKey({ task: 'x' }));
  });
});

describe('the unread divider', () => {
  const mine = { id: 'me', firstname: 'Ada', lastname: 'Lovelace', profileImg: null };
  const list = [
    message('1', { createdAt: at(1) }),
    message('2', { createdAt: at(2) }),
    message('3', { createdAt: at(3), author: mine }),
    message('4', { createdAt: at(4) }),
  ];

  it('sits before the unread-th newest message written by someone else', () => {
    expect(unreadDividerId(list, 1, 'me')).toBe('4');
    expect(unreadDividerId(list, 2, 'me')).toBe('2');
  });

  it('is absent with nothing unread, and at the oldest loaded when more are unread than loaded', () => {
    expect(unreadDividerId(list, 0, 'me')).toBeNull();
    expect(unreadDividerId(list, 40, 'me')).toBe('1');
  });

  it('shows as a row before that message, which starts a new group', () => {
    const rows = buildRows(list, '4');
    expect(rows.map((row) => row.kind)).toEqual(['day', 'message', 'message', 'message', 'unread', 'message']);
    const last = rows.at(-1);
    expect(last?.kind === 'message' && last.grouped).toBe(false);
  });
});

describe('display rows', () => {
  it('groups consecutive messages of one author within five minutes and separates days', () => {
    const rows = buildRows(
      [
        message('a', { createdAt: at(1) }),
        message('b', { createdAt: at(2) }),
        message('c', { createdAt: at(20) }),
        message('d', { createdAt: '2025-03-12T10:00:00.000Z' }),
      ],
      null,
    );
    expect(rows.map((row) => (row.kind === 'message' ? `${row.message.id}${row.grouped ? '+' : ''}` : row.kind))).toEqual([
      'day',
      'a',
      'b+',
      'c',
      'day',
      'd',
    ]);
  });

  it('never groups two meeting room guests (no author) as one person, and groups one guest’s messages', () => {
    const guest = (id: string, name: string) => ({ author: null, authorGuest: { id, name } });
    const rows = buildRows(
      [
        message('a', { createdAt: at(1), ...guest('g1', 'Vera') }),
        message('b', { createdAt: at(2), ...guest('g2', 'Walt') }),
        message('c', { createdAt: at(3), ...guest('g2', 'Walt') }),
      ],
      null,
    );
    expect(rows.map((row) => (row.kind === 'message' ? `${row.message.id}${row.grouped ? '+' : ''}` : row.kind))).toEqual([
      'day',
      'a',
      'b',
      'c+',
    ]);
  });

  it('tells a guest’s own messages from others’ by their guest id', () => {
    const own = message('a', { author: null, authorGuest: { id: 'g1', name: 'Vera' } });
    expect(isOwnMessage(own, 'g1')).toBe(true);
    expect(isOwnMessage(own, 'g2')).toBe(false);
    expect(isOwnMessage(own, null)).toBe(false);
    expect(unreadDividerId([own, message('b', { author: null, authorGuest: { id: 'g2', name: 'Walt' } })], 1, 'g1')).toBe('b');
  });
});

describe('the rendered window', () => {
  const ids = Array.from({ length: 400 }, (_, index) => `m${index}`);

  it('centres a linked message, held against either end, and follows the newest only when none is named', () => {
    expect(windowRange(ids, aroundAnchor(ids, 'm100'))).toEqual({ start: 25, end: 175 });
    expect(windowRange(ids, aroundAnchor(ids, 'm10'))).toEqual({ start: 0, end: 150 });
    expect(windowRange(ids, aroundAnchor(ids, 'm390'))).toEqual({ start: 250, end: 400 });
    expect(aroundAnchor(ids, 'gone')).toEqual(tailAnchor);
  });

  it('follows the newest messages, bounded', () => {
    expect(windowRange(ids, tailAnchor)).toEqual({ start: 250, end: 400 });
    expect(windowRange(ids.slice(0, 30), tailAnchor)).toEqual({ start: 0, end: 30 });
  });

  it('renders older messages when scrolling up and unloads the newest past the bound', () => {
    const up = expandUp(ids, { start: 250, end: 400 });
    expect(up).toEqual({ firstId: 'm200', lastId: 'm349', tail: false });
    expect(windowRange(ids, up)).toEqual({ start: 200, end: 350 });
    const down = expandDown(ids, { start: 200, end: 350 });
    expect(windowRange(ids, down)).toEqual({ start: 250, end: 400 });
    expect(down.tail).toBe(true);
  });

  it('stays on the same messages when an older page is merged in above', () => {
    const anchor = expandUp(ids, { start: 250, end: 400 });
    const withOlderPage = [...Array.from({ length: 50 }, (_, index) => `old${index}`), ...ids];
    expect(windowRange(withOlderPage, anchor)).toEqual({ start: 250, end: 400 });
  });
});
