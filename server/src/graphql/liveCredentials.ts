import type Database from 'better-sqlite3';
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
 * Whether a subscriber's session or API token still holds. It is asked before every live delivery,
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
    const session = statementsFor(sqlite).session.get(actor.sessionId);
    holdsUntil = session !== undefined && session.revokedAt === null ? Date.parse(session.expiresAt) : Number.NEGATIVE_INFINITY;
    remembered?.sessions.set(actor.sessionId, holdsUntil);
  }
  return holdsUntil > now;
}
