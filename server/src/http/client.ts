import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * Serves the built client: hashed assets cached for a year, `/` to anyone, and every other GET that asks
 * for HTML falls back to the SPA (API paths keep their JSON 404).
 */
export function registerClient(server: FastifyInstance, config: Config): void {
  const indexFile = join(config.clientDistDirectory, 'index.html');
  const hasClient = existsSync(indexFile);
  if (hasClient) {
    server.register(fastifyStatic, {
      root: config.clientDistDirectory,
      wildcard: false,
      index: false,
      setHeaders(response, path) {
        const immutable = path.includes(`${join(config.clientDistDirectory, 'assets')}`);
        response.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  if (hasClient) {
    // The front page is the app for every client: uptime probes and curl send `Accept: */*`, not text/html.
    // Fastify answers HEAD / from this route too.
    server.get('/', (_request, reply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html'));
  }
  server.setNotFoundHandler((request, reply) => {
    const acceptsHtml = request.headers.accept?.includes('text/html') ?? false;
    const isApiPath = /^\/(graphql|healthz|metrics|assets|locales)(\/|$|\?)/.test(request.url);
    if (hasClient && request.method === 'GET' && acceptsHtml && !isApiPath) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ error: 'Not Found', message: `Route ${request.method}:${request.url.split('?')[0]} not found` });
  });
}
