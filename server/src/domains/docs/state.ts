import { count, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../../db/connection';
import { DomainError, refusal } from '../../errors';
import { isId } from '../../core/ids';
import { spaceContentPolicy } from '../../core/spaceContent';
import { spaceContentAccess, type SpaceContentAccessOf } from '../../core/spaceContent';
import type { DocState } from './commands';
import { projects, requirePlanRoom } from '../teams';
import { docs } from './tables';

/** Reads work the same on the database and inside a command's transaction. */
export type Reader = Pick<Transaction, 'select' | 'all'>;
export type DocRow = typeof docs.$inferSelect;

export function findDocRow(db: Reader, docId: string): DocRow | undefined {
  if (!isId(docId)) return undefined;
  return db.select().from(docs).where(eq(docs.id, docId)).get();
}

export function toDocState(row: DocRow): DocState {
  return {
    id: row.id,
    projectId: row.projectId,
    teamId: row.teamId,
    authorId: row.authorId,
    title: row.title,
    emoji: row.emoji,
    cover: row.cover,
    description: row.description,
    folderId: row.folderId,
    shared: row.shared,
    shareToken: row.shareToken,
  };
}

/**
 * Docs follow the space content rule (spaceContentPolicy): its answers also serve the subDoc filter and
 * the doc websocket upgrade (read-only when `write` is false); `manage` is sharing publicly and deleting.
 */

/** The doc, if the user may see it; one answer for missing and out of sight, so ids cannot be probed. */
export function requireReadableDoc(db: Reader, docId: string, userId: string): { row: DocRow; access: SpaceContentAccessOf } {
  const row = findDocRow(db, docId);
  const access = row ? spaceContentAccess(db, row.projectId, userId) : null;
  if (!row || !access || !spaceContentPolicy.read(access)) throw refusal('NOT_FOUND', 'DOC_NOT_FOUND');
  return { row, access };
}

export function requireWritableDoc(db: Reader, docId: string, userId: string): { row: DocRow; access: SpaceContentAccessOf } {
  const found = requireReadableDoc(db, docId, userId);
  if (!spaceContentPolicy.write(found.access)) throw new DomainError('PERMISSION_DENIED');
  return found;
}

export function requireManagedDoc(db: Reader, docId: string, userId: string): { row: DocRow; access: SpaceContentAccessOf } {
  const found = requireWritableDoc(db, docId, userId);
  if (!spaceContentPolicy.manage(found.access, found.row)) throw new DomainError('PERMISSION_DENIED');
  return found;
}

/** Refuses a new doc when the team's plan allows no more (docs of every space of the team count, personal ones too). */
export function requireDocRoom(db: Reader, teamId: string): void {
  requirePlanRoom(db, teamId, 'docs', () => {
    const teamSpaces = db.select({ id: projects.id }).from(projects).where(eq(projects.teamId, teamId));
    return db.select({ docs: count() }).from(docs).where(inArray(docs.projectId, teamSpaces)).get()?.docs ?? 0;
  });
}

/** Where these docs are (space, folder) and their titles, by id: for a summary naming many docs at once. */
export async function docPlacesById(
  db: Pick<Transaction, 'select'>,
  docIds: Iterable<string>,
): Promise<Map<string, { id: string; project: string; folder: string | null; title: string }>> {
  const ids = [...new Set(docIds)];
  const found = new Map<string, { id: string; project: string; folder: string | null; title: string }>();
  // 500 ids a query: both databases bound one statement's parameters.
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .select({ id: docs.id, project: docs.projectId, folder: docs.folderId, title: docs.title })
      .from(docs)
      .where(inArray(docs.id, ids.slice(start, start + 500)));
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}
