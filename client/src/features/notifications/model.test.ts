import { describe, expect, it } from 'vitest';
import { allRead, applyChange, badgeText, groupByDay, notificationPath, type NotificationFeed } from './model';
import type { AppNotification } from './operations';
import { notification } from './testNotifications';

function feed(items: AppNotification[], filter: NotificationFeed['filter'] = 'all', hasMore = false): NotificationFeed {
  return { teamId: 't1', filter, items, hasMore };
}

describe('the bell count', () => {
  it('shows the count up to 99, then 99+', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(2500)).toBe('99+');
  });
});

describe('live changes into the list', () => {
  const older = notification({ id: 'old', createdAt: '2026-11-25T09:00:00.000Z' });

  it('puts a created notification first, once, when the filter shows it', () => {
    const created = notification({ id: 'new', createdAt: '2026-11-26T10:00:00.000Z' });
    const change = { type: 'notification.created', notification: created, notificationIds: ['new'] };
    const after = applyChange(feed([older]), change);
    expect(after.items.map((item) => item.id)).toEqual(['new', 'old']);
    expect(applyChange(after, change).items).toHaveLength(2);
    expect(applyChange(feed([older], 'marked'), change).items.map((item) => item.id)).toEqual(['old']);
    expect(applyChange(feed([older], 'mentions'), change).items.map((item) => item.id)).toEqual(['new', 'old']);
    const taskChange = { ...change, notification: { ...created, type: 'TASK_UPDATED' } };
    expect(applyChange(feed([older], 'mentions'), taskChange).items.map((item) => item.id)).toEqual(['old']);
  });

  it('marks the named ones read and keeps them listed under "unread" so the list does not jump', () => {
    const one = notification({ id: 'a' });
    const two = notification({ id: 'b' });
    const after = applyChange(feed([one, two], 'unread'), { type: 'notification.read', notification: null, notificationIds: ['a'] });
    expect(after.items.map((item) => [item.id, item.read])).toEqual([
      ['a', true],
      ['b', false],
    ]);
  });

  it('pins in place, and an unpinned one leaves the pinned list', () => {
    const pinned = { ...older, marked: true };
    const change = { type: 'notification.marked', notification: pinned, notificationIds: ['old'] };
    expect(applyChange(feed([older]), change).items[0]?.marked).toBe(true);
    const unpinned = { type: 'notification.marked', notification: older, notificationIds: ['old'] };
    expect(applyChange(feed([pinned], 'marked'), unpinned).items).toEqual([]);
    expect(applyChange(feed([], 'marked'), change).items.map((item) => item.id)).toEqual(['old']);
  });

  it('mark all read reads every loaded one', () => {
    expect(allRead(feed([notification({ id: 'a' }), notification({ id: 'b', read: true })])).items.every((item) => item.read)).toBe(true);
  });
});

describe('where a notification opens (SPEC §2 routes)', () => {
  it('a mention opens its conversation at the message: a private chat, a task thread or the space channel', () => {
    expect(notificationPath(notification({ message: 'm1', privat: 'c1' }))).toBe('/chats/c1?message=m1');
    expect(notificationPath(notification({ message: 'm1', task: 'k1' }))).toBe('/chats/k1?message=m1');
    expect(notificationPath(notification({ message: 'm1' }))).toBe('/chats/p1?message=m1');
    expect(notificationPath(notification({ message: 'm1', project: null, meetingroom: 'r1' }))).toBe('/meetingroom/r1');
  });

  it('a mention in a doc opens the doc in its space, and shows under the mentions filter', () => {
    const inDoc = notification({ type: 'MESSAGE_MENTION', doc: 'd1', description: 'Roadmap' });
    expect(notificationPath(inDoc)).toBe('/p1/docs/d/d1');
    const change = { type: 'notification.created', notification: inDoc, notificationIds: [inDoc.id] };
    expect(applyChange(feed([], 'mentions'), change).items).toEqual([inDoc]);
  });

  it('a task its panel, a doc, file or event its detail item, a room its page, a call its chat', () => {
    expect(notificationPath(notification({ type: 'TASK_UPDATED', task: 'k1' }))).toBe('/p1/tasks/d/k1');
    expect(notificationPath(notification({ type: 'TASK_UPDATED', doc: 'd1' }))).toBe('/p1/docs/d/d1');
    expect(notificationPath(notification({ type: 'NEW_FILE', file: 'f1' }))).toBe('/p1/files/d/f1');
    expect(notificationPath(notification({ type: 'NEW_FILE', file: 'f1', task: 'k1' }))).toBe('/p1/tasks/d/k1');
    expect(notificationPath(notification({ type: 'NEW_STORY', file: 'f1' }))).toBe('/p1/stories');
    expect(notificationPath(notification({ type: 'TASK_UPDATED', event: 'e1', project: null }))).toBe('/overview/calendar/d/e1');
    expect(notificationPath(notification({ type: 'INVITATION_MEETINGROOM', meetingroom: 'r1', project: null }))).toBe('/meetingroom/r1');
    expect(notificationPath(notification({ type: 'INVITATION_PVIDEOCALL', privat: 'c1', project: null }))).toBe('/chats/c1');
    expect(notificationPath(notification({ type: 'INVITATION_PROJECT' }))).toBe('/p1');
    expect(notificationPath(notification({ type: 'PROMOTION', project: null }))).toBeNull();
  });
});

describe('day groups', () => {
  it('groups consecutive notifications of one local day, newest day first', () => {
    const day = (hours: number) => new Date(2026, 10, 26, hours).toISOString();
    const groups = groupByDay([
      notification({ id: 'a', createdAt: day(15) }),
      notification({ id: 'b', createdAt: day(9) }),
      notification({ id: 'c', createdAt: new Date(2026, 10, 25, 22).toISOString() }),
    ]);
    expect(groups.map((group) => group.items.map((item) => item.id))).toEqual([['a', 'b'], ['c']]);
  });
});
