// Databases benchmark (issue 21): the real server process (server/src/main.ts, as `npm start` runs it) on a SQLite file
// (synchronous=FULL, the default) and on PostgreSQL (a throw-away cluster with fsync and synchronous_commit on, or the
// empty database DATABASE_URL names), one after the other in the same run, on the same data, printed side by side:
// - single-command appends/s: one client sending setTask one after another (each a command whose unit appends to the
//   log and updates the read tables), with its p50/p99;
// - concurrent appends/s from 16 clients: setTask on one board (the board's writes wait for each other), then each
//   client on a board of its own;
// - replay events/s: every read table rebuilt from the log with no server running (bench/projectionReplay.ts);
// - getTasks of a 10,000-task board and getSearch, p50/p99 from one client, then from 8 clients at once;
// - as before: setTask and setMessage + getMessages from 8 clients, and the server's (and PostgreSQL's) CPU per request.
// The peer figures are the event log port alone on the same database kind (appends with no projection, and reading the
// whole log without replaying it): what the database gives before the product's work. The data is made once, on
// SQLite through GraphQL as the client makes it, and moved to PostgreSQL with `npm run migrate-to-postgres` (which
// replays and compares every read table), so both servers answer over the same rows. A benchmark, not a test: it prints
// figures and the load average and asserts nothing; a request answered with errors stops the run.
// BENCH_DATABASES_TASKS sets the tasks on the board (10,000 by default).
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectPostgres } from '../server/src/core/postgres/connect';
import { PostgresEventLog } from '../server/src/core/postgres/eventLog';
import { migratePostgres } from '../server/src/core/postgres/migrate';
import { replayLog, type EventLogPort } from '../server/src/core/eventLogPort';
import { SqliteEventStore } from '../server/src/core/sqlite/eventStore';
import { SqliteEventLog } from '../server/src/core/sqlite/sqliteEventLog';
import { openDatabase } from '../server/src/db/connection';
import { GraphqlTestClient, startServerProcess } from '../tests/integration/harness';
import { startPostgresCluster, type PostgresCluster } from '../tests/support/postgresCluster';
import { call, inBatches, loadAverage, milliseconds, percentile, signUp, teamMember } from './support';

const boardTaskCount = Number(process.env['BENCH_DATABASES_TASKS'] ?? 10_000);
const seededMessageCount = 300;
/** The concurrent writers; the accounts made (an admin and 15 members, each also on a board of their own). */
const concurrentWriters = 16;
/** Clients at once for the reads and the mix bench:databases measured before (kept so the figures compare). */
const mixClients = 8;
// Requests per client in each measured phase: enough for a p99 over a few hundred samples where a request is cheap (the
// 10,000-task board is far heavier than the rest, so fewer), few enough for the whole run to stay within ten minutes.
const requestsPerClient = {
  getTasksAlone: 20,
  getTasks: 6,
  getSearchAlone: 100,
  getSearch: 40,
  concurrentSetTask: 20,
  mixSetTask: 40,
  setMessageThenGetMessages: 25,
};
const singleCommandAppends = 200;
/** The peer's appends through the log port alone: one appender, then 16 with 25 each. */
const peerSingleAppends = 400;
const peerAppendsPerAppender = 25;

const givenPostgresUrl = /^postgres(ql)?:\/\//i.test(process.env['DATABASE_URL']?.trim() ?? '')
  ? process.env['DATABASE_URL']!.trim()
  : null;

/** Where the clients send their requests, and how they read the verification mails the server keeps in its outbox. */
interface Target {
  graphqlUrl: string;
  outboxText(to: string): Promise<string | undefined>;
}

interface ServerUnderTest {
  label: string;
  graphqlUrl: string;
  serverPid: number;
  /** The database's own processes, when it has any: PostgreSQL's postmaster and backends (SQLite runs inside the server). */
  databaseProcessesName: string | null;
  /** CPU seconds of those processes (0 without any, or when they are not on this machine). */
  databaseCpuSeconds(): number;
  stop(): Promise<void>;
}

