import { count, eq, inArray, sql } from 'drizzle-orm';
import { codedError, DomainError, refusal } from '../../errors';
import { isId } from '../../core/ids';
import { loadConversationAccess } from '../chat';
import { conversationOf } from '../chat';
import { findTaskRow, type Reader } from '../tasks';
import { loadSpaceAccess } from '../teams';
import { type FileState, type FolderState } from './commands';
import type { FileOwner } from './events';
import { filePolicy, privatFileAccess, spaceFileAccess, type OwnerAccess } from './policies';
import { files, folders } from './tables';

export type { Reader };
export type FileRow = typeof files.$inferSelect;
export type FolderRow = typeof folders.$inferSelect;

/** The caller's access to an owner, or null when there is no such owner. */
export async function ownerAccess(db: Reader, owner: FileOwner, userId: string): Promise<OwnerAccess | null> {
  if (owner.kind === 'privat') {
    const chat = isId(owner.privatId) ? await loadConversationAccess(db, conversationOf('privat', owner.privatId), userId) : null;
    return chat ? privatFileAccess(chat.teamId, chat) : null;
  }
  const access = await loadSpaceAccess(db, owner.projectId, userId);
  return access ? spaceFileAccess(access.seat, access.space, access.spaceSeat) : null;
}

/** Out of sight answers like missing, in each owner's own words, so ids cannot be probed. */
function unreadable(owner: FileOwner): DomainError {
  if (owner.kind === 'project') return refusal('NOT_FOUND', 'SPACE_NOT_FOUND');
  if (owner.kind === 'task') return refusal('NOT_FOUND', 'TASK_NOT_FOUND');
  return new DomainError('PERMISSION_DENIED');
}

/** The owner named by getFiles, setFile or signedUploadURL arguments; a task's space is read from the task. */
export async function ownerFrom(
  db: Reader,
  args: { project?: string | null; task?: string | null; privat?: string | null },
): Promise<FileOwner> {
  const named = (['project', 'task', 'privat'] as const).filter((kind) => typeof args[kind] === 'string' && args[kind] !== '');
  if (named.length !== 1) throw codedError('FILE_OWNER_REQUIRED');
  if (named[0] === 'project') return { kind: 'project', projectId: args.project! };
  if (named[0] === 'privat') return { kind: 'privat', privatId: args.privat! };
  const task = await findTaskRow(db, args.task!);
  if (!task) throw refusal('NOT_FOUND', 'TASK_NOT_FOUND');
  return { kind: 'task', taskId: task.id, projectId: task.projectId };
}

export async function requireReadableOwner(db: Reader, owner: FileOwner, userId: string): Promise<OwnerAccess> {
  const access = await ownerAccess(db, owner, userId);
  if (!access || !filePolicy.read(access)) throw unreadable(owner);
  return access;
}

export async function requireWritableOwner(db: Reader, owner: FileOwner, userId: string): Promise<OwnerAccess> {
  const access = await requireReadableOwner(db, owner, userId);
  if (!filePolicy.upload(access)) throw new DomainError('PERMISSION_DENIED');
  return access;
}

export function ownerOfFile(row: Pick<FileRow, 'projectId' | 'taskId' | 'privatId'>): FileOwner {
  if (row.privatId) return { kind: 'privat', privatId: row.privatId };
  if (row.taskId) return { kind: 'task', taskId: row.taskId, projectId: row.projectId! };
  return { kind: 'project', projectId: row.projectId! };
}

export async function findFileRow(db: Reader, fileId: string): Promise<FileRow | undefined> {
  if (!isId(fileId)) return undefined;
  return (await db.select().from(files).where(eq(files.id, fileId)).limit(1))[0];
}

/** The file, if the caller may see it; one answer for missing and out of sight. */
export async function requireReadableFile(db: Reader, fileId: string, userId: string): Promise<{ row: FileRow; access: OwnerAccess }> {
  const row = await findFileRow(db, fileId);
  const access = row ? await ownerAccess(db, ownerOfFile(row), userId) : null;
  if (!row || !access || !filePolicy.read(access)) throw refusal('NOT_FOUND', 'FILE_NOT_FOUND');
  return { row, access };
}

export async function requireChangeableFile(db: Reader, fileId: string, userId: string): Promise<{ row: FileRow; access: OwnerAccess }> {
  const found = await requireReadableFile(db, fileId, userId);
  if (!filePolicy.change(found.access, found.row, userId)) throw new DomainError('PERMISSION_DENIED');
  return found;
}

