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
import { runCommand } from '../../core/runCommand';
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

export function presentFile(db: Reader, fileId: string, viewerId: string) {
  return presentFiles(db, [findFileRow(db, fileId)!], viewerId)[0]!;
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

function listFiles(db: Reader, viewerId: string, args: z.infer<typeof listSchema>) {
  const conditions: SQL[] = [];
  if (args.portfolio && !args.project && !args.task && !args.privat) {
    conditions.push(eq(files.teamId, requireCurrentTeam(db, viewerId).team.id), eq(files.authorId, viewerId));
  } else {
    const owner = ownerFrom(db, args);
    requireReadableOwner(db, owner, viewerId);
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
    return presentFiles(
      db,
      db
        .select()
        .from(files)
        .where(and(...conditions))
        .orderBy(...order)
        .limit(limit)
        .offset(offset)
        .all(),
      viewerId,
    );
  }
  // Portfolio rows span owners: keep only those the caller can still see (access read once per owner),
  // then page, so a page is short only at the end.
  const readable = readableOwners(db, viewerId);
  const candidates = db
    .select({ id: files.id, projectId: files.projectId, taskId: files.taskId, privatId: files.privatId })
    .from(files)
    .where(and(...conditions))
    .orderBy(...order)
    .all();
  const pageIds = candidates
    .filter(readable)
    .slice(offset, offset + limit)
    .map((row) => row.id);
  if (pageIds.length === 0) return [];
  const rows = new Map(
    db
      .select()
      .from(files)
      .where(inArray(files.id, pageIds))
      .all()
      .map((row) => [row.id, row]),
  );
  return presentFiles(
    db,
    pageIds.map((id) => rows.get(id)!),
    viewerId,
  );
}

/** Whether the caller may read a file's owner, asked once per space or private chat. */
function readableOwners(
  db: Reader,
  viewerId: string,
): (row: Pick<typeof files.$inferSelect, 'projectId' | 'taskId' | 'privatId'>) => boolean {
  const known = new Map<string, boolean>();
  return (row) => {
    const owner = ownerOfFile(row);
    // A task's files follow its space's access: one answer serves the space and all its tasks.
    const key = owner.kind === 'privat' ? `privat:${owner.privatId}` : `project:${owner.projectId}`;
    if (!known.has(key)) {
      const access = ownerAccess(db, owner, viewerId);
      known.set(key, access !== null && filePolicy.read(access));
    }
    return known.get(key)!;
  };
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
  const { row } = requireReadableFile(context.services.database.db, fileId, viewerId);
  return signedDownloadUrl(context.services.config, row);
}

/**
 * getSharedFile: what the public share page shows. Only a shared file answers; a missing one and one
 * not shared answer the same NOT_FOUND, so ids cannot be probed. Counted with the shared bytes' limit.
 */
async function sharedFileDetails(context: MercuriusContext, fileId: string) {
  await context.services.rateLimits.consume(['sharedMediaPerAddress', addressKey(context.ip ?? 'unknown')]);
  const db = context.services.database.db;
  const row = findFileRow(db, fileId);
  if (!row?.shared) throw refusal('NOT_FOUND', 'FILE_NOT_FOUND');
  const author = db.select({ firstname: users.firstname }).from(users).where(eq(users.id, row.authorId)).get();
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
  getFile: (_root, args: { id: string }, context) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    return presentFile(db, requireReadableFile(db, args.id, actor.userId).row.id, actor.userId);
  },
  getFiles: (_root, args: Record<string, unknown>, context) =>
    listFiles(context.services.database.db, requireActor(context).userId, listSchema.parse(args)),
  getStats: (_root, args: { team?: string | null }, context) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    const { team, seat } = args.team ? requireTeamMember(db, args.team, actor.userId) : requireCurrentTeam(db, actor.userId);
    const plan = teamPlanName(db, team.id);
    const usage = teamUsage(db, team.id);
    const recorded = db
      .select({ seconds: sql<number>`coalesce(sum(${files.duration}), 0)` })
      .from(files)
      .where(eq(files.teamId, team.id))
      .get();
    // Who is around now, from the chat area's presence, counting only the people the caller may see there.
    const around = presenceCounts(context.services, db, team.id, seat);
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
function folderReference(db: Reader, folder: string): FileEditReferences['folder'] {
  if (folder === 'root' || folder === '') return null;
  const row = findFolderRow(db, folder);
  return row ? toFolderState(db, row) : 'missing';
}

export const fileMutations = {
  setFile: async (_root, args: Record<string, unknown>, context) => {
    const actor = requireActor(context);
    const fileId = await recordFile(context, actor, withoutNulls(args));
    return presentFile(context.services.database.db, fileId, actor.userId);
  },
  ediFile: async (
    _root,
    raw: { id: string; shared?: boolean | null; folder?: string | null; name?: string | null; project?: string | null },
    context,
  ) => {
    const actor = requireActor(context);
    const { shared, folder, name, project } = raw;
    await runCommand(context, actor.userId, async (unit) => {
      const db = unit.transaction;
      const { row } = requireChangeableFile(db, raw.id, actor.userId);
      const references: FileEditReferences = {};
      if (typeof project === 'string' && project !== row.projectId) {
        const target = ownerAccess(db, { kind: 'project', projectId: project }, actor.userId);
        references.target = target && filePolicy.upload(target) ? { projectId: project, teamId: target.teamId } : null;
      }
      if (typeof folder === 'string') references.folder = folderReference(db, folder);
      const requested = {
        ...(typeof name === 'string' ? { name } : {}),
        ...(typeof shared === 'boolean' ? { shared } : {}),
        ...(typeof project === 'string' ? { projectId: project } : {}),
      };
      const events = decideEditFile(toFileState(row), requested, references);
      if (events.length > 0) await unit.append(fileStream(row.id), events, { teamId: row.teamId });
    });
    return presentFile(context.services.database.db, raw.id, actor.userId);
  },
  cancelUpload: (_root, args: { code: string }, context) => cancelUpload(context, requireActor(context), args.code),
  delFile: async (_root, args: { id: string }, context) => {
    const actor = requireActor(context);
    const deleted = await runCommand(context, actor.userId, async (unit) => {
      const { row } = requireChangeableFile(unit.transaction, args.id, actor.userId);
      await unit.append(fileStream(row.id), decideDeleteFile(toFileState(row)), { teamId: row.teamId });
      return { location: row.location, thumbnail: row.thumbnail };
    });
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
      const usage = teamsUsage(context.services.database.db, teamIds);
      return queries.map(({ obj }) => usage.get(obj.id) ?? 0);
    },
  },
};
