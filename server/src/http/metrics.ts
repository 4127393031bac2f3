import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

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
  readonly websocketConnections = new Gauge({
    name: 'websocket_connections',
    help: 'Open websocket connections',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  readonly eventsAppended = new Counter({
    name: 'events_appended_total',
    help: 'Events appended to the event log, by type',
    labelNames: ['type'] as const,
    registers: [this.registry],
  });

  constructor(options: { collectProcessMetrics?: boolean } = {}) {
    if (options.collectProcessMetrics) collectDefaultMetrics({ register: this.registry });
  }
}
