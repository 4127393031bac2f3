import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../graphql/context';

/**
 * Every response under /media (files, thumbnails, shared files, avatars), errors included: the bytes
 * are people's uploads, so whatever a browser makes of them (a document opened at its address, an SVG,
 * an HTML page, a PDF in the browser's viewer) runs in a sandbox with no script and no access to our
 * origin, and the declared type is the only one a browser may assume.
 */
export const mediaSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** A route hook (after helmet's, so it replaces the app's CSP) that applies the media headers. */
export async function sandboxMediaResponse(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('Content-Security-Policy', mediaSecurityPolicy).header('X-Content-Type-Options', 'nosniff');
}

const avatarFilePattern = /^[0-9a-f]{24}-[0-9a-f]{16}\.png$/;

export function avatarDirectory(services: Pick<Services, 'config'>): string {
  return join(services.config.dataDirectory, 'avatars');
}

/** Profile photos: server-made 150x150 PNGs with content-addressed names, so they cache forever. */
export function registerMediaRoutes(server: FastifyInstance, services: Services): void {
  server.get<{ Params: { file: string } }>('/media/avatars/:file', { onRequest: sandboxMediaResponse }, async (request, reply) => {
    const { file } = request.params;
    const path = join(avatarDirectory(services), file);
    if (!avatarFilePattern.test(file) || !existsSync(path)) return reply.code(404).send({ error: 'Not Found' });
    return reply
      .header('Content-Type', 'image/png')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(createReadStream(path));
  });
}
