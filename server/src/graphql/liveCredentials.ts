import type Database from 'better-sqlite3';
import { and, inArray, isNull } from 'drizzle-orm';
import type { AppDatabase, DrizzleDatabase } from '../db/connection';
import { sessions } from '../domains/accounts/tables';
import { apiTokens } from '../domains/settings/tables';
import type { Actor } from './context';

interface SessionRow {
  revokedAt: string | null;
  expiresAt: string;
}

interface Statements {
  session: Database.Statement<[string], SessionRow>;
  token: Database.Statement<[string], number>;
}

const preparedByConnection = new WeakMap<Database.Database, Statements>();

function statementsFor(sqlite: Database.Database): Statements {
  let statements = preparedByConnection.get(sqlite);
  if (!statements) {
    statements = {
      session: sqlite.prepare<[string], SessionRow>('SELECT revoked_at AS revokedAt, expires_at AS expiresAt FROM sessions WHERE id = ?'),
      token: sqlite.prepare<[string], number>('SELECT 1 FROM api_tokens WHERE id = ? AND revoked_at IS NULL').pluck(),
    };
    preparedByConnection.set(sqlite, statements);
  }
  return statements;
}

/** Until when each credential holds (ms; -Infinity when it does not), as read in the current round of a connection. */
interface Remembered {
  sessions: Map<string, number>;
  tokens: Map<string, boolean>;
}

const rememberedByConnection = new WeakMap<Database.Database, Remembered>();

/** Until when a session row holds: its expiry, or -Infinity when it is revoked or missing (isSessionActive's rule). */
function sessionHoldsUntil(session: SessionRow | undefined): number {
  return session !== undefined && session.revokedAt === null ? Date.parse(session.expiresAt) : Number.NEGATIVE_INFINITY;
}

/**
 * Between `rememberCredentials(sqlite, true)` and `(sqlite, false)`, each credential is read once and its
 * answer kept for the checks that follow: only for a stretch of synchronous code inside one read transaction
 * (core/live.ts: the deliveries of one handover), where reading it again would answer the same row. The
 * expiry is still compared with the time of each check.
 */
export function rememberCredentials(sqlite: Database.Database, on: boolean): void {
  if (on) rememberedByConnection.set(sqlite, { sessions: new Map(), tokens: new Map() });
  else rememberedByConnection.delete(sqlite);
}

/**
 * Whether a subscriber's session or API token still holds, on SQLite. It is asked before every live delivery,
 * once per subscriber, which makes it the server's most frequent query: it runs on two statements
 * prepared once per connection instead of through the query builder. The rules are the same as
 * isSessionActive's and isApiTokenActive's (a test keeps them together).
 */
export function isLiveCredentialActive(
  sqlite: Database.Database,
  actor: Pick<Actor, 'sessionId' | 'apiTokenId'>,
  now = Date.now(),
): boolean {
  const remembered = rememberedByConnection.get(sqlite);
  if (actor.apiTokenId) {
    const known = remembered?.tokens.get(actor.apiTokenId);
    if (known !== undefined) return known;
    const active = statementsFor(sqlite).token.get(actor.apiTokenId) === 1;
    remembered?.tokens.set(actor.apiTokenId, active);
    return active;
  }
  let holdsUntil = remembered?.sessions.get(actor.sessionId);
  if (holdsUntil === undefined) {
    holdsUntil = sessionHoldsUntil(statementsFor(sqlite).session.get(actor.sessionId));
    remembered?.sessions.set(actor.sessionId, holdsUntil);
  }
  return holdsUntil > now;
}

/** Ids per query: a handover to thousands of subscribers reads their credentials in a few statements. */
const idsPerQuery = 500;

/** The credentials asked for while one batch was open, each answered by the batch's read. */
interface CredentialBatch {
  sessions: Map<string, Promise<number>>;
  tokens: Map<string, Promise<boolean>>;
  read: Promise<{ sessions: Map<string, number>; tokens: Set<string> }>;
}

