import { sql } from 'drizzle-orm';
import { ManualClock } from '../../server/src/core/clock';
import type { Projection } from '../../server/src/core/events';
import { bindSpaceDirectory } from '../../server/src/core/spaceContent';
import { notificationStream } from '../../server/src/core/streams';
import { tableDialect } from '../../server/src/db/pickTable';
import type { Services } from '../../server/src/graphql/context';
import type { MailMessage } from '../../server/src/mail/mailer';
import { sendDigestOf, sendDueDigests } from '../../server/src/domains/notifications/digest';
import type { NotificationCreated } from '../../server/src/domains/notifications/events';
import { notify } from '../../server/src/domains/notifications/notify';
import { notificationsProjection } from '../../server/src/domains/notifications/projection';
import {
  markNotificationIn,
  notificationsOf,
  readNotificationsIn,
  type NotificationsRequest,
} from '../../server/src/domains/notifications/resolvers';
import { notificationDigests, notifications } from '../../server/src/domains/notifications/tables';
import { setOwnSetting } from '../../server/src/domains/settings/ownSettings';
import { settingsProjection } from '../../server/src/domains/settings/projection';
import { teamsModule } from '../../server/src/domains/teams';
import { idLabels, openAreaDoor, outcomesOn, seedPeople, seedSpace, seedSpaceMembers, seedTeam, tableRowsOf } from './areaDoor';

/**
 * Runs the notifications area's commands and reads (the list, the bell's count, read and pin marks, the e-mail digest)
 * on the door of this process's dialect (DATABASE_URL: PostgreSQL when set, else a SQLite file of its own) and prints
 * what they answered, the mails sent and what the area's tables hold, live and after a replay, as one JSON line after
 * `notifications-on-door:`. tests/integration/notifications-postgres.test.ts runs it once per dialect and compares.
 * Log positions are printed as their rank in the log (`p1`, …) and ids drawn at random as labels, so both runs compare.
 */

const projections: Projection[] = [notificationsProjection, settingsProjection];
const clock = new ManualClock(new Date('2026-03-01T09:00:00.000Z'));
const id = (suffix: string) => `780000000000${suffix.padStart(12, '0')}`;
const ada = id('a');
const bob = id('b');
const cy = id('c');
const team = id('f1');
const otherTeam = id('f2');
const shared = id('51');
const closed = id('52');
const notice = (suffix: string) => id(`90${suffix}`);

const { label, labelled } = idLabels();
const outcomeOf = outcomesOn(clock, labelled);

