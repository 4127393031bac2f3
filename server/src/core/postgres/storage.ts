import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Counter, Gauge, type Registry } from 'prom-client';
import {
  connectPostgres,
  countStatementTimeout,
  DatabaseUnavailableError,
  parsePostgresUrl,
  poolActivity,
  type PoolActivity,
  type PostgresSettings,
  type PostgresTarget,
  type Sql,
} from './connect';
import { eventLogMigrations, migratePostgres, pendingPostgresMigrations, type PostgresMigrations } from './migrate';

export interface PostgresStorageOptions {
  /** Shown in pg_stat_activity for this process's connections. */
  applicationName?: string;
  /** The migration folders applied at start, in order; the event log's by default. */
  migrations?: readonly PostgresMigrations[];
}

/** What the health probe found: PostgreSQL answered, or why not (a sentence without the password). */
export type DatabaseHealth = { ok: true } | { ok: false; reason: string };

/** How long the health probe waits for `SELECT 1` by default: a load balancer asks again soon anyway. */
export const defaultHealthTimeoutMs = 2_000;
/** How long close waits for running units of work and statements by default before it ends their connections. */
export const defaultCloseTimeoutMs = 8_000;

/**
 * What start-up calls when DATABASE_URL is a postgres:// URL: checks the URL, connects (reachable, signed in, the
 * database exists and suits, the user may create tables and write the log: see connectPostgres), checks that the
 * user may run the migrations still to apply, applies them, and answers the pool. Every refusal is one
 * DatabaseUnavailableError with a stable `code` and a message naming the problem, never the password: start-up
 * prints the message and exits 1. The pool is closed again on a refusal.
 */
export async function openPostgresStorage(settings: PostgresSettings, options: PostgresStorageOptions = {}): Promise<PostgresStorage> {
  const target = parsePostgresUrl(settings.url);
  const sql = await connectPostgres(settings, options.applicationName);
  try {
    const migrations = options.migrations ?? [eventLogMigrations];
    await checkMigrationsAllowed(sql, target, migrations);
    for (const folder of migrations) await migrateExplained(sql, target, folder);
  } catch (error) {
    await sql.end({ timeout: 0 });
    throw error;
  }
  return new PostgresStorage(sql, target, settings.poolSize);
}

/**
 * The PostgreSQL pool of one app: `sql` for the door and the reads (statements through it are counted for
 * /metrics), the health probe /healthz calls, the pool figures /metrics shows, and a bounded close.
 */
export class PostgresStorage {
  /** The pool, counting the statements sent through it (units of work are counted by inTransaction). */
  readonly sql: Sql;
  readonly activity: PoolActivity;
  private closing: Promise<void> | null = null;

  constructor(
    private readonly pool: Sql,
    /** Host, port, user and database: what messages may name. */
    readonly target: PostgresTarget,
    /** DATABASE_POOL_SIZE: connections the pool opens at most. */
    readonly poolSize: number,
  ) {
    this.sql = countingStatements(pool);
    this.activity = poolActivity(this.sql);
  }

  /**
   * `SELECT 1` on the pool, waiting at most `timeoutMs`: ok, or a reason (unreachable, refused, no answer in time).
   * Through the pool on purpose: a pool that cannot hand out a connection in time cannot serve requests either.
   */
  async health(timeoutMs = defaultHealthTimeoutMs): Promise<DatabaseHealth> {
    if (this.closing) return { ok: false, reason: 'the PostgreSQL pool is closing' };
    const where = `${this.target.host}:${this.target.port}`;
    const probe = this.sql`SELECT 1 AS answer`;
    const timedOut = Symbol('timed out');
    const abandon = new AbortController();
    try {
      const answer = await Promise.race([probe, sleep(timeoutMs, timedOut, { signal: abandon.signal })]);
      if (answer !== timedOut) return { ok: true };
      // Not left waiting in the pool's queue, nor running on the server.
      void probe.cancel();
      probe.catch(() => undefined);
      return { ok: false, reason: `PostgreSQL at ${where} did not answer within ${timeoutMs} ms` };
    } catch (error) {
      return { ok: false, reason: describeProbeFailure(error, where) };
    } finally {
      abandon.abort();
    }
  }

