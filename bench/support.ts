// What the benchmarks share: a server in its own process with the clients in the benchmark's, accounts
// made through the real sign-up, members joined to one space, and the figures' arithmetic.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { App } from '../server/src/app';
import { openDatabase } from '../server/src/db/connection';
import { newId } from '../server/src/core/ids';
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
 * Starts the server as `npm start` runs it, in its own process on a fresh data folder, and opens its
 * database beside it: the clients read verification links from the outbox like the integration tests do.
 */
export async function startBenchServer(name: string, synchronous: Synchronous, environment: Record<string, string> = {}) {
  const dataDirectory = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  const server = await startServerProcess(dataDirectory, { SQLITE_SYNCHRONOUS: synchronous, ...environment });
  const database = openDatabase(join(dataDirectory, 'workspace.sqlite'), { synchronous, migrate: false });
  const target = {
    graphqlUrl: `${server.url}/graphql`,
    websocketUrl: `ws://127.0.0.1:${server.port}/graphql`,
    app: { services: { database } } as unknown as App,
  };
  return { dataDirectory, server, database, target };
}

export type BenchTarget = Awaited<ReturnType<typeof startBenchServer>>['target'];

export async function signUp(target: BenchTarget, firstname: string) {
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
      const member = await signUp(target, `Member${index}`);
      await call(admin.client, 'mutation ($email: String!, $id: ID!) { addUserTeam(email: $email, id: $id) { id } }', {
        email: member.email,
        id: admin.teamId,
      });
      await call(member.client, 'mutation ($team: ID!) { switchTeam(team: $team) { id } }', { team: admin.teamId });
      await call(member.client, 'mutation ($project: ID!) { joinProject(project: $project) { id } }', { project: space });
      return member;
    },
  );
  return { admin, space, members };
}

/**
 * The server as `npm start` runs it, in its own process, on a data folder the benchmark prepared (a copy of a
 * seeded one), with extra arguments for node such as `--cpu-prof`: a profile is written when the server exits
 * on SIGTERM. The benchmark's own handle on the database is opened beside it, as startBenchServer does.
 */
export async function startBenchServerOn(
  dataDirectory: string,
  synchronous: Synchronous,
  environment: Record<string, string> = {},
  nodeArguments: readonly string[] = [],
) {
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
  const database = openDatabase(join(dataDirectory, 'workspace.sqlite'), { synchronous, migrate: false });
  const target = {
    graphqlUrl: `${url}/graphql`,
    websocketUrl: `ws://127.0.0.1:${port}/graphql`,
    app: { services: { database } } as unknown as App,
  };
  return { dataDirectory, server: { child, exited, url, port }, database, target };
}
