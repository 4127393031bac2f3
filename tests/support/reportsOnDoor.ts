import { ManualClock } from '../../server/src/core/clock';
import type { DomainEvent, Projection } from '../../server/src/core/events';
import { spaceStream, standupStream, taskStream } from '../../server/src/core/streams';
import { type DrizzleDatabase } from '../../server/src/db/connection';
import { tableDialect } from '../../server/src/db/pickTable';
import { readTaskActivity } from '../../server/src/domains/reports/activity';
import { standupChannelProjection } from '../../server/src/domains/reports/standupChannelProjection';
import { dueStandupSchedules } from '../../server/src/domains/reports/standupPosting';
import { standupChannels } from '../../server/src/domains/reports/tables';
import { openAreaDoor } from './areaDoor';

/**
 * Runs what of the reports area runs on both doors today on the door of this process's dialect (DATABASE_URL:
 * PostgreSQL when set, else a SQLite file of its own), and prints what it read as one JSON line after
 * `reports-on-door:`: the standup schedules' projection (set, set again, posted, a space deleted) live and after a
 * replay, the job's due schedules at several instants, and a team's task activity read from the log.
 * tests/integration/reports-postgres.test.ts runs it once per dialect (tables are picked once per process) and
 * compares. The reports' queries (getReports, getReport, analytics) and the job's posting read through the teams and
 * tasks areas and the core's space-content rule, which are not converted yet, so they are not run here.
 */

const projections: Projection[] = [standupChannelProjection];
const clock = new ManualClock(new Date('2026-03-02T06:00:00.000Z'));
const ada = '77000000-0000-4000-8000-00000000000a';
const bob = '77000000-0000-4000-8000-00000000000b';
const team = '77000000-0000-4000-8000-0000000000f1';
const [paris, newYork, quiet, tokyo] = ['01', '02', '03', '04'].map((suffix) => `77000000-0000-4000-8000-0000000000${suffix}`) as [
  string,
  string,
  string,
  string,
];

async function scheduleRows(db: DrizzleDatabase): Promise<unknown[]> {
  const rows = await db.select().from(standupChannels);
  return rows.sort((left, right) => left.projectId.localeCompare(right.projectId));
}

const door = await openAreaDoor('reports', projections, clock);
try {
  const { store, db } = door;
  const append = async (actorId: string, stream: string, event: DomainEvent) => {
    clock.advance(60_000);
    await store.run({ actorId }, (unit) => unit.append(stream, [event], { teamId: team }));
  };
  const schedule = (projectId: string, time: string, timeZone: string, weekdays: number[], enabled = true) =>
    append(ada, standupStream(projectId), {
      type: 'standup.schedule_set',
      payload: { projectId, teamId: team, enabled, time, timeZone, weekdays, language: 'fr' },
    });
  await schedule(paris, '08:00', 'Europe/Paris', [1, 2, 3, 4, 5]);
  await schedule(newYork, '08:30', 'America/New_York', [1, 3, 5]);
  await schedule(quiet, '07:00', 'UTC', [1, 2, 3, 4, 5, 6, 7], false);
  await schedule(tokyo, '09:00', 'Asia/Tokyo', [1, 2]);
  // Set again: the row is replaced (the projection's upsert), the time moves later.
  await schedule(paris, '09:15', 'Europe/Paris', [1, 2, 3, 4, 5]);
  await append(bob, standupStream(newYork), {
    type: 'standup.posted',
    payload: {
      projectId: newYork,
      date: '2026-03-02',
      from: '2026-03-01T05:00:00.000Z',
      until: '2026-03-02T13:30:00.000Z',
      messageId: null,
    },
  });
  await append(ada, spaceStream(tokyo), {
    type: 'project.deleted',
    payload: { projectId: tokyo, teamId: team, name: 'Tokyo', type: 'public', memberIds: [ada] },
  });

  // A team's task work, as the tasks and chat areas append it (their projections are not on this door).
  const task = '77000000-0000-4000-8000-0000000000e1';
  await append(ada, taskStream(task), { type: 'task.created', payload: { taskId: task, projectId: paris } });
  await append(bob, taskStream(task), {
    type: 'task.updated',
    payload: { taskId: task, projectId: paris, changes: { stateId: 'done-section', name: 'Renamed' } },
  });
  await append(bob, taskStream(task), { type: 'task.updated', payload: { taskId: task, projectId: paris, changes: { position: 3 } } });
  await append(ada, 'chat:space', { type: 'message.created', payload: { taskId: task, spaceId: paris, messageId: 'm1' } });

  // The log's rows are read through the core's `events` table, which is declared for SQLite only so far (its json
  // payload and timestamps do not read back on PostgreSQL): the failure is printed, not thrown, so the rest compares.
  const taskActivity = async () => {
    try {
      return await readTaskActivity(db, team, '2026-03-02T00:00:00.000Z', '2026-03-03T00:00:00.000Z', () => [
        'todo-section',
        'done-section',
      ]);
    } catch (error) {
      return { failed: String(error) };
    }
  };
  const due = async (instant: string) =>
    (await dueStandupSchedules(db, new Date(instant))).sort((left, right) => left.projectId.localeCompare(right.projectId));
  const reads = {
    // Monday 2 March 2026: 08:10 in Paris (before 09:15), 03:10 in New York.
    'due on Monday 07:10 UTC': await due('2026-03-02T07:10:00.000Z'),
    // 09:20 in Paris; 04:20 in New York.
    'due on Monday 08:20 UTC': await due('2026-03-02T08:20:00.000Z'),
    // 08:31 in New York, but New York posted Monday already.
    'due on Monday 13:31 UTC': await due('2026-03-02T13:31:00.000Z'),
    // Wednesday: both, New York's weekday again.
    'due on Wednesday 14:00 UTC': await due('2026-03-04T14:00:00.000Z'),
    // Tuesday: not a New York weekday.
    'due on Tuesday 14:00 UTC': await due('2026-03-03T14:00:00.000Z'),
    'the team’s task activity': await taskActivity(),
  };
  const live = await scheduleRows(db);
  await door.replay();
  const replayed = await scheduleRows(db);
  process.stdout.write(`reports-on-door:${JSON.stringify({ dialect: tableDialect, reads, live, replayed })}\n`);
} finally {
  await door.close();
}
