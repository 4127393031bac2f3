import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { MercuriusContext } from 'mercurius';
import { z } from 'zod';
import { fileKinds } from '#shared/files';
import { storageQuotaBytes, uploadSizeLimitBytes } from '#shared/plans';
import type { Config } from '../../config';
import { refusal } from '../../errors';
import { requireActor } from '../../graphql/context';
import { addressKey } from '../../http/rateLimits';
import { storageOf } from '../../storage';
import { downloadSignatureParts } from '../../storage/signing';
import { thumbnailKeyOf } from '../../storage/types';
import { users } from '../accounts';
import { presenceCounts } from '../chat';
import { requireCurrentTeam, requireTeamMember, teamPlanName } from '../teams';
import type { UnitOfWork } from '../../core/commands';
import { runCommand } from '../../core/runCommand';
import { spaceFoldersStream } from '../../core/streams';
import { withoutNulls } from '../fields';
import { decideDeleteFile, decideEditFile, type FileEditReferences } from './commands';
import { filePolicy } from './policies';
import { filePaths, presentFiles } from './present';
import { contentDisposition } from './rules';
import {
  findFileRow,
  findFolderRow,
  ownerAccess,
  ownerFrom,
  ownerOfFile,
  requireChangeableFile,
  requireReadableFile,
  requireReadableOwner,
  teamsUsage,
  teamUsage,
  toFileState,
  toFolderState,
  type Reader,
} from './state';
import { files } from './tables';
import { cancelUpload, fileStream, recordFile, signUpload } from './uploads';
import type { MutationResolvers, QueryResolvers } from '../../graphql/schemaTypes';

export const downloadLifetimeMs = 15 * 60 * 1000;

export async function presentFile(db: Reader, fileId: string, viewerId: string) {
  return (await presentFiles(db, [(await findFileRow(db, fileId))!], viewerId))[0]!;
}

const listSchema = z.object({
  project: z.string().nullish(),
  task: z.string().nullish(),
  privat: z.string().nullish(),
  category: z.enum([...fileKinds, 'media', 'story']).nullish(),
  portfolio: z.boolean().nullish(),
  folder: z.string().nullish(),
  offset: z.number().int().min(0).max(1_000_000).nullish(),
  limit: z.number().int().min(1).max(200).nullish(),
});

async function listFiles(db: Reader, viewerId: string, args: z.infer<typeof listSchema>) {
  const conditions: SQL[] = [];
  if (args.portfolio && !args.project && !args.task && !args.privat) {
    conditions.push(eq(files.teamId, (await requireCurrentTeam(db, viewerId)).team.id), eq(files.authorId, viewerId));
  } else {
    const owner = await ownerFrom(db, args);
    await requireReadableOwner(db, owner, viewerId);
    if (owner.kind === 'project') conditions.push(eq(files.projectId, owner.projectId), isNull(files.taskId));
    else if (owner.kind === 'task') conditions.push(eq(files.taskId, owner.taskId));
    else conditions.push(eq(files.privatId, owner.privatId));
  }
  if (args.category === 'media') conditions.push(inArray(files.kind, ['image', 'video']));
  else if (args.category === 'story') conditions.push(eq(files.story, true));
  else if (args.category) conditions.push(eq(files.kind, args.category));
  if (args.folder === 'root') conditions.push(isNull(files.folderId));
  else if (args.folder) conditions.push(eq(files.folderId, args.folder));
  const limit = args.limit ?? 50;
  const offset = args.offset ?? 0;
  const order = [desc(files.createdAt), desc(files.id)] as const;
  if (!args.portfolio || args.project || args.task || args.privat) {
    const rows = await db
      .select()
      .from(files)
      .where(and(...conditions))
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    return await presentFiles(db, rows, viewerId);
  }
  // Portfolio rows span owners: keep only those the caller can still see (access read once per owner),
  // then page, so a page is short only at the end.
  const candidates = await db
    .select({ id: files.id, projectId: files.projectId, taskId: files.taskId, privatId: files.privatId })
    .from(files)
    .where(and(...conditions))
    .orderBy(...order);
  const readable = await readableOwners(db, viewerId, candidates);
  const pageIds = candidates
    .filter(readable)
    .slice(offset, offset + limit)
    .map((row) => row.id);
  if (pageIds.length === 0) return [];
  const rows = new Map((await db.select().from(files).where(inArray(files.id, pageIds))).map((row) => [row.id, row]));
  return await presentFiles(
    db,
    pageIds.map((id) => rows.get(id)!),
    viewerId,
  );
}

