import { and, eq, gt, lt } from 'drizzle-orm';
import type { MercuriusContext } from 'mercurius';
import { z } from 'zod';
import { fileKindFromMimeType } from '#shared/files';
import { uploadBounds, uploadNameRejection, uploadRejection } from '#shared/uploads';
import { DomainError, issue, refusal } from '../../errors';
import type { Actor, Services } from '../../graphql/context';
import { newId } from '../../core/ids';
import { storageOf } from '../../storage';
import { thumbnailKeyOf } from '../../storage/types';
import type { UnitOfWork } from '../../core/commands';
import { runCommand } from '../../core/runCommand';
import { spaceFoldersStream, teamStorageStream } from '../../core/streams';
import { requireCurrentTeam, teamPlanName } from '../teams';
import { analyse, sniff } from './analysis';
import { decideRecordFile, uploadError, type PendingUpload } from './commands';
import { checkFileName, decideStoredType, normalizeMimeType } from './rules';
import { fileStream, type FileAnalysis, type FileOwner } from './events';
import { filePolicy } from './policies';
import {
  findFileRow,
  findFolderRow,
  ownerAccess,
  ownerFrom,
  ownerOfFile,
  requireWritableOwner,
  teamUsage,
  toFolderState,
  type Reader,
} from './state';
import { fileUploads } from './tables';
import { pdfTextExtractionOf } from './textExtraction';

/** How long a signed upload URL takes bytes, and how long after signing the upload may be recorded. */
export const uploadTimes = {
  urlLifetimeMs: 60 * 60 * 1000,
  recordWithinMs: 6 * 60 * 60 * 1000,
  sweepEveryMs: 10 * 60 * 1000,
  /** A signed upload whose bytes have not started arriving this long after signing no longer counts as in flight. */
  startWithinMs: 10 * 60 * 1000,
} as const;

interface Log {
  warn(details: object, message: string): void;
}
const silentLog: Log = { warn: () => undefined };

export { fileStream } from './events';

const ownerArguments = { project: z.string().nullish(), task: z.string().nullish(), privat: z.string().nullish() };
const sizeSchema = z
  .number()
  .int()
  .refine((size) => size >= 1, issue('FILE_EMPTY'))
  .max(Number.MAX_SAFE_INTEGER);
const signSchema = z.object({ filename: z.string().max(2000), filetype: z.string().max(300), size: sizeSchema, ...ownerArguments });

/** The team an upload is for: the owner's when one is named (the caller must be able to upload there), else the current team. */
async function uploadTeam(db: Reader, userId: string, args: z.infer<typeof signSchema>): Promise<string> {
  if (args.project || args.task || args.privat) return (await requireWritableOwner(db, await ownerFrom(db, args), userId)).teamId;
  return (await requireCurrentTeam(db, userId)).team.id;
}

/** An empty file has its own refusal (a person can drop one); other bad sizes are the schema's. */
function refuseEmpty(raw: Record<string, unknown>): void {
  if (raw.size === 0) throw new DomainError('FILE_EMPTY');
}

/**
 * Uploads the user signed that still hold a place among their `batchLimit`: signed within the last
 * `startWithinMs`, or older ones whose bytes did arrive (or, locally, are arriving) and await setFile.
 * One abandoned without cancelUpload stops counting once its start window passes. Storage is asked
 * about the older ones only, and only until the limit is reached.
 */
async function uploadsInFlight(services: Services, userId: string, now: Date): Promise<number> {
  const db = services.database.db;
  const live = await db
    .select({ key: fileUploads.key, createdAt: fileUploads.createdAt })
    .from(fileUploads)
    .where(and(eq(fileUploads.userId, userId), gt(fileUploads.expiresAt, now.toISOString())));
  const startedBy = new Date(now.getTime() - uploadTimes.startWithinMs).toISOString();
  let inFlight = live.filter((upload) => upload.createdAt > startedBy).length;
  const { driver } = storageOf(services.config);
  for (const upload of live.filter((candidate) => candidate.createdAt <= startedBy)) {
    if (inFlight >= uploadBounds.batchLimit) break;
    if (await driver.uploadStarted(upload.key).catch(() => true)) inFlight += 1;
  }
  return inFlight;
}

