import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { uploadErrorMessages, type UploadErrorKey } from '#shared/uploads';
import { tokenFrom, type Services } from '../../graphql/context';
import { sandboxMediaResponse } from '../../http/media';
import { addressKey } from '../../http/rateLimits';
import { LocalStorage, storageOf } from '../../storage';
import { UploadRefused } from '../../storage/local';
import { downloadSignatureParts, uploadSignatureParts } from '../../storage/signing';
import { isStorageKey } from '../../storage/types';
import { isDomainError } from '../../errors';
import { contentDisposition, parseRange } from './rules';
import { findFileRow, requireReadableFile, type FileRow } from './state';
import { fileUploads } from './tables';

const refusal = (reply: FastifyReply, status: number, key: UploadErrorKey, message = uploadErrorMessages[key]) =>
  reply.code(status).send({ error: key, message });
const notFound = (reply: FastifyReply) => reply.code(404).send({ error: 'Not Found' });

const uploadRefusals: Record<UploadRefused['reason'], [number, UploadErrorKey, string]> = {
  too_large: [413, 'file_too_large', 'More bytes were sent than the upload was signed for.'],
  size_mismatch: [400, 'upload_failed', 'Fewer bytes arrived than the upload was signed for.'],
  exists: [409, 'upload_failed', 'These bytes were already uploaded.'],
  busy: [409, 'upload_failed', 'These bytes are being uploaded already.'],
  aborted: [400, 'upload_failed', 'The upload was cut off.'],
  cancelled: [410, 'upload_failed', 'The upload was cancelled.'],
};

/**
 * PUT /uploads/<team>/<upload>: the local driver's signed upload. The body is never parsed: it streams to
 * disk through a counter that stops at the signed size. Everything the URL grants (object, size, type,
 * expiry) is under the signature, so a changed URL is refused.
 */
function registerUploadRoute(server: FastifyInstance, services: Services, driver: LocalStorage): void {
  server.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.put<{ Params: { team: string; upload: string }; Querystring: Record<string, string | undefined> }>(
      '/uploads/:team/:upload',
      async (request, reply) => {
        const key = `${request.params.team}/${request.params.upload}`;
        const { expires, size, type, signature } = request.query;
        if (!isStorageKey(key) || !expires || !size || type === undefined)
          return refusal(reply, 403, 'upload_failed', 'This upload link is not valid.');
        const verdict = driver.signer.verify(uploadSignatureParts(key, Number(expires), Number(size), type), Number(expires), signature);
        if (verdict !== 'valid')
          return refusal(
            reply,
            403,
            'upload_failed',
            verdict === 'expired' ? 'This upload link has expired.' : 'This upload link is not valid.',
          );
        // A cancelled (or swept) upload's link takes no more bytes; a recorded one's bytes are there already.
        const pending = (
          await services.database.db.select({ id: fileUploads.id }).from(fileUploads).where(eq(fileUploads.key, key)).limit(1)
        )[0];
        if (!pending)
          return (await driver.stat(key)) ? refusal(reply, ...uploadRefusals.exists) : refusal(reply, ...uploadRefusals.cancelled);
        if ((request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() !== type)
          return refusal(reply, 400, 'file_invalid_type', 'Send the bytes with the Content-Type the upload was signed for.');
        const declaredLength = Number(request.headers['content-length'] ?? Number.NaN);
        if (declaredLength > Number(size)) return refusal(reply, 413, 'file_too_large');
        try {
          await driver.receive(key, Number(size), (request.body as Readable | undefined) ?? request.raw);
        } catch (error) {
          if (!(error instanceof UploadRefused)) throw error;
          const [status, errorKey, message] = uploadRefusals[error.reason];
          // The client may still be sending: close the connection rather than read the rest.
          if (error.reason === 'too_large') reply.header('Connection', 'close');
          return refusal(reply, status, errorKey, message);
        }
        return reply.code(201).send({ key, size: Number(size) });
      },
    );
  });
}

type Access = 'member' | 'shared';

