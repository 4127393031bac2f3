import { eq, inArray, sql } from 'drizzle-orm';
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
export function ownerAccess(db: Reader, owner: FileOwner, userId: string): OwnerAccess | null {
  if (owner.kind === 'privat') {
    const chat = isId(owner.privatId) ? loadConversationAccess(db, conversationOf('privat', owner.privatId), userId) : null;
    return chat ? privatFileAccess(chat.teamId, chat) : null;
  }
  const access = loadSpaceAccess(db, owner.projectId, userId);
  return access ? spaceFileAccess(access.seat, access.space, access.spaceSeat) : null;
}

/** Out of sight answers like missing, in each owner's own words, so ids cannot be probed. */
function unreadable(owner: FileOwner): DomainError {
  if (owner.kind === 'project') return refusal('NOT_FOUND', 'SPACE_NOT_FOUND');
  if (owner.kind === 'task') return refusal('NOT_FOUND', 'TASK_NOT_FOUND');
  return new DomainError('PERMISSION_DENIED');
}

/** The owner named by getFiles, setFile or signedUploadURL arguments; a task's space is read from the task. */
export function ownerFrom(db: Reader, args: { project?: string | null; task?: string | null; privat?: string | null }): FileOwner {
  const named = (['project', 'task', 'privat'] as const).filter((kind) => typeof args[kind] === 'string' && args[kind] !== '');
  if (named.length !== 1) throw codedError('FILE_OWNER_REQUIRED');
  if (named[0] === 'project') return { kind: 'project', projectId: args.project! };
  if (named[0] === 'privat') return { kind: 'privat', privatId: args.privat! };
  const task = findTaskRow(db, args.task!);
  if (!task) throw refusal('NOT_FOUND', 'TASK_NOT_FOUND');
  return { kind: 'task', taskId: task.id, projectId: task.projectId };
}

export function requireReadableOwner(db: Reader, owner: FileOwner, userId: string): OwnerAccess {
  const access = ownerAccess(db, owner, userId);
  if (!access || !filePolicy.read(access)) throw unreadable(owner);
  return access;
}

export function requireWritableOwner(db: Reader, owner: FileOwner, userId: string): OwnerAccess {
  const access = requireReadableOwner(db, owner, userId);
  if (!filePolicy.upload(access)) throw new DomainError('PERMISSION_DENIED');
  return access;
}

export function ownerOfFile(row: Pick<FileRow, 'projectId' | 'taskId' | 'privatId'>): FileOwner {
  if (row.privatId) return { kind: 'privat', privatId: row.privatId };
  if (row.taskId) return { kind: 'task', taskId: row.taskId, projectId: row.projectId! };
  return { kind: 'project', projectId: row.projectId! };
}

export function findFileRow(db: Reader, fileId: string): FileRow | undefined {
  if (!isId(fileId)) return undefined;
  return db.select().from(files).where(eq(files.id, fileId)).get();
}

/** The file, if the caller may see it; one answer for missing and out of sight. */
export function requireReadableFile(db: Reader, fileId: string, userId: string): { row: FileRow; access: OwnerAccess } {
  const row = findFileRow(db, fileId);
  const access = row ? ownerAccess(db, ownerOfFile(row), userId) : null;
  if (!row || !access || !filePolicy.read(access)) throw refusal('NOT_FOUND', 'FILE_NOT_FOUND');
  return { row, access };
}

export function requireChangeableFile(db: Reader, fileId: string, userId: string): { row: FileRow; access: OwnerAccess } {
  const found = requireReadableFile(db, fileId, userId);
  if (!filePolicy.change(found.access, found.row, userId)) throw new DomainError('PERMISSION_DENIED');
  return found;
}

export function toFileState(row: FileRow): FileState {
  const { id, teamId, projectId, taskId, privatId, folderId, name, shared, authorId, size, location, thumbnail } = row;
  return { id, teamId, projectId, taskId, privatId, folderId, name, shared, authorId, size, location, thumbnail };
}

export function findFolderRow(db: Reader, folderId: string): FolderRow | undefined {
  if (!isId(folderId)) return undefined;
  return db.select().from(folders).where(eq(folders.id, folderId)).get();
}

/** Folder ids above a folder, nearest first (bounded, so a corrupt loop cannot hang a request). */
export function folderAncestors(db: Reader, folderId: string): string[] {
  const rows = db.all<{ id: string }>(sql`
    WITH RECURSIVE chain(id, parent, depth) AS (
      SELECT id, upfolder_id, 0 FROM folders WHERE id = ${folderId}
      UNION ALL SELECT folders.id, folders.upfolder_id, chain.depth + 1 FROM folders JOIN chain ON folders.id = chain.parent WHERE chain.depth < 1000
    ) SELECT id FROM chain WHERE depth > 0 ORDER BY depth`);
  return rows.map((row) => row.id);
}

export function toFolderState(db: Reader, row: FolderRow): FolderState {
  const { id, teamId, projectId, type, name, upfolderId, authorId } = row;
  return { id, teamId, projectId, type, name, upfolderId, authorId, ancestorIds: folderAncestors(db, row.id) };
}

export function requireReadableFolder(db: Reader, folderId: string, userId: string): { row: FolderRow; access: OwnerAccess } {
  const row = findFolderRow(db, folderId);
  const access = row ? ownerAccess(db, { kind: 'project', projectId: row.projectId }, userId) : null;
  if (!row || !access || !filePolicy.read(access)) throw refusal('NOT_FOUND', 'FOLDER_NOT_FOUND');
  return { row, access };
}

export function requireChangeableFolder(db: Reader, folderId: string, userId: string): { row: FolderRow; access: OwnerAccess } {
  const found = requireReadableFolder(db, folderId, userId);
  if (!filePolicy.change(found.access, found.row, userId)) throw new DomainError('PERMISSION_DENIED');
  return found;
}

/** Bytes the team's recorded files take: what the quota counts. */
export function teamUsage(db: Reader, teamId: string): { bytes: number; files: number } {
  const row = db
    .select({ bytes: sql<number>`coalesce(sum(${files.size}), 0)`, files: sql<number>`count(*)` })
    .from(files)
    .where(eq(files.teamId, teamId))
    .get();
  return { bytes: row?.bytes ?? 0, files: row?.files ?? 0 };
}

/** Bytes each team's recorded files take, for many teams in one query; a team without files is absent. */
export function teamsUsage(db: Reader, teamIds: readonly string[]): Map<string, number> {
  if (teamIds.length === 0) return new Map();
  const rows = db
    .select({ teamId: files.teamId, bytes: sql<number>`coalesce(sum(${files.size}), 0)` })
    .from(files)
    .where(inArray(files.teamId, [...teamIds]))
    .groupBy(files.teamId)
    .all();
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
