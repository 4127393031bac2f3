import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
import { defaultSecretWarnings, warnAboutDefaultSecrets } from '../../server/src/http/defaultSecrets';
import { isMetricsTokenValid } from '../../server/src/http/metricsAccess';
import { freePort, startTestServer, type TestServer } from './harness';

const metricsToken = 'a-metrics-token-for-the-tests';
const clientDist = mkdtempSync(join(tmpdir(), 'workspace-client-'));
mkdirSync(join(clientDist, 'assets'));
writeFileSync(join(clientDist, 'index.html'), '<!doctype html><title>Workspace</title><div id="root"></div>');

describe('/metrics with a bearer token', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: metricsToken, CLIENT_DIST: clientDist });
  });
  afterAll(() => server.close());

  it('answers the right token with Prometheus text', async () => {
    const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect(await response.text()).toContain('http_requests_total');
  });

  it('refuses no token, a wrong one and another scheme, even from loopback (what a same-host proxy looks like)', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer wrong-token-of-some-length' },
      { authorization: `Basic ${metricsToken}` },
      { authorization: `Bearer ${metricsToken}x` },
      { 'x-forwarded-for': '127.0.0.1' },
    ] as Record<string, string>[]) {
      const response = await fetch(`${server.url}/metrics`, { headers });
      expect(response.status, JSON.stringify(headers)).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await response.text()).not.toContain('http_requests_total');
    }
  });
});

describe('/metrics on its own loopback port', () => {
  let server: TestServer;
  let metricsPort: number;
  beforeAll(async () => {
    metricsPort = await freePort();
    server = await startTestServer({ METRICS_PORT: String(metricsPort), CLIENT_DIST: clientDist });
  });

  it('serves metrics there and nothing else, and not on the app port', async () => {
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('http_requests_total');
    expect((await fetch(`http://127.0.0.1:${metricsPort}/healthz`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/graphql`)).status).toBe(404);
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
  });

  it('closes the listener with the app', async () => {
    await server.close();
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
  });

  it('refuses to start when the port is taken', async () => {
    const holder = await startTestServer({ METRICS_PORT: String(metricsPort) });
    try {
      await expect(startTestServer({ METRICS_PORT: String(metricsPort) })).rejects.toThrow(/METRICS_PORT/);
    } finally {
      await holder.close();
    }
  });
});

describe('without METRICS_TOKEN or METRICS_PORT', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ CLIENT_DIST: clientDist });
  });
  afterAll(() => server.close());

  it('has no /metrics at all', async () => {
    const response = await fetch(`${server.url}/metrics`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('http_requests_total');
  });

  it('answers GET / and HEAD / with the app for any client, and keeps API paths as they were', async () => {
    for (const accept of ['*/*', 'text/html', undefined]) {
      const response = await fetch(`${server.url}/`, { headers: accept ? { accept } : {} });
      expect(response.status, String(accept)).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain('<div id="root">');
    }
    const head = await fetch(`${server.url}/`, { method: 'HEAD', headers: { accept: '*/*' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toContain('text/html');
    expect(await head.text()).toBe('');
    const unknownApi = await fetch(`${server.url}/graphql/nope`, { headers: { accept: '*/*' } });
    expect(unknownApi.status).toBe(404);
    expect(await unknownApi.json()).toMatchObject({ error: 'Not Found' });
    expect((await fetch(`${server.url}/signin`, { headers: { accept: '*/*' } })).status).toBe(404);
  });
});

describe('is the metrics token right', () => {
  it('accepts only the exact bearer token', () => {
    expect(isMetricsTokenValid(`Bearer ${metricsToken}`, metricsToken)).toBe(true);
    expect(isMetricsTokenValid(`bearer   ${metricsToken}`, metricsToken)).toBe(true);
    expect(isMetricsTokenValid(undefined, metricsToken)).toBe(false);
    expect(isMetricsTokenValid('Bearer', metricsToken)).toBe(false);
    expect(isMetricsTokenValid(`Bearer ${metricsToken.slice(0, -1)}`, metricsToken)).toBe(false);
    expect(isMetricsTokenValid(`Bearer ${metricsToken} extra`, metricsToken)).toBe(false);
  });
});

describe('start-up warnings about secrets left at an example value', () => {
  const dataDirectory = mkdtempSync(join(tmpdir(), 'workspace-secrets-'));
  const s3 = { STORAGE_DRIVER: 's3', S3_BUCKET: 'workspace-files', S3_ACCESS_KEY_ID: 'workspace' };

  it('names each example secret and says nothing of real ones', () => {
    const examples = loadConfig({
      DATA_DIR: dataDirectory,
      ...s3,
      S3_SECRET_ACCESS_KEY: 'change-this-minio-secret',
      METRICS_TOKEN: 'change-this-metrics-token',
      SECRET: 'replace-me-with-32-random-characters-or-more',
    });
    expect(
      defaultSecretWarnings(examples)
        .map((warning) => warning.variable)
        .sort(),
    ).toEqual(['METRICS_TOKEN', 'S3_SECRET_ACCESS_KEY', 'SECRET']);
    const real = loadConfig({
      DATA_DIR: dataDirectory,
      ...s3,
      S3_SECRET_ACCESS_KEY: 'kq3Vn1Z0c8yW2a9LrT5u',
      METRICS_TOKEN: '4f1c0e9b7a2d6e3f8a1b5c7d',
    });
    expect(defaultSecretWarnings(real)).toEqual([]);
  });

  it('logs them at start', () => {
    const logged: string[] = [];
    warnAboutDefaultSecrets(loadConfig({ DATA_DIR: dataDirectory, ...s3, S3_SECRET_ACCESS_KEY: 'minioadmin' }), {
      warn: (_details, message) => logged.push(message),
    });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^S3_SECRET_ACCESS_KEY is still an example value/);
  });
});
