// What the benchmarks share: a server in its own process with the clients in the benchmark's, accounts
// made through the real sign-up, members joined to one space, and the figures' arithmetic.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { openAppStorage, type AppStorage } from '../server/src/appStorage';
import { MigrationRefusedError, requireEmptyTarget } from '../server/src/cli/migrateToPostgres';
import { configForTools } from '../server/src/cli/toolConfig';
import { loadConfig } from '../server/src/config';
import { describeTarget } from '../server/src/core/postgres/connect';
import { openDatabase, type DatabaseHandle } from '../server/src/db/connection';
import { newId } from '../server/src/core/ids';
import { domains } from '../server/src/domains';
import { freePort, GraphqlTestClient, startServerProcess } from '../tests/integration/harness';

export type Synchronous = 'NORMAL' | 'FULL';

/** A process's resident memory in bytes, from /proc (the server's, measured apart from the benchmark's own). */
export const residentBytes = (pid: number | undefined) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

/** The machine's 1, 5 and 15 minute load averages, printed with the figures so a busy machine shows. */
export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

export const synchronousFromEnvironment = (): Synchronous => (process.env.SQLITE_SYNCHRONOUS === 'NORMAL' ? 'NORMAL' : 'FULL');

export const percentile = (samples: readonly number[], fraction: number) => {
  const sorted = [...samples].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
};
export const milliseconds = (value: number) => `${value.toFixed(1)} ms`;
export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function inBatches<Item, Result>(
  items: readonly Item[],
  size: number,
  work: (item: Item) => Promise<Result>,
): Promise<Result[]> {
  const results: Result[] = [];
  for (let start = 0; start < items.length; start += size) results.push(...(await Promise.all(items.slice(start, start + size).map(work))));
  return results;
}

