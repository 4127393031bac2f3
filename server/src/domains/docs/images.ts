import type { IFieldResolver, MercuriusContext } from 'mercurius';
import { docMessages } from '#shared/docs';
import { collabOf } from '../../collab/rooms';
import { imageSourcesOf } from '../../collab/plainText';
import { DomainError } from '../../errors';
import { requireActor } from '../../graphql/context';
import { addressKey } from '../../http/rateLimits';
import { signedDownloadUrl } from '../files/fileResolvers';
import { findFileRow, requireReadableFile } from '../files/state';
import { findSharedDoc } from './resolvers';

type Resolver = IFieldResolver<unknown, MercuriusContext, any>;
type FileRow = NonNullable<ReturnType<typeof findFileRow>>;

/** The file id of an uploaded image's URL as the editor stores it: /media/files/<id>, relative or on this server. */
function fileIdOf(url: string, publicUrl: string): string | null {
  const path = url.startsWith(publicUrl) ? url.slice(publicUrl.length) : url;
  return /^\/media\/files\/([0-9a-f]{24})(?:\/thumbnail)?$/.exec(path)?.[1] ?? null;
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
export const imageQueries: Record<string, Resolver> = {
  signedDownloadPublicURLDoc: async (_root, args: { url: string; share?: string | null }, context) => {
    const { services } = context;
    const db = services.database.db;
    const fileId = fileIdOf(args.url, services.config.publicUrl);
    if (!args.share) {
      const actor = requireActor(context);
      if (!fileId) throw new DomainError('NOT_FOUND', docMessages.imageNotInDoc);
      return signedUrlOf(context, requireReadableFile(db, fileId, actor.userId).row);
    }
    await services.rateLimits.consume(['shareLinkPerAddress', addressKey(context.ip ?? 'unknown')]);
    const doc = findSharedDoc(db, args.share);
    if (!doc) throw new DomainError('NOT_FOUND', docMessages.notShared);
    const file = fileId ? findFileRow(db, fileId) : undefined;
    const shown = file && file.projectId === doc.projectId && collabOf(services).readContent(doc.id, (content) => imageSourcesOf(content).has(args.url));
    if (!file || !shown) throw new DomainError('NOT_FOUND', docMessages.imageNotInDoc);
    return signedUrlOf(context, file);
  },
};
