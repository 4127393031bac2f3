import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { requireActor } from '../../graphql/context';
import { newId } from '../../core/ids';
import { runCommand } from '../../core/runCommand';
import { withoutNulls } from '../fields';
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
  type Reader,
} from './state';
import { files, folders } from './tables';
import { fileStream } from './uploads';
import { folderStream } from '../../core/streams';
import type { FolderResolvers, MutationResolvers, QueryResolvers } from '../../graphql/schemaTypes';

function presentFolder(db: Reader, folderId: string, viewerId: string) {
  const row = findFolderRow(db, folderId)!;
  return presentFolders(db, [row], ownerAccess(db, { kind: 'project', projectId: row.projectId }, viewerId), viewerId)[0]!;
}

/** An upfolder argument: "root" or "" is the top level, an unknown id is 'missing'. */
function upfolderReference(db: Reader, upfolder: string): FolderState | null | 'missing' {
  if (upfolder === 'root' || upfolder === '') return null;
  const row = findFolderRow(db, upfolder);
  return row ? toFolderState(db, row) : 'missing';
}

const listSchema = z.object({ type: z.string().max(20).nullish(), project: z.string(), folder: z.string().nullish() });

export const folderQueries = {
  getFolder: (_root, args: { folder: string }, context) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    return presentFolder(db, requireReadableFolder(db, args.folder, actor.userId).row.id, actor.userId);
  },
  getFolders: (_root, raw: Record<string, unknown>, context) => {
    const actor = requireActor(context);
    const args = listSchema.parse(raw);
    const db = context.services.database.db;
    const access = requireReadableOwner(db, { kind: 'project', projectId: args.project }, actor.userId);
    const parent = args.folder && args.folder !== 'root' ? eq(folders.upfolderId, args.folder) : isNull(folders.upfolderId);
    const rows = db
      .select()
      .from(folders)
      .where(and(eq(folders.projectId, args.project), eq(folders.type, args.type ?? 'file'), parent))
      .orderBy(asc(folders.name), asc(folders.id))
      .all();
    return presentFolders(db, rows, access, actor.userId);
  },
} satisfies QueryResolvers;

export const folderMutations = {
  setFolder: async (_root, raw: { project: string; name: string; type?: string | null; upfolder?: string | null }, context) => {
    const actor = requireActor(context);
    const args = withoutNulls(raw);
    const folderId = newId();
    await runCommand(context, actor.userId, async (unit) => {
      const db = unit.transaction;
      const access = requireWritableOwner(db, { kind: 'project', projectId: raw.project }, actor.userId);
      const upfolderRow = args.upfolder ? findFolderRow(db, args.upfolder) : undefined;
      const events = decideCreateFolder({
        folderId,
        teamId: access.teamId,
        projectId: raw.project,
        type: args.type ?? 'file',
        name: raw.name,
        upfolder: args.upfolder ? (upfolderRow ? toFolderState(db, upfolderRow) : null) : undefined,
      });
      await unit.append(folderStream(folderId), events, { teamId: access.teamId, expectedVersion: 0 });
    });
    return presentFolder(context.services.database.db, folderId, actor.userId);
  },
  ediFolder: async (_root, raw: { id: string; name?: string | null; upfolder?: string | null }, context) => {
    const actor = requireActor(context);
    await runCommand(context, actor.userId, async (unit) => {
      const db = unit.transaction;
      const { row } = requireChangeableFolder(db, raw.id, actor.userId);
      const upfolder = typeof raw.upfolder === 'string' ? upfolderReference(db, raw.upfolder) : undefined;
      const events = decideEditFolder(toFolderState(db, row), typeof raw.name === 'string' ? { name: raw.name } : {}, upfolder);
      if (events.length > 0) await unit.append(folderStream(row.id), events, { teamId: row.teamId });
    });
    return presentFolder(context.services.database.db, raw.id, actor.userId);
  },
  delFolder: async (_root, args: { id: string }, context) => {
    const actor = requireActor(context);
    await runCommand(context, actor.userId, async (unit) => {
      const db = unit.transaction;
      const { row } = requireChangeableFolder(db, args.id, actor.userId);
      const contents = {
        files: db.select().from(files).where(eq(files.folderId, row.id)).all().map(toFileState),
        subfolders: db
          .select()
          .from(folders)
          .where(eq(folders.upfolderId, row.id))
          .all()
          .map((subfolder) => ({ ...subfolder, ancestorIds: [] })),
      };
      const deletion = decideDeleteFolder(toFolderState(db, row), contents);
      for (const moved of deletion.files) await unit.append(fileStream(moved.fileId), moved.events, { teamId: row.teamId });
      for (const moved of deletion.subfolders) await unit.append(folderStream(moved.folderId), moved.events, { teamId: row.teamId });
      await unit.append(folderStream(row.id), deletion.folder, { teamId: row.teamId });
    });
    return true;
  },
} satisfies MutationResolvers;

/** Folder.path: the folders above, top level first, read only when asked for. */
export const folderFields = {
  path: (folder, _args, context) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    const state = toFolderState(db, findFolderRow(db, folder.id)!);
    const rows = [...state.ancestorIds]
      .reverse()
      .map((id) => findFolderRow(db, id))
      .filter((row) => row !== undefined);
    return presentFolders(db, rows, ownerAccess(db, { kind: 'project', projectId: folder.project }, actor.userId), actor.userId);
  },
} satisfies FolderResolvers;

export { folderStream };
