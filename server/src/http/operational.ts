import type { FastifyInstance } from 'fastify';
import type { Services } from '../graphql/context';
import { warnAboutDefaultSecrets } from './defaultSecrets';
import { registerMetricsEndpoints } from './metricsAccess';

/** Liveness with a database check, protected Prometheus metrics, per-request measurements, and start-up warnings. */
export function registerOperationalRoutes(server: FastifyInstance, services: Services): void {
  const { metrics, config } = services;

  server.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequests.inc({ method: request.method, route, status_code: String(reply.statusCode) });
    metrics.httpRequestDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  server.get('/healthz', async (_request, reply) => {
    // A newer build migrated the database since this process started: out of the load balancer (the log says why).
    const refusal = services.cluster?.refusal() ?? null;
    if (refusal !== null) return reply.code(503).header('Cache-Control', 'no-store').send({ status: 'error', reason: refusal });
    const health = await services.databaseHealth();
    // Redis keeps nothing a request needs (notices, presence, counters fall back to this process), so a process whose
    // Redis is away still serves: the field tells an operator, and the status stays ok.
    const redis = services.redis === null ? {} : { redis: services.redis.state() === 'ready' ? 'ok' : 'unavailable' };
    if (health.ok) return reply.header('Cache-Control', 'no-store').send({ status: 'ok', database: 'ok', ...redis });
    // The reason names the database's host and port: the log has it, the public answer does not.
    server.log.error({ reason: health.reason }, 'health check failed');
    return reply
      .code(503)
      .header('Cache-Control', 'no-store')
      .send({ status: 'error', database: 'unavailable', ...redis });
  });

  registerMetricsEndpoints(server, config, metrics);
  warnAboutDefaultSecrets(config, server.log);
}
