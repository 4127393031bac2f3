import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaSecurityPolicy } from '../../http/media';
import { securityHeaders } from '../../http/securityHeaders';
import { registerCoverRoutes, searchBundledCovers } from './covers';

describe('bundled cover route', () => {
  // The app's helmet sets its own page policy on every answer first; /media answers must replace it.
  const server = Fastify();
  beforeAll(async () => {
    server.addHook('onRequest', securityHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"] } } }));
    registerCoverRoutes(server);
    await server.ready();
  });
  afterAll(() => server.close());

  it('serves a cover sandboxed, nosniff and cached for ever', async () => {
    const response = await server.inject({ method: 'GET', url: searchBundledCovers('Ocean', 1)[0]!.img });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe(mediaSecurityPolicy);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sandboxes the answer for a cover that does not exist too', async () => {
    for (const url of ['/media/covers/missing.svg', '/media/covers/..%2F..%2Fpackage.json']) {
      const response = await server.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-security-policy'], url).toBe(mediaSecurityPolicy);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });
});
