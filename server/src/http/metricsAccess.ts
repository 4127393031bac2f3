import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { hasBearerToken } from './bearerToken';
import type { Metrics } from './metrics';

/** Whether an Authorization header carries the metrics bearer token. */
export const isMetricsTokenValid = hasBearerToken;

/**
 * `/metrics`, served only in ways a visitor cannot reach by accident: on the app's port with
 * `Authorization: Bearer <METRICS_TOKEN>`, and/or on METRICS_PORT, a listener bound to 127.0.0.1 that
 * serves nothing else. Loopback is never trusted on the app's port: behind a reverse proxy on the same
 * host every request comes from 127.0.0.1. With neither set, /metrics does not exist (404).
 */
export function registerMetricsEndpoints(server: FastifyInstance, config: Config, metrics: Metrics): void {
  const { token, port } = config.metrics;
  if (token !== null) {
    server.get('/metrics', async (request, reply) => {
      if (!isMetricsTokenValid(request.headers.authorization, token)) {
        return reply
          .code(401)
          .header('WWW-Authenticate', 'Bearer realm="metrics"')
          .header('Cache-Control', 'no-store')
          .send({ error: 'Unauthorized', message: 'A valid metrics bearer token is required' });
      }
      return reply
        .header('Content-Type', metrics.registry.contentType)
        .header('Cache-Control', 'no-store')
        .send(await metrics.registry.metrics());
    });
  }
  if (port !== null) {
    const listener = metricsListener(metrics);
    // Bound before the app listens, so a port already taken stops the start with a clear error.
    server.addHook('onReady', () => listenOnLoopback(listener, port));
    server.addHook('onClose', () => new Promise<void>((resolve) => (listener.listening ? listener.close(() => resolve()) : resolve())));
  }
}

function metricsListener(metrics: Metrics): Server {
  return createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found');
      return;
    }
    metrics.registry.metrics().then(
      (text) =>
        response
          .writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' })
          .end(request.method === 'HEAD' ? undefined : text),
      () => response.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics unavailable'),
    );
  });
}

function listenOnLoopback(listener: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(new Error(`METRICS_PORT ${port} could not be opened on 127.0.0.1: ${error.message}`));
    listener.once('error', failed);
    listener.listen(port, '127.0.0.1', () => {
      listener.off('error', failed);
      resolve();
    });
  });
}