type OwnedRow = Pick<typeof files.$inferSelect, 'projectId' | 'taskId' | 'privatId'>;

/** Whether the caller may read each row's owner, asked once per space or private chat among the rows. */
async function readableOwners(db: Reader, viewerId: string, rows: readonly OwnedRow[]): Promise<(row: OwnedRow) => boolean> {
  // A task's files follow its space's access: one answer serves the space and all its tasks.
  const keyOf = (row: OwnedRow) => {
    const owner = ownerOfFile(row);
    return owner.kind === 'privat' ? `privat:${owner.privatId}` : `project:${owner.projectId}`;
  };
  const known = new Map<string, boolean>();
  for (const row of rows) {
    const key = keyOf(row);
    if (known.has(key)) continue;
    const access = await ownerAccess(db, ownerOfFile(row), viewerId);
    known.set(key, access !== null && filePolicy.read(access));
  }
  return (row) => known.get(keyOf(row)) === true;
}

/**
 * A URL that serves the file without the session until it expires: the bucket's own (S3), or a path
 * on this server with an HMAC signature (local disk). Who may have it is the caller's to decide.
 */
export async function signedDownloadUrl(config: Config, row: typeof files.$inferSelect): Promise<string> {
  const storage = storageOf(config);
  const expiresAt = new Date(Date.now() + downloadLifetimeMs);
  const direct = await storage.driver.signDownload({
    key: row.location,
    contentType: row.mimeType,
    disposition: contentDisposition(row.mimeType, row.name),
    expiresAt,
  });
  if (direct) return direct;
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const query = new URLSearchParams({ expires: String(expires), signature: storage.signer.sign(downloadSignatureParts(row.id, expires)) });
  return `${filePaths.file(row.id)}?${query}`;
}

async function signedDownload(context: MercuriusContext, fileId: string, viewerId: string): Promise<string> {
  const { row } = await requireReadableFile(context.services.database.db, fileId, viewerId);
  return signedDownloadUrl(context.services.config, row);
}

/**
 * getSharedFile: what the public share page shows. Only a shared file answers; a missing one and one
 * not shared answer the same NOT_FOUND, so ids cannot be probed. Counted with the shared bytes' limit.
 */
async function sharedFileDetails(context: MercuriusContext, fileId: string) {
  await context.services.rateLimits.consume(['sharedMediaPerAddress', addressKey(context.ip ?? 'unknown')]);
  const db = context.services.database.db;
  const row = await findFileRow(db, fileId);
  if (!row?.shared) throw refusal('NOT_FOUND', 'FILE_NOT_FOUND');
  const [author] = await db.select({ firstname: users.firstname }).from(users).where(eq(users.id, row.authorId)).limit(1);
  return {
    id: row.id,
    name: row.name,
    type: row.mimeType,
    kind: row.kind,
    size: row.size,
    width: row.width,
    height: row.height,
    duration: row.duration,
    createdAt: row.createdAt,
    authorFirstname: author?.firstname ?? null,
    url: filePaths.shared(row.id),
    thumbnail: row.thumbnail ? filePaths.sharedThumbnail(row.id) : null,
  };
}

export const fileQueries = {
  getSharedFile: (_root, args: { id: string }, context) => sharedFileDetails(context, args.id),
  signedUploadURL: (_root, args: Record<string, unknown>, context) => signUpload(context, requireActor(context), args),
  signedDownloadPublicURL: (_root, args: { file: string }, context) => signedDownload(context, args.file, requireActor(context).userId),
  getFile: async (_root, args: { id: string }, context) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    return await presentFile(db, (await requireReadableFile(db, args.id, actor.userId)).row.id, actor.userId);
  },
  getFiles: async (_root, args: Record<string, unknown>, context) =>
    await listFiles(context.services.database.db, requireActor(context).userId, listSchema.parse(args)),
  getStats: async (_root, args: { team?: string | null }, context) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    const { team, seat } = args.team ? await requireTeamMember(db, args.team, actor.userId) : await requireCurrentTeam(db, actor.userId);
    const plan = await teamPlanName(db, team.id);
    const usage = await teamUsage(db, team.id);
    const [recorded] = await db
      .select({ seconds: sql`coalesce(sum(${files.duration}), 0)`.mapWith(Number) })
      .from(files)
      .where(eq(files.teamId, team.id));
    // Who is around now, from the chat area's presence, counting only the people the caller may see there.
    const around = await presenceCounts(context.services, db, team.id, seat);
    return {
      team: team.id,
      plan,
      storage: usage.bytes,
      storageLimit: storageQuotaBytes[plan],
      uploadLimit: uploadSizeLimitBytes(plan),
      files: usage.files,
      duration: recorded?.seconds ?? 0,
      active: around.active,
      away: around.away,
    };
  },
} satisfies QueryResolvers;