/** signedUploadURL: checks name, type, size and quota first, so most refusals come before any byte is sent. */
export async function signUpload(context: MercuriusContext, actor: Actor, raw: Record<string, unknown>) {
  refuseEmpty(raw);
  const args = signSchema.parse(raw);
  const { services } = context;
  const db = services.database.db;
  const name = checkFileName(args.filename);
  if (!name.ok) throw new DomainError(name.code, name.message);
  const contentType = normalizeMimeType(args.filetype || 'application/octet-stream');
  if (!contentType || uploadNameRejection(name.name)) throw uploadError('file_invalid_type');
  const teamId = await uploadTeam(db, actor.userId, args);
  const rejection = uploadRejection(await teamPlanName(db, teamId), (await teamUsage(db, teamId)).bytes, args.size);
  if (rejection) throw uploadError(rejection);
  const now = new Date();
  const storage = storageOf(services.config);
  await storage.ready;
  if ((await uploadsInFlight(services, actor.userId, now)) >= uploadBounds.batchLimit)
    throw uploadError('too_many_files', { limit: uploadBounds.batchLimit });

  const uploadId = newId();
  const key = `${teamId}/${uploadId}`;
  const expiresAt = new Date(now.getTime() + uploadTimes.urlLifetimeMs);
  const signed = await storage.driver.signUpload({ key, size: args.size, contentType, expiresAt });
  await db.insert(fileUploads).values({
    id: uploadId,
    teamId,
    userId: actor.userId,
    key,
    name: name.name,
    mimeType: contentType,
    size: args.size,
    createdAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
    recordBy: new Date(now.getTime() + uploadTimes.recordWithinMs).toISOString(),
  });
  return {
    original: signed.url,
    method: signed.method,
    headers: signed.headers,
    key,
    code: uploadId,
    size: args.size,
    expiresAt: signed.expiresAt.toISOString(),
  };
}

export const recordSchema = z.object({
  name: z.string().max(2000),
  code: z.string(),
  type: z.string().max(300),
  size: sizeSchema,
  location: z.string().max(200),
  folder: z.string().nullish(),
  story: z.boolean().nullish(),
  ...ownerArguments,
});

async function pendingUpload(db: Reader, code: string): Promise<PendingUpload | null> {
  const [row] = await db.select().from(fileUploads).where(eq(fileUploads.id, code)).limit(1);
  return row ? { id: row.id, teamId: row.teamId, userId: row.userId, key: row.key, size: row.size, recordBy: row.recordBy } : null;
}

/** Removes an upload's bytes (even those still arriving), thumbnail and row: what a refused setFile leaves behind. */
async function discardUpload(services: Services, upload: PendingUpload): Promise<void> {
  const { driver } = storageOf(services.config);
  await Promise.all([driver.discardUpload(upload.key), driver.delete(thumbnailKeyOf(upload.key))]).catch(() => undefined);
  await services.database.db.delete(fileUploads).where(eq(fileUploads.id, upload.id));
}

/**
 * cancelUpload: the caller gives up an upload they signed and did not record. It stops counting among
 * their in-flight uploads at once; its bytes go, a local transfer still running is cut off, and its
 * URL takes no more bytes (local; an S3 URL may still write to the incoming prefix, which the sweep
 * clears). Another person's upload, a recorded one and an unknown code answer alike: NOT_FOUND.
 */
export async function cancelUpload(context: MercuriusContext, actor: Actor, code: string): Promise<boolean> {
  const { services } = context;
  const upload = await pendingUpload(services.database.db, code);
  if (!upload || upload.userId !== actor.userId) throw refusal('NOT_FOUND', 'UPLOAD_NOT_FOUND');
  // The row goes first: setFile, running at the same time, then finds no upload and records nothing.
  await services.database.db.delete(fileUploads).where(eq(fileUploads.id, upload.id));
  await storageOf(services.config).ready;
  await discardUpload(services, upload);
  return true;
}