/** User plus system CPU seconds of a process, its waited-for children included when asked, from /proc/<pid>/stat. */
function cpuSeconds(pid: number, withWaitedChildren = false): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // After the command name: utime is field 14 of stat (index 11 here), stime 15, cutime 16, cstime 17.
  const own = Number(fields[11]) + Number(fields[12]);
  const children = withWaitedChildren ? Number(fields[13]) + Number(fields[14]) : 0;
  return (own + children) / 100;
}

/** The pid of the PostgreSQL postmaster listening on `port` (its command line carries `-p <port>`) and its children's pids. */
function postgresProcesses(port: number): number[] {
  const processes = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => {
      try {
        return {
          pid: Number(name),
          commandLine: readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' '),
          parent: Number(readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]),
        };
      } catch {
        return null; // The process ended while the list was read.
      }
    })
    .filter((entry) => entry !== null);
  const postmaster = processes.find((entry) => /\/postgres\b/.test(entry.commandLine) && entry.commandLine.includes(`-p ${port} `));
  if (!postmaster) throw new Error(`no PostgreSQL postmaster on port ${port} in /proc`);
  return [postmaster.pid, ...processes.filter((entry) => entry.parent === postmaster.pid).map((entry) => entry.pid)];
}

/** A child process run to its end: its standard output, or an error carrying its standard error. */
function runToEnd(arguments_: readonly string[], environment: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...arguments_], { env: { ...process.env, ...environment } });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${arguments_.join(' ')} exited with ${code}:\n${errors}${output}`)),
    );
  });
}

/** One of the benchmark's people: their session (cookies), id, and the board of their own. */
interface Account {
  cookies: ReadonlyMap<string, string>;
  id: string;
  ownSpace: string;
}

interface SeededData {
  accounts: Account[];
  /** The public space all of them joined, whose board holds `boardTaskCount` tasks. */
  sharedSpace: string;
  taskSeedSeconds: number;
}

const setTeamPlanMutation = 'mutation ($team: ID!) { setTeamPlan(team: $team, plan: "business", period: "monthly", seats: 20) { type } }';
const setProjectMutation = 'mutation ($name: String!) { setProject(name: $name, type: "public") { id } }';
const setTaskMutation =
  'mutation ($project: ID!, $name: String!, $users: [ID!], $priority: Int) { setTask(project: $project, name: $name, users: $users, priority: $priority) { id idCode } }';
const setMessageMutation = 'mutation ($project: ID!, $body: String!) { setMessage(project: $project, body: $body) { id } }';
const getMessagesQuery =
  'query ($project: ID!, $first: Int) { getMessages(project: $project, first: $first) { id body author { id firstname } createdAt } }';
// The client's board query (its BoardTask fragment: what a card shows).
const boardQuery = `query ($project: ID!) { getTasks(project: $project) {
  id idCode name color priority positionSection state deadline project parentTask canEdit canDelete updatedAt cover isFollowing
  users { id firstname lastname profileImg } tags { id name color } sprint { id name color } length { amount unit } files { id }
} }`;
const searchQuery = 'query ($text: String!) { getSearch(text: $text) { id type } }';

const taskVerbs = ['Fix', 'Build', 'Review', 'Ship', 'Plan'];
const taskSubjects = ['login', 'board', 'export', 'harbour checklist', 'billing', 'search', 'calendar'];
const searchWords = ['harbour', 'billing', 'export', 'calendar', 'login'];

/**
 * The data, made through GraphQL as the client makes it on a SQLite server in `dataDirectory`: an admin whose team is
 * on the business plan with 20 seats (the free plan caps tasks and members), 15 members who joined one public space
 * and each a space of their own, `boardTaskCount` tasks on the shared board assigned round the robin, and
 * `seededMessageCount` messages in its chat. The server is stopped at the end, leaving the folder to copy and move.
 */
async function seed(dataDirectory: string): Promise<SeededData> {
  const server = await startServerProcess(dataDirectory, { SQLITE_SYNCHRONOUS: 'FULL', DATABASE_URL: '' });
  // The benchmark's own handle on the server's file, only to read the verification mails (no SMTP configured).
  const database = openDatabase(join(dataDirectory, 'workspace.sqlite'), { synchronous: 'FULL', migrate: false });
  const newestMail = database.sqlite.prepare('SELECT text FROM outbox WHERE "to" = ? ORDER BY created_at DESC, rowid DESC LIMIT 1');
  const target: Target = {
    graphqlUrl: `${server.url}/graphql`,
    outboxText: async (to) => (newestMail.get(to) as { text: string } | undefined)?.text,
  };
  try {
    const admin = await signUp(target, 'Admin');
    await call(admin.client, setTeamPlanMutation, { team: admin.teamId });
    const newSpace = async (name: string) =>
      (await call<{ setProject: { id: string } }>(admin.client, setProjectMutation, { name })).setProject.id;
    const sharedSpace = await newSpace('Benchmark');
    const members = await inBatches(
      Array.from({ length: concurrentWriters - 1 }, (_, index) => index),
      concurrentWriters - 1,
      (index) => teamMember(target, admin, `Member${index}`),
    );
    const people = [admin, ...members];
    const ownSpaces = await inBatches(people, concurrentWriters, async (person) => {
      const ownSpace = await newSpace(`Own board ${person.id}`);
      for (const space of [sharedSpace, ownSpace]) {
        if (person !== admin)
          await call(person.client, 'mutation ($project: ID!) { joinProject(project: $project) { id } }', { project: space });
      }
      return ownSpace;
    });
    const taskSeedStarted = performance.now();
    await inBatches(
      Array.from({ length: boardTaskCount }, (_, index) => index),
      concurrentWriters,
      (index) =>
        call(people[index % people.length]!.client, setTaskMutation, {
          project: sharedSpace,
          name: `Task ${index}: ${taskVerbs[index % taskVerbs.length]} the ${taskSubjects[index % taskSubjects.length]}`,
          users: [people[(index + 1) % people.length]!.id],
          priority: index % 4,
        }),
    );
    const taskSeedSeconds = (performance.now() - taskSeedStarted) / 1000;
    await inBatches(
      Array.from({ length: seededMessageCount }, (_, index) => index),
      concurrentWriters,
      (index) =>
        call(people[index % people.length]!.client, setMessageMutation, {
          project: sharedSpace,
          body: `Seeded message ${index} about the ${taskSubjects[index % taskSubjects.length]}`,
        }),
    );
    return {
      accounts: people.map((person, index) => ({ cookies: new Map(person.client.cookies), id: person.id, ownSpace: ownSpaces[index]! })),
      sharedSpace,
      taskSeedSeconds,
    };
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    database.close();
  }
}

/** Where a database under test lives: how a server and a replay reach it, and how its log port is opened for the peer. */
interface DatabaseUnderTest {
  label: string;
  dataDirectory: string;
  /** DATABASE_URL for the server and the replay process. */
  databaseUrl: string;
  serverEnvironment: Record<string, string>;
  /**
   * The throw-away cluster's port, to find its processes and read their CPU; null for SQLite, and for the database
   * DATABASE_URL names (it may run elsewhere, or as a service whose command line does not carry its port).
   */
  postgresPort: number | null;
  /** The event log port over this database, to read its whole log (the replay's peer). */
  openLog(): Promise<{ log: EventLogPort; close(): Promise<void> }>;
  /** The event log port over a fresh database of the same kind (the appends' peer), or null when there is none to make. */
  openFreshLog(): Promise<{ log: EventLogPort; close(): Promise<void> } | null>;
}

function sqliteLog(file: string) {
  const database = openDatabase(file, { synchronous: 'FULL' });
  const log = new SqliteEventLog(new SqliteEventStore(database, []), database);
  return { log, close: () => log.close() };
}

async function postgresLog(url: string) {
  const sql = await connectPostgres({ url, poolSize: concurrentWriters, statementTimeoutMs: 60_000 }, 'workspace-bench-peer');
  await migratePostgres(sql);
  const log = new PostgresEventLog(sql);
  return {
    log,
    async close() {
      await log.close();
      await sql.end({ timeout: 5 });
    },
  };
}

async function startServer(database: DatabaseUnderTest): Promise<ServerUnderTest> {
  const server = await startServerProcess(database.dataDirectory, database.serverEnvironment);
  const { postgresPort } = database;
  return {
    label: database.label,
    graphqlUrl: `${server.url}/graphql`,
    serverPid: server.child.pid!,
    databaseProcessesName: postgresPort === null ? null : 'PostgreSQL',
    // The postmaster's waited-for children count the backends that ended; those alive are read one by one.
    databaseCpuSeconds: () =>
      postgresPort === null
        ? 0
        : postgresProcesses(postgresPort).reduce((sum, pid, index) => {
            try {
              return sum + cpuSeconds(pid, index === 0);
            } catch {
              return sum; // A backend that ended between listing and reading.
            }
          }, 0),
    async stop() {
      server.child.kill('SIGTERM');
      await server.exited;
    },
  };
}

interface PhaseFigures {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  serverCpuMsPerRequest: number;
  databaseCpuMsPerRequest: number;
}

/**
 * `clients` clients, each sending its next request as soon as its last was answered, `perClient` times: latency per
 * request, requests per second over the phase, and CPU per request of the server process and of the database's
 * processes (read from /proc before and after, as the clients run in this process).
 */
async function phase(
  server: ServerUnderTest,
  clients: number,
  perClient: number,
  requestsPerRound: number,
  request: (client: number, round: number) => Promise<void>,
): Promise<PhaseFigures> {
  // One warm-up round (compiled queries, caches) outside the figures.
  await Promise.all(Array.from({ length: clients }, (_, client) => request(client, -1)));
  const samples: number[] = [];
  const serverCpuAtStart = cpuSeconds(server.serverPid);
  const databaseCpuAtStart = server.databaseCpuSeconds();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let round = 0; round < perClient; round += 1) {
        const before = performance.now();
        await request(client, round);
        samples.push(performance.now() - before);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const requests = samples.length * requestsPerRound;
  return {
    requests,
    perSecond: requests / seconds,
    p50: percentile(samples, 0.5),
    p99: percentile(samples, 0.99),
    serverCpuMsPerRequest: ((cpuSeconds(server.serverPid) - serverCpuAtStart) * 1000) / requests,
    databaseCpuMsPerRequest: ((server.databaseCpuSeconds() - databaseCpuAtStart) * 1000) / requests,
  };
}

/** The phases in the order they run; the labels are the table's rows. */
const phaseLabels = {
  getTasksAlone: `getTasks, the ${boardTaskCount.toLocaleString('en')}-task board (1 client)`,
  getTasks: `getTasks, the ${boardTaskCount.toLocaleString('en')}-task board (${mixClients} clients)`,
  getSearchAlone: 'getSearch, one word (1 client)',
  getSearch: `getSearch, one word (${mixClients} clients)`,
  single: 'single-command appends: setTask, 1 client, one after another',
  concurrentOneBoard: `concurrent appends: setTask from ${concurrentWriters} clients, one board`,
  concurrentOwnBoards: `concurrent appends: setTask from ${concurrentWriters} clients, a board each`,
  mixSetTask: `setTask (${mixClients} clients, one board)`,
  setMessageThenGetMessages: `setMessage then getMessages, first 30 (${mixClients} clients)`,
} as const;
type PhaseName = keyof typeof phaseLabels;

async function measureServer(server: ServerUnderTest, data: SeededData): Promise<Record<PhaseName, PhaseFigures>> {
  // The seeded sessions, sent to this server (the sessions were copied with the data).
  const clients = data.accounts.map((account) => {
    const client = new GraphqlTestClient({ graphqlUrl: server.graphqlUrl, outboxText: async () => undefined });
    for (const [name, value] of account.cookies) client.cookies.set(name, value);
    return client;
  });
  const client = (index: number) => clients[index]!;
  const taskNamed = (name: string, index: number, space = data.sharedSpace) =>
    call(client(index), setTaskMutation, { project: space, name, users: [data.accounts[index]!.id] });
  const figures: Partial<Record<PhaseName, PhaseFigures>> = {};
  const run = async (name: PhaseName, measured: () => Promise<PhaseFigures>) => {
    const result = await measured();
    figures[name] = result;
    const databaseCpu =
      server.databaseProcessesName === null ? '' : ` + ${server.databaseProcessesName} ${result.databaseCpuMsPerRequest.toFixed(2)} ms`;
    console.log(
      `  ${phaseLabels[name]}: ${result.perSecond.toFixed(1)} requests/s, p50 ${milliseconds(result.p50)}, p99 ${milliseconds(result.p99)} (${result.requests} requests); CPU per request: server ${result.serverCpuMsPerRequest.toFixed(2)} ms${databaseCpu}`,
    );
  };
  const readBoard = async (index: number) => {
    const tasks = (await call<{ getTasks: unknown[] }>(client(index), boardQuery, { project: data.sharedSpace })).getTasks;
    if (tasks.length < boardTaskCount) throw new Error(`getTasks answered ${tasks.length} tasks, fewer than the ${boardTaskCount} seeded`);
  };
  const search = async (index: number, round: number) => {
    const results = (
      await call<{ getSearch: unknown[] }>(client(index), searchQuery, { text: searchWords[(index + round + 5) % searchWords.length]! })
    ).getSearch;
    if (results.length === 0) throw new Error('getSearch found nothing for a word every seventh task carries');
  };
  // One client alone gives the latency of a read; eight at once, the throughput and the latency under load.
  await run('getTasksAlone', () => phase(server, 1, requestsPerClient.getTasksAlone, 1, readBoard));
  await run('getTasks', () => phase(server, mixClients, requestsPerClient.getTasks, 1, readBoard));
  await run('getSearchAlone', () => phase(server, 1, requestsPerClient.getSearchAlone, 1, search));
  await run('getSearch', () => phase(server, mixClients, requestsPerClient.getSearch, 1, search));
  await run('single', () =>
    phase(server, 1, singleCommandAppends, 1, async (index, round) => {
      await taskNamed(`Single task ${round}`, index);
    }),
  );
  await run('concurrentOneBoard', () =>
    phase(server, concurrentWriters, requestsPerClient.concurrentSetTask, 1, async (index, round) => {
      await taskNamed(`Concurrent task ${index}-${round}`, index);
    }),
  );
  await run('concurrentOwnBoards', () =>
    phase(server, concurrentWriters, requestsPerClient.concurrentSetTask, 1, async (index, round) => {
      await taskNamed(`Own board task ${index}-${round}`, index, data.accounts[index]!.ownSpace);
    }),
  );
  await run('mixSetTask', () =>
    phase(server, mixClients, requestsPerClient.mixSetTask, 1, async (index, round) => {
      await taskNamed(`Measured task ${index}-${round}`, index);
    }),
  );
  await run('setMessageThenGetMessages', () =>
    phase(server, mixClients, requestsPerClient.setMessageThenGetMessages, 2, async (index, round) => {
      await call(client(index), setMessageMutation, { project: data.sharedSpace, body: `Measured message ${index}-${round}` });
      const messages = (
        await call<{ getMessages: { body: string }[] }>(client(index), getMessagesQuery, { project: data.sharedSpace, first: 30 })
      ).getMessages;
      if (messages.length === 0) throw new Error('getMessages answered no messages');
    }),
  );
  return figures as Record<PhaseName, PhaseFigures>;
}

interface PeerFigures {
  singlePerSecond: number;
  singleP50: number;
  singleP99: number;
  concurrentPerSecond: number;
}

/** The event log port alone on a fresh database: one appender one append after another, then 16 on streams of their own. */
async function measureLogAppends(log: EventLogPort): Promise<PeerFigures> {
  const moved = (index: number) => ({ type: 'task.moved', payload: { taskId: `task-${index}`, position: index, movedBy: 'user-bench' } });
  const latencies: number[] = [];
  const singleStarted = performance.now();
  for (let index = 0; index < peerSingleAppends; index += 1) {
    const started = performance.now();
    await log.append(`task:single-${index % 50}`, [moved(index)], { teamId: 'team-bench', actorId: 'user-bench' });
    latencies.push(performance.now() - started);
  }
  const singleSeconds = (performance.now() - singleStarted) / 1000;
  const concurrentStarted = performance.now();
  await Promise.all(
    Array.from({ length: concurrentWriters }, async (_, appender) => {
      for (let index = 0; index < peerAppendsPerAppender; index += 1) {
        await log.append(`task:concurrent-${appender}`, [moved(index)], {
          teamId: 'team-bench',
          actorId: `user-${appender}`,
          expectedVersion: index,
        });
      }
    }),
  );
  const concurrentSeconds = (performance.now() - concurrentStarted) / 1000;
  return {
    singlePerSecond: peerSingleAppends / singleSeconds,
    singleP50: percentile(latencies, 0.5),
    singleP99: percentile(latencies, 0.99),
    concurrentPerSecond: (concurrentWriters * peerAppendsPerAppender) / concurrentSeconds,
  };
}

/** The whole log read through the port in pages of 2,000, as a replay reads it, without applying anything. */
async function measureLogRead(log: EventLogPort): Promise<number> {
  let read = 0;
  const started = performance.now();
  for await (const batch of replayLog(log, 0, 2000)) read += batch.length;
  return read / ((performance.now() - started) / 1000);
}

interface DatabaseResult {
  label: string;
  /** Whose CPU the second figure of a CPU cell is (PostgreSQL's processes), or null when only the server's is read. */
  databaseProcessesName: string | null;
  phases: Record<PhaseName, PhaseFigures>;
  replay: { applied: number; seconds: number };
  logReadPerSecond: number;
  peer: PeerFigures | null;
  loadAverageAfter: string;
}

async function measureDatabase(database: DatabaseUnderTest, data: SeededData): Promise<DatabaseResult> {
  const startedAt = performance.now();
  const server = await startServer(database);
  console.log(
    `${database.label}: server healthy in ${((performance.now() - startedAt) / 1000).toFixed(1)} s; load average ${loadAverage()}`,
  );
  let phases: Record<PhaseName, PhaseFigures>;
  try {
    phases = await measureServer(server, data);
  } finally {
    await server.stop();
  }
  const replay = JSON.parse(
    await runToEnd(['bench/projectionReplay.ts'], { DATABASE_URL: database.databaseUrl }),
  ) as DatabaseResult['replay'];
  console.log(
    `  replay (every read table rebuilt from the log, no server running): ${replay.applied} events in ${replay.seconds.toFixed(1)} s, ${Math.round(replay.applied / replay.seconds)} events/s`,
  );
  const whole = await database.openLog();
  let logReadPerSecond: number;
  try {
    logReadPerSecond = await measureLogRead(whole.log);
  } finally {
    await whole.close();
  }
  const fresh = await database.openFreshLog();
  let peer: PeerFigures | null = null;
  if (fresh) {
    try {
      peer = await measureLogAppends(fresh.log);
    } finally {
      await fresh.close();
    }
  }
  console.log(
    `  peer, the event log port alone: reads the log at ${Math.round(logReadPerSecond)} events/s; ` +
      (peer
        ? `appends ${Math.round(peer.singlePerSecond)}/s one after another (p50 ${milliseconds(peer.singleP50)}, p99 ${milliseconds(peer.singleP99)}), ${Math.round(peer.concurrentPerSecond)}/s from ${concurrentWriters} appenders`
        : 'appends not measured (DATABASE_URL names the one database to use, so there is no fresh one for the log alone)'),
  );
  const loadAverageAfter = loadAverage();
  console.log(`  load average ${loadAverageAfter}`);
  return {
    label: database.label,
    databaseProcessesName: database.postgresPort === null ? null : 'PostgreSQL',
    phases,
    replay,
    logReadPerSecond,
    peer,
    loadAverageAfter,
  };
}

/** The side-by-side table, in Markdown so it can be pasted as printed. */
function printTable(sqlite: DatabaseResult, postgresResult: DatabaseResult) {
  const rate = (value: number) => (value >= 100 ? Math.round(value).toLocaleString('en') : value.toFixed(1));
  const factor = (sqliteValue: number, postgresValue: number) => `×${(postgresValue / sqliteValue).toFixed(2)}`;
  const rows: string[][] = [];
  for (const name of Object.keys(phaseLabels) as PhaseName[]) {
    const describe = (result: DatabaseResult) => {
      const figures = result.phases[name];
      const databaseCpu = result.databaseProcessesName === null ? '' : ` + ${figures.databaseCpuMsPerRequest.toFixed(1)}`;
      return `${rate(figures.perSecond)}/s, p50 ${milliseconds(figures.p50)}, p99 ${milliseconds(figures.p99)}; CPU ${figures.serverCpuMsPerRequest.toFixed(1)}${databaseCpu} ms`;
    };
    rows.push([
      phaseLabels[name],
      describe(sqlite),
      describe(postgresResult),
      factor(sqlite.phases[name].perSecond, postgresResult.phases[name].perSecond),
    ]);
  }
  const replayRate = (result: DatabaseResult) => result.replay.applied / result.replay.seconds;
  rows.push([
    `replay: every read table rebuilt from the log (${sqlite.replay.applied.toLocaleString('en')} events)`,
    `${rate(replayRate(sqlite))} events/s`,
    `${rate(replayRate(postgresResult))} events/s`,
    factor(replayRate(sqlite), replayRate(postgresResult)),
  ]);
  const peerCell = (result: DatabaseResult, pick: (peer: PeerFigures) => string) => (result.peer ? pick(result.peer) : 'not measured');
  rows.push([
    'peer: the log port alone, 1 appender',
    peerCell(sqlite, (peer) => `${rate(peer.singlePerSecond)}/s, p50 ${milliseconds(peer.singleP50)}, p99 ${milliseconds(peer.singleP99)}`),
    peerCell(
      postgresResult,
      (peer) => `${rate(peer.singlePerSecond)}/s, p50 ${milliseconds(peer.singleP50)}, p99 ${milliseconds(peer.singleP99)}`,
    ),
    sqlite.peer && postgresResult.peer ? factor(sqlite.peer.singlePerSecond, postgresResult.peer.singlePerSecond) : '',
  ]);
  rows.push([
    `peer: the log port alone, ${concurrentWriters} appenders`,
    peerCell(sqlite, (peer) => `${rate(peer.concurrentPerSecond)}/s`),
    peerCell(postgresResult, (peer) => `${rate(peer.concurrentPerSecond)}/s`),
    sqlite.peer && postgresResult.peer ? factor(sqlite.peer.concurrentPerSecond, postgresResult.peer.concurrentPerSecond) : '',
  ]);
  rows.push([
    'peer: the log read through the port, nothing applied',
    `${rate(sqlite.logReadPerSecond)} events/s`,
    `${rate(postgresResult.logReadPerSecond)} events/s`,
    factor(sqlite.logReadPerSecond, postgresResult.logReadPerSecond),
  ]);
  console.log(`\n| figure | ${sqlite.label} | ${postgresResult.label} | PostgreSQL/SQLite |`);
  console.log('| --- | --- | --- | --- |');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  console.log(
    `CPU: the server process's milliseconds per request${postgresResult.databaseProcessesName === null ? '' : ", + those of PostgreSQL's processes"}; p50/p99 per request as each client saw it.`,
  );
  console.log(
    `\nload average after SQLite ${sqlite.loadAverageAfter}, after PostgreSQL ${postgresResult.loadAverageAfter}, now ${loadAverage()}`,
  );
}