/** A folder argument of ediFile: "root" or "" is the top level. */
async function folderReference(db: Reader, folder: string): Promise<FileEditReferences['folder']> {
  if (folder === 'root' || folder === '') return null;
  const row = await findFolderRow(db, folder);
  return row ? await toFolderState(db, row) : 'missing';
}

/** ediFile's unit: a new name, sharing, folder or space for a file the caller may change. */
export async function editFileIn(
  unit: UnitOfWork,
  actorId: string,
  args: { id: string; shared?: boolean | null; folder?: string | null; name?: string | null; project?: string | null },
): Promise<void> {
  const { shared, folder, name, project } = args;
  const db = unit.transaction;
  await unit.lock(fileStream(args.id));
  const { row } = await requireChangeableFile(db, args.id, actorId);
  // A folder given is read as it stands: the space's folder tree is locked first (a folder being deleted moves its files up).
  if (typeof folder === 'string' && row.projectId)
    await unit.lock(spaceFoldersStream(typeof project === 'string' ? project : row.projectId));
  const references: FileEditReferences = {};
  if (typeof project === 'string' && project !== row.projectId) {
    const target = await ownerAccess(db, { kind: 'project', projectId: project }, actorId);
    references.target = target && filePolicy.upload(target) ? { projectId: project, teamId: target.teamId } : null;
  }
  if (typeof folder === 'string') references.folder = await folderReference(db, folder);
  const requested = {
    ...(typeof name === 'string' ? { name } : {}),
    ...(typeof shared === 'boolean' ? { shared } : {}),
    ...(typeof project === 'string' ? { projectId: project } : {}),
  };
  const events = decideEditFile(toFileState(row), requested, references);
  if (events.length > 0) await unit.append(fileStream(row.id), events, { teamId: row.teamId });
}

/** delFile's unit: the file's row goes (and its bytes count no more); answers where its bytes are, for the caller to remove. */
export async function deleteFileIn(
  unit: UnitOfWork,
  actorId: string,
  fileId: string,
): Promise<{ location: string; thumbnail: string | null }> {
  await unit.lock(fileStream(fileId));
  const { row } = await requireChangeableFile(unit.transaction, fileId, actorId);
  await unit.append(fileStream(row.id), decideDeleteFile(toFileState(row)), { teamId: row.teamId });
  return { location: row.location, thumbnail: row.thumbnail };
}

export const fileMutations = {
  setFile: async (_root, args: Record<string, unknown>, context) => {
    const actor = requireActor(context);
    const fileId = await recordFile(context, actor, withoutNulls(args));
    return await presentFile(context.services.database.db, fileId, actor.userId);
  },
  ediFile: async (
    _root,
    raw: { id: string; shared?: boolean | null; folder?: string | null; name?: string | null; project?: string | null },
    context,
  ) => {
    const actor = requireActor(context);
    await runCommand(context, actor.userId, (unit) => editFileIn(unit, actor.userId, raw));
    return await presentFile(context.services.database.db, raw.id, actor.userId);
  },
  cancelUpload: (_root, args: { code: string }, context) => cancelUpload(context, requireActor(context), args.code),
  delFile: async (_root, args: { id: string }, context) => {
    const actor = requireActor(context);
    const deleted = await runCommand(context, actor.userId, (unit) => deleteFileIn(unit, actor.userId, args.id));
    // The row is gone and the quota freed; bytes that fail to go now are left to the storage sweep.
    const { driver } = storageOf(context.services.config);
    await Promise.all([driver.delete(deleted.location), driver.delete(deleted.thumbnail ?? thumbnailKeyOf(deleted.location))]).catch(
      () => undefined,
    );
    return true;
  },
} satisfies MutationResolvers;

/** Team.storage (the teams area's Team type): the bytes the team's recorded files take, one query for every team in a response. */
export const teamStorageLoaders = {
  Team: {
    storage: async (queries: { obj: { id: string } }[], context: MercuriusContext) => {
      const teamIds = [...new Set(queries.map(({ obj }) => obj.id))];
      const usage = await teamsUsage(context.services.database.db, teamIds);
      return queries.map(({ obj }) => usage.get(obj.id) ?? 0);
    },
  },
};
