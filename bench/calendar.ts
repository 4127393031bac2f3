// Calendar benchmark: the month view (getEventsCalendar) of a team with 5,000 events, a tenth of them
// recurring, and 2,000 task deadlines (getEventsTasks), p50/p99 over HTTP. The server runs as `npm start`
// does, in its own process; this process plays the client. Prints figures; asserts nothing.
// The CalDAV sync figure (1,000 remote events from Radicale, first and incremental) is bench/calendarSync.ts.
import { rmSync } from 'node:fs';
import { createEvent } from '../server/src/domains/calendar';
import { completeFields } from '../server/src/domains/calendar/commands';
import type { EventPersonEntry } from '../server/src/domains/calendar/events';
import { baseRuleOf, withRuleEnd, type RecurrenceName } from '../server/src/domains/calendar/recurrence';
import { decideCreateTask } from '../server/src/domains/tasks/commands';
import type { TaskCreated } from '../server/src/domains/tasks/events';
import { lastPositions, loadBoard, spaceReaders } from '../server/src/domains/tasks/state';
import { newId } from '../server/src/core/ids';
import { call, loadAverage, milliseconds, percentile, spaceWithMembers, startBenchServer, synchronousFromEnvironment } from './support';

const eventCount = 5_000;
const deadlineCount = 2_000;
const rounds = Number(process.env.BENCH_CALENDAR_ROUNDS ?? 50);
const synchronous = synchronousFromEnvironment();
const { dataDirectory, server, database, target } = await startBenchServer('calendar', synchronous);

console.log(`Calendar benchmark (server in its own process, ${database.label})`);
const { admin, space, members } = await spaceWithMembers(target, 3);
const colleague = members[0]!;
const colleaguePerson: EventPersonEntry = { userId: admin.id, email: admin.email.toLowerCase(), name: 'Admin', response: 'accepted' };

// Seeding through the event store (events and projections, like any command) rather than 7,000 requests.
const seedStarted = performance.now();
const { store } = await database.storage();
const zones = ['Europe/Berlin', 'America/New_York', 'UTC', 'Asia/Tokyo'];
const recurrences: RecurrenceName[] = ['weekly', 'weekly', 'weekdays', 'daily', 'monthly'];
const yearStart = Date.parse('2026-01-01T00:00:00Z');
for (let batch = 0; batch < eventCount / 500; batch += 1) {
  await store.run({ actorId: admin.id }, async (unit) => {
    for (let index = 0; index < 500; index += 1) {
      const number = batch * 500 + index;
      const recurring: RecurrenceName = number % 10 === 0 ? recurrences[(number / 10) % recurrences.length]! : 'none';
      // Spread over the year, on the hour between 7:00 and 18:00 UTC, 30 to 120 minutes long.
      const startAt = new Date(yearStart + (number % 365) * 86_400_000 + (7 + (number % 12)) * 3_600_000).toISOString();
      const endAt = new Date(Date.parse(startAt) + (30 + (number % 4) * 30) * 60_000).toISOString();
      const base = baseRuleOf(recurring);
      const rrule = base === null ? null : number % 20 === 0 ? withRuleEnd(base, { count: 200 }) : base;
      // Half made by the admin, half by a colleague who invites the admin: both ways the admin sees an event.
      const byAdmin = number % 2 === 0;
      await createEvent(unit, {
        teamId: admin.teamId,
        authorId: byAdmin ? admin.id : colleague.id,
        fields: completeFields({
          title: `Event ${number}`,
          description: number % 5 === 0 ? 'Agenda: numbers, plans, questions.' : '',
          type: 'event',
          recurring,
          rrule,
          timeZone: zones[number % zones.length]!,
          allDay: false,
          startAt,
          endAt,
          location: number % 3 === 0 ? 'Room 4' : null,
          meetingroomId: null,
        }),
        people: byAdmin ? [] : [colleaguePerson],
        origin: 'local',
      });
    }
  });
}
await store.run({ actorId: admin.id }, async (unit) => {
  const db = unit.transaction;
  let board = (await loadBoard(db, space))!;
  const canSee = await spaceReaders(db, space, [admin.id]);
  for (let number = 0; number < deadlineCount; number += 1) {
    const day = new Date(yearStart + (number % 365) * 86_400_000).toISOString().slice(0, 10);
    const stateId = board.states[number % board.states.length]!.id;
    const last = await lastPositions(db, space, stateId);
    const events = decideCreateTask(
      {
        taskId: newId(),
        authorId: admin.id,
        fields: { name: `Task ${number}`, stateId, assigneeIds: [admin.id], deadline: day },
        lastPositions: () => last,
      },
      { board, canSee },
    );
    const created = events[0]!.payload as TaskCreated;
    await unit.append(`task:${created.taskId}`, events, { teamId: admin.teamId, expectedVersion: 0 });
    board = { ...board, lastNumber: created.number };
  }
});
console.log(
  `  seeded ${eventCount} events (${eventCount / 10} recurring) and ${deadlineCount} task deadlines in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
);

const monthView = `query ($start: String!, $end: String!) { getEventsCalendar(start: $start, end: $end) {
  id event occurrence title start end allDay type recurring location meet color myResponse editable } }`;
const deadlines = `query ($start: String!, $end: String!) { getEventsTasks(start: $start, end: $end) { id name deadline project projectTitle state done } }`;
// FullCalendar's month grid shows six weeks: from the Monday before the 1st.
const range = { start: '2026-02-23T00:00:00Z', end: '2026-04-06T00:00:00Z' };

async function measure(label: string, query: string, field: string): Promise<void> {
  const samples: number[] = [];
  let count = 0;
  let bytes = 0;
  for (let round = 0; round < rounds + 3; round += 1) {
    const started = performance.now();
    const response = await fetch(target.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br', cookie: admin.client.cookieHeader() },
      body: JSON.stringify({ query, variables: range }),
    });
    const text = await response.text();
    const elapsed = performance.now() - started;
    const answer = JSON.parse(text) as { data?: Record<string, unknown[]>; errors?: unknown };
    if (!answer.data) throw new Error(JSON.stringify(answer.errors));
    count = answer.data[field]!.length;
    bytes = text.length;
    if (round >= 3) samples.push(elapsed);
  }
  console.log(
    `  ${label}: p50 ${milliseconds(percentile(samples, 0.5))}, p99 ${milliseconds(percentile(samples, 0.99))} (${samples.length} requests, ${count} entries, ${(bytes / 1e3).toFixed(0)} kB of JSON)`,
  );
}

await call(admin.client, 'query { getEvents(limit: 1) { id } }');
await measure('month view (six weeks), getEventsCalendar', monthView, 'getEventsCalendar');
await measure('month view (six weeks), getEventsTasks', deadlines, 'getEventsTasks');
await measure('agenda, getEvents(limit: 50)', 'query { getEvents(limit: 50) { id title startDate endDate recurring } }', 'getEvents');
console.log(
  '  CalDAV sync of 1,000 remote events from Radicale, first and incremental: npm run bench:calendar-sync (bench/calendarSync.ts)',
);
console.log(`  load average ${loadAverage()}`);

server.child.kill('SIGTERM');
await server.exited;
await database.close();
rmSync(dataDirectory, { recursive: true, force: true });
