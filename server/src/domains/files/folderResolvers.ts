import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { requireActor } from '../../graphql/context';
import { newId } from '../../core/ids';
import type { UnitOfWork } from '../../core/commands';
import { runCommand } from '../../core/runCommand';
import { decideCreateFolder, decideDeleteFolder, decideEditFolder, type FolderState } from './commands';
import { presentFolders } from './present';
import {
  findFolderRow,
  ownerAccess,
  requireChangeableFolder,
  requireReadableFolder,
  requireReadableOwner,
  requireWritableOwner,
  toFileState,
  toFolderState,
  type FolderRow,
  type Reader,
} from './state';
import { files, folders } from './tables';
import { fileStream } from './uploads';
import { folderStream, spaceFoldersStream } from '../../core/streams';
import type { FolderResolvers, MutationResolvers, QueryResolvers } from '../../graphql/schemaTypes';

/**
 * Locks the folder tree of the space a folder is in, before the unit reads the tree it decides on (a folder never
 * changes space). An unknown folder locks nothing: the command then refuses it as missing.
 */
async function lockFolderTreeOf(unit: UnitOfWork, folderId: string): Promise<void> {
  const row = await findFolderRow(unit.transaction, folderId);
  if (row) await unit.lock(spaceFoldersStream(row.projectId));
}

async function presentFolder(db: Reader, folderId: string, viewerId: string) {
  const row = (await findFolderRow(db, folderId))!;
  const access = await ownerAccess(db, { kind: 'project', projectId: row.projectId }, viewerId);
  return (await presentFolders(db, [row], access, viewerId))[0]!;
}

/** An upfolder argument: "root" or "" is the top level, an unknown id is 'missing'. */
async function upfolderReference(db: Reader, upfolder: string): Promise<FolderState | null | 'missing'> {
  if (upfolder === 'root' || upfolder === '') return null;
  const row = await findFolderRow(db, upfolder);
  return row ? await toFolderState(db, row) : 'missing';
}

const listSchema = z.object({ type: z.string().max(20).nullish(), project: z.string(), folder: z.string().nullish() });

export const folderQueries = {
  getFolder: async (_root, args: { folder: string }, context) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    return await presentFolder(db, (await requireReadableFolder(db, args.folder, actor.userId)).row.id, actor.userId);
  },
  getFolders: async (_root, raw: Record<string, unknown>, context) => {
    const actor = requireActor(context);
    const args = listSchema.parse(raw);
    const db = context.services.database.db;
    const access = await requireReadableOwner(db, { kind: 'project', projectId: args.project }, actor.userId);
    const parent = args.folder && args.folder !== 'root' ? eq(folders.upfolderId, args.folder) : isNull(folders.upfolderId);
    const rows = await db
      .select()
      .from(folders)
      .where(and(eq(folders.projectId, args.project), eq(folders.type, args.type ?? 'file'), parent))
      .orderBy(asc(folders.name), asc(folders.id));
    return await presentFolders(db, rows, access, actor.userId);
  },
} satisfies QueryResolvers;

/** setFolder's unit: a folder in a space the caller may upload to, under a folder of that space or at its top. */
export async function createFolderIn(
  unit: UnitOfWork,
  actorId: string,
  args: { folderId: string; project: string; name: string; type?: string | null; upfolder?: string | null },
): Promise<void> {
  const db = unit.transaction;
  const access = await requireWritableOwner(db, { kind: 'project', projectId: args.project }, actorId);
  await unit.lock(spaceFoldersStream(args.project));
  const upfolderRow = args.upfolder ? await findFolderRow(db, args.upfolder) : undefined;
  const events = decideCreateFolder({
    folderId: args.folderId,
    teamId: access.teamId,
    projectId: args.project,
    type: args.type ?? 'file',
    name: args.name,
    upfolder: args.upfolder ? (upfolderRow ? await toFolderState(db, upfolderRow) : null) : undefined,
  });
  await unit.append(folderStream(args.folderId), events, { teamId: access.teamId, expectedVersion: 0 });
}

/** ediFolder's unit: a new name, or a move under another folder of the space (never under itself or below it). */
export async function editFolderIn(
  unit: UnitOfWork,
  actorId: string,
  args: { id: string; name?: string | null; upfolder?: string | null },
): Promise<void> {
  const db = unit.transaction;
  await lockFolderTreeOf(unit, args.id);
  const { row } = await requireChangeableFolder(db, args.id, actorId);
  const upfolder = typeof args.upfolder === 'string' ? await upfolderReference(db, args.upfolder) : undefined;
  const events = decideEditFolder(await toFolderState(db, row), typeof args.name === 'string' ? { name: args.name } : {}, upfolder);
  if (events.length > 0) await unit.append(folderStream(row.id), events, { teamId: row.teamId });
}

/** delFolder's unit: the folder goes, its files and folders move up to its own folder. */
export async function deleteFolderIn(unit: UnitOfWork, actorId: string, folderId: string): Promise<void> {
  const db = unit.transaction;
  await lockFolderTreeOf(unit, folderId);
  const { row } = await requireChangeableFolder(db, folderId, actorId);
  const contents = {
    files: (await db.select().from(files).where(eq(files.folderId, row.id))).map(toFileState),
    subfolders: (await db.select().from(folders).where(eq(folders.upfolderId, row.id))).map((subfolder) => ({
      ...subfolder,
      ancestorIds: [],
    })),
  };
  const deletion = decideDeleteFolder(await toFolderState(db, row), contents);
  for (const moved of deletion.files) await unit.append(fileStream(moved.fileId), moved.events, { teamId: row.teamId });
  for (const moved of deletion.subfolders) await unit.append(folderStream(moved.folderId), moved.events, { teamId: row.teamId });
  await unit.append(folderStream(row.id), deletion.folder, { teamId: row.teamId });
}

export const folderMutations = {
  setFolder: async (_root, raw: { project: string; name: string; type?: string | null; upfolder?: string | null }, context) => {
    const actor = requireActor(context);
    const folderId = newId();
    await runCommand(context, actor.userId, (unit) => createFolderIn(unit, actor.userId, { ...raw, folderId }));
    return await presentFolder(context.services.database.db, folderId, actor.userId);
  },
  ediFolder: async (_root, raw: { id: string; name?: string | null; upfolder?: string | null }, context) => {
    const actor = requireActor(context);
    await runCommand(context, actor.userId, (unit) => editFolderIn(unit, actor.userId, raw));
    return await presentFolder(context.services.database.db, raw.id, actor.userId);
  },
  delFolder: async (_root, args: { id: string }, context) => {
    const actor = requireActor(context);
    await runCommand(context, actor.userId, (unit) => deleteFolderIn(unit, actor.userId, args.id));
    return true;
  },
} satisfies MutationResolvers;

/** Folder.path: the folders above, top level first, read only when asked for. */
export const folderFields = {
  path: async (folder, _args, context) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    const state = await toFolderState(db, (await findFolderRow(db, folder.id))!);
    const rows: FolderRow[] = [];
    for (const id of [...state.ancestorIds].reverse()) {
      const row = await findFolderRow(db, id);
      if (row !== undefined) rows.push(row);
    }
    const access = await ownerAccess(db, { kind: 'project', projectId: folder.project }, actor.userId);
    return await presentFolders(db, rows, access, actor.userId);
  },
} satisfies FolderResolvers;

export { folderStream };