/** Who may fetch a file: a signed URL for it, or a session (cookie or bearer) that may read it. */
async function readableFile(
  services: Services,
  request: FastifyRequest<{ Params: { fileId: string }; Querystring: Record<string, string | undefined> }>,
): Promise<FileRow | null | 'unauthenticated'> {
  const { fileId } = request.params;
  const { expires, signature } = request.query;
  if (signature !== undefined) {
    const verdict = storageOf(services.config).signer.verify(downloadSignatureParts(fileId, Number(expires)), Number(expires), signature);
    return verdict === 'valid' ? ((await findFileRow(services.database.db, fileId)) ?? null) : null;
  }
  const token = tokenFrom(request.headers, request.cookies ?? {});
  const authentication = token ? await services.authenticate(token) : { status: 'missing' as const };
  if (authentication.status !== 'authenticated') return 'unauthenticated';
  try {
    return (await requireReadableFile(services.database.db, fileId, authentication.actor.userId)).row;
  } catch {
    return null;
  }
}

/**
 * Streams bytes with a server-chosen type, inline only for images, video and audio that cannot run
 * script, as an attachment otherwise (PDF included: the app previews PDFs with pdf.js from their bytes);
 * the sandboxing CSP and nosniff come from the route's hook.
 */
async function serve(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  row: FileRow,
  part: 'original' | 'thumbnail',
  access: Access,
) {
  const { driver } = storageOf(services.config);
  const key = part === 'thumbnail' ? row.thumbnail : row.location;
  if (!key) return notFound(reply);
  const mimeType = part === 'thumbnail' ? 'image/webp' : row.mimeType;
  const stat = await driver.stat(key);
  if (!stat) return notFound(reply);
  const range = parseRange(request.headers.range, stat.size);
  if (range === 'unsatisfiable') return reply.code(416).header('Content-Range', `bytes */${stat.size}`).send();
  const forceAttachment = (request.query as { download?: string }).download === '1';
  reply
    .header('Content-Type', mimeType)
    .header('Content-Disposition', contentDisposition(mimeType, part === 'thumbnail' ? `${row.name}.webp` : row.name, forceAttachment))
    .header('Accept-Ranges', 'bytes')
    // A public link must stop the moment sharing is off, so shared bytes are revalidated on every view;
    // members' own views may be kept a few minutes.
    .header('Cache-Control', access === 'shared' ? 'no-cache' : 'private, max-age=300')
    .header('Cross-Origin-Resource-Policy', 'same-origin');
  if (range) {
    reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${stat.size}`)
      .header('Content-Length', range.end - range.start + 1);
  } else {
    reply.header('Content-Length', stat.size);
  }
  if (request.method === 'HEAD') return reply.send();
  return reply.send(await driver.read(key, range ?? undefined));
}

/**
 * GET /media/files/:id (and /thumbnail): for members, with the session or a signed URL.
 * GET /media/files/:id/shared (and /thumbnail): for anyone while the file is shared; the SPA's page at
 * /share/media/:id loads these. An unshared or deleted file answers 404, like one that never existed.
 */
export function registerFileRoutes(server: FastifyInstance, services: Services): void {
  const storage = storageOf(services.config);
  if (storage.driver instanceof LocalStorage) registerUploadRoute(server, services, storage.driver);
  type Request = FastifyRequest<{ Params: { fileId: string }; Querystring: Record<string, string | undefined> }>;
  const member = (part: 'original' | 'thumbnail') => async (request: Request, reply: FastifyReply) => {
    const row = await readableFile(services, request);
    if (row === 'unauthenticated') return reply.code(401).send({ error: 'Unauthorized', message: 'No access token' });
    return row ? serve(services, request, reply, row, part, 'member') : notFound(reply);
  };
  const shared = (part: 'original' | 'thumbnail') => async (request: Request, reply: FastifyReply) => {
    try {
      await services.rateLimits.consume(['sharedMediaPerAddress', addressKey(request.ip)]);
    } catch (error) {
      if (isDomainError(error) && error.code === 'RATE_LIMITED')
        return reply.code(429).send({ error: 'Too Many Requests', message: error.message });
      throw error;
    }
    const row = await findFileRow(services.database.db, request.params.fileId);
    return row?.shared ? serve(services, request, reply, row, part, 'shared') : notFound(reply);
  };
  // HEAD is declared, not left to Fastify's automatic HEAD route, which replaces Content-Length with the
  // length of the empty body (the public page read "0 B").
  const route = (url: string, handler: (request: Request, reply: FastifyReply) => Promise<unknown>) =>
    server.route({ method: ['GET', 'HEAD'], url, compress: false, onRequest: sandboxMediaResponse, handler });
  route('/media/files/:fileId', member('original'));
  route('/media/files/:fileId/thumbnail', member('thumbnail'));
  route('/media/files/:fileId/shared', shared('original'));
  route('/media/files/:fileId/shared/thumbnail', shared('thumbnail'));
}