const door = await openAreaDoor('notifications', projections, clock);
try {
  const { store, db } = door;
  // Who may read a space's content, as the app binds it (domains/index.ts): the teams area's directory.
  bindSpaceDirectory(db, teamsModule.spaceDirectory!);
  const at = '2026-03-01T08:00:00.000Z';
  // Ada and Bob in the team (Ada's current one), Cy too but with another team as current; Bob's address unverified.
  await seedPeople(door, { [ada]: 'Ada' }, at, { emailVerified: true, defaultTeamId: team, lastname: 'Lovelace' });
  await seedPeople(door, { [bob]: 'Bob' }, at, { emailVerified: false, defaultTeamId: team, lastname: 'Lovelace' });
  await seedPeople(door, { [cy]: 'Cy' }, at, { emailVerified: true, defaultTeamId: otherTeam, lastname: 'Lovelace' });
  await seedTeam(door, { id: team, name: 'Workshop', ownerId: bob }, { [ada]: 'basic', [bob]: 'admin', [cy]: 'basic' }, at);
  await seedTeam(door, { id: otherTeam, name: 'Elsewhere', ownerId: bob }, { [cy]: 'admin' }, at);
  await seedSpace(door, { id: shared, teamId: team, name: 'Launch', type: 'public', ownerId: bob }, { [bob]: 'admin' }, at);
  await seedSpace(door, { id: closed, teamId: team, name: 'Board', type: 'private', ownerId: bob }, { [bob]: 'admin' }, at);
  await seedSpaceMembers(door, shared, { [ada]: 'basic' }, at);

  // Notifications as every area appends them: one per event on the person's stream, in the cause's unit.
  const created = (notificationId: string, userId: string, fields: Partial<NotificationCreated>): NotificationCreated => ({
    notificationId,
    userId,
    type: 'TASK_STATE',
    teamId: team,
    description: 'T-1 Fix the login',
    authorId: bob,
    projectId: shared,
    ...fields,
  });
  const tell = async (authorId: string, ...told: NotificationCreated[]) => {
    clock.advance(1000);
    await store.run({ actorId: authorId }, async (unit) => {
      for (const one of told)
        await unit.append(notificationStream(one.userId), [{ type: 'notification.created', payload: one }], { teamId: one.teamId });
    });
  };
  for (const suffix of ['1', '2', '3', '4', '5', '6', '7']) label(notice(suffix));
  await tell(bob, created(notice('1'), ada, { taskId: id('71') }));
  await tell(bob, created(notice('2'), ada, { type: 'MESSAGE_MENTION', description: 'Hello @Ada', messageId: id('81') }));
  await tell(bob, created(notice('3'), ada, { type: 'NEW_FILE', description: 'T-1 Fix the login: a.pdf', fileId: id('91') }));
  await tell(cy, created(notice('4'), ada, { teamId: otherTeam, projectId: null, type: 'INVITATION_PROJECT', authorId: cy }));
  await tell(ada, created(notice('7'), bob, { authorId: ada, taskId: id('72') }));
  // notify: never the author, each person once, only who may see it (Cy may not here).
  clock.advance(1000);
  const told = await store.run({ actorId: bob }, (unit) =>
    notify(
      unit,
      [ada, bob, cy, ada],
      { type: 'TASK_UPDATED', teamId: team, authorId: bob, description: 'T-2', projectId: shared },
      (userId) => Promise.resolve(userId !== cy),
    ),
  );
  const toldRows = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(sql`${notifications.type} = 'TASK_UPDATED'`);
  for (const row of toldRows) label(row.id);
  // Ada hides NEW_FILE from her list (her own setting, the settings area's command).
  clock.advance(1000);
  const setting = await store.run({ actorId: ada }, (unit) =>
    setOwnSetting(unit, ada, { name: 'notifications.app.NEW_FILE', type: 'app', active: false }),
  );
  label(setting.id);

  const page = (userId: string, request: NotificationsRequest) => outcomeOf(() => notificationsOf(db, userId, request));
  const reads: Record<string, unknown> = {};
  reads['told by notify'] = labelled(told);
  reads['ada’s list'] = await page(ada, {});
  reads['ada’s first page of one'] = await page(ada, { first: 1 });
  reads['ada’s page after her newest'] = await page(ada, { first: 1, after: toldRows[0]!.id });
  reads['ada’s mentions'] = await page(ada, { filter: 'mentions' });
  reads['ada’s list of the shared space'] = await page(ada, { project: shared });
  reads['ada’s list of a space she may not see'] = await page(ada, { project: closed });
  reads['a filter that is none'] = await page(ada, { filter: 'everything' });
  reads['a page too large'] = await page(ada, { first: 101 });
  reads['after a notification that is not hers'] = await page(bob, { after: notice('1') });
  reads['cy, in her other team'] = await page(cy, {});

  const outcomes: Record<string, unknown> = {};
  const mark = (userId: string, notificationId: string, marked: boolean) =>
    outcomeOf(() => store.run({ actorId: userId }, (unit) => markNotificationIn(unit, userId, notificationId, marked)));
  const read = (userId: string, request: { ids?: string[]; project?: string }) =>
    outcomeOf(() => store.run({ actorId: userId }, (unit) => readNotificationsIn(unit, userId, request)));
  outcomes['ada pins one'] = await mark(ada, notice('1'), true);
  outcomes['ada pins it again'] = await mark(ada, notice('1'), true);
  outcomes['bob pins ada’s'] = await mark(bob, notice('1'), true);
  outcomes['ada pins one of another team'] = await mark(ada, notice('4'), true);
  outcomes['ada reads one'] = await read(ada, { ids: [notice('2')] });
  outcomes['ada reads it again'] = await read(ada, { ids: [notice('2')] });
  outcomes['ada reads one of bob’s'] = await read(ada, { ids: [notice('2'), notice('7')] });
  outcomes['ada reads ids that are none'] = await read(ada, { ids: ['nothing'] });
  outcomes['ada reads too many'] = await read(ada, { ids: Array.from({ length: 501 }, (_, index) => id(`99${index}`)) });
  reads['ada’s pinned'] = await page(ada, { filter: 'marked' });
  reads['ada’s unread'] = await page(ada, { filter: 'unread' });

  // Two "mark all read" at once (two tabs): the second reads Ada's notifications after the first's lock, so one read
  // event names the unread ids and the other finds none. Two pins at once: one marked event.
  clock.advance(1000);
  const readTwice = await Promise.allSettled([0, 1].map(() => store.run({ actorId: ada }, (unit) => readNotificationsIn(unit, ada, {}))));
  outcomes['ada reads all twice at once'] = readTwice
    .map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : String(outcome.reason)))
    .sort();
  clock.advance(1000);
  const pinTwice = await Promise.allSettled(
    [0, 1].map(() => store.run({ actorId: ada }, (unit) => markNotificationIn(unit, ada, notice('2'), true))),
  );
  outcomes['ada pins one twice at once'] = pinTwice.map((outcome) =>
    outcome.status === 'fulfilled' ? labelled(outcome.value.marked) : String(outcome.reason),
  );
  reads['ada’s list at the end'] = await page(ada, {});

  // The e-mail digest: Cy's unread notification of the team (Ada read hers, Bob's address is unverified).
  clock.advance(1000);
  await tell(ada, created(notice('5'), cy, { type: 'MESSAGE_MENTION', authorId: ada, description: 'Cy, look', messageId: id('82') }));
  await tell(ada, created(notice('6'), bob, { type: 'MESSAGE_MENTION', authorId: ada, description: 'Bob, look', messageId: id('83') }));
  const mails: MailMessage[] = [];
  const services = {
    database: { db },
    config: { publicUrl: 'https://work.example', secret: 'a server secret of some length' },
    mailer: { send: async (message: MailMessage) => void mails.push(message), close: () => undefined },
  } as unknown as Services;
  const digestAt = new Date(clock.now().getTime() + 60_000);
  const digests: Record<string, unknown> = {};
  // Two runs at once (two processes): the claim on Cy's digest row lets one mail go.
  const twice = await Promise.all([0, 1].map(() => sendDigestOf(services, cy, digestAt)));
  digests['cy’s digest twice at once'] = twice.sort();
  digests['every due digest after'] = await sendDueDigests(services, digestAt);
  digests['an hour later'] = await sendDueDigests(services, new Date(digestAt.getTime() + 3_600_000));
  digests.mails = mails.map((mail) => ({ to: mail.to, subject: mail.subject, text: labelled(mail.text) }));

  const tableRows = () => tableRowsOf(db, [notifications, notificationDigests], labelled);
  const live = await tableRows();
  const logged = await store.read();
  await door.replay();
  const replayed = { notifications: (await tableRowsOf(db, [notifications], labelled))['notifications'] };

  // Positions as their rank in the log: the numbers each database draws need not be the same.
  const ranks = new Map(logged.map((event, index) => [event.seq, `p${index + 1}`]));
  const positionFields = new Set(['seq', 'lastSeq']);
  const ranked = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(ranked);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([key, entry]) => [
          key,
          positionFields.has(key) && typeof entry === 'number' ? (ranks.get(entry) ?? entry) : ranked(entry),
        ]),
      );
    }
    return value;
  };
  const events = logged.map((event) => ({
    stream: event.stream,
    version: event.version,
    type: event.type,
    payload: labelled(event.payload),
  }));
  const result = { dialect: tableDialect, reads, outcomes, digests, live, replayed, events };
  process.stdout.write(`notifications-on-door:${JSON.stringify(ranked(result))}\n`);
} finally {
  await door.close();
}