const discardingCodes = new Set(['FILE_INVALID_TYPE', 'FILE_SIZE_LIMIT', 'STORAGE_LIMIT_EXCEEDED']);

/** What setFile measured of an upload's bytes before its unit: their size as stored, the type decided, the previews. */
export interface MeasuredUpload {
  stored: { size: number | null; type: ReturnType<typeof decideStoredType> };
  analysis: FileAnalysis;
}

/**
 * setFile's unit: access, the folder, the upload and the team's quota checked against the database as it is, under
 * the team's storage lock (so uploads recorded at the same time queue up on either database), then the file recorded
 * and its upload row removed.
 */
export async function recordFileIn(
  unit: UnitOfWork,
  actorId: string,
  args: z.infer<typeof recordSchema>,
  measured: MeasuredUpload,
): Promise<void> {
  const tx = unit.transaction;
  const owner = await ownerFrom(tx, args);
  const access = await requireWritableOwner(tx, owner, actorId);
  // Every file recorded for the team changes the usage the quota reads (units run at once on PostgreSQL).
  await unit.lock(teamStorageStream(access.teamId));
  if (args.folder && owner.kind !== 'privat') await unit.lock(spaceFoldersStream(owner.projectId));
  const folderRow = args.folder ? await findFolderRow(tx, args.folder) : undefined;
  const events = decideRecordFile({
    fileId: args.code,
    actorId,
    now: unit.now,
    given: { name: args.name, size: args.size, location: args.location },
    upload: await pendingUpload(tx, args.code),
    owner,
    ownerTeamId: access.teamId,
    folder: args.folder ? (folderRow ? await toFolderState(tx, folderRow) : null) : undefined,
    stored: measured.stored,
    analysis: measured.analysis,
    quota: { plan: await teamPlanName(tx, access.teamId), usedBytes: (await teamUsage(tx, access.teamId)).bytes },
    story: args.story === true,
  });
  await unit.append(fileStream(args.code), events, { teamId: access.teamId, expectedVersion: 0 });
  await tx.delete(fileUploads).where(eq(fileUploads.id, args.code));
}

/**
 * setFile: the bytes are moved out of the upload URL's reach, measured and sniffed, and previews made,
 * outside any transaction; then, inside the unit (which holds the team's storage lock, so uploads recorded at the
 * same time queue up on either database), access, quota and the upload are checked again against the database as it is.
 */
