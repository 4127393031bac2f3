import type { FastifyInstance } from 'fastify';
import type { Services } from '../graphql/context';

/** Liveness with a database check, Prometheus metrics, and per-request measurements. */
export function registerOperationalRoutes(server: FastifyInstance, services: Services): void {
  const { metrics, database } = services;

  server.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequests.inc({ method: request.method, route, status_code: String(reply.statusCode) });
    metrics.httpRequestDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  server.get('/healthz', async (_request, reply) => {
    try {
      database.sqlite.prepare('SELECT 1').get();
      return reply.header('Cache-Control', 'no-store').send({ status: 'ok', database: 'ok' });
    } catch (error) {
      server.log.error({ err: error }, 'health check failed');
      return reply.code(503).header('Cache-Control', 'no-store').send({ status: 'error', database: 'unavailable' });
    }
  });

  server.get('/metrics', async (_request, reply) => {
    return reply.header('Content-Type', metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
