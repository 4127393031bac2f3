import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { startPostgresCluster, type PostgresCluster } from './postgresCluster';
import type { Command, SequenceRun } from './propertyCommands';

/**
 * The property test's two doors (tests/integration/property-postgres.test.ts): sequences of commands run by
 * tests/support/propertyOnDoor.ts in one child process on SQLite and one on a PostgreSQL database of a throw-away
 * cluster, all the sequences of a batch in each child (a process and a cluster start cost seconds; a sequence, a
 * fraction of one). The cluster is started once and stopped by `stop`.
 */
export interface PropertyDoors {
  /** Runs every sequence on both databases: what each child wrote, sequence by sequence. */
  run(sequences: readonly (readonly Command[])[]): Promise<{ onSqlite: SequenceRun[]; onPostgres: SequenceRun[] }>;
  stop(): Promise<void>;
}

export async function openPropertyDoors(): Promise<PropertyDoors> {
  // Without autovacuum: its ANALYZE holds a transaction id, and the log's readers by position stop below one, so a
  // read of the log right after the appends could miss the newest (tests/support/postgresCluster.ts).
  const cluster: PostgresCluster = await startPostgresCluster({ autovacuum: false });
  const folder = mkdtempSync(join(tmpdir(), 'property-'));
  let batch = 0;
  try {
    const url = await cluster.createDatabase('property');
    // Commits not waiting for the WAL to reach the disk: the property is about what the database decides, not what
    // survives a crash (tests/integration/postgres-crash.test.ts), and every command of every sequence commits.
    await cluster.administer('ALTER DATABASE property SET synchronous_commit = off');
    return {
      async run(sequences) {
        batch += 1;
        const sequencesFile = join(folder, `sequences-${batch}.json`);
        writeFileSync(sequencesFile, JSON.stringify(sequences));
        const [onSqlite, onPostgres] = await Promise.all([
          runChild(sequencesFile, join(folder, `sqlite-${batch}.json`), null),
          runChild(sequencesFile, join(folder, `postgresql-${batch}.json`), url),
        ]);
        if (onSqlite.dialect !== 'sqlite' || onPostgres.dialect !== 'postgresql')
          throw new Error(`The children ran on ${onSqlite.dialect} and ${onPostgres.dialect}, not SQLite and PostgreSQL.`);
        return { onSqlite: onSqlite.results, onPostgres: onPostgres.results };
      },
      async stop() {
        rmSync(folder, { recursive: true, force: true });
        await cluster.stop();
      },
    };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    await cluster.stop();
    throw error;
  }
}

/** Runs the child on SQLite (no DATABASE_URL) or on the PostgreSQL database at `url`, and reads what it wrote. */
function runChild(sequencesFile: string, resultsFile: string, url: string | null): Promise<{ dialect: string; results: SequenceRun[] }> {
  const environment: NodeJS.ProcessEnv = { ...process.env, PROPERTY_SEQUENCES: sequencesFile, PROPERTY_RESULTS: resultsFile };
  delete environment['DATABASE_URL'];
  if (url) environment['DATABASE_URL'] = url;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/propertyOnDoor.ts'], {
      env: environment,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`The property's child on ${url ? 'PostgreSQL' : 'SQLite'} ended with ${code}:\n${errors}`));
      else resolve(JSON.parse(readFileSync(resultsFile, 'utf8')) as { dialect: string; results: SequenceRun[] });
    });
  });
}

/**
 * How one sequence's two runs break the property, or null when they keep it: each command came to the same on both
 * (answered alike or refused with the same code, never failed), the tables hold the same rows, the logs the same
 * events, and on each database a replay of the log rebuilds the rows it holds live.
 */
