import { spawn } from 'node:child_process';
import { startPostgresCluster } from './postgresCluster';

/** What most scenarios print: commands' outcomes, reads, the tables' rows live and after a replay, and the log. */
export interface AreaRun {
  dialect: string;
  outcomes: Record<string, unknown>;
  reads: Record<string, unknown>;
  live: Record<string, unknown[]>;
  replayed: Record<string, unknown[]>;
  events: { stream: string; version: number; type: string }[];
}

/**
 * Runs an area's scenario (`tests/support/<area>OnDoor.ts`) once on a SQLite file and once on a throw-away
 * PostgreSQL cluster, each in a process of its own since an area's tables are picked once per process
 * (db/pickTable.ts), and answers what each printed: one JSON line after `<area>-on-door:`. The cluster is stopped
 * once both have run.
 */
export async function runOnBothDoors<Run>(area: string): Promise<{ onSqlite: Run; onPostgres: Run }> {
  const cluster = await startPostgresCluster();
  try {
    const url = await cluster.createDatabase(`${area}_on_door`);
    const [onSqlite, onPostgres] = await Promise.all([runOnDoor<Run>(area, null), runOnDoor<Run>(area, url)]);
    return { onSqlite, onPostgres };
  } finally {
    await cluster.stop();
  }
}

/** Runs the scenario in a child process on SQLite (no DATABASE_URL) or on the PostgreSQL database at `url`. */
function runOnDoor<Run>(area: string, url: string | null): Promise<Run> {
  const environment: NodeJS.ProcessEnv = { ...process.env };
  delete environment['DATABASE_URL'];
  if (url) environment['DATABASE_URL'] = url;
  const marker = `${area}-on-door:`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `tests/support/${area}OnDoor.ts`], {
      env: environment,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = output.split('\n').find((candidate) => candidate.startsWith(marker));
      if (code !== 0 || !line) reject(new Error(`The ${area} scenario ended with ${code} and no result:\n${errors}`));
      else resolve(JSON.parse(line.slice(marker.length)) as Run);
    });
  });
}
