import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { collabPath } from '#shared/docs';

/** The kinds of websocket the server carries: GraphQL subscriptions (/graphql) and doc rooms (/collab/:docId). */
export type WebsocketKind = 'graphql' | 'doc' | 'other';

/** The kind of websocket an upgrade request opens, by its path. */
export function websocketKindOf(url: string): WebsocketKind {
  const path = url.split('?')[0] ?? '';
  if (path === '/graphql') return 'graphql';
  if (path.startsWith(`${collabPath}/`)) return 'doc';
  return 'other';
}

/** Prometheus metrics of one server instance (a registry each, so tests can build several apps). */
export class Metrics {
  readonly registry = new Registry();
  readonly httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [this.registry],
  });
  readonly httpRequestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  /** By kind (websocketKindOf): graphql, doc or other; count one with trackWebsocket. */
  readonly websocketConnections = new Gauge({
    name: 'websocket_connections',
    help: 'Open websocket connections by kind: graphql (subscriptions), doc (doc rooms)',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  readonly eventsAppended = new Counter({
    name: 'events_appended_total',
    help: 'Events appended to the event log, by type',
    labelNames: ['type'] as const,
    registers: [this.registry],
  });

  /** Counts an upgrade request's connection under its kind (by path) until its socket closes. */
  trackWebsocket(url: string, socket: { once(event: 'close', listener: () => void): unknown }): WebsocketKind {
    const kind = websocketKindOf(url);
    this.websocketConnections.inc({ kind });
    socket.once('close', () => this.websocketConnections.dec({ kind }));
    return kind;
  }

  constructor(options: { collectProcessMetrics?: boolean } = {}) {
    if (options.collectProcessMetrics) collectDefaultMetrics({ register: this.registry });
  }
}
