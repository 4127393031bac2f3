import { getTableName, sql } from 'drizzle-orm';
import type { TeamSeat } from '../../server/src/core/access';
import { ManualClock } from '../../server/src/core/clock';
import type { Projection } from '../../server/src/core/events';
import { tableDialect } from '../../server/src/db/pickTable';
import { awaySummary, lastVisit, recordVisit } from '../../server/src/domains/home/away';
import type { FeedbackSent } from '../../server/src/domains/support/events';
import { sendFeedbackIn } from '../../server/src/domains/support/feedback';
import { presentFeedbacks, presentMessages, presentThreads } from '../../server/src/domains/support/present';
import { supportProjection } from '../../server/src/domains/support/projection';
import {
  feedbackList,
  findFeedback,
  findThread,
  inboxThreads,
  supportUnreadTotal,
  threadMessages,
  unreadOf,
} from '../../server/src/domains/support/state';
import { supportFeedback, supportMessages, supportThreads } from '../../server/src/domains/support/tables';
import { postSupportMessageIn, readSupportThreadIn } from '../../server/src/domains/support/threads';
import { booleanLiteral, openAreaDoor, outcomesOn, seedPeople, seedSpace, seedSpaceMembers } from './areaDoor';

/**
 * Runs the support area's commands and reads, and Home's visits and summary, on the door of this process's dialect
 * (DATABASE_URL: PostgreSQL when set, else a SQLite file of its own) and prints what they answered and what support's
 * tables hold, live and after a replay, as one JSON line after `support-on-door:`.
 * tests/integration/support-postgres.test.ts runs it once per dialect and compares (the tables are picked once per
 * process, db/pickTable.ts). Log positions are printed as their rank in the log (`p1`, …), so both runs compare.
 */

const projections: Projection[] = [supportProjection];
const clock = new ManualClock(new Date('2026-03-01T09:00:00.000Z'));
const id = (suffix: string) => `77000000-0000-4000-8000-${suffix.padStart(12, '0')}`;
const ada = id('a');
const root = id('b');
const bob = id('c');
const team = id('f1');
const shared = id('51');
const elsewhere = id('52');

const outcomeOf = outcomesOn(clock);

