import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Sql } from '../postgres/connect';
import type { PostgresMigrations } from '../postgres/migrate';

/** The registry, job leases and runs, and claimed work: tables of several processes on one database (issue 22). */
export const clusterMigrations: PostgresMigrations = { area: 'cluster', folder: resolve(import.meta.dirname, 'migrations') };

/**
 * A database migrated by a newer build than this one: serving on it could write rows its newer tables or rules do
 * not expect. Start-up prints the message and exits 1 (main.ts).
 */
export class NewerSchemaError extends Error {
  override name = 'NewerSchemaError';

  constructor(readonly migrations: readonly string[]) {
    super(newerSchemaMessage(migrations));
  }
}

export function newerSchemaMessage(migrations: readonly string[]): string {
  return (
    `the database has migrations this build lacks (${migrations.join(', ')}): a newer version runs against it; ` +
    'run that version or upgrade this one'
  );
}

/** The `area/file` names this build's migration folders record in `schema_migrations`. */
export function knownMigrationNames(folders: readonly PostgresMigrations[]): string[] {
  return folders.flatMap(({ area, folder }) =>
    readdirSync(folder)
      .filter((name) => name.endsWith('.sql'))
      .map((name) => `${area}/${name}`),
  );
}

/** The records of `schema_migrations` that name no migration of this build: a newer build migrated the database. */
export async function unknownMigrations(sql: Sql, known: readonly string[]): Promise<string[]> {
  const rows = await sql<{ name: string }[]>`
    SELECT name FROM schema_migrations WHERE NOT (name = any(${sql.array(known as string[])}::text[])) ORDER BY name`;
  return rows.map((row) => row.name);
}
