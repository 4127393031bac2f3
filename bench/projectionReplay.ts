// Rebuilds every read table from the event log of the database DATABASE_URL names, as `npm run rebuild-projections`
// does on SQLite and the move to PostgreSQL does there, and prints one line of JSON: the events applied and the
// seconds the rebuild took. bench/databases.ts runs it as a child process once per database, with no server running
// on it: the areas pick their tables once per process from DATABASE_URL (db/pickTable.ts), so one process cannot
// replay on both. `sqlite:<absolute file>` or `postgres://…`.
import { drizzle } from 'drizzle-orm/postgres-js';
import { connectPostgres } from '../server/src/core/postgres/connect';
import { replayPostgresProjections } from '../server/src/core/postgres/projectionReplay';
import { replay } from '../server/src/core/sqlite/replay';
import { openDatabase } from '../server/src/db/connection';
import { asPostgresProjections, tableDialect } from '../server/src/db/pickTable';
import { domains } from '../server/src/domains';

const databaseUrl = process.env['DATABASE_URL'] ?? '';
const projections = domains.flatMap((module) => module.projections);

async function replayOnSqlite(file: string) {
  const database = openDatabase(file, { synchronous: 'FULL', migrate: false });
  try {
    const started = performance.now();
    const { applied } = await replay(database, database, projections);
    return { applied, seconds: (performance.now() - started) / 1000 };
  } finally {
    database.close();
  }
}

async function replayOnPostgres(url: string) {
  const sql = await connectPostgres({ url, poolSize: 1, statementTimeoutMs: 600_000 }, 'workspace-bench-replay');
  // Drizzle sets the pool's JSON and time serializers, as the server's door does (core/postgres/eventStore.ts).
  drizzle(sql);
  try {
    const started = performance.now();
    const { applied } = await replayPostgresProjections(sql, asPostgresProjections(projections));
    return { applied, seconds: (performance.now() - started) / 1000 };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

if (tableDialect === 'postgresql') {
  console.log(JSON.stringify(await replayOnPostgres(databaseUrl)));
} else {
  const file = databaseUrl.replace(/^sqlite:(\/\/)?/, '');
  if (!file.startsWith('/')) throw new Error(`DATABASE_URL must be sqlite:<absolute file> or postgres://…, not "${databaseUrl}"`);
  console.log(JSON.stringify(await replayOnSqlite(file)));
}
