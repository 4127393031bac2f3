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
}

/** What a message may name about the target: never the password. */
export interface PostgresTarget {
  host: string;
  port: number;
  user: string;
  database: string;
}

/** PostgreSQL could not be used as configured; the message names the problem and the target, never the password. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
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
  const target = describeTarget(settings.url);
  const sql = postgres(settings.url, {
    max: settings.poolSize,
    connect_timeout: 10,
    // CREATE … IF NOT EXISTS and the like send notices; the server's log is the place for them.
    onnotice: () => undefined,
    connection: {
      application_name: applicationName,
      statement_timeout: settings.statementTimeoutMs,
      // A transaction left open between statements for as long (a unit of work awaiting something else) ends its
      // session: an open transaction holds its locks, and every reader of the log waits behind its horizon.
      idle_in_transaction_session_timeout: settings.statementTimeoutMs,
      synchronous_commit: 'on',
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
      `PostgreSQL database "${target.database}" at ${target.host}:${target.port} has no schema on user "${target.user}"'s search_path to create tables in.`,
    );
  }
  if (!schema.canCreate) {
    throw new DatabaseUnavailableError(
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
  const explain = (message: string) => new DatabaseUnavailableError(message, { cause: error });
  switch (code) {
    case 'ECONNREFUSED':
      return explain(
        `PostgreSQL is not reachable at ${where}: nothing accepts connections there (is it running, and are DATABASE_URL's host and port right?).`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return explain(`PostgreSQL host "${target.host}" could not be resolved: check DATABASE_URL's host name.`);
    case 'CONNECT_TIMEOUT':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return explain(
        `PostgreSQL is not reachable at ${where}: the connection timed out (${String(code)}); check the host, port and firewall.`,
      );
    case '28P01':
      return explain(`PostgreSQL at ${where} refused the password of user "${target.user}": check DATABASE_URL's user and password.`);
    case '28000':
      return explain(`PostgreSQL at ${where} does not let user "${target.user}" connect to database "${target.database}": ${detail}`);
    case '3D000':
      return explain(
        `PostgreSQL database "${target.database}" does not exist at ${where}: create it (createdb ${target.database}) or fix DATABASE_URL.`,
      );
    case '42501':
      return explain(`PostgreSQL user "${target.user}" lacks a privilege on database "${target.database}" at ${where}: ${detail}`);
    default:
      return explain(`PostgreSQL at ${where} (database "${target.database}", user "${target.user}") could not be used: ${detail}`);
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
  let ended = false;
  let noticeEnd: () => void = () => undefined;
  const transactionEnded = new Promise<void>((resolve) => (noticeEnd = resolve));
  try {
    return (await sql.begin(options, async (begun) => {
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
  } finally {
    ended = true;
    noticeEnd();
  }
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
