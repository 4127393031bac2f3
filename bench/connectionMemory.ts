// Where the load test's server memory per user goes. Starts the server in its own process on a copy of the load
// test's kept seed (bench/loadSeed.ts), then reads its RSS and, from heap snapshots (node's
// --heapsnapshot-signal, nothing added to the server), its live JS heap by kind of object, at four points:
// before any user, after MEMORY_USERS users connected with the app's start-up subscriptions but idle, after
// they acted at the load test's rates for MEMORY_ACTIVE_SECONDS, and after they all disconnected. Prints the
// growth per user in RSS and heap, and the heap's largest kinds of growth. Prints figures; asserts nothing.
//
// Settings (environment): MEMORY_USERS (100), MEMORY_ACTIVE_SECONDS (60), MEMORY_RAMP_SECONDS (10),
// MEMORY_SNAPSHOTS=false (RSS only: a snapshot pauses the server for seconds, and the memory it allocates to
// write one stays in the RSS after), MEMORY_SERVER_NODE_ARGUMENTS (more arguments for the server's node, e.g.
// "--max-old-space-size=256" to see how much of the RSS is the JS heap's room to grow). Other variables reach
// the server unchanged (e.g. MALLOC_ARENA_MAX=2 to see how much of the RSS is glibc's arenas).
// MEMORY_KEEP_SNAPSHOTS=<folder> keeps the snapshots there (named after their point) for a closer look in
// Chrome's DevTools.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { growthPerUnit, heapSnapshotArguments, takeHeapSnapshot, type HeapSummary } from './heapSnapshotSummary';
import { copySeedData, readSeed, seedDirectory } from './loadSeed';
import { seededRandom } from './loadStatistics';
import { LoadMeasurements, SimulatedUser } from './loadUser';
import { benchPostgresUrl, loadAverage, residentBytes, startBenchServerOn, wait } from './support';

const numberSetting = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number`);
  return value;
};
const userCount = numberSetting('MEMORY_USERS', 100);
const activeSeconds = numberSetting('MEMORY_ACTIVE_SECONDS', 60);
const rampSeconds = numberSetting('MEMORY_RAMP_SECONDS', 10);
const takeSnapshots = process.env.MEMORY_SNAPSHOTS !== 'false';
const keptSnapshots = process.env.MEMORY_KEEP_SNAPSHOTS;
const serverNodeArguments = (process.env.MEMORY_SERVER_NODE_ARGUMENTS ?? '').split(' ').filter(Boolean);

const seed = readSeed(userCount);
if (!seed)
  throw new Error(`No kept load seed of ${userCount} users in ${seedDirectory()}: run npm run bench:load with LOAD_MAX_USERS first`);

console.log(
  `Server memory per load-test user (${userCount} users on ${benchPostgresUrl ? 'PostgreSQL (the seed moved there)' : 'SQLite'}, ${activeSeconds} s active${serverNodeArguments.length > 0 ? `, node ${serverNodeArguments.join(' ')}` : ''}; load average ${loadAverage()})`,
);
const dataDirectory = mkdtempSync(join(tmpdir(), 'bench-memory-'));
const snapshotDirectory = mkdtempSync(join(tmpdir(), 'bench-memory-snapshots-'));
copySeedData(dataDirectory);
const { server, database } = await startBenchServerOn(dataDirectory, 'FULL', { RATE_LIMITS: 'false' }, [
  ...heapSnapshotArguments(snapshotDirectory),
  ...serverNodeArguments,
]);
const serverPid = server.child.pid!;
process.once('exit', () => server.child.kill('SIGTERM'));
const endpoints = { graphqlUrl: `${server.url}/graphql`, websocketUrl: `ws://127.0.0.1:${server.port}/graphql` };

/**
 * The server's resident memory by kind of mapping (/proc/<pid>/smaps): glibc's main arena ([heap]), anonymous
 * mappings of 64 MB or more (thread arenas and V8's reservations), smaller anonymous ones (V8's heap pages,
 * large mallocs), and files (code, the SQLite database).
 */