console.log(
  `Databases benchmark: the server process on SQLite and on PostgreSQL over the same data (${boardTaskCount} tasks on one board); load average at start ${loadAverage()}`,
);
const seedDirectory = mkdtempSync(join(tmpdir(), 'bench-databases-'));
const sqliteDirectory = mkdtempSync(join(tmpdir(), 'bench-databases-sqlite-'));
let cluster: PostgresCluster | null = null;
try {
  const seedStarted = performance.now();
  const data = await seed(seedDirectory);
  console.log(
    `Seeded through GraphQL on SQLite in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s: ${data.accounts.length} accounts, ${boardTaskCount} tasks with setTask from ${concurrentWriters} clients in ${data.taskSeedSeconds.toFixed(1)} s (${Math.round(boardTaskCount / data.taskSeedSeconds)}/s), ${seededMessageCount} messages`,
  );
  // The SQLite server runs on a copy, so each database starts from the same rows; the seed folder moves to PostgreSQL.
  cpSync(seedDirectory, sqliteDirectory, { recursive: true });

  let postgresUrl: string;
  let postgresPort: number | null = null;
  let freshPostgresUrl: string | null = null;
  if (givenPostgresUrl) {
    postgresUrl = givenPostgresUrl;
  } else {
    cluster = await startPostgresCluster();
    postgresUrl = await cluster.createDatabase('workspace');
    freshPostgresUrl = await cluster.createDatabase('peer');
    postgresPort = cluster.port;
  }
  const moveStarted = performance.now();
  const moved = await runToEnd(
    ['server/src/cli/migrateToPostgres.ts', '--from', join(seedDirectory, 'workspace.sqlite'), '--to', postgresUrl],
    {
      DATA_DIR: seedDirectory,
      DATABASE_URL: postgresUrl,
    },
  );
  const replayedLine = moved.split('\n').find((line) => line.startsWith('Replayed ')) ?? '';
  console.log(
    `Moved to PostgreSQL with npm run migrate-to-postgres in ${((performance.now() - moveStarted) / 1000).toFixed(1)} s. ${replayedLine}`,
  );

  const sqliteFile = join(sqliteDirectory, 'workspace.sqlite');
  const sqlite = await measureDatabase(
    {
      label: 'SQLite (synchronous=FULL)',
      dataDirectory: sqliteDirectory,
      databaseUrl: `sqlite:${sqliteFile}`,
      serverEnvironment: { SQLITE_SYNCHRONOUS: 'FULL', DATABASE_URL: '' },
      postgresPort: null,
      openLog: async () => sqliteLog(sqliteFile),
      async openFreshLog() {
        const file = join(sqliteDirectory, 'peer.sqlite');
        const peerLog = sqliteLog(file);
        return { log: peerLog.log, close: peerLog.close };
      },
    },
    data,
  );
  const onPostgres = await measureDatabase(
    {
      label: 'PostgreSQL (fsync on)',
      dataDirectory: seedDirectory,
      databaseUrl: postgresUrl,
      serverEnvironment: { DATABASE_URL: postgresUrl },
      postgresPort,
      openLog: () => postgresLog(postgresUrl),
      openFreshLog: async () => (freshPostgresUrl === null ? null : postgresLog(freshPostgresUrl)),
    },
    data,
  );
  printTable(sqlite, onPostgres);
} finally {
  await cluster?.stop();
  rmSync(seedDirectory, { recursive: true, force: true });
  rmSync(sqliteDirectory, { recursive: true, force: true });
}
