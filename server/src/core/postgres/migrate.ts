import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Sql } from './connect';

export const postgresMigrationsFolder = resolve(import.meta.dirname, 'migrations');

/** Any number taken by no other lock: every process that starts at once applies the migrations one after the other. */
const migrationLockKey = 2_021_000_001;

/**
 * Applies the SQL files of `migrations/` not applied yet, in name order, with their records in
 * `schema_migrations`, in one transaction: a start that fails half-way leaves the database as it was.
 * Until the one Drizzle schema covers both dialects (the next slice of issue 21), the event log's tables live here.
 */
export async function migratePostgres(sql: Sql, folder = postgresMigrationsFolder): Promise<string[]> {
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  await sql.begin(async (transaction) => {
    await transaction`SELECT pg_advisory_xact_lock(${migrationLockKey})`;
    await transaction`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`;
    const done = new Set((await transaction<{ name: string }[]>`SELECT name FROM schema_migrations`).map((row) => row.name));
    for (const name of files) {
      if (done.has(name)) continue;
      await transaction.unsafe(readFileSync(join(folder, name), 'utf8'));
      await transaction`INSERT INTO schema_migrations (name) VALUES (${name})`;
      applied.push(name);
    }
  });
  return applied;
}