/**
 * The credential check for a database whose reads answer promises (PostgreSQL). Checking one credential per
 * delivery, each in a query of its own, would cost a round trip per subscriber; instead the checks asked during one
 * synchronous stretch (core/live.ts: a handover's deliveries, whose judges answered at once) are collected and read
 * together after it, in one query per kind of credential (500 ids a statement), and each check's promise answers from
 * that read. A credential asked for twice in a batch is read once; the expiry is still compared with the time of
 * each check. Checks asked after the read started (judges that answered a promise) open the next batch.
 */
export class BatchedLiveCredentials {
  private open: CredentialBatch | null = null;

  constructor(private readonly database: Pick<DrizzleDatabase, 'select'>) {}

  isActive(actor: Pick<Actor, 'sessionId' | 'apiTokenId'>, now = Date.now()): Promise<boolean> {
    const batch = this.batch();
    if (actor.apiTokenId) {
      const tokenId = actor.apiTokenId;
      let active = batch.tokens.get(tokenId);
      if (!active) {
        active = batch.read.then((read) => read.tokens.has(tokenId));
        batch.tokens.set(tokenId, active);
      }
      return active;
    }
    const { sessionId } = actor;
    let holdsUntil = batch.sessions.get(sessionId);
    if (!holdsUntil) {
      holdsUntil = batch.read.then((read) => read.sessions.get(sessionId) ?? Number.NEGATIVE_INFINITY);
      batch.sessions.set(sessionId, holdsUntil);
    }
    return holdsUntil.then((until) => until > now);
  }

  /** The batch checks join until the current synchronous stretch ends: its read starts in a microtask after it. */
  private batch(): CredentialBatch {
    if (this.open) return this.open;
    const sessionChecks = new Map<string, Promise<number>>();
    const tokenChecks = new Map<string, Promise<boolean>>();
    const read = Promise.resolve().then(() => {
      this.open = null;
      return readCredentials(this.database, [...sessionChecks.keys()], [...tokenChecks.keys()]);
    });
    this.open = { sessions: sessionChecks, tokens: tokenChecks, read };
    return this.open;
  }
}

/** The sessions' expiries (see sessionHoldsUntil) and the ids of the tokens not revoked, among those asked for. */
export async function readCredentials(
  database: Pick<DrizzleDatabase, 'select'>,
  sessionIds: readonly string[],
  tokenIds: readonly string[],
): Promise<{ sessions: Map<string, number>; tokens: Set<string> }> {
  const holds = new Map<string, number>();
  for (let start = 0; start < sessionIds.length; start += idsPerQuery) {
    const rows = await database
      .select({ id: sessions.id, revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(inArray(sessions.id, sessionIds.slice(start, start + idsPerQuery)));
    for (const row of rows) holds.set(row.id, sessionHoldsUntil(row));
  }
  const active = new Set<string>();
  for (let start = 0; start < tokenIds.length; start += idsPerQuery) {
    const rows = await database
      .select({ id: apiTokens.id })
      .from(apiTokens)
      .where(and(inArray(apiTokens.id, tokenIds.slice(start, start + idsPerQuery)), isNull(apiTokens.revokedAt)));
    for (const row of rows) active.add(row.id);
  }
  return { sessions: holds, tokens: active };
}

/** Whether a subscriber's credential holds: at once on SQLite, a promise where reads answer one. */
export type LiveCredentialCheck = (actor: Pick<Actor, 'sessionId' | 'apiTokenId'>) => boolean | Promise<boolean>;

const batchedByDatabase = new WeakMap<AppDatabase, BatchedLiveCredentials>();

/**
 * The live deliveries' credential check for this process's database (db/pickTable.ts): SQLite's synchronous
 * statements, remembered during a handover round; on PostgreSQL the batched check above, one per database handle.
 */
export function liveCredentialCheckOf(database: AppDatabase): LiveCredentialCheck {
  const sqlite = database.sqlite;
  if (sqlite) return (actor) => isLiveCredentialActive(sqlite, actor);
  let batched = batchedByDatabase.get(database);
  if (!batched) {
    batched = new BatchedLiveCredentials(database.db);
    batchedByDatabase.set(database, batched);
  }
  const check = batched;
  return (actor) => check.isActive(actor);
}
