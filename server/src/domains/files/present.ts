import { filePaths } from '../../http/mediaPaths';
import { inArray } from 'drizzle-orm';
import { users } from '../accounts';
import { filePolicy, type OwnerAccess } from './policies';
import { ownerAccess, ownerOfFile, type FileRow, type FolderRow, type Reader } from './state';

type Person = { id: string; firstname: string; lastname: string; profileImg: string | null };

async function peopleById(db: Reader, ids: readonly string[]): Promise<Map<string, Person>> {
  const unique = [...new Set(ids)].filter((id) => id !== '');
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, profileImg: users.profileImg })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((person) => [person.id, person]));
}

/** The server paths of a file's bytes; the page at /share/media/:id (the SPA's) loads the shared one. */
export { fileIdOfPath, filePaths } from '../../http/mediaPaths';

/** A file as `viewerId` sees it, with what they may do to it; the access to its owner is the caller's. */
function presentFileRow(row: FileRow, author: Person | null, access: OwnerAccess | null, viewerId: string) {
  const canEdit = access !== null && filePolicy.change(access, row, viewerId);
  return {
    id: row.id,
    name: row.name,
    type: row.mimeType,
    shared: row.shared,
    size: row.size,
    url: filePaths.file(row.id),
    thumbnail: row.thumbnail ? filePaths.thumbnail(row.id) : null,
    base64: row.preview,
    width: row.width,
    height: row.height,
    duration: row.duration,
    location: row.location,
    category: row.kind,
    story: row.story,
    folder: row.folderId,
    author,
    project: row.projectId,
    privat: row.privatId,
    task: row.taskId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    sharedUrl: row.shared ? filePaths.sharePage(row.id) : null,
    canEdit,
    canDelete: canEdit,
  };
}

/** Files in the given order: authors in one query, owner access judged once per owner. */
export async function presentFiles(db: Reader, rows: readonly FileRow[], viewerId: string) {
  const people = await peopleById(
    db,
    rows.map((row) => row.authorId),
  );
  const accessByOwner = new Map<string, OwnerAccess | null>();
  for (const row of rows) {
    const owner = ownerOfFile(row);
    const ownerKey = JSON.stringify(owner);
    if (!accessByOwner.has(ownerKey)) accessByOwner.set(ownerKey, await ownerAccess(db, owner, viewerId));
  }
  return rows.map((row) =>
    presentFileRow(row, people.get(row.authorId) ?? null, accessByOwner.get(JSON.stringify(ownerOfFile(row)))!, viewerId),
  );
}

export type PresentedFile = Awaited<ReturnType<typeof presentFiles>>[number];

export async function presentFolders(db: Reader, rows: readonly FolderRow[], access: OwnerAccess | null, viewerId: string) {
  const people = await peopleById(
    db,
    rows.map((row) => row.authorId),
  );
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    name: row.name,
    upfolder: row.upfolderId,
    project: row.projectId,
    author: people.get(row.authorId) ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    canEdit: access !== null && filePolicy.change(access, row, viewerId),
  }));
}

export type PresentedFolder = Awaited<ReturnType<typeof presentFolders>>[number];