function residentByMapping(pid: number): Record<string, number> {
  const totals: Record<string, number> = {};
  let kind = 'files';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (mapping) {
      const size = parseInt(mapping[2]!, 16) - parseInt(mapping[1]!, 16);
      const name = mapping[3]!.trim();
      kind =
        name === '[heap]'
          ? '[heap]'
          : name === ''
            ? size >= 64 * 1024 * 1024
              ? 'anonymous ≥ 64 MB'
              : 'anonymous < 64 MB'
            : 'files and others';
      continue;
    }
    const resident = /^Rss:\s+(\d+) kB/.exec(line);
    if (resident) totals[kind] = (totals[kind] ?? 0) + Number(resident[1]) * 1024;
  }
  return totals;
}

interface Point {
  name: string;
  users: number;
  rssBytes: number;
  mappings: Record<string, number>;
  heap: HeapSummary | null;
}

async function measure(name: string, users: number): Promise<Point> {
  await wait(3000);
  const rssBytes = residentBytes(serverPid);
  const mappings = residentByMapping(serverPid);
  // After the RSS: writing a snapshot allocates memory of its own.
  const keepAs = keptSnapshots ? join(keptSnapshots, `${name.replaceAll(/[^a-z0-9]+/gi, '-')}.heapsnapshot`) : undefined;
  const heap = takeSnapshots ? await takeHeapSnapshot({ pid: serverPid, url: server.url, directory: snapshotDirectory }, keepAs) : null;
  const point = { name, users, rssBytes, mappings, heap };
  const byMapping = Object.entries(mappings)
    .map(([kind, bytes]) => `${kind} ${(bytes / 1e6).toFixed(1)}`)
    .join(', ');
  console.log(
    `  ${name}: RSS ${(rssBytes / 1e6).toFixed(1)} MB (${byMapping})${heap ? `, live JS heap ${(heap.totalBytes / 1e6).toFixed(1)} MB` : ''} (load average ${loadAverage()})`,
  );
  return point;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
function printGrowth(from: Point, to: Point, units: number) {
  const rss = (to.rssBytes - from.rssBytes) / units;
  const heap = from.heap && to.heap ? (to.heap.totalBytes - from.heap.totalBytes) / units : null;
  console.log(
    `  ${from.name} → ${to.name}, per user: RSS ${kb(rss)}${heap === null ? '' : `, JS heap ${kb(heap)}, outside the JS heap ${kb(rss - heap)}`}`,
  );
  if (!from.heap || !to.heap) return;
  console.log('    | kind | bytes per user | objects per user |');
  console.log('    | --- | --- | --- |');
  for (const row of growthPerUnit(from.heap, to.heap, units, 25))
    console.log(`    | ${row.kind.replaceAll('|', '\\|')} | ${Math.round(row.bytes)} | ${row.count.toFixed(1)} |`);
}

const measurements = new LoadMeasurements();
const points: Point[] = [await measure('no users', 0)];
const users = seed.users
  .slice(0, userCount)
  .map((user, index) => new SimulatedUser(index, user, seed.spaces, endpoints, measurements, seededRandom(index + 1)));
const spacing = (rampSeconds * 1000) / Math.max(1, users.length);
const started = await Promise.all(
  users.map(async (user, index) => {
    await wait(index * spacing);
    return user.start(false);
  }),
);
const connected = started.filter(Boolean).length;
if (connected < users.length) console.log(`  ${users.length - connected} users could not connect (${measurements.lastError})`);
points.push(await measure(`${connected} users idle`, connected));
for (const user of users) user.startActing();
await wait(activeSeconds * 1000);
points.push(await measure(`${connected} users after ${activeSeconds} s active`, connected));
await Promise.all(users.map((user) => user.stop()));
points.push(await measure('all disconnected', 0));

const errors = Object.entries(measurements.errors);
if (errors.length > 0)
  console.log(`  errors: ${errors.map(([name, count]) => `${name} ${count}`).join(', ')} (last: ${measurements.lastError})`);
const [empty, idle, active, disconnected] = points as [Point, Point, Point, Point];
printGrowth(empty, idle, connected);
printGrowth(idle, active, connected);
printGrowth(empty, disconnected, connected);

server.child.kill('SIGTERM');
await server.exited;
await database.close();
rmSync(dataDirectory, { recursive: true, force: true });
rmSync(snapshotDirectory, { recursive: true, force: true });