export async function recordFile(context: MercuriusContext, actor: Actor, raw: Record<string, unknown>): Promise<string> {
  refuseEmpty(raw);
  const args = recordSchema.parse(raw);
  const { services } = context;
  const db = services.database.db;
  const log = context.reply?.log ?? silentLog;
  const requestedOwner = await ownerFrom(db, args);
  await requireWritableOwner(db, requestedOwner, actor.userId);
  const upload = await pendingUpload(db, args.code);
  if (!upload || upload.userId !== actor.userId || upload.key !== args.location) {
    // A retry of a setFile that already went through answers with the file it recorded.
    if (!upload && (await recordedAlready(db, actor.userId, args, requestedOwner))) return args.code;
    throw uploadError('upload_failed', { reason: 'unknown_upload' });
  }
  const { driver } = storageOf(services.config);
  const stored = await driver.finishUpload(upload.key);
  let type: ReturnType<typeof decideStoredType> = { rejection: 'upload_failed' };
  let analysis: FileAnalysis = { thumbnail: null, preview: null, width: null, height: null, duration: null, text: null };
  if (stored && stored.size === upload.size) {
    type = decideStoredType(args.name, args.type, await sniff(driver, upload.key));
    if ('mimeType' in type)
      analysis = await analyse(driver, upload.key, type.mimeType, fileKindFromMimeType(type.mimeType), upload.size, log);
  }
  try {
    await runCommand(context, actor.userId, (unit) =>
      recordFileIn(unit, actor.userId, args, { stored: { size: stored?.size ?? null, type }, analysis }),
    );
  } catch (error) {
    // The upload row gone means another setFile recorded it (its bytes and thumbnail, under the same keys,
    // are that file's now) or a cancelUpload took it (and its bytes): nothing here is this call's to remove.
    if (!(await pendingUpload(db, args.code))) {
      if (await recordedAlready(db, actor.userId, args, requestedOwner)) return args.code;
      throw error;
    }
    // Bytes of a refused type or size, or of another size than signed for (a server that did not enforce
    // the signed length), can never be recorded: they go now rather than at the sweep.
    const unusable =
      error instanceof DomainError && (discardingCodes.has(error.code) || (error.code === 'UPLOAD_FAILED' && stored !== null));
    if (unusable) await discardUpload(services, upload);
    else if (analysis.thumbnail) await driver.delete(analysis.thumbnail).catch(() => undefined);
    throw error;
  }
  // A PDF's text follows once the answer is on its way: pdf.js is never on the request's path.
  if ('mimeType' in type && fileKindFromMimeType(type.mimeType) === 'Pdf') pdfTextExtractionOf(services).enqueue(args.code);
  return args.code;
}

/**
 * Whether setFile's upload was already recorded by the caller, as the same file in the same place, and
 * they may still read it: a retry (or an overlapping second call) then answers with that file.
 */
async function recordedAlready(db: Reader, userId: string, args: z.infer<typeof recordSchema>, owner: FileOwner): Promise<boolean> {
  const row = await findFileRow(db, args.code);
  if (!row || row.authorId !== userId || row.location !== args.location) return false;
  const recordedOwner = ownerOfFile(row);
  if (recordedOwner.kind !== owner.kind || ownerKey(recordedOwner) !== ownerKey(owner)) return false;
  const access = await ownerAccess(db, recordedOwner, userId);
  return access !== null && filePolicy.read(access);
}

const ownerKey = (owner: FileOwner) => (owner.kind === 'privat' ? owner.privatId : owner.kind === 'task' ? owner.taskId : owner.projectId);

/**
 * Cleans storage: signed uploads never recorded (past their record-by time) lose their row and bytes,
 * and objects no file and no pending upload names (a space or task deleted, a crash between steps) are
 * removed once older than the recording window, so an upload in progress is never touched.
 */
export async function sweepStorage(services: Services, now = new Date()): Promise<{ uploads: number; objects: number }> {
  const db = services.database.db;
  const { driver, ready } = storageOf(services.config);
  await ready;
  const expired = await db.select().from(fileUploads).where(lt(fileUploads.recordBy, now.toISOString()));
  for (const upload of expired) await discardUpload(services, upload);
  const cutoff = new Date(now.getTime() - uploadTimes.recordWithinMs);
  let objects = 0;
  for await (const object of driver.list()) {
    if (object.modifiedAt > cutoff) continue;
    const base = object.key.replace(/^incoming\//, '').replace(/\.thumb\.webp$/, '');
    const recorded =
      (await db.select({ id: fileUploads.id }).from(fileUploads).where(eq(fileUploads.key, base)).limit(1))[0] ??
      (await findFileByLocation(db, base));
    if (recorded && !object.key.startsWith('incoming/')) continue;
    await driver.delete(object.key);
    objects += 1;
  }
  if ('sweepTemporary' in driver && typeof driver.sweepTemporary === 'function') await driver.sweepTemporary(cutoff);
  return { uploads: expired.length, objects };
}

async function findFileByLocation(db: Reader, location: string) {
  const [teamId, id] = location.split('/');
  const row = id ? await findFileRow(db, id) : undefined;
  return row && row.teamId === teamId && row.location === location ? row : undefined;
}