  /**
   * Registers the pool's figures in an app's Prometheus registry, read at each scrape:
   * database_pool_size, database_pool_units{state="running"|"waiting"}, database_pool_statements_running and
   * database_statement_timeouts_total. Once per registry.
   */
  registerMetrics(registry: Registry): void {
    const { activity, poolSize } = this;
    new Gauge({
      name: 'database_pool_size',
      help: 'Connections the PostgreSQL pool opens at most (DATABASE_POOL_SIZE)',
      registers: [registry],
      collect() {
        this.set(poolSize);
      },
    });
    new Gauge({
      name: 'database_pool_units',
      help: 'Units of work on PostgreSQL by state: running (holding a pool connection) or waiting (for one)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'running' }, activity.unitsRunning);
        this.set({ state: 'waiting' }, activity.unitsWaiting);
      },
    });
    new Gauge({
      name: 'database_pool_statements_running',
      help: 'Statements sent to PostgreSQL outside units of work and not answered yet (waiting for a connection included)',
      registers: [registry],
      collect() {
        this.set(activity.statementsRunning);
      },
    });
    let timeoutsReported = 0;
    new Counter({
      name: 'database_statement_timeouts_total',
      help: 'Statements PostgreSQL cancelled at DATABASE_STATEMENT_TIMEOUT_MS',
      registers: [registry],
      collect() {
        this.inc(activity.statementTimeouts - timeoutsReported);
        timeoutsReported = activity.statementTimeouts;
      },
    });
  }

  /**
   * Starts no new unit of work, waits up to `timeoutMs` for the running units and statements, then ends the pool:
   * connections still busy then are closed (their transactions roll back on the server). Answers the same promise
   * when called again.
   */
  close({ timeoutMs = defaultCloseTimeoutMs }: { timeoutMs?: number } = {}): Promise<void> {
    this.closing ??= closePostgresPool(this.sql, this.pool, timeoutMs);
    return this.closing;
  }
}

/**
 * A bounded graceful close of a pool: refuses new units of work (inTransaction), waits up to `timeoutMs` for the
 * running ones and the counted statements, then ends the pool, closing at once the connections still busy.
 * `counted` is the pool whose activity is counted (the storage's counting pool), `pool` the one to end.
 */
export async function closePostgresPool(counted: Sql, pool: Sql, timeoutMs: number): Promise<void> {
  const activity = poolActivity(counted);
  activity.closing = true;
  const busy = () => activity.unitsRunning + activity.unitsWaiting + activity.statementsRunning > 0;
  const deadline = Date.now() + timeoutMs;
  while (busy() && Date.now() < deadline) {
    const stopWaiting = new AbortController();
    await Promise.race([
      activity.nextSettled(),
      sleep(deadline - Date.now(), undefined, { signal: stopWaiting.signal }).catch(() => undefined),
    ]);
    stopWaiting.abort();
  }
  // Busy still: its connections are closed now (postgres.js destroys them after `timeout` seconds). Idle: a moment
  // for each connection's Terminate message.
  await pool.end({ timeout: busy() ? 0 : 1 });
}

/** One sentence for a failed probe: where, and the driver's or server's code and message. */
function describeProbeFailure(error: unknown, where: string): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const detail = [typeof code === 'string' ? code : null, typeof message === 'string' ? message : null].filter(Boolean).join(': ');
  const unreachable = typeof code === 'string' && (/^E[A-Z]+$/.test(code) || code.startsWith('CONNECT') || code.startsWith('08'));
  return unreachable ? `cannot reach PostgreSQL at ${where} (${detail})` : `PostgreSQL at ${where} failed the check (${detail})`;
}

/**
 * Before migrating: a migration still to apply that names a table of this schema owned by a role the user cannot act
 * as would fail (only a table's owner alters it, indexes it or adds triggers to it). Refused here, naming the table,
 * its owner and the grant, rather than half-way through the migrations.
 */
