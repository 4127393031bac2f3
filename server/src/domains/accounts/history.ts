import { and, desc, inArray, lt, type SQL } from 'drizzle-orm';
import type { DrizzleDatabase } from '../../db/connection';
import { users } from './tables';
import { events } from '../../core/tables';
import type { StoredEvent } from '../../core/events';

export interface HistoryActor {
  id: string;
  firstname: string;
  lastname: string;
  profileImg: string | null;
}

/**
 * One page of the log, newest first, for activity feeds: the events matching `conditions` before the
 * cursor `after` (a seq), each with its actor's card, and the cursor of the next page (null at the end).
 */
export async function historyPage(db: Pick<DrizzleDatabase, 'select'>, conditions: SQL[], first: number, after: string | null | undefined) {
  const filters = after ? [...conditions, lt(events.seq, Number(after))] : conditions;
  const rows = (await db
    .select()
    .from(events)
    .where(and(...filters))
    .orderBy(desc(events.seq))
    .limit(first + 1)) as StoredEvent[];
  const page = rows.slice(0, first);
  const actorIds = [...new Set(page.map((row) => row.actorId).filter((id): id is string => id !== null))];
  const actors = new Map<string, HistoryActor>(
    (actorIds.length === 0
      ? []
      : await db
          .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, profileImg: users.profileImg })
          .from(users)
          .where(inArray(users.id, actorIds))
    ).map((person) => [person.id, person]),
  );
  return {
    entries: page.map((row) => ({ event: row, actor: row.actorId ? (actors.get(row.actorId) ?? null) : null })),
    nextCursor: rows.length > first ? String(page[page.length - 1]!.seq) : null,
  };
}
