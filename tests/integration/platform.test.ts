import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphqlTestClient, startTestServer, type TestServer } from './harness';
import { countEvents } from './teamFactories';

let server: TestServer;
let client: GraphqlTestClient;
const clientDist = mkdtempSync(join(tmpdir(), 'workspace-client-'));
const metricsToken = 'platform-test-metrics-token';

beforeAll(async () => {
  mkdirSync(join(clientDist, 'assets'));
  writeFileSync(join(clientDist, 'index.html'), '<!doctype html><title>Workspace</title><div id="root"></div>');
  writeFileSync(join(clientDist, 'assets', 'app-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  server = await startTestServer({
    CLIENT_DIST: clientDist,
    METRICS_TOKEN: metricsToken,
    BODY_LIMIT_BYTES: '65536',
    GRAPHQL_MAX_DEPTH: '6',
    GRAPHQL_MAX_COST: '200',
  });
  client = new GraphqlTestClient(server);
});
afterAll(() => server.close());

describe('operational endpoints', () => {
  it('reports liveness and the database on /healthz', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('exposes request, websocket and event counters in Prometheus format on /metrics', async () => {
    await client.signUp();
    const metrics = async () =>
      await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
    // Appends are counted by the store's commit listener, which on PostgreSQL may hear the commit after its caller was
    // answered (the log follower hands it on).
    await expect
      .poll(metrics, { message: 'the sign-up counted among appended events' })
      .toMatch(/events_appended_total\{type="user.registered"\} 1/);
    const text = await metrics();
    expect(text).toMatch(/http_requests_total\{method="POST",route="\/graphql",status_code="200"\} \d+/);
    expect(text).toContain('http_request_duration_seconds_bucket');
    expect(text).toContain('websocket_connections');
  });

  it('sends security headers', async () => {
    const response = await fetch(`${server.url}/healthz`);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('the built client', () => {
  it('falls back to the app for every SPEC §2 route', async () => {
    for (const path of [
      '/signin',
      '/signup/user/',
      '/signup/invite/abc/def',
      '/meetingroom/x',
      '/share/doc/1',
      '/chats',
      '/overview/tasks',
      '/0123456789abcdef01234567/tasks/x/d/y',
    ]) {
      const response = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves hashed assets compressed and cached immutably', async () => {
    const response = await fetch(`${server.url}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it('compresses large API answers with brotli (at its fastest quality, set on the /graphql route)', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br' },
      body: JSON.stringify({ query: '{ __schema { types { name description } } }' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    const answer = (await response.json()) as { data: { __schema: { types: { name: string }[] } } };
    expect(answer.data.__schema.types.map((type) => type.name)).toContain('Query');
  });

  it('answers unknown API paths with 404 rather than the app', async () => {
    expect((await fetch(`${server.url}/graphql/nope`, { headers: { accept: 'text/html' } })).status).toBe(404);
  });
});

describe('GraphQL endpoint', () => {
  it('is introspectable, for teams scripting the API', async () => {
    const result = await client.execute<{ __schema: { mutationType: { fields: { name: string }[] } } }>(
      '{ __schema { mutationType { fields { name } } } }',
    );
    expect(result.data?.__schema.mutationType.fields.map((field) => field.name)).toContain('login');
  });

  it('refuses a cookie-authenticated text/plain POST (CSRF) and writes nothing', async () => {
    const before = await countEvents(server);
    const response = await fetch(server.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({
        query: 'mutation { setUserBasic(firstname: "A", lastname: "B", email: "csrf@example.com", password: "secret123") { token } }',
      }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: { extensions: { code: string } }[] }).errors[0]?.extensions.code).toBe('CSRF_REJECTED');
    expect(await countEvents(server)).toBe(before);
  });

  it('refuses mutations over GET', async () => {
    const response = await fetch(`${server.graphqlUrl}?query=${encodeURIComponent('mutation { logout }')}`, {
      headers: { 'mercurius-require-preflight': 'true' },
    });
    expect(response.status).toBe(405);
  });

  it('answers malformed GraphQL with a parse error code', async () => {
    const result = await client.execute('{ serverInfo { name ');
    expect(result.errors?.[0]?.extensions.code).toBe('GRAPHQL_PARSE_FAILED');
  });

  it('answers unknown operations with a validation error code', async () => {
    const result = await client.execute('{ getEverything { id } }');
    expect(result.errors?.[0]?.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('answers arguments of the wrong type with BAD_USER_INPUT-like validation errors and writes nothing', async () => {
    const before = await countEvents(server);
    const result = await client.execute('mutation ($email: String!) { login(email: $email, password: "x") { token } }', { email: 42 });
    expect(result.errors?.[0]?.extensions.code).toMatch(/BAD_USER_INPUT|GRAPHQL_VALIDATION_FAILED/);
    expect(await countEvents(server)).toBe(before);
  });

  it('refuses an oversized body with 413 and stays up', async () => {
    const response = await fetch(server.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ serverInfo { name } } # ${'x'.repeat(100_000)}` }),
    });
    expect(response.status).toBe(413);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('refuses queries nested deeper than the limit', async () => {
    const result = await client.execute('{ a: __schema { types { fields { type { ofType { ofType { ofType { name } } } } } } } }');
    expect(result.errors?.[0]?.extensions.code).toBe('QUERY_TOO_DEEP');
  });

  it('refuses queries that select too many fields', async () => {
    const fields = Array.from({ length: 250 }, (_, index) => `f${index}: serverInfo { name }`).join(' ');
    const result = await client.execute(`{ ${fields} }`);
    expect(result.errors?.map((error) => error.extensions.code)).toContain('QUERY_TOO_COMPLEX');
  });

  it('never leaks internals: a request without a token gets exactly "No access token"', async () => {
    const result = await new GraphqlTestClient(server).execute('{ getUser { id } }');
    expect(result.errors?.[0]).toMatchObject({ message: 'No access token', extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('answers an expired or forged token with "Token expired or invalid" so the client refreshes', async () => {
    const result = await client.execute('{ getUser { id } }', {}, { authorization: 'Bearer not.a.token' });
    expect(result.errors?.[0]).toMatchObject({ message: 'Token expired or invalid', extensions: { code: 'TOKEN_EXPIRED' } });
  });
});
