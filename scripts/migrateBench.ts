import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { seedEveryArea } from '../tests/integration/everyAreaSeed';
import { startTestServer } from '../tests/integration/harness';
import { startFakeOpenAi } from '../tests/integration/support/fakeOpenAi';
import { startPostgresCluster } from '../tests/support/postgresCluster';

/*
 * Times `npm run migrate-to-postgres` on one seeded instance, so that two versions of the command compare on the
 * same data:
 *   npx tsx scripts/migrateBench.ts seed --rounds 60 --into /tmp/migrate-seed
 *     makes a SQLite instance with every area's data (tests/integration/everyAreaSeed.ts, `rounds` rounds of work)
 *   npx tsx scripts/migrateBench.ts time --seed /tmp/migrate-seed --checkout /work/main --checkout . --runs 3
 *     moves a copy of it into a new database of a throw-away PostgreSQL cluster with each checkout's command in turn
 *     (A B A B …), and prints each run's replay figure as the command prints it, the CPU seconds the command's
 *     process and the PostgreSQL server spent on the whole move (on a loaded machine the wall time follows the load;
 *     the CPU time much less), and the load average.
 */

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string', default: '40' },
    into: { type: 'string' },
    seed: { type: 'string' },
    checkout: { type: 'string', multiple: true },
    runs: { type: 'string', default: '3' },
  },
});

const load = () =>
  loadavg()
    .map((figure) => figure.toFixed(2))
    .join(' ');

async function seed(into: string, rounds: number): Promise<void> {
  const fake = await startFakeOpenAi();
  const server = await startTestServer({
    SALES_EMAIL: 'sales@example.com',
    AI_BASE_URL: fake.baseUrl,
    AI_API_KEY: 'bench-key',
    AI_MODEL: 'bench-model',
    AI_TIMEOUT_MS: '20000',
    AI_REQUESTS_PER_MINUTE: '100000',
  });
  const started = performance.now();
  try {
    await seedEveryArea(server, rounds);
  } finally {
    await server.app.server.close();
    await fake.close();
  }
  mkdirSync(into, { recursive: true });
  for (const name of ['workspace.sqlite', 'secret.key']) copyFileSync(join(server.dataDirectory, name), join(into, name));
  rmSync(server.dataDirectory, { recursive: true, force: true });
  const database = new Database(join(into, 'workspace.sqlite'), { readonly: true });
  const byArea = database
    .prepare("SELECT substr(type, 1, instr(type, '.') - 1) AS area, count(*) AS count FROM events GROUP BY area ORDER BY count DESC")
    .all() as { area: string; count: number }[];
  database.close();
  console.log(`Seeded ${rounds} rounds in ${((performance.now() - started) / 1000).toFixed(0)} s into ${into}:`);
  console.log(byArea.map((row) => `${row.area} ${row.count}`).join(', '));
}

/** User and system seconds of a process's reaped children (`/proc/<pid>/stat` cutime and cstime, in clock ticks). */
function childrenCpuSeconds(pid: number | 'self'): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** The cluster's postmaster, whose reaped children are the backends that served each move. */
function postmasterOf(port: number): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (command[0]?.endsWith('/postgres') && command.includes('-p') && command[command.indexOf('-p') + 1] === String(port))
        return Number(entry);
    } catch {
      // A process that ended while the folder was read.
    }
  }
  throw new Error(`No PostgreSQL server process listens on port ${port}.`);
}

function run(checkout: string, args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(checkout, 'server/src/cli/migrateToPostgres.ts'), ...args], {
    cwd: checkout,
    env: { ...process.env, DATABASE_URL: '', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((done) => child.once('close', (code) => done({ code, output })));
}

async function time(seedFolder: string, checkouts: string[], runs: number): Promise<void> {
  const cluster = await startPostgresCluster();
  const postmaster = postmasterOf(cluster.port);
  const work = mkdtempSync(join(tmpdir(), 'migrate-bench-'));
  try {
    let database = 0;
    for (let attempt = 0; attempt < runs; attempt += 1) {
      for (const checkout of checkouts) {
        database += 1;
        const copy = join(work, `run${database}.sqlite`);
        copyFileSync(join(seedFolder, 'workspace.sqlite'), copy);
        const target = await cluster.createDatabase(`bench_${database}`);
        const loadBefore = load();
        const commandCpu = childrenCpuSeconds('self');
        const serverCpu = childrenCpuSeconds(postmaster);
        const { code, output } = await run(checkout, ['--from', copy, '--to', target]);
        // The backend's time is its postmaster's once it has exited and been reaped: wait for that.
        await new Promise((resolve) => setTimeout(resolve, 500));
        const cpu = `CPU: command ${(childrenCpuSeconds('self') - commandCpu).toFixed(1)} s, PostgreSQL ${(childrenCpuSeconds(postmaster) - serverCpu).toFixed(1)} s`;
        const replayed = /Replayed .*\(([\d,]+) events\/s\)\./.exec(output)?.[0];
        const outcome = replayed ?? output.trim().split('\n').slice(-3).join(' | ');
        console.log(`${checkout}: exit ${code}; ${outcome} ${cpu}; load ${loadBefore} → ${load()}`);
        rmSync(copy, { force: true });
      }
    }
  } finally {
    await cluster.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

const [mode] = positionals;
if (mode === 'seed' && values.into) {
  await seed(resolve(values.into), Number(values.rounds));
  // The server's sockets (docs' rooms, the AI fake's streams) may keep the process alive after they closed.
  process.exit(0);
} else if (mode === 'time' && values.seed && existsSync(join(values.seed, 'workspace.sqlite')) && values.checkout?.length) {
  await time(
    resolve(values.seed),
    values.checkout.map((checkout) => resolve(checkout)),
    Number(values.runs),
  );
} else {
  console.error(
    'Usage: npx tsx scripts/migrateBench.ts seed --rounds <n> --into <folder> | time --seed <folder> --checkout <dir> … [--runs <n>]',
  );
  process.exitCode = 2;
}
