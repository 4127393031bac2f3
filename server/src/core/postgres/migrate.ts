import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Sql } from './connect';

/** A folder of SQL migrations and the name its files are recorded under in `schema_migrations` (`area/file`). */
export interface PostgresMigrations {
  area: string;
  folder: string;
}

export const postgresMigrationsFolder = resolve(import.meta.dirname, 'migrations');
export const eventLogMigrations: PostgresMigrations = { area: 'event_log', folder: postgresMigrationsFolder };

/** Any number taken by no other lock: every process that starts at once applies the migrations one after the other. */
const migrationLockKey = 2_021_000_001;

/**
 * Applies the SQL files of a migrations folder not applied yet, in name order, with their records in
 * `schema_migrations`, in one transaction: a start that fails half-way leaves the database as it was. Answers the
 * names of the files it applied.
 * Several folders share the table, so each record is `area/file`: two folders' files of one name do not shadow each
 * other. Records of bare file names (written before areas, on throw-away clusters only) are taken over by the area
 * whose folder holds the file; no two folders held one name then.
 * Until the one Drizzle schema covers both dialects (the next slice of issue 21), the event log's tables live here.
 */
export async function migratePostgres(sql: Sql, migrations: PostgresMigrations = eventLogMigrations): Promise<string[]> {
  if (!/^[a-z][a-z0-9_]*$/.test(migrations.area)) throw new Error(`A migrations area is a lower-case name, not "${migrations.area}".`);
  const files = migrationFiles(migrations.folder);
  const prefix = `${migrations.area}/`;
  const applied: string[] = [];
  await sql.begin(async (transaction) => {
    await transaction`SELECT pg_advisory_xact_lock(${migrationLockKey})`;
    await transaction`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`;
    await transaction`
      UPDATE schema_migrations SET name = ${prefix} || name
      WHERE name = any(${transaction.array(files)}::text[]) AND NOT EXISTS (
        SELECT 1 FROM schema_migrations AS recorded WHERE recorded.name = ${prefix} || schema_migrations.name)`;
    const done = new Set(
      (await transaction<{ name: string }[]>`SELECT name FROM schema_migrations WHERE starts_with(name, ${prefix})`).map((row) =>
        row.name.slice(prefix.length),
      ),
    );
    for (const name of files) {
      if (done.has(name)) continue;
      try {
        await transaction.unsafe(readFileSync(join(migrations.folder, name), 'utf8'));
      } catch (error) {
        // The driver's error stays the cause (its code tells a missing privilege from the rest).
        throw new Error(`Migration ${prefix + name} failed, and none of this start's migrations was applied: ${(error as Error).message}`, {
          cause: error,
        });
      }
      await transaction`INSERT INTO schema_migrations (name) VALUES (${prefix + name})`;
      applied.push(name);
    }
  });
  return applied;
}

/** The files of a migrations folder not applied yet, in order, as `area/file`; nothing is changed. */
export async function pendingPostgresMigrations(sql: Sql, migrations: PostgresMigrations = eventLogMigrations): Promise<string[]> {
  const files = migrationFiles(migrations.folder);
  const [table] = await sql<{ exists: boolean }[]>`SELECT to_regclass('schema_migrations') IS NOT NULL AS exists`;
  const recorded = table?.exists
    ? new Set((await sql<{ name: string }[]>`SELECT name FROM schema_migrations`).map((row) => row.name))
    : new Set<string>();
  // A bare file name is a record written before areas (see migratePostgres): taken over, not applied again.
  return files
    .filter((name) => !recorded.has(`${migrations.area}/${name}`) && !recorded.has(name))
    .map((name) => `${migrations.area}/${name}`);
}

function migrationFiles(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort();
}
