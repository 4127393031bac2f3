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
  const statements = statementsFor(sqlite);
  if (actor.apiTokenId) return statements.token.get(actor.apiTokenId) === 1;
  const session = statements.session.get(actor.sessionId);
  return session !== undefined && session.revokedAt === null && Date.parse(session.expiresAt) > now;
}