const door = await openAreaDoor('support', projections, clock);
try {
  const { store, db } = door;
  const yes = booleanLiteral(true);
  const no = booleanLiteral(false);
  const at = '2026-03-01T09:00:00.000Z';
  await seedPeople(door, { [ada]: 'Ada', [root]: 'Root', [bob]: 'Bob' }, at, { emailVerified: true });

  // Support: a conversation, its read positions, and feedback.
  const outcomes: Record<string, unknown> = {};
  const post = (messageId: string, personId: string, authorId: string, body: string) =>
    outcomeOf(() => store.run({ actorId: authorId }, (unit) => postSupportMessageIn(unit, { messageId, personId, authorId, body })));
  const read = (personId: string, readerId: string, side: 'person' | 'support') =>
    outcomeOf(() => store.run({ actorId: readerId }, (unit) => readSupportThreadIn(unit, personId, readerId, side)));
  outcomes['bob reads a conversation he never started'] = await read(bob, bob, 'person');
  outcomes['ada writes'] = await post(id('1001'), ada, ada, 'Hello');
  outcomes['ada writes again'] = await post(id('1002'), ada, ada, 'The export fails');
  outcomes['support answers'] = await post(id('1003'), ada, root, 'Which **file**?');
  outcomes['ada answers back'] = await post(id('1004'), ada, ada, 'The big one');
  outcomes['ada reads'] = await read(ada, ada, 'person');
  outcomes['ada reads again'] = await read(ada, ada, 'person');
  // Two administrators read the conversation at once: the second reads the first's position after its lock, so one
  // threadRead event, never two.
  clock.advance(1000);
  const together = await Promise.allSettled(
    [0, 1].map(() => store.run({ actorId: root }, (unit) => readSupportThreadIn(unit, ada, root, 'support'))),
  );
  outcomes['support reads twice at once'] = together.map((outcome) =>
    outcome.status === 'fulfilled' ? { answered: outcome.value } : { failed: String(outcome.reason) },
  );
  const feedback = (feedbackId: string, screenshot: string | null): FeedbackSent => ({
    feedbackId,
    authorId: ada,
    kind: 'problem',
    message: 'The export fails',
    screenshot,
    page: '/overview/tasks',
  });
  outcomes['ada sends feedback with a screenshot'] = await outcomeOf(() =>
    store.run({ actorId: ada }, (unit) => sendFeedbackIn(unit, feedback(id('2001'), 'data:image/png;base64,iVBORw0='))),
  );
  outcomes['ada sends feedback without'] = await outcomeOf(() =>
    store.run({ actorId: ada }, (unit) => sendFeedbackIn(unit, feedback(id('2002'), null))),
  );
  outcomes['the same feedback id again'] = await outcomeOf(() =>
    store.run({ actorId: ada }, (unit) => sendFeedbackIn(unit, feedback(id('2002'), null))),
  );

  const thread = (await findThread(db, ada))!;
  const support = {
    'ada’s conversation': thread,
    'its messages': await threadMessages(db, ada),
    'unread for ada': await unreadOf(db, thread, 'person'),
    'unread for support': await unreadOf(db, thread, 'support'),
    'the inbox': await inboxThreads(db),
    'the inbox unread': await supportUnreadTotal(db),
    'the inbox presented': await presentThreads(db, await inboxThreads(db), () => 'support'),
    'ada’s conversation presented': await presentThreads(db, [thread], () => 'person'),
    'messages presented': await presentMessages(db, (await threadMessages(db, ada)).rows),
    'feedback list': await feedbackList(db),
    'feedback list presented': await presentFeedbacks(db, await feedbackList(db)),
    'one feedback': await findFeedback(db, id('2001')),
  };

  // Home: visits (at most one per 5 minutes, one of two at once) and what others did since the last one.
  clock.set(new Date('2026-03-02T09:00:00.000Z'));
  const visit = () => outcomeOf(() => store.run({ actorId: ada }, (unit) => recordVisit(unit, ada, team)));
  const visits: Record<string, unknown> = {};
  visits['first visit'] = await visit();
  visits['a minute later'] = await visit();
  clock.advance(6 * 60_000);
  visits['six minutes later'] = await visit();
  clock.advance(6 * 60_000);
  const twice = await Promise.allSettled([0, 1].map(() => store.run({ actorId: ada }, (unit) => recordVisit(unit, ada, team))));
  // Which of the two records the visit is up to the database: sorted, so both runs compare.
  visits['twice at once'] = twice.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : String(outcome.reason))).sort();
  visits['the last visit'] = await lastVisit(db, store, ada);

  await seedSpace(door, { id: shared, teamId: team, name: 'Launch', type: 'public', ownerId: bob }, { [bob]: 'admin' }, at);
  await seedSpace(door, { id: elsewhere, teamId: team, name: 'Elsewhere', type: 'public', ownerId: bob }, { [bob]: 'admin' }, at);
  await seedSpaceMembers(door, shared, { [ada]: 'basic' }, at);
  await door.execute(
    sql`INSERT INTO docs (id, team_id, project_id, title, shared, author_id, created_at, updated_at)
        VALUES (${id('3001')}, ${team}, ${shared}, 'Plan', ${no}, ${bob}, ${at}, ${at})`,
  );
  for (const [fileId, story] of [
    [id('4001'), no],
    [id('4002'), yes],
  ] as const) {
    await door.execute(
      sql`INSERT INTO files (id, team_id, project_id, name, mime_type, kind, size, location, shared, author_id, created_at, updated_at, story)
          VALUES (${fileId}, ${team}, ${shared}, 'notes.txt', 'text/plain', 'document', 5, 'location', ${no}, ${bob}, ${at}, ${at}, ${story})`,
    );
  }
  const message = (spaceId: string, authorId: string) => ({
    type: 'message.created',
    payload: { messageId: id('5001'), projectId: spaceId, taskId: null, meetingroomId: null, authorId, body: 'news' },
  });
  clock.advance(60_000);
  await store.append(`chat:${shared}`, [message(shared, bob), message(shared, bob)], { teamId: team, actorId: bob });
  // Ada's own message is not news to her.
  await store.append(`chat:${shared}`, [message(shared, ada)], { teamId: team, actorId: ada });
  await store.append(`chat:${elsewhere}`, [message(elsewhere, bob)], { teamId: team, actorId: bob });
  await store.append(`doc:${id('3001')}`, [{ type: 'doc.created', payload: { docId: id('3001'), projectId: shared } }], {
    teamId: team,
    actorId: bob,
  });
  for (const fileId of [id('4001'), id('4002')]) {
    await store.append(`file:${fileId}`, [{ type: 'file.created', payload: { fileId, projectId: shared } }], {
      teamId: team,
      actorId: bob,
    });
  }
  const seat: TeamSeat = { userId: ada, role: 'basic', withinLimit: true };
  const summaries = {
    'right after': await awaySummary(db, store, { teamId: team, seat }, clock.now()),
    'five hours later': await awaySummary(db, store, { teamId: team, seat }, new Date(clock.now().getTime() + 5 * 3_600_000)),
    'bob, who never visited': await awaySummary(db, store, { teamId: team, seat: { ...seat, userId: bob } }, clock.now()),
  };

  const tableRows = async () => {
    const rows: Record<string, unknown[]> = {};
    for (const table of [supportFeedback, supportThreads, supportMessages]) {
      const found = (await db.select().from(table)) as Record<string, unknown>[];
      rows[getTableName(table)] = found.sort((left, right) => JSON.stringify(left).localeCompare(JSON.stringify(right)));
    }
    return rows;
  };
  const live = await tableRows();
  const logged = await store.read();
  await door.replay();
  const replayed = await tableRows();

  // Positions as their rank in the log: the numbers each database draws need not be the same.
  const ranks = new Map(logged.map((event, index) => [event.seq, `p${index + 1}`]));
  const positionFields = new Set(['seq', 'lastSeq', 'personReadSeq', 'supportReadSeq']);
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
  const events = logged.map((event) => ({ stream: event.stream, version: event.version, type: event.type, createdAt: event.createdAt }));
  const result = { dialect: tableDialect, outcomes, support, visits, summaries, live, replayed, events };
  process.stdout.write(`support-on-door:${JSON.stringify(ranked(result))}\n`);
} finally {
  await door.close();
}
