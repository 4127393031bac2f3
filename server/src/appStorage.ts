import type { Registry } from 'prom-client';
import type { Config } from './config';
import type { EventStore } from './core/commands';
import type { LiveHistory } from './core/liveResume';
import { clusterMigrations } from './core/cluster/schema';
import type { Sql } from './core/postgres/connect';
import { eventLogMigrations, projectionMigrations, type PostgresMigrations } from './core/postgres/migrate';
import { openPostgresStorage, type DatabaseHealth } from './core/postgres/storage';
import { sqliteLiveHistory } from './core/sqlite/liveHistory';
import { openDatabase, type AppDatabase, type DatabaseHandle } from './db/connection';
import { asAreaDatabase, asAreaEventStore } from './db/pickTable';
import { stampAccessTablesByLog } from './db/tableChanges';
import { openEventStore, openPostgresEventStore } from './domains';
import type { DomainModule } from './domains/module';

/**
 * What the app stores its data in, on the database DATABASE_URL names (issue 21): the areas' database, the command
 * door, the log as live resume reads it, a health probe, pool figures for /metrics, and an orderly close. The rest of
 * the app holds these and never asks which database it is.
 */
export interface AppStorage {
  database: AppDatabase;
  store: EventStore;
  history: LiveHistory;
  /** A cheap statement on the database: /healthz answers 503 with the reason logged when it fails. */
  health(): Promise<DatabaseHealth>;
  /** The database's own figures on /metrics (PostgreSQL's pool); none on SQLite. */
  registerMetrics(registry: Registry): void;
  /** After the requests and jobs stopped: commits what is done, then lets the database go. */
  close(): Promise<void>;
  /** PostgreSQL's pool, for what several processes share (the cluster registry, job leases); null on SQLite. */
  postgres: Sql | null;
}

/** The migration folders the app applies at start on PostgreSQL, in order. */
export const appPostgresMigrations: readonly PostgresMigrations[] = [eventLogMigrations, projectionMigrations, clusterMigrations];

export interface AppStorageOptions {
  /** An already open SQLite database (tests share one): used, and left open at close. */
  database?: DatabaseHandle;
}

export async function openAppStorage(
  config: Config,
  modules: readonly DomainModule[],
  options: AppStorageOptions = {},
): Promise<AppStorage> {
  if (config.database.kind === 'postgres') return openPostgresAppStorage(config.database, modules);
  const database = options.database ?? openDatabase(config.databaseFile, { synchronous: config.sqliteSynchronous });
  const store = openEventStore(database, modules);
  const probe = database.sqlite.prepare('SELECT 1');
  return {
    database,
    store,
    history: sqliteLiveHistory(database, store),
    health: async () => {
      try {
        probe.get();
        return { ok: true };
      } catch (error) {
        return { ok: false, reason: error instanceof Error ? error.message : String(error) };
      }
    },
    registerMetrics: () => undefined,
    postgres: null,
    async close() {
      // Units done but not yet committed (group commit) are committed and answered before the file closes.
      await store.settle();
      if (!options.database) database.close();
    },
  };
}

async function openPostgresAppStorage(
  settings: Extract<Config['database'], { kind: 'postgres' }>,
  modules: readonly DomainModule[],
): Promise<AppStorage> {
  const storage = await openPostgresStorage(settings, { migrations: appPostgresMigrations });
  let store;
  try {
    store = await openPostgresEventStore(storage.sql, modules);
  } catch (error) {
    await storage.close();
    throw error;
  }
  const door = store;
  // The space directory's answers are remembered on the pool until this process hears of a commit.
  stampAccessTablesByLog(door.database, () => door.knownLogPosition());
  return {
    database: { db: asAreaDatabase(door.database), sqlite: null, logPosition: () => door.knownLogPosition() },
    store: asAreaEventStore(door),
    history: {
      // Readers that resume after a position stop below appends still in flight (plan §8, finding 3).
      read: (options) => door.readSettled(options),
      headSeq: () => door.log.headPosition(),
    },
    health: () => storage.health(),
    registerMetrics: (registry) => storage.registerMetrics(registry),
    postgres: storage.sql,
    async close() {
      // Running units finish and what they committed is handed on, then the pool ends within its bound.
      await door.close();
      await storage.close();
    },
  };
}