export async function call<Data>(client: GraphqlTestClient, query: string, variables: Record<string, unknown> = {}): Promise<Data> {
  const result = await client.execute<Data>(query, variables);
  if (!result.data || result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

/**
 * The PostgreSQL database DATABASE_URL names (`postgres://…`): a benchmark that starts a server runs it there instead
 * of on a SQLite file in its data folder. The database must be empty (the benchmark's first account administers the
 * instance, and its figures are of its own data); make a new one per run, as the server needs it:
 * `CREATE DATABASE bench TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C.UTF-8'`. Null: SQLite.
 */
export const benchPostgresUrl: string | null = /^postgres(ql)?:\/\//i.test(process.env.DATABASE_URL?.trim() ?? '')
  ? process.env.DATABASE_URL!.trim()
  : null;

/** The database a benchmark's server runs on, as the benchmark itself reaches it (beside the server, not through it). */
export interface BenchDatabase {
  /** For the printed headers: "SQLite synchronous=FULL" or "PostgreSQL". */
  label: string;
  /** The SQLite file's handle, for the figures only SQLite has (its file size, FTS5 internals); null on PostgreSQL. */
  sqlite: DatabaseHandle | null;
  /** The number a query without parameters answers, written the same for both (a count, a max). */
  scalar(query: string): Promise<number>;
  /** The newest verification mail's text the server keeps for `to` (no SMTP is configured). */
  outboxText(to: string): Promise<string | undefined>;
  /**
   * The server's command door and read tables opened in this process too, to seed faster than GraphQL would (opened
   * on the first call, closed by `close`). On PostgreSQL the server hears these commits through LISTEN/NOTIFY.
   */
  storage(): Promise<AppStorage>;
  close(): Promise<void>;
}

/** Refuses a PostgreSQL database holding rows, before a server is started on it. */
export async function requireEmptyPostgres(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => undefined });
  const { database } = describeTarget(url);
  try {
    await requireEmptyTarget(sql, database);
  } catch (error) {
    if (!(error instanceof MigrationRefusedError)) throw error;
    throw new Error(
      `A benchmark runs on an empty database only: its first account administers the instance, and its figures are of its own data. ` +
        `Make a new one for each run: CREATE DATABASE ${database}_2 TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C.UTF-8'`,
      { cause: error },
    );
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** How the benchmark reaches the database of the server it started on `dataDirectory` (or on `postgresUrl`). */
export function openBenchDatabase(dataDirectory: string, synchronous: Synchronous, postgresUrl: string | null): BenchDatabase {
  const environment = { ...process.env, DATA_DIR: dataDirectory, DATABASE_URL: postgresUrl ?? '', SQLITE_SYNCHRONOUS: synchronous };
  let opened: Promise<AppStorage> | null = null;
  if (postgresUrl) {
    const sql = postgres(postgresUrl, { max: 2, onnotice: () => undefined });
    return {
      label: 'PostgreSQL',
      sqlite: null,
      async scalar(query) {
        const [row] = await sql.unsafe<Record<string, unknown>[]>(query);
        return Number(Object.values(row ?? {})[0]);
      },
      async outboxText(to) {
        const [mail] = await sql<{ text: string }[]>`SELECT text FROM outbox WHERE "to" = ${to} ORDER BY created_at DESC LIMIT 1`;
        return mail?.text;
      },
      storage: () => (opened ??= openAppStorage(configForTools(loadConfig, environment), domains)),
      async close() {
        await (await opened)?.close();
        await sql.end({ timeout: 5 });
      },
    };
  }
  const database = openDatabase(join(dataDirectory, 'workspace.sqlite'), { synchronous, migrate: false });
  const newestMail = database.sqlite.prepare('SELECT text FROM outbox WHERE "to" = ? ORDER BY created_at DESC, rowid DESC LIMIT 1');
  return {
    label: `SQLite synchronous=${synchronous}`,
    sqlite: database,
    scalar: async (query) => Number(database.sqlite.prepare(query).pluck().get()),
    outboxText: async (to) => (newestMail.get(to) as { text: string } | undefined)?.text,
    storage: () => (opened ??= openAppStorage(configForTools(loadConfig, environment), domains, { database })),
    async close() {
      await (await opened)?.close();
      database.close();
    },
  };
}

/**
 * Starts the server as `npm start` runs it, in its own process on a fresh data folder (on the PostgreSQL database
 * DATABASE_URL names, if it does, unless `onSqlite`: a seed folder kept between runs), and reaches its database
 * beside it: the clients read verification links from the outbox like the integration tests do.
 */
export async function startBenchServer(
  name: string,
  synchronous: Synchronous,
  environment: Record<string, string> = {},
  { onSqlite = false }: { onSqlite?: boolean } = {},
) {
  const postgresUrl = onSqlite ? null : benchPostgresUrl;
  if (postgresUrl) await requireEmptyPostgres(postgresUrl);
  const dataDirectory = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  const server = await startServerProcess(dataDirectory, {
    SQLITE_SYNCHRONOUS: synchronous,
    DATABASE_URL: postgresUrl ?? '',
    ...environment,
  });
  const database = openBenchDatabase(dataDirectory, synchronous, postgresUrl);
  const target = {
    graphqlUrl: `${server.url}/graphql`,
    websocketUrl: `ws://127.0.0.1:${server.port}/graphql`,
    outboxText: (to: string) => database.outboxText(to),
  };
  return { dataDirectory, server, database, target };
}

export type BenchTarget = Awaited<ReturnType<typeof startBenchServer>>['target'];

/** What signing up needs of a server: where its GraphQL is and how to read the verification mail. */
export type SignUpTarget = Pick<BenchTarget, 'graphqlUrl' | 'outboxText'>;

export async function signUp(target: SignUpTarget, firstname: string) {
  const client = new GraphqlTestClient(target);
  const account = await client.signUp({ firstname, email: `${firstname.toLowerCase()}-${newId()}@example.com` });
  return { client, id: account.user.id, email: account.user.email, teamId: account.team.id };
}

export type BenchAccount = Awaited<ReturnType<typeof signUp>>;

/** setTeamPlan to business with ten seats, the free plan's member limit, so members count as they did on free. */
export const businessPlanMutation =
  'mutation ($team: ID!) { setTeamPlan(team: $team, plan: "business", period: "monthly", seats: 10) { type } }';

/**
 * Puts the admin's team on the business plan as an instance administrator does (the first account of a bench
 * server administers it): the benchmarks make more spaces, docs and tasks than the free plan allows (SPEC §9).
 */
export async function withBusinessPlan(admin: BenchAccount): Promise<void> {
  await call(admin.client, businessPlanMutation, { team: admin.teamId });
}

/** A new account added to the admin's team by address and switched to it, as an invited member would be. */
export async function teamMember(target: SignUpTarget, admin: BenchAccount, firstname: string): Promise<BenchAccount> {
  const member = await signUp(target, firstname);
  await call(admin.client, 'mutation ($email: String!, $id: ID!) { addUserTeam(email: $email, id: $id) { id } }', {
    email: member.email,
    id: admin.teamId,
  });
  await call(member.client, 'mutation ($team: ID!) { switchTeam(team: $team) { id } }', { team: admin.teamId });
  return member;
}

/** An admin (on the business plan) with a public space, and `count` members of the admin's team who joined it. */
export async function spaceWithMembers(target: BenchTarget, count: number) {
  const admin = await signUp(target, 'Admin');
  await withBusinessPlan(admin);
  const space = (
    await call<{ setProject: { id: string } }>(admin.client, 'mutation { setProject(name: "Benchmark", type: "public") { id } }')
  ).setProject.id;
  const members = await inBatches(
    Array.from({ length: count }, (_, index) => index),
    5,
    async (index) => {
      const member = await teamMember(target, admin, `Member${index}`);
      await call(member.client, 'mutation ($project: ID!) { joinProject(project: $project) { id } }', { project: space });
      return member;
    },
  );
  return { admin, space, members };
}

/**
 * The server as `npm start` runs it, in its own process, on a data folder the benchmark prepared (a copy of a
 * seeded one), with extra arguments for node such as `--cpu-prof`: a profile is written when the server exits
 * on SIGTERM. With DATABASE_URL naming PostgreSQL the server runs on that (empty) database, into which the folder's
 * SQLite file, when it has one, is first moved with `npm run migrate-to-postgres`. The benchmark reaches the database beside
 * it, as startBenchServer does.
 */
export async function startBenchServerOn(
  dataDirectory: string,
  synchronous: Synchronous,
  environment: Record<string, string> = {},
  nodeArguments: readonly string[] = [],
) {
  if (benchPostgresUrl) {
    if (existsSync(join(dataDirectory, 'workspace.sqlite'))) await moveToBenchPostgres(dataDirectory, benchPostgresUrl);
    else await requireEmptyPostgres(benchPostgresUrl);
  }
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArguments, '--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDirectory,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      RATE_LIMITS: 'false',
      SQLITE_SYNCHRONOUS: synchronous,
      DATABASE_URL: benchPostgresUrl ?? '',
      ...environment,
    },
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  let healthy = false;
  for (let attempt = 0; attempt < 300 && !healthy; attempt += 1) {
    healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (!healthy) await wait(200);
  }
  if (!healthy) {
    child.kill('SIGKILL');
    throw new Error('the server process did not become healthy');
  }
  const database = openBenchDatabase(dataDirectory, synchronous, benchPostgresUrl);
  const target = {
    graphqlUrl: `${url}/graphql`,
    websocketUrl: `ws://127.0.0.1:${port}/graphql`,
    outboxText: (to: string) => database.outboxText(to),
  };
  return { dataDirectory, server: { child, exited, url, port }, database, target };
}

/**
 * Moves a prepared data folder's SQLite file into the PostgreSQL database (which must be empty) as an operator would,
 * with `npm run migrate-to-postgres`: every read table is replayed there and compared with SQLite's.
 */
async function moveToBenchPostgres(dataDirectory: string, url: string): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/src/cli/migrateToPostgres.ts', '--from', join(dataDirectory, 'workspace.sqlite'), '--to', url],
    { env: { ...process.env, DATA_DIR: dataDirectory, DATABASE_URL: url }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`moving the prepared data to PostgreSQL failed (migrate-to-postgres exited with ${code}):\n${errors}`);
}
