import { fstatSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { WalSync, fsyncOnThreadPool, type FileSync } from '../core/sqlite/walSync';
import { backstopAutocheckpointFrames, checkpointThresholdFrames, WalCheckpointer } from './checkpointer';
import { watchAccessTables } from './tableChanges';
import * as schema from './schema';

export type Schema = typeof schema;
export type DrizzleDatabase = BetterSQLite3Database<Schema>;
/** What a projection or command receives inside the append transaction. */
export type Transaction = Parameters<Parameters<DrizzleDatabase['transaction']>[0]>[0];

/**
 * The database as the app's services hold it, on either dialect (issue 21): drizzle over it for the areas (typed as
 * SQLite's, db/pickTable.ts), and SQLite's own connection only on SQLite.
 */
export interface AppDatabase {
  /** Drizzle over this process's database: the SQLite file's, or the PostgreSQL pool's. */
  db: DrizzleDatabase;
  /** The SQLite connection; null on PostgreSQL. Parts that run on SQLite only reach it through `sqliteConnectionOf`. */
  sqlite: Database.Database | null;
  /**
   * A key that moves whenever the log has moved on, read at once: what is kept "per log position" (live judgements'
   * reads, chat summaries) is kept under it. On SQLite the newest event's position and id as the connection reads
   * them now (whichever process appended); on PostgreSQL the commits this process heard of.
   */
  logPosition(): string;
}

/** SQLite's connection, for a part that runs on SQLite only so far: on PostgreSQL it says which and refuses. */
export function sqliteConnectionOf(database: AppDatabase, part: string): Database.Database {
  if (!database.sqlite) throw new Error(`${part} runs on SQLite only so far (issue 21), not on PostgreSQL.`);
  return database.sqlite;
}

export interface DatabaseHandle extends AppDatabase {
  sqlite: Database.Database;
  file: string;
  /**
   * With synchronous=FULL on a WAL file: the group sync of the WAL that lets the command door commit
   * without waiting for the disk on the event loop (see `SqliteEventStore`). Null otherwise.
   */
  walSync?: WalSync | null;
  /**
   * With a `walSync`, once the WAL has grown: the worker thread that checkpoints the WAL off the event loop (see
   * `WalCheckpointer`). Null before and otherwise.
   */
  checkpointer?: WalCheckpointer | null;
  close(): void;
}

export const migrationsFolder = resolve(import.meta.dirname, '../../../migrations');

/** Statements kept prepared per connection; a server runs a few hundred distinct queries. */
const statementCacheSize = 1000;

/**
 * Drizzle prepares every query anew, and on a small server preparing costs as much as running it.
 * Drizzle only ever calls all/get/run/values on a statement, each finishing before the next call,
 * so one prepared statement per SQL text can be reused; raw mode is reset because drizzle switches
 * it on for some calls and not others. Other code keeps using the connection itself.
 */
export function withStatementCache(sqlite: Database.Database): Database.Database {
  const statements = new Map<string, Database.Statement>();
  const prepare = (source: string): Database.Statement => {
    let statement = statements.get(source);
    if (statement) {
      statements.delete(source);
    } else {
      statement = sqlite.prepare(source);
      if (statements.size >= statementCacheSize) statements.delete(statements.keys().next().value!);
    }
    statements.set(source, statement);
    return statement.reader ? statement.raw(false) : statement;
  };
  return new Proxy(sqlite, {
    get(target, property) {
      if (property === 'prepare') return prepare;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export interface OpenDatabaseOptions {
  synchronous?: 'NORMAL' | 'FULL';
  migrate?: boolean;
  /** How the WAL file is flushed off the event loop (tests slow it down or fail it); fsync on libuv's thread pool by default. */
  syncFile?: FileSync;
  /** Told of the checkpointer's failure (once); by default it is written to the error output. */
  onCheckpointerFailure?: (error: unknown) => void;
}

/** The sizes of the WAL file's header and of each frame's header, before the page it carries (https://sqlite.org/fileformat.html). */
const walHeaderBytes = 32;
const walFrameHeaderBytes = 24;

/**
 * Opens the SQLite file with the pragmas the event log relies on. WAL lets readers run beside the
 * single writer; `synchronous` is FULL by default so an acknowledged commit survives power loss
 * (NORMAL only survives a process crash); the journal size limit and autocheckpoint keep WAL bounded.
 * With FULL the handle carries a `walSync`, with which the command door syncs its commits off the event loop, and a
 * `checkpointer`, which checkpoints the WAL off the event loop too (the NORMAL connection keeps SQLite's own).
 */
export function openDatabase(file: string, options: OpenDatabaseOptions = {}): DatabaseHandle {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${options.synchronous ?? 'FULL'}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`wal_autocheckpoint = ${checkpointThresholdFrames}`);
  sqlite.pragma('journal_size_limit = 67108864');
  const db = drizzle(withStatementCache(sqlite), { schema });
  if (options.migrate !== false) migrate(db, { migrationsFolder });
  // Before any transaction: core/spaceContent.ts remembers space access until these tables change.
  watchAccessTables(sqlite, db);
  const synchronous = options.synchronous ?? 'FULL';
  const inWal = sqlite.pragma('journal_mode', { simple: true }) === 'wal';
  const offLoop = synchronous === 'FULL' && inWal;
  const syncFile = options.syncFile ?? fsyncOnThreadPool;
  // The worker starts once the WAL has grown to half the checkpoint threshold (the WAL only grows until then: SQLite's
  // own checkpoint runs at the full threshold); a server, or a test's, that writes little never pays for one.
  const walBytesToStartCheckpointer =
    walHeaderBytes + (checkpointThresholdFrames / 2) * (Number(sqlite.pragma('page_size', { simple: true })) + walFrameHeaderBytes);
  let checkpointer: WalCheckpointer | null = null;
  // Commits are followed by a WAL sync: after each, the checkpointer looks whether the WAL needs a checkpoint.
  const syncFileThenNudge: FileSync = async (descriptor) => {
    await syncFile(descriptor);
    if (checkpointer) checkpointer.nudge();
    else if (sqlite.open && walSize(descriptor) >= walBytesToStartCheckpointer)
      checkpointer = startCheckpointer(sqlite, resolve(file), options);
  };
  const walSync = offLoop ? new WalSync(`${resolve(file)}-wal`, syncFileThenNudge) : null;
  // Asked before every live judgement: a raw statement prepared once, without the query builder's row mapping;
  // prepared on first use, since a test's database may be opened before its tables exist.
  let newestEvent: Database.Statement<[], { seq: number; id: string }> | null = null;
  return {
    sqlite,
    db,
    file,
    walSync,
    logPosition() {
      newestEvent ??= sqlite.prepare<[], { seq: number; id: string }>('SELECT seq, id FROM events ORDER BY seq DESC LIMIT 1');
      // The id too: a position read inside a unit of work that was then rolled back is never taken for the event
      // committed at that position later.
      const newest = newestEvent.get();
      return newest ? `${newest.seq}:${newest.id}` : '';
    },
    get checkpointer() {
      return checkpointer;
    },
    close() {
      if (!sqlite.open) return;
      // Before the connection closes; a checkpoint the worker is running finishes on its own connection.
      checkpointer?.close();
      walSync?.close();
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
      sqlite.close();
    },
  };
}

/** The WAL file's size; 0 when it cannot be read, so that the sync it follows never fails for it. */
function walSize(descriptor: number): number {
  try {
    return fstatSync(descriptor).size;
  } catch {
    return 0;
  }
}

/**
 * Starts the WAL checkpointer of a file connection and raises the connection's own autocheckpoint to the backstop.
 * If the worker fails, the autocheckpoint goes back to the checkpointer's threshold: SQLite checkpoints on the event
 * loop as it did before, and no request fails for it.
 */
function startCheckpointer(sqlite: Database.Database, file: string, options: OpenDatabaseOptions): WalCheckpointer {
  const report =
    options.onCheckpointerFailure ??
    ((error: unknown) => console.error('The WAL checkpointer failed; SQLite checkpoints on the event loop again:', error));
  const checkpointer = new WalCheckpointer(file, {
    onFailure(error) {
      if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${checkpointThresholdFrames}`);
      report(error);
    },
  });
  sqlite.pragma(`wal_autocheckpoint = ${backstopAutocheckpointFrames}`);
  return checkpointer;
}
