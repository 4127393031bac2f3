import { inArray, max } from 'drizzle-orm';
import { collabPath } from '#shared/docs';
import { spaceContentPolicy, type SpaceContentAccess } from '../../core/spaceContent';
import type { DocRow, Reader } from './state';
import { docSnapshots, docUpdates } from './tables';

/** The public page of a shared doc (SPEC §2 /share/doc/:docId, where the id is the link's secret). */
export const shareUrlOf = (publicUrl: string, token: string) => `${publicUrl}/share/doc/${token}`;
/** The same page without the app's chrome, for an iframe. */
export const embedUrlOf = (publicUrl: string, token: string) => `${shareUrlOf(publicUrl, token)}?embed=1`;

/**
 * When each doc's content was last stored: its newest update row, or its snapshot's time once the
 * rows were merged. Two queries for any number of docs.
 */
export async function lastSavedOf(db: Reader, docIds: readonly string[]): Promise<Map<string, string>> {
  const saved = new Map<string, number>();
  if (docIds.length === 0) return new Map();
  const snapshots = await db
    .select({ docId: docSnapshots.docId, at: docSnapshots.savedAt })
    .from(docSnapshots)
    .where(inArray(docSnapshots.docId, [...docIds]));
  for (const row of snapshots) saved.set(row.docId, row.at);
  const newest = await db
    .select({ docId: docUpdates.docId, at: max(docUpdates.createdAt).mapWith(Number) })
    .from(docUpdates)
    .where(inArray(docUpdates.docId, [...docIds]))
    .groupBy(docUpdates.docId);
  for (const row of newest) if (row.at !== null) saved.set(row.docId, Math.max(row.at, saved.get(row.docId) ?? 0));
  return new Map([...saved].map(([docId, at]) => [docId, new Date(at).toISOString()]));
}

/** A doc as a viewer with `access` to its space sees it, with what they may do so the client hides the rest. */
export function presentDoc(row: DocRow, access: SpaceContentAccess, publicUrl: string, lastSavedAt: string | null) {
  const shareToken = row.shared ? row.shareToken : null;
  return {
    id: row.id,
    title: row.title,
    emoji: row.emoji,
    cover: row.cover,
    description: row.description,
    shared: row.shared,
    shareUrl: shareToken ? shareUrlOf(publicUrl, shareToken) : null,
    embed: shareToken ? embedUrlOf(publicUrl, shareToken) : null,
    folder: row.folderId,
    project: row.projectId,
    author: row.authorId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    lastSavedAt,
    room: `${collabPath}/${row.id}`,
    canEdit: spaceContentPolicy.write(access),
    canManage: spaceContentPolicy.manage(access, row),
  };
}

export type PresentedDoc = ReturnType<typeof presentDoc>;

export async function presentDocs(
  db: Reader,
  rows: readonly DocRow[],
  access: SpaceContentAccess,
  publicUrl: string,
): Promise<PresentedDoc[]> {
  const saved = await lastSavedOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentDoc(row, access, publicUrl, saved.get(row.id) ?? null));
}

/** What anyone holding the public link sees besides the content: no team, space or people. */
export function presentPublicDoc(row: DocRow, publicUrl: string) {
  return {
    id: row.id,
    title: row.title,
    emoji: row.emoji,
    cover: row.cover,
    updatedAt: row.updatedAt,
    embed: embedUrlOf(publicUrl, row.shareToken!),
    room: `${collabPath}/${row.id}`,
  };
}
