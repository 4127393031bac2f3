import { setTimeout as sleep } from 'node:timers/promises';
import postgres from 'postgres';

export type Sql = postgres.Sql;
/** A transaction opened with `sql.begin`: what code that must run inside a caller's transaction takes. */
export type Transaction = postgres.TransactionSql;

/** Where and how to reach PostgreSQL: `config.database` when DATABASE_URL is a postgres:// URL. */
export interface PostgresSettings {
  url: string;
  /** DATABASE_POOL_SIZE: connections this process keeps open at most. */
  poolSize: number;
  /** DATABASE_STATEMENT_TIMEOUT_MS: a statement running longer is cancelled by the server (waits for locks included). */
  statementTimeoutMs: number;
  /** DATABASE_CONNECT_TIMEOUT_MS: how long opening a connection may take (TCP, TLS, sign-in); 10 s when not given. */
  connectTimeoutMs?: number;
}

/** How often the server checks, during a statement, that the client is still connected. */
const clientCheckIntervalMs = 1_000;

/** What opening a connection may take when the settings say nothing: a server across a slow network answers well within it. */
export const defaultConnectTimeoutMs = 10_000;

/** What a message may name about the target: never the password. */
export interface PostgresTarget {
  host: string;
  port: number;
  user: string;
  database: string;
}

/**
 * Why PostgreSQL could not be used, for a start-up that prints the message and exits 1 (and for tests):
 * - INVALID_URL: DATABASE_URL is not a postgres:// URL naming a host, a valid port and a database;
 * - UNREACHABLE: nothing answers at the host and port (refused, unknown host, timed out);
 * - AUTHENTICATION_FAILED: the server refused the user or the password;
 * - DATABASE_MISSING: the database does not exist;
 * - PRIVILEGE_MISSING: the user lacks a privilege the workspace needs (connect, create tables, write the log, run the migrations);
 * - UNSUITABLE_DATABASE: the database's encoding or collation, or no schema to create tables in;
 * - MIGRATION_FAILED: a migration failed for another reason (nothing of it was applied);
 * - UNUSABLE: any other failure, its message included.
 */
export type DatabaseProblem =
  | 'INVALID_URL'
  | 'UNREACHABLE'
  | 'AUTHENTICATION_FAILED'
  | 'DATABASE_MISSING'
  | 'PRIVILEGE_MISSING'
  | 'UNSUITABLE_DATABASE'
  | 'MIGRATION_FAILED'
  | 'UNUSABLE';

/** PostgreSQL could not be used as configured; the message names the problem and the target, never the password. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';

  constructor(
    readonly code: DatabaseProblem,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

const urlForm = 'postgres://user:password@host:5432/database';

/**
 * Checks that a DATABASE_URL is a PostgreSQL URL naming a host, a port from 1 to 65535 (or none: 5432) and a
 * database, and answers what messages may say about it. A message never repeats the URL nor a part of it that did not
 * parse: an unencoded `/`, `#` or `@` in the password moves the password into what looks like the host, port or path.
 */
export function parsePostgresUrl(url: string): PostgresTarget {
  const invalid = (problem: string) => new DatabaseUnavailableError('INVALID_URL', `DATABASE_URL ${problem} (${urlForm}).`);
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme !== 'postgres' && scheme !== 'postgresql') {
    throw invalid(
      scheme ? `has scheme "${scheme}:", not postgres:// or postgresql://` : 'is not a URL starting with postgres:// or postgresql://',
    );
  }
  if (!/^[a-z]+:\/\//i.test(url)) throw invalid('must start with postgres:// (two slashes, then the host)');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid(
      'is not a valid URL: check the port (a number from 1 to 65535) and percent-encode special characters in the user and password',
    );
  }
  if (parsed.hostname === '') throw invalid('names no host');
  if (parsed.port !== '' && Number(parsed.port) < 1) throw invalid('has port 0: use a port from 1 to 65535');
  const path = parsed.pathname.replace(/^\//, '');
  if (path === '') throw invalid('names no database after the host');
  if (path.includes('/')) {
    throw invalid('has a path of more than one part after the host: name just the database (percent-encode a "/" in the password)');
  }
  try {
    return describeTarget(url);
  } catch {
    // decodeURIComponent of a user or database holding a "%" not followed by two hex digits.
    throw invalid('has a "%" that is not a percent-encoded character in the user or database (write "%" as %25)');
  }
}

