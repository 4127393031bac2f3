import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../graphql/context';

const avatarFilePattern = /^[0-9a-f]{24}-[0-9a-f]{16}\.png$/;

export function avatarDirectory(services: Pick<Services, 'config'>): string {
  return join(services.config.dataDirectory, 'avatars');
}

/** Profile photos: server-made 150x150 PNGs with content-addressed names, so they cache forever. */
export function registerMediaRoutes(server: FastifyInstance, services: Services): void {
  server.get<{ Params: { file: string } }>('/media/avatars/:file', async (request, reply) => {
    const { file } = request.params;
    const path = join(avatarDirectory(services), file);
    if (!avatarFilePattern.test(file) || !existsSync(path)) return reply.code(404).send({ error: 'Not Found' });
    return reply
      .header('Content-Type', 'image/png')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(createReadStream(path));
  });
}