export function violationOf(sequence: readonly Command[], onSqlite: SequenceRun, onPostgres: SequenceRun): string | null {
  const runs = { SQLite: onSqlite, PostgreSQL: onPostgres };
  for (const [index, command] of sequence.entries()) {
    const [sqliteOutcome, postgresOutcome] = [onSqlite.outcomes[index], onPostgres.outcomes[index]];
    for (const [dialect, outcome] of [
      ['SQLite', sqliteOutcome],
      ['PostgreSQL', postgresOutcome],
    ] as const)
      if (outcome && typeof outcome === 'object' && 'failed' in outcome)
        return `command ${index + 1} ${JSON.stringify(command)} failed on ${dialect}: ${String(outcome.failed)}`;
    if (!isDeepStrictEqual(sqliteOutcome, postgresOutcome))
      return `command ${index + 1} ${JSON.stringify(command)} came to ${JSON.stringify(sqliteOutcome)} on SQLite and ${JSON.stringify(postgresOutcome)} on PostgreSQL`;
  }
  const rowsDiffer = tablesDiffering(onSqlite.live, onPostgres.live);
  if (rowsDiffer) return `the tables differ: ${rowsDiffer} (left SQLite, right PostgreSQL)`;
  for (const [dialect, run] of Object.entries(runs)) {
    const replayDiffers = tablesDiffering(run.live, run.replayed);
    if (replayDiffers) return `on ${dialect}, a replay rebuilds other rows: ${replayDiffers} (left live, right replayed)`;
  }
  const eventIndex = onSqlite.events.findIndex((event, index) => !isDeepStrictEqual(event, onPostgres.events[index]));
  if (eventIndex >= 0 || onSqlite.events.length !== onPostgres.events.length) {
    const at = eventIndex >= 0 ? eventIndex : Math.min(onSqlite.events.length, onPostgres.events.length);
    return `the logs differ from event ${at + 1}: ${JSON.stringify(onSqlite.events[at] ?? null)} on SQLite, ${JSON.stringify(onPostgres.events[at] ?? null)} on PostgreSQL`;
  }
  return null;
}

/** The first table whose rows differ, with the rows only one side has (a few of them), or null. */
function tablesDiffering(left: Record<string, unknown[]>, right: Record<string, unknown[]>): string | null {
  for (const table of new Set([...Object.keys(left), ...Object.keys(right)])) {
    const [leftRows, rightRows] = [left[table] ?? [], right[table] ?? []];
    if (isDeepStrictEqual(leftRows, rightRows)) continue;
    const only = (rows: unknown[], others: unknown[]) =>
      rows.filter((row) => !others.some((other) => isDeepStrictEqual(row, other))).slice(0, 3);
    return `${table}: ${JSON.stringify(only(leftRows, rightRows))} against ${JSON.stringify(only(rightRows, leftRows))}`;
  }
  return null;
}

/**
 * A shorter sequence that still breaks the property, found in at most `rounds` batches: each batch runs the sequence
 * without each of its halves, quarters, … and single commands (every part of a sequence is a sequence), and the
 * shortest that still fails is the next round's. A batch costs two child processes, so the budget is small.
 */
export async function shrinkFailing(
  doors: PropertyDoors,
  failing: { sequence: Command[]; violation: string },
  rounds: number,
): Promise<{ sequence: Command[]; violation: string; rounds: number }> {
  let smallest = failing;
  for (let round = 1; round <= rounds; round += 1) {
    const candidates = withoutParts(smallest.sequence);
    if (candidates.length === 0) return { ...smallest, rounds: round - 1 };
    const { onSqlite, onPostgres } = await doors.run(candidates);
    const failingCandidates = candidates
      .map((sequence, index) => ({ sequence, violation: violationOf(sequence, onSqlite[index]!, onPostgres[index]!) }))
      .filter((candidate): candidate is { sequence: Command[]; violation: string } => candidate.violation !== null)
      .sort((left, right) => left.sequence.length - right.sequence.length);
    if (!failingCandidates[0]) return { ...smallest, rounds: round };
    smallest = failingCandidates[0];
  }
  return { ...smallest, rounds };
}

/** The sequence without one of its parts, for part sizes from half of it down to one command (none twice). */
function withoutParts(sequence: readonly Command[]): Command[][] {
  const seen = new Set<string>();
  const candidates: Command[][] = [];
  for (let size = Math.floor(sequence.length / 2); size >= 1; size = Math.floor(size / 2)) {
    for (let start = 0; start < sequence.length; start += size) {
      const candidate = [...sequence.slice(0, start), ...sequence.slice(start + size)];
      const key = JSON.stringify(candidate);
      if (candidate.length > 0 && !seen.has(key)) {
        seen.add(key);
        candidates.push(candidate);
      }
    }
  }
  return candidates;
}