async function checkMigrationsAllowed(sql: Sql, target: PostgresTarget, migrations: readonly PostgresMigrations[]): Promise<void> {
  const foreignTables = await sql<{ table: string; owner: string }[]>`
    SELECT c.relname AS table, pg_get_userbyid(c.relowner) AS owner
    FROM pg_class AS c JOIN pg_namespace AS n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT pg_has_role(c.relowner, 'USAGE')
    ORDER BY c.relname`;
  if (foreignTables.length === 0) return;
  for (const folder of migrations) {
    for (const pending of await pendingPostgresMigrations(sql, folder)) {
      const text = readFileSync(join(folder.folder, pending.slice(folder.area.length + 1)), 'utf8');
      const touched = foreignTables.find(({ table }) =>
        new RegExp(`(^|[^a-z0-9_])"?${escapeRegExp(table)}"?($|[^a-z0-9_])`, 'i').test(text),
      );
      if (!touched) continue;
      throw new DatabaseUnavailableError(
        'PRIVILEGE_MISSING',
        `PostgreSQL user "${target.user}" cannot run migration ${pending} on database "${target.database}" at ${target.host}:${target.port}: ` +
          `it changes table "${touched.table}", which belongs to role "${touched.owner}", and only its owner may. ` +
          `Start the server once with DATABASE_URL's user "${touched.owner}" to migrate, or grant it (GRANT "${touched.owner}" TO "${target.user}").`,
      );
    }
  }
}

/** Applies a folder's migrations; a failure is one DatabaseUnavailableError naming the migration (nothing applied). */
async function migrateExplained(sql: Sql, target: PostgresTarget, migrations: PostgresMigrations): Promise<void> {
  try {
    await migratePostgres(sql, migrations);
  } catch (error) {
    const cause = (error as { cause?: { code?: unknown } }).cause;
    const where = `database "${target.database}" at ${target.host}:${target.port}`;
    const message = error instanceof Error ? error.message : String(error);
    if (cause?.code === '42501') {
      throw new DatabaseUnavailableError(
        'PRIVILEGE_MISSING',
        `PostgreSQL user "${target.user}" lacks a privilege on ${where}: ${message}`,
        {
          cause: error,
        },
      );
    }
    throw new DatabaseUnavailableError('MIGRATION_FAILED', `PostgreSQL ${where}: ${message}`, { cause: error });
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** What a postgres.js query is, for counting: a promise run at its first `then` (or `execute`). */
interface DriverQuery extends Promise<unknown> {
  executed: boolean;
  handle(): Promise<void>;
  cursor(...argumentList: unknown[]): unknown;
}

function isDriverQuery(value: unknown): value is DriverQuery {
  return value instanceof Promise && typeof (value as Partial<DriverQuery>).handle === 'function';
}

/**
 * The pool, counting its statements while they run: postgres.js tells nothing of its connections' use. A statement
 * counts from when it is sent (its first `then`, `execute`) until it settles; a fragment (`sql` inside another
 * statement) is never sent, so never counted, and neither is a cursor (its promise settles in another way).
 * Transactions opened on it (`begin`) run on their own sql, counted as units by inTransaction.
 */
function countingStatements(pool: Sql): Sql {
  const counted: Sql = new Proxy(pool, {
    apply(target, thisArgument, argumentList) {
      return counting(Reflect.apply(target, thisArgument, argumentList) as unknown);
    },
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if ((property !== 'unsafe' && property !== 'file') || typeof value !== 'function') return value;
      return (...argumentList: unknown[]) => counting(Reflect.apply(value, target, argumentList) as unknown);
    },
  });
  const counting = (query: unknown): unknown => {
    if (!isDriverQuery(query)) return query;
    const prototype = Object.getPrototypeOf(query) as DriverQuery;
    let isCursor = false;
    query.cursor = (...argumentList: unknown[]) => {
      isCursor = true;
      return prototype.cursor.apply(query, argumentList);
    };
    query.handle = () => {
      if (!query.executed && !isCursor) {
        const activity = poolActivity(counted);
        activity.statementsRunning += 1;
        const settled = (error?: unknown) => {
          activity.statementsRunning -= 1;
          if (error !== undefined) countStatementTimeout(activity, error);
          activity.settled();
        };
        // The promise's own then (the query's would ask to run it again); both outcomes are handled here.
        void Promise.prototype.then.call(
          query,
          () => settled(),
          (error: unknown) => settled(error ?? new Error('rejected')),
        );
      }
      return prototype.handle.call(query);
    };
    return query;
  };
  return counted;
}