export function toFileState(row: FileRow): FileState {
  const { id, teamId, projectId, taskId, privatId, folderId, name, shared, authorId, size, location, thumbnail } = row;
  return { id, teamId, projectId, taskId, privatId, folderId, name, shared, authorId, size, location, thumbnail };
}

export async function findFolderRow(db: Reader, folderId: string): Promise<FolderRow | undefined> {
  if (!isId(folderId)) return undefined;
  return (await db.select().from(folders).where(eq(folders.id, folderId)).limit(1))[0];
}

/**
 * Folder ids above a folder, nearest first (bounded, so a corrupt loop cannot hang a request). The recursive query is
 * the same text on both databases; it is selected from as a subquery so drizzle runs it on either.
 */
export async function folderAncestors(db: Reader, folderId: string): Promise<string[]> {
  const chain = sql`(
    WITH RECURSIVE chain(id, parent, depth) AS (
      SELECT id, upfolder_id, 0 FROM folders WHERE id = ${folderId}
      UNION ALL SELECT folders.id, folders.upfolder_id, chain.depth + 1 FROM folders JOIN chain ON folders.id = chain.parent WHERE chain.depth < 1000
    ) SELECT id, depth FROM chain WHERE depth > 0) AS ancestors`;
  const rows = await db
    .select({ id: sql<string>`ancestors.id` })
    .from(chain)
    .orderBy(sql`ancestors.depth`);
  return rows.map((row) => row.id);
}

export async function toFolderState(db: Reader, row: FolderRow): Promise<FolderState> {
  const { id, teamId, projectId, type, name, upfolderId, authorId } = row;
  return { id, teamId, projectId, type, name, upfolderId, authorId, ancestorIds: await folderAncestors(db, row.id) };
}

export async function requireReadableFolder(
  db: Reader,
  folderId: string,
  userId: string,
): Promise<{ row: FolderRow; access: OwnerAccess }> {
  const row = await findFolderRow(db, folderId);
  const access = row ? await ownerAccess(db, { kind: 'project', projectId: row.projectId }, userId) : null;
  if (!row || !access || !filePolicy.read(access)) throw refusal('NOT_FOUND', 'FOLDER_NOT_FOUND');
  return { row, access };
}

export async function requireChangeableFolder(
  db: Reader,
  folderId: string,
  userId: string,
): Promise<{ row: FolderRow; access: OwnerAccess }> {
  const found = await requireReadableFolder(db, folderId, userId);
  if (!filePolicy.change(found.access, found.row, userId)) throw new DomainError('PERMISSION_DENIED');
  return found;
}

/** Bytes the team's recorded files take: what the quota counts. Sums and counts read as numbers on both databases. */
export async function teamUsage(db: Reader, teamId: string): Promise<{ bytes: number; files: number }> {
  const [row] = await db
    .select({ bytes: sql`coalesce(sum(${files.size}), 0)`.mapWith(Number), files: count() })
    .from(files)
    .where(eq(files.teamId, teamId));
  return { bytes: row?.bytes ?? 0, files: row?.files ?? 0 };
}

/** Bytes each team's recorded files take, for many teams in one query; a team without files is absent. */
export async function teamsUsage(db: Reader, teamIds: readonly string[]): Promise<Map<string, number>> {
  if (teamIds.length === 0) return new Map();
  const rows = await db
    .select({ teamId: files.teamId, bytes: sql`coalesce(sum(${files.size}), 0)`.mapWith(Number) })
    .from(files)
    .where(inArray(files.teamId, [...teamIds]))
    .groupBy(files.teamId);
  return new Map(rows.map((row) => [row.teamId, row.bytes]));
}

/** A file's place (space, task, private chat), whether it is a story, and its name. */
export interface FilePlace {
  id: string;
  project: string | null;
  task: string | null;
  privat: string | null;
  story: boolean;
  name: string;
}

/** Where these files are, by id: for a summary naming many files at once. */
export async function filePlacesById(db: Pick<Reader, 'select'>, fileIds: Iterable<string>): Promise<Map<string, FilePlace>> {
  const ids = [...new Set(fileIds)];
  const found = new Map<string, FilePlace>();
  // 500 ids a query: both databases bound one statement's parameters.
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .select({ id: files.id, project: files.projectId, task: files.taskId, privat: files.privatId, story: files.story, name: files.name })
      .from(files)
      .where(inArray(files.id, ids.slice(start, start + 500)));
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}
