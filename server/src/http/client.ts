import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { withClientSettings, type ClientSettings } from '#shared/clientSettings';
import type { Config } from '../config';

/**
 * Serves the built client: hashed assets cached for a year, `/` to anyone, and every other GET that asks
 * for HTML falls back to the SPA (API paths keep their JSON 404). The page carries the instance's public
 * settings, so the app starts without asking for them.
 */
export function registerClient(server: FastifyInstance, config: Config, settings: ClientSettings): void {
  const indexFile = join(config.clientDistDirectory, 'index.html');
  // Read for each page (a small file), so a client built again while the server runs is served as it is now.
  const sendPage = async (reply: FastifyReply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(withClientSettings(await readFile(indexFile, 'utf8'), settings));
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
    server.get('/', (_request, reply) => sendPage(reply));
  }
  server.setNotFoundHandler((request, reply) => {
    const acceptsHtml = request.headers.accept?.includes('text/html') ?? false;
    const isApiPath = /^\/(graphql|healthz|metrics|assets|locales)(\/|$|\?)/.test(request.url);
    if (hasClient && request.method === 'GET' && acceptsHtml && !isApiPath) {
      return sendPage(reply);
    }
    return reply.code(404).send({ error: 'Not Found', message: `Route ${request.method}:${request.url.split('?')[0]} not found` });
  });
}
