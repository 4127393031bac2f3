import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema';

export type Schema = typeof schema;
export type DrizzleDatabase = BetterSQLite3Database<Schema>;
/** What a projection or command receives inside the append transaction. */
export type Transaction = Parameters<Parameters<DrizzleDatabase['transaction']>[0]>[0];

export interface DatabaseHandle {
  sqlite: Database.Database;
  db: DrizzleDatabase;
  file: string;
  close(): void;
}

export const migrationsFolder = resolve(import.meta.dirname, '../../../migrations');

export interface OpenDatabaseOptions {
  synchronous?: 'NORMAL' | 'FULL';
  migrate?: boolean;
}

/**
 * Opens the SQLite file with the pragmas the event log relies on. WAL lets readers run beside the
 * single writer; `synchronous` is FULL by default so an acknowledged commit survives power loss
 * (NORMAL only survives a process crash); the journal size limit and autocheckpoint keep WAL bounded.
 */
export function openDatabase(file: string, options: OpenDatabaseOptions = {}): DatabaseHandle {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${options.synchronous ?? 'FULL'}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('wal_autocheckpoint = 1000');
  sqlite.pragma('journal_size_limit = 67108864');
  const db = drizzle(sqlite, { schema });
  if (options.migrate !== false) migrate(db, { migrationsFolder });
  return {
    sqlite,
    db,
    file,
    close() {
      if (!sqlite.open) return;
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
      sqlite.close();
    },
  };
}
