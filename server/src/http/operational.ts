import type { FastifyInstance } from 'fastify';
import type { Services } from '../graphql/context';
import { warnAboutDefaultSecrets } from './defaultSecrets';
import { registerMetricsEndpoints } from './metricsAccess';

/** Liveness with a database check, protected Prometheus metrics, per-request measurements, and start-up warnings. */
export function registerOperationalRoutes(server: FastifyInstance, services: Services): void {
  const { metrics, database, config } = services;

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

  registerMetricsEndpoints(server, config, metrics);
  warnAboutDefaultSecrets(config, server.log);
}
