import type { MercuriusContext } from 'mercurius';
import { collabOf } from '../../collab/rooms';
import { refusal } from '../../errors';
import { requireActor } from '../../graphql/context';
import { addressKey } from '../../http/rateLimits';
import { signedDownloadUrl } from '../files';
import { fileIdOfPath } from '../files';
import { findFileRow, requireReadableFile } from '../files';
import { findSharedDoc } from './resolvers';
import type { QueryResolvers } from '../../graphql/schemaTypes';

type FileRow = NonNullable<Awaited<ReturnType<typeof findFileRow>>>;

/**
 * A public page signs each image of a doc with its own call. Such a burst (same address, same
 * link secret) costs one `shareLinkPerAddress` point per window: an address that already paid for
 * a valid secret within the last 10 seconds is not charged again. Only a secret that was found is
 * remembered, so guessing secrets still costs a point per guess. Kept per server (per Services).
 */
export const imageBurstWindowMs = 10_000;
const paidBursts = new WeakMap<object, Map<string, number>>();

function burstsOf(services: object): Map<string, number> {
  let bursts = paidBursts.get(services);
  if (!bursts) paidBursts.set(services, (bursts = new Map()));
  return bursts;
}

function inPaidBurst(bursts: Map<string, number>, key: string, now: number): boolean {
  const until = bursts.get(key);
  if (until !== undefined && until > now) return true;
  if (until !== undefined) bursts.delete(key);
  return false;
}

function rememberBurst(bursts: Map<string, number>, key: string, now: number): void {
  if (bursts.size >= 10_000) for (const [each, until] of bursts) if (until <= now) bursts.delete(each);
  if (bursts.size >= 10_000) bursts.delete(bursts.keys().next().value!);
  bursts.set(key, now + imageBurstWindowMs);
}

/** The file id of an uploaded image's URL as the editor stores it: /media/files/<id>, relative or on this server. */
function fileIdOf(url: string, publicUrl: string): string | null {
  const path = url.startsWith(publicUrl) ? url.slice(publicUrl.length) : url;
  return fileIdOfPath(path, { thumbnail: true });
}

/** The files area's signed URL, made absolute: the public page or a PDF export may load it from elsewhere. */
async function signedUrlOf(context: MercuriusContext, row: FileRow): Promise<string> {
  const url = await signedDownloadUrl(context.services.config, row);
  return url.startsWith('/') ? `${context.services.config.publicUrl}${url}` : url;
}

/**
 * signedDownloadPublicURLDoc(url, share): a short-lived URL for an image uploaded into a doc, so a
 * page without the session (the public share page, a PDF export) can load it. Images are the files
 * area's uploads; this only decides who may get the URL:
 * - with `share`, anyone holding a shared doc's link secret, for images that doc shows and that were
 *   uploaded to its space (so a link never opens other files of the space);
 * - without, a signed-in user who may read the file.
 */
export const imageQueries = {
  signedDownloadPublicURLDoc: async (_root, args: { url: string; share?: string | null }, context) => {
    const { services } = context;
    const db = services.database.db;
    const fileId = fileIdOf(args.url, services.config.publicUrl);
    if (!args.share) {
      const actor = requireActor(context);
      if (!fileId) throw refusal('NOT_FOUND', 'DOC_IMAGE_NOT_SHARED');
      return signedUrlOf(context, (await requireReadableFile(db, fileId, actor.userId)).row);
    }
    const address = addressKey(context.ip ?? 'unknown');
    const bursts = burstsOf(services);
    const burstKey = `${address}\n${args.share}`;
    const now = Date.now();
    const paid = inPaidBurst(bursts, burstKey, now);
    if (!paid) await services.rateLimits.consume(['shareLinkPerAddress', address]);
    const doc = await findSharedDoc(db, args.share);
    if (!doc) throw refusal('NOT_FOUND', 'DOC_NOT_SHARED');
    if (!paid) rememberBurst(bursts, burstKey, now);
    const file = fileId ? await findFileRow(db, fileId) : undefined;
    const shown = file && file.projectId === doc.projectId && (await collabOf(services).imageSources(doc.id)).has(args.url);
    if (!file || !shown) throw refusal('NOT_FOUND', 'DOC_IMAGE_NOT_SHARED');
    return signedUrlOf(context, file);
  },
} satisfies QueryResolvers;
