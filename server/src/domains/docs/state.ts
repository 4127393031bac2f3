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

export async function findDocRow(db: Reader, docId: string): Promise<DocRow | undefined> {
  if (!isId(docId)) return undefined;
  const [row] = await db.select().from(docs).where(eq(docs.id, docId)).limit(1);
  return row;
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
export async function requireReadableDoc(
  db: Reader,
  docId: string,
  userId: string,
): Promise<{ row: DocRow; access: SpaceContentAccessOf }> {
  const row = await findDocRow(db, docId);
  const access = row ? await spaceContentAccess(db, row.projectId, userId) : null;
  if (!row || !access || !spaceContentPolicy.read(access)) throw refusal('NOT_FOUND', 'DOC_NOT_FOUND');
  return { row, access };
}

export async function requireWritableDoc(
  db: Reader,
  docId: string,
  userId: string,
): Promise<{ row: DocRow; access: SpaceContentAccessOf }> {
  const found = await requireReadableDoc(db, docId, userId);
  if (!spaceContentPolicy.write(found.access)) throw new DomainError('PERMISSION_DENIED');
  return found;
}

export async function requireManagedDoc(db: Reader, docId: string, userId: string): Promise<{ row: DocRow; access: SpaceContentAccessOf }> {
  const found = await requireWritableDoc(db, docId, userId);
  if (!spaceContentPolicy.manage(found.access, found.row)) throw new DomainError('PERMISSION_DENIED');
  return found;
}

/** Serializes the docs a team creates, so two at once cannot both take the plan's last place (no stream counts them). */
export const teamDocsLock = (teamId: string) => `teamDocs:${teamId}`;

/** Refuses a new doc when the team's plan allows no more (docs of every space of the team count, personal ones too). */
export async function requireDocRoom(db: Reader, teamId: string): Promise<void> {
  await requirePlanRoom(db, teamId, 'docs', async () => {
    const teamSpaces = db.select({ id: projects.id }).from(projects).where(eq(projects.teamId, teamId));
    const [row] = await db
      .select({ docs: count().mapWith(Number) })
      .from(docs)
      .where(inArray(docs.projectId, teamSpaces));
    return row?.docs ?? 0;
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