export function describeTarget(url: string): PostgresTarget {
  const parsed = new URL(url);
  return {
    host: parsed.hostname || 'localhost',
    port: parsed.port === '' ? 5432 : Number(parsed.port),
    user: decodeURIComponent(parsed.username) || 'postgres',
    database: decodeURIComponent(parsed.pathname.replace(/^\//, '')) || decodeURIComponent(parsed.username) || 'postgres',
  };
}

/** The tables the event log writes, and what it does to them: where they exist, this user must be allowed it. */
const tablesUsed = [
  { table: 'events', privileges: ['SELECT', 'INSERT'] },
  { table: 'mutation_results', privileges: ['SELECT', 'INSERT', 'DELETE'] },
] as const;

/**
 * Opens a pool and checks, before anything uses it, that the server is reachable, takes the credentials, has the
 * database, that the database compares text byte by byte, and that it lets the user create tables (for the
 * migrations) and insert into the log's tables. Each failure is one DatabaseUnavailableError naming the problem; the
 * pool is closed again then.
 * Every connection runs with synchronous_commit on (a commit returns only once its WAL is on the disk), the
 * statement timeout, and the same timeout for a transaction idle between statements.
 */
export async function connectPostgres(settings: PostgresSettings, applicationName = 'workspace'): Promise<Sql> {
  const target = parsePostgresUrl(settings.url);
  const sql = postgres(settings.url, {
    max: settings.poolSize,
    // postgres.js takes seconds; a fraction is kept (tests wait for a timeout of a fraction of a second).
    connect_timeout: (settings.connectTimeoutMs ?? defaultConnectTimeoutMs) / 1000,
    // CREATE … IF NOT EXISTS and the like send notices; the server's log is the place for them.
    onnotice: () => undefined,
    connection: {
      application_name: applicationName,
      statement_timeout: settings.statementTimeoutMs,
      // A transaction left open between statements for as long (a unit of work awaiting something else) ends its
      // session: an open transaction holds its locks, and every reader of the log waits behind its horizon.
      idle_in_transaction_session_timeout: settings.statementTimeoutMs,
      synchronous_commit: 'on',
      // The server looks every second whether the client is still there while a statement runs (PostgreSQL 14+):
      // a process that died, or a close that cut a unit off, does not leave its statement running until the
      // timeout, holding its locks and every reader of the log behind its horizon.
      client_connection_check_interval: clientCheckIntervalMs,
    },
  });
  try {
    await checkCollation(sql, target);
    await checkPrivileges(sql, target);
  } catch (error) {
    await sql.end({ timeout: 0 });
    throw error instanceof DatabaseUnavailableError ? error : explainFailure(error, target);
  }
  return sql;
}

/** Locale names under which PostgreSQL itself compares text as plain bytes (and classifies only ASCII characters). */
const byteLocales = new Set(['C', 'POSIX']);

/** What the database was created with that decides how it compares and classifies text. */
interface DatabaseLocale {
  encoding: string;
  collate: string;
  ctype: string;
  /** pg_database.datlocprovider (PostgreSQL 15+): c (libc), i (ICU), b (builtin, 17+); null before 15 (libc). */
  provider: string | null;
  /** The ICU or builtin locale: datlocale from PostgreSQL 17 on, daticulocale in 15 and 16. */
  providerLocale: string | null;
}

/**
 * SQLite compares text bytewise; every ORDER BY, cursor and keyset page on ids, names and ISO timestamps assumes it.
 * A database whose LC_COLLATE is a locale (en_US.UTF-8, the default of most installations) or whose provider is ICU
 * orders them otherwise. LC_COLLATE C.UTF-8 is refused too: glibc orders it by code point (bytewise for UTF-8), but
 * PostgreSQL does not take it for C, so a prefix LIKE cannot use a btree index, and the order would follow the C
 * library's version. LC_CTYPE, which orders nothing, must be a UTF-8 locale: under C the text search parser takes every
 * non-ASCII character for a letter, so "l’Élysée" would be one word. The builtin provider (PostgreSQL 17+) orders
 * by code point whatever its locale; its locale C classifies only ASCII characters.
 */
async function checkCollation(sql: Sql, target: PostgresTarget): Promise<void> {
  // to_jsonb of the row reads the provider columns where this server version has them, and null where it does not.
  const [locale] = await sql<DatabaseLocale[]>`
    SELECT pg_encoding_to_char(d.encoding) AS encoding, d.datcollate AS collate, d.datctype AS ctype,
      to_jsonb(d) ->> 'datlocprovider' AS provider,
      coalesce(to_jsonb(d) ->> 'datlocale', to_jsonb(d) ->> 'daticulocale') AS "providerLocale"
    FROM pg_database AS d WHERE d.datname = current_database()`;
  if (!locale) return;
  const libc = locale.provider === null || locale.provider === 'c';
  const suitable =
    locale.encoding === 'UTF8' &&
    !byteLocales.has(locale.ctype) &&
    ((libc && byteLocales.has(locale.collate)) || (locale.provider === 'b' && locale.providerLocale !== 'C'));
  if (suitable) return;
  const providers: Record<string, string> = { i: 'icu', b: 'builtin' };
  const provider = libc ? '' : `, locale provider ${providers[locale.provider!] ?? locale.provider} "${locale.providerLocale ?? ''}"`;
  const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;
  throw new DatabaseUnavailableError(
    'UNSUITABLE_DATABASE',
    `PostgreSQL database "${target.database}" at ${target.host}:${target.port} has encoding ${locale.encoding}, ` +
      `LC_COLLATE "${locale.collate}", LC_CTYPE "${locale.ctype}"${provider}: the workspace needs UTF-8 text sorted byte by byte, ` +
      'as on SQLite (LC_COLLATE C), with Unicode character classes (a UTF-8 LC_CTYPE), or ids, names and times sort otherwise. ' +
      `Create the database with: CREATE DATABASE ${quote(target.database)} OWNER ${quote(target.user)} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C.UTF-8'`,
  );
}

async function checkPrivileges(sql: Sql, target: PostgresTarget): Promise<void> {
  const [schema] = await sql<{ schema: string | null; canCreate: boolean | null }[]>`
    SELECT current_schema() AS schema, has_schema_privilege(current_schema(), 'CREATE') AS "canCreate"`;
  if (!schema?.schema) {
    throw new DatabaseUnavailableError(
      'UNSUITABLE_DATABASE',
      `PostgreSQL database "${target.database}" at ${target.host}:${target.port} has no schema on user "${target.user}"'s search_path to create tables in.`,
    );
  }
  if (!schema.canCreate) {
    throw new DatabaseUnavailableError(
      'PRIVILEGE_MISSING',
      `PostgreSQL user "${target.user}" may not create tables in schema "${schema.schema}" of database "${target.database}" at ${target.host}:${target.port}: ` +
        `grant it (GRANT CREATE ON SCHEMA ${schema.schema} TO "${target.user}") or make the user the database's owner.`,
    );
  }
  for (const { table, privileges } of tablesUsed) {
    // has_table_privilege with a list answers whether ANY of them is held: each is asked on its own.
    const rows = await sql<{ privilege: string; held: boolean }[]>`
      SELECT privilege, has_table_privilege(to_regclass(${table}), privilege) AS held
      FROM unnest(${privileges as unknown as string[]}::text[]) AS privilege
      WHERE to_regclass(${table}) IS NOT NULL`;
    const missing = rows.filter((row) => !row.held).map((row) => row.privilege);
    if (missing.length > 0) {
      throw new DatabaseUnavailableError(
        'PRIVILEGE_MISSING',
        `PostgreSQL user "${target.user}" lacks ${missing.join(', ')} on table "${table}" of database "${target.database}" at ${target.host}:${target.port}: ` +
          `grant it (GRANT ${privileges.join(', ')} ON ${table} TO "${target.user}").`,
      );
    }
  }
  // Appends draw their positions through this function (migration 0002); only the role that migrated may run it
  // unless granted (0003).
  const [draw] = await sql<{ held: boolean }[]>`
    SELECT has_function_privilege(function, 'EXECUTE') AS held
    FROM (SELECT to_regprocedure('events_draw_positions(integer)') AS function) AS found
    WHERE function IS NOT NULL`;
  if (draw && !draw.held) {
    throw new DatabaseUnavailableError(
      'PRIVILEGE_MISSING',
      `PostgreSQL user "${target.user}" may not run function "events_draw_positions" of database "${target.database}" at ${target.host}:${target.port}: ` +
        `grant it (GRANT EXECUTE ON FUNCTION events_draw_positions(integer) TO "${target.user}").`,
    );
  }
}

/** One clear sentence per way a connection fails. */
function explainFailure(error: unknown, target: PostgresTarget): DatabaseUnavailableError {
  const where = `${target.host}:${target.port}`;
  const code = (error as { code?: unknown } | null)?.code;
  const detail = error instanceof Error ? error.message : String(error);
  const explain = (problem: DatabaseProblem, message: string) => new DatabaseUnavailableError(problem, message, { cause: error });
  switch (code) {
    case 'ECONNREFUSED':
      return explain(
        'UNREACHABLE',
        `PostgreSQL is not reachable at ${where}: nothing accepts connections there (is it running, and are DATABASE_URL's host and port right?).`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return explain('UNREACHABLE', `PostgreSQL host "${target.host}" could not be resolved: check DATABASE_URL's host name.`);
    case 'CONNECT_TIMEOUT':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return explain(
        'UNREACHABLE',
        `PostgreSQL is not reachable at ${where}: the connection timed out (${String(code)}); check the host, port and firewall.`,
      );
    case '28P01':
      return explain(
        'AUTHENTICATION_FAILED',
        `PostgreSQL at ${where} refused the password of user "${target.user}": check DATABASE_URL's user and password.`,
      );
    case '28000':
      return explain(
        'AUTHENTICATION_FAILED',
        `PostgreSQL at ${where} does not let user "${target.user}" connect to database "${target.database}": ${detail}`,
      );
    case '3D000':
      return explain(
        'DATABASE_MISSING',
        `PostgreSQL database "${target.database}" does not exist at ${where}: create it (createdb ${target.database}) or fix DATABASE_URL.`,
      );
    case '42704':
      // The only setting sent at sign-in that an older server does not know is client_connection_check_interval.
      return explain(
        'UNSUITABLE_DATABASE',
        `PostgreSQL at ${where} does not know a setting the workspace sends (${detail}): the workspace needs PostgreSQL 14 or later.`,
      );
    case '42501':
      return explain(
        'PRIVILEGE_MISSING',
        /permission denied for database/i.test(detail)
          ? `PostgreSQL user "${target.user}" lacks CONNECT on database "${target.database}" at ${where}: ` +
              `grant it (GRANT CONNECT ON DATABASE "${target.database}" TO "${target.user}").`
          : `PostgreSQL user "${target.user}" lacks a privilege on database "${target.database}" at ${where}: ${detail}`,
      );
    default:
      return explain(
        'UNUSABLE',
        `PostgreSQL at ${where} (database "${target.database}", user "${target.user}") could not be used: ${detail}`,
      );
  }
}

/**
 * A promise that never settles: what a transaction's body answers once its connection is gone (see inTransaction).
 * A fresh one each time: the driver's continuation waits on it, and a promise shared for the process's lifetime would
 * keep every lost transaction's closures (its unit, work and events) reachable forever.
 */
function neverSettles(): Promise<never> {
  return new Promise<never>(() => undefined);
}
/** How long a body that failed as if its connection were lost waits for the driver to notice the loss too. */
const lossNoticeMs = 5_000;

/**
 * `sql.begin` made safe against a connection lost in the middle of the transaction (the server ended the session:
 * idle_in_transaction_session_timeout, a restart, pg_terminate_backend; or the network). postgres.js 3.4.9 rejects the
 * transaction then, but when its body settles afterwards it still sends its ROLLBACK or COMMIT, and the body's own
 * later statements, on that connection object: the write lands on a closed socket and throws outside any promise
 * (the process dies), or, once the pool reconnected the object for another transaction, runs inside that one
 * (porsager/postgres#1208, #1216; fixes proposed in #1215, not released). So, once the connection is gone:
 * - the transaction's sql refuses every further statement of the body (an ordinary error in the body);
 * - the body never settles, so postgres.js sends nothing more on that connection.
 * The caller hears the loss through the rejected transaction, as before.
 * The transaction takes no savepoints or nested transactions (`savepoint`, drizzle's nested `transaction()`), nor
 * `begin` or `reserve`: postgres.js runs a savepoint's body on a fresh sql of its own that this guard cannot reach,
 * and sends its `rollback to` on a lost connection all the same. A failed statement fails the whole transaction on
 * PostgreSQL anyway: check first, or use ON CONFLICT.
 */
export async function inTransaction<Result>(
  sql: Sql,
  options: string,
  body: (transaction: Transaction) => Promise<Result>,
): Promise<Result> {
  const activity = poolActivity(sql);
  if (activity.closing) throw new Error(poolClosingRefusal);
  let ended = false;
  let noticeEnd: () => void = () => undefined;
  const transactionEnded = new Promise<void>((resolve) => (noticeEnd = resolve));
  let holdsConnection = false;
  activity.unitsWaiting += 1;
  try {
    return (await sql.begin(options, async (begun) => {
      activity.unitsWaiting -= 1;
      activity.unitsRunning += 1;
      holdsConnection = true;
      const transaction = refusingOnceEnded(begun, () => ended);
      try {
        const result = await body(transaction);
        // Ended while the body ran: the driver already rejected the transaction because its connection went away.
        return ended ? neverSettles() : result;
      } catch (error) {
        if (!ended && !isConnectionLoss(error)) throw error;
        // The driver rejects the transaction when it sees the connection closed; a loss-like error on a connection
        // that stays open (it does not end the transaction) is thrown as any other, rolled back as usual.
        const gone = await Promise.race([transactionEnded.then(() => true), sleep(lossNoticeMs, false, { ref: false })]);
        if (gone) return neverSettles();
        throw error;
      }
    })) as Result;
  } catch (error) {
    countStatementTimeout(activity, error);
    throw error;
  } finally {
    ended = true;
    noticeEnd();
    if (holdsConnection) activity.unitsRunning -= 1;
    else activity.unitsWaiting -= 1;
    activity.settled();
  }
}

/**
 * What one pool is doing, as counted by inTransaction and by the statement counter of `openPostgresStorage`:
 * postgres.js 3.4 tells nothing of its connections (in use, idle, waiting), so /metrics and close rely on these.
 */
export interface PoolActivity {
  /** Units of work (inTransaction) waiting for a connection of the pool. */
  unitsWaiting: number;
  /** Units of work holding a connection: their transaction is open. */
  unitsRunning: number;
  /** Statements sent outside a unit (through the counting pool) and not answered yet. */
  statementsRunning: number;
  /** Statements the server cancelled at DATABASE_STATEMENT_TIMEOUT_MS, in units or not, since the pool opened. */
  statementTimeouts: number;
  /** Set when the pool starts closing: no new unit of work starts. */
  closing: boolean;
  /** Tells whoever waits (close) that a unit or statement ended. */
  settled(): void;
  /** Resolves at the next unit or statement that ends. */
  nextSettled(): Promise<void>;
}

/** Per pool, not per process: tests and the migration command open several pools at once. */
const activities = new WeakMap<Sql, PoolActivity>();

/** The refusal a unit of work gets once its pool is closing. */
export const poolClosingRefusal = 'The PostgreSQL pool is closing (the server is shutting down): it starts no new unit of work.';

/** The activity counted for a pool (created at its first use). */
export function poolActivity(sql: Sql): PoolActivity {
  let activity = activities.get(sql);
  if (!activity) {
    const waiting = new Set<() => void>();
    activity = {
      unitsWaiting: 0,
      unitsRunning: 0,
      statementsRunning: 0,
      statementTimeouts: 0,
      closing: false,
      settled() {
        for (const resolve of waiting) resolve();
        waiting.clear();
      },
      nextSettled: () => new Promise<void>((resolve) => waiting.add(resolve)),
    };
    activities.set(sql, activity);
  }
  return activity;
}

/** Whether an error is the server cancelling a statement at statement_timeout (57014 is also a cancel asked for). */
export function isStatementTimeout(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (code === '57014') return typeof message === 'string' && message.includes('statement timeout');
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Counts a statement timeout among a pool's figures. */
export function countStatementTimeout(activity: PoolActivity, error: unknown): void {
  if (isStatementTimeout(error)) activity.statementTimeouts += 1;
}

/** What a transaction opened by inTransaction refuses: each would run statements the guard cannot reach. */
const nestedTransactionMembers = new Set<PropertyKey>(['savepoint', 'begin', 'reserve']);

/** The error a nested transaction inside inTransaction's transaction gets. */
export const nestedTransactionRefused =
  'A unit of work takes no nested transactions (savepoints): one failed statement fails the whole unit on PostgreSQL, so check first or use ON CONFLICT.';

/** The transaction's sql, refusing statements once the transaction has ended, and nested transactions (see inTransaction). */
function refusingOnceEnded(transaction: Transaction, ended: () => boolean): Transaction {
  const refuse = () => {
    if (ended()) throw new Error('This transaction is over (its connection was lost, or it ended): it takes no more statements.');
  };
  return new Proxy(transaction, {
    apply(target, thisArgument, argumentList) {
      refuse();
      return Reflect.apply(target, thisArgument, argumentList) as unknown;
    },
    get(target, property, receiver) {
      if (nestedTransactionMembers.has(property)) {
        return () => {
          throw new Error(nestedTransactionRefused);
        };
      }
      const value = Reflect.get(target, property, receiver) as unknown;
      if (property !== 'unsafe' || typeof value !== 'function') return value;
      return (...argumentList: unknown[]) => {
        refuse();
        return Reflect.apply(value, target, argumentList) as unknown;
      };
    },
  });
}

/**
 * Whether an error means the connection went away (the server or the network), not that a statement failed. Drizzle
 * wraps the driver's error as its cause.
 */
export function isConnectionLoss(error: unknown): boolean {
  let code: unknown;
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    if ('code' in current) {
      code = (current as { code?: unknown }).code;
      break;
    }
    current = (current as { cause?: unknown }).cause;
  }
  if (typeof code !== 'string') return false;
  // Class 08 (connection exception) and 57P01–57P03 (the server shutting down or restarting).
  if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') return true;
  return ['CONNECTION_CLOSED', 'CONNECTION_DESTROYED', 'CONNECTION_ENDED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code);
}
