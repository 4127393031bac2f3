/**
 * Notifications (issue 18): the tasks' and chat's notifications listed for their person, filters, pages, read,
 * mark all read, pin, the app channel's preference, live changes with the unread count, refusals, and replay.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains } from '../../server/src/domains';
import { appRow, replayedBesideLive } from '../support/appRows';
import { startTestServer, subscriptionClient, type TestServer } from './harness';
import { postMessage } from './chatFactories';
import {
  markNotification,
  notificationPageOf,
  readNotificationPage,
  readNotifications,
  subNotificationQuery,
  type NoticeChange,
} from './notificationFactories';
import { createTask, editTask, joinSpace, sectionsOf } from './taskFactories';
import { createSpace, expectData, joinTeam, person, type Person } from './teamFactories';

let server: TestServer;
let admin: Person;
let member: Person;
let space: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await person(server, 'Ann');
  member = await joinTeam(admin, await person(server, 'Bas'));
  space = await createSpace(admin, 'Notified');
  await joinSpace(member, space);
});
afterAll(() => server.close());

const refusalOf = (result: { errors?: { extensions: { code: string } & Record<string, unknown> }[] | undefined }) =>
  result.errors?.[0]?.extensions;

describe('the tasks and chat notifications, listed', () => {
  it('lists assigned, state, update, move, removed and a mention, newest first, with their references and author', async () => {
    const bas = await joinTeam(admin, await person(server, 'Bo'));
    await joinSpace(bas, space);
    const task = await createTask(admin, space, 'Fix the login', { users: [bas.id] });
    await editTask(admin, task.id, { name: 'Fix the login page' });
    const sections = await sectionsOf(admin, space);
    await editTask(admin, task.id, { state: sections[1]!.id });
    const elsewhere = await createSpace(admin, 'Elsewhere');
    await joinSpace(bas, elsewhere);
    await editTask(admin, task.id, { project: elsewhere });
    expectData(await admin.client.execute('mutation ($task: ID!) { delTask(task: $task, delSubtasks: true) }', { task: task.id }));
    const message = await postMessage(admin, { project: space, body: `Look @[Bo](${bas.id})` });

    const page = await notificationPageOf(bas);
    expect(page.notifications.map((notice) => notice.type)).toEqual([
      'MESSAGE_MENTION',
      'TASK_REMOVED',
      'TASK_MOVE',
      'TASK_STATE',
      'TASK_UPDATED',
      'INVITATION_TASK',
    ]);
    expect(page.unread).toBe(6);
    expect(page.hasMore).toBe(false);
    expect(page.notifications[0]).toMatchObject({
      message: message.id,
      project: space,
      author: { id: admin.id },
      read: false,
      marked: false,
    });
    expect(page.notifications[0]!.description).toBe('Look @Bo');
    expect(page.notifications[5]).toMatchObject({ task: task.id, project: space, description: `${task.idCode} Fix the login` });
    // Nobody is told about what they did themselves.
    expect((await notificationPageOf(admin)).notifications).toEqual([]);
    expect((await notificationPageOf(bas, { filter: 'mentions' })).notifications.map((notice) => notice.type)).toEqual(['MESSAGE_MENTION']);
    const inElsewhere = (await notificationPageOf(bas, { project: elsewhere })).notifications;
    expect(inElsewhere.map((notice) => notice.type)).toContain('TASK_REMOVED');
    expect(inElsewhere.every((notice) => notice.project === elsewhere)).toBe(true);
  });

  it('pages with first and after, the last page saying no more', async () => {
    const cy = await joinTeam(admin, await person(server, 'Cy'));
    await joinSpace(cy, space);
    for (let index = 0; index < 5; index += 1) await postMessage(admin, { project: space, body: `ping ${index} @[Cy](${cy.id})` });
    const first = await notificationPageOf(cy, { first: 2 });
    expect(first.notifications.map((notice) => notice.description)).toEqual(['ping 4 @Cy', 'ping 3 @Cy']);
    expect(first.hasMore).toBe(true);
    const second = await notificationPageOf(cy, { first: 2, after: first.notifications[1]!.id });
    expect(second.notifications.map((notice) => notice.description)).toEqual(['ping 2 @Cy', 'ping 1 @Cy']);
    const last = await notificationPageOf(cy, { first: 2, after: second.notifications[1]!.id });
    expect(last.notifications.map((notice) => notice.description)).toEqual(['ping 0 @Cy']);
    expect(last.hasMore).toBe(false);
    expect(last.unread).toBe(5);
  });
});

describe('read, mark all read and pin', () => {
  it('reads some, pins one, then reads all of a space and all of the team', async () => {
    const di = await joinTeam(admin, await person(server, 'Di'));
    await joinSpace(di, space);
    const other = await createSpace(admin, 'Other space');
    await joinSpace(di, other);
    for (let index = 0; index < 3; index += 1) await postMessage(admin, { project: space, body: `here ${index} @[Di](${di.id})` });
    await postMessage(admin, { project: other, body: `there @[Di](${di.id})` });
    const [there, here2, here1] = (await notificationPageOf(di)).notifications;

    expect(expectData(await readNotifications(di, { ids: [here2!.id, here2!.id] })).readNotifications).toBe(1);
    expect(expectData(await readNotifications(di, { ids: [here2!.id] })).readNotifications).toBe(0);
    expect((await notificationPageOf(di, { filter: 'unread' })).notifications.map((notice) => notice.id)).not.toContain(here2!.id);
    expect((await notificationPageOf(di)).unread).toBe(3);

    expect(expectData(await markNotification(di, here1!.id, true)).markNotification).toMatchObject({ id: here1!.id, marked: true });
    expect((await notificationPageOf(di, { filter: 'marked' })).notifications.map((notice) => notice.id)).toEqual([here1!.id]);

    expect(expectData(await readNotifications(di, { project: space })).readNotifications).toBe(2);
    const afterSpace = await notificationPageOf(di);
    expect(afterSpace.unread).toBe(1);
    expect(afterSpace.notifications.find((notice) => notice.id === there!.id)?.read).toBe(false);
    expect(expectData(await readNotifications(di)).readNotifications).toBe(1);
    expect((await notificationPageOf(di)).unread).toBe(0);
    expect(expectData(await readNotifications(di)).readNotifications).toBe(0);

    expect(expectData(await markNotification(di, here1!.id, false)).markNotification.marked).toBe(false);
    expect((await notificationPageOf(di, { filter: 'marked' })).notifications).toEqual([]);
  });

  it("refuses another person's notification as NOT_FOUND, changing nothing", async () => {
    const ed = await joinTeam(admin, await person(server, 'Ed'));
    await joinSpace(ed, space);
    await postMessage(admin, { project: space, body: `for @[Ed](${ed.id})` });
    const [notice] = (await notificationPageOf(ed)).notifications;
    const before = await notificationPageOf(ed);
    expect(refusalOf(await readNotifications(member, { ids: [notice!.id] }))).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'NOTIFICATION_NOT_FOUND',
    });
    expect(refusalOf(await markNotification(member, notice!.id, true))).toMatchObject({ code: 'NOT_FOUND' });
    expect(refusalOf(await markNotification(member, 'not-an-id', true))).toMatchObject({ code: 'NOT_FOUND' });
    expect(refusalOf(await readNotificationPage(member, { after: notice!.id }))).toMatchObject({ code: 'NOT_FOUND', field: 'after' });
    expect(await notificationPageOf(ed)).toEqual(before);
  });
});

describe('the app channel preference', () => {
  it('neither lists nor counts a type switched off, and shows it again when switched back on', async () => {
    const fa = await joinTeam(admin, await person(server, 'Fa'));
    await joinSpace(fa, space);
    await createTask(admin, space, 'Assigned to Fa', { users: [fa.id] });
    await postMessage(admin, { project: space, body: `hey @[Fa](${fa.id})` });
    const setApp = async (active: boolean) =>
      expectData(
        await fa.client.execute(
          'mutation ($active: Boolean!) { setSetting(name: "notifications.app.MESSAGE_MENTION", active: $active, type: "app") { id } }',
          {
            active,
          },
        ),
      );
    await setApp(false);
    const hidden = await notificationPageOf(fa);
    expect(hidden.notifications.map((notice) => notice.type)).toEqual(['INVITATION_TASK']);
    expect(hidden.unread).toBe(1);
    await setApp(true);
    const shown = await notificationPageOf(fa);
    expect(shown.notifications.map((notice) => notice.type)).toEqual(['MESSAGE_MENTION', 'INVITATION_TASK']);
    expect(shown.unread).toBe(2);
  });
});

describe('bad input', () => {
  it('refuses first 0 or 1000, an unknown filter, and a space the caller is not in', async () => {
    expect(refusalOf(await readNotificationPage(member, { first: 0 }))).toMatchObject({ code: 'NOTIFICATION_PAGE_SIZE', field: 'first' });
    expect(refusalOf(await readNotificationPage(member, { first: 1000 }))).toMatchObject({ code: 'NOTIFICATION_PAGE_SIZE' });
    expect(refusalOf(await readNotificationPage(member, { filter: 'everything' }))).toMatchObject({ code: 'NOTIFICATION_FILTER_INVALID' });
    const secret = await createSpace(admin, 'Secret', 'private');
    expect(refusalOf(await readNotificationPage(member, { project: secret }))).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'SPACE_NOT_FOUND',
    });
    expect(refusalOf(await readNotifications(member, { project: secret }))).toMatchObject({ code: 'NOT_FOUND', reason: 'SPACE_NOT_FOUND' });
    const stranger = await person(server, 'Gil');
    const strangerSpace = await createSpace(stranger, 'Not yours');
    expect(refusalOf(await readNotificationPage(member, { project: strangerSpace }))).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('live', () => {
  // The log's head: a bigint on PostgreSQL, which arrives as text.
  const headSeq = async () => Number((await appRow<{ seq: number | string }>(server.app, sql`SELECT MAX(seq) AS seq FROM events`))!.seq);

  /** The data of every subNotification message, following log positions from `resumeAfter` as the app's client does. */
  function follow(someone: Person, resumeAfter: number) {
    const socket = subscriptionClient(server, { cookie: someone.client.cookieHeader() });
    const received: NoticeChange['subNotification'][] = [];
    const errors: unknown[] = [];
    socket.subscribe<NoticeChange>(
      { query: subNotificationQuery, extensions: { resumeAfter } },
      {
        next: (value) => {
          if (value.errors) errors.push(value.errors);
          else if (value.data) received.push(value.data.subNotification);
        },
        error: (error) => errors.push(error),
        complete: () => undefined,
      },
    );
    return { received, errors, close: () => socket.dispose() };
  }

  async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
    const started = Date.now();
    while (!condition()) {
      if (Date.now() - started > timeoutMs) throw new Error('timed out waiting for live changes');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('delivers created, read and marked changes with the unread count after each, from a log position on', async () => {
    const hu = await joinTeam(admin, await person(server, 'Hu'));
    await joinSpace(hu, space);
    const live = follow(hu, await headSeq());
    try {
      // Each change is awaited before the next: the count a change carries is the one when it is delivered.
      const first = await postMessage(admin, { project: space, body: `one @[Hu](${hu.id})` });
      await until(() => live.received.length >= 1);
      await postMessage(admin, { project: space, body: `two @[Hu](${hu.id})` });
      await until(() => live.received.length >= 2);
      const [two, one] = (await notificationPageOf(hu)).notifications;
      expect(one!.message).toBe(first.id);
      expectData(await markNotification(hu, one!.id, true));
      await until(() => live.received.length >= 3);
      expectData(await readNotifications(hu));
      // Someone else's notifications never reach this feed.
      await postMessage(hu, { project: space, body: `back @[Ann](${admin.id})` });
      await until(() => live.received.length >= 4 || live.errors.length > 0);
      expect(live.errors).toEqual([]);
      expect(live.received.map((change) => [change.type, change.unread])).toEqual([
        ['notification.created', 1],
        ['notification.created', 2],
        ['notification.marked', 2],
        ['notification.read', 0],
      ]);
      expect(live.received[0]!.notification).toMatchObject({ id: one!.id, type: 'MESSAGE_MENTION', author: { id: admin.id } });
      expect(live.received[2]!.notification).toMatchObject({ id: one!.id, marked: true });
      expect(live.received[3]!.notification).toBeNull();
      expect([...live.received[3]!.notificationIds].sort()).toEqual([one!.id, two!.id].sort());
      expect(live.received[1]!.seq).toBeGreaterThan(live.received[0]!.seq);
    } finally {
      await live.close();
    }
  });

  it('does not send live a type whose app channel is off', async () => {
    const io = await joinTeam(admin, await person(server, 'Io'));
    await joinSpace(io, space);
    expectData(
      await io.client.execute('mutation { setSetting(name: "notifications.app.MESSAGE_MENTION", active: false, type: "app") { id } }'),
    );
    const live = follow(io, await headSeq());
    try {
      await postMessage(admin, { project: space, body: `quiet @[Io](${io.id})` });
      const task = await createTask(admin, space, 'Loud', { users: [io.id] });
      await until(() => live.received.length >= 1 || live.errors.length > 0);
      expect(live.received.map((change) => [change.type, change.notification?.type, change.notification?.task, change.unread])).toEqual([
        ['notification.created', 'INVITATION_TASK', task.id, 1],
      ]);
    } finally {
      await live.close();
    }
  });
});

describe('replay', () => {
  it('rebuilds the notifications table from the log equal to the live one', async () => {
    const projections = domains.flatMap((module) => module.projections);
    const { live, rebuilt } = await replayedBesideLive(server, projections);
    expect(live.notifications!.length).toBeGreaterThan(10);
    expect(live.notifications!.some((row) => row.includes('"read":1'))).toBe(true);
    expect(live.notifications!.some((row) => row.includes('"marked":1'))).toBe(true);
    expect(rebuilt).toEqual(live);
  });
});
