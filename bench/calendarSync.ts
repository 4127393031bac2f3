// CalDAV sync benchmark (issue 17): a sync of 1,000 remote events from Radicale (Debian's, on a free loopback
// port), first and incremental, through the product's own syncCalendarAccount. The first sync pulls every object
// (sync-collection report, multiget in batches) and imports each as an event; the incremental ones start from the
// stored sync token: with nothing changed, and with 10 objects changed there.
// The server runs as `npm start` does, in its own process, with CALDAV_ALLOW_PRIVATE (Radicale is on loopback).
// Prints figures; asserts nothing. Settings: CALENDAR_SYNC_EVENTS (default 1000).
import { rmSync } from 'node:fs';
import { icsObject } from '../tests/integration/support/caldavPeers';
import { startRadicale } from '../tests/integration/support/radicale';
import { call, inBatches, loadAverage, milliseconds, signUp, startBenchServer, synchronousFromEnvironment } from './support';

const eventCount = Number(process.env.CALENDAR_SYNC_EVENTS ?? 1000);
const synchronous = synchronousFromEnvironment();
const user = { username: 'bench', password: 'bench-password-1' };
const peer = await startRadicale([user]);
const { dataDirectory, server, database, target } = await startBenchServer('calendar-sync', synchronous, {
  RATE_LIMITS: 'false',
  CALDAV_ALLOW_PRIVATE: 'true',
  CALDAV_TIMEOUT_MS: '60000',
});

console.log(
  `CalDAV sync benchmark (Radicale ${peer.url}; server in its own process, ${database.label}; load average at start ${loadAverage()})`,
);
const calendar = await peer.createCalendar(user, 'bench', { displayName: 'Bench' });
const start = Date.parse('2027-01-04T08:00:00Z');
const objectOf = (index: number, summary = `Event ${index}`) =>
  icsObject({
    uid: `bench-${index}`,
    summary,
    start: new Date(start + index * 3_600_000).toISOString(),
    end: new Date(start + index * 3_600_000 + 1_800_000).toISOString(),
    ...(index % 10 === 0 ? { rrule: 'FREQ=WEEKLY;COUNT=10' } : {}),
  });
await inBatches(
  Array.from({ length: eventCount }, (_, index) => index),
  20,
  (index) => peer.putObject(user, `${calendar}bench-${index}.ics`, objectOf(index)),
);
console.log(`  ${eventCount} events in Radicale (a tenth weekly series)`);

const member = await signUp(target, 'Syncer');
const connected = await call<{ syncFeatureCalendar: { id: string; calendars: { calendarId: string }[] } }>(
  member.client,
  'mutation ($sync: CalendarSyncInput!) { syncFeatureCalendar(sync: $sync, feature: "calendar", active: true) { id calendars { calendarId } } }',
  { sync: { serverUrl: peer.url, username: user.username, password: user.password } },
);
const accountId = connected.syncFeatureCalendar.id;

async function timedSync(label: string, before: () => Promise<unknown> = async () => undefined): Promise<void> {
  const started = performance.now();
  await before();
  const result = await call<{ syncCalendarAccount: { status: string; error: string | null } }>(
    member.client,
    'mutation ($account: ID!) { syncCalendarAccount(account: $account) { status error } }',
    { account: accountId },
  );
  const elapsed = performance.now() - started;
  if (result.syncCalendarAccount.error) throw new Error(result.syncCalendarAccount.error);
  const imported = await database.scalar('SELECT count(*) FROM calendar_events WHERE calendar_id IS NOT NULL');
  console.log(`  ${label}: ${milliseconds(elapsed)} (${imported} imported events here)`);
}

// Selecting the calendar starts its sync in the background; syncCalendarAccount joins that run: the time is
// from the selection to the end of the first pull.
await timedSync(`first sync of ${eventCount} remote events (select, then sync now)`, () =>
  call(member.client, 'mutation ($calendar: String!) { selectCalendar(calendar: $calendar, selected: true) { id } }', {
    calendar: connected.syncFeatureCalendar.calendars[0]!.calendarId,
  }),
);
await timedSync('incremental sync, nothing changed');
await inBatches([1, 101, 201, 301, 401, 501, 601, 701, 801, 901], 10, (index) =>
  peer.putObject(user, `${calendar}bench-${index}.ics`, objectOf(index, `Event ${index} (changed)`)),
);
await timedSync('incremental sync, 10 events changed there');

console.log(`  load average at the end ${loadAverage()}`);
server.child.kill('SIGTERM');
await server.exited;
await database.close();
await peer.stop();
rmSync(dataDirectory, { recursive: true, force: true });
