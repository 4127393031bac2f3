import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { environmentSchema, loadConfig } from '../../server/src/config';

/** Debian's docker-compose (v1, Python) validates and resolves a compose file without a Docker engine. */
const composeBinary = ['/usr/bin/docker-compose', '/usr/local/bin/docker-compose'].find((path) => existsSync(path)) ?? null;
const caddyAvailable = spawnSync('caddy', ['version'], { encoding: 'utf8' }).status === 0;

/** Variables docker-compose.yml itself reads from .env that the server does not. */
const composeOnlyVariables = ['MINIO_ROOT_USER', 'MINIO_ROOT_PASSWORD', 'COMPOSE_PROFILES', 'APP_REPLICAS', 'POSTGRES_PASSWORD'];

/** What compose must set whatever .env says, for this layout (Caddy in front, MinIO beside). */
const forcedByCompose: Record<string, string> = {
  NODE_ENV: 'production',
  PORT: '3000',
  HOST: '0.0.0.0',
  DATA_DIR: '/data',
  CLIENT_DIST: '/app/dist/client',
  TRUST_PROXY: 'true',
  STORAGE_DRIVER: 's3',
  S3_ENDPOINT: 'http://minio:9000',
  S3_FORCE_PATH_STYLE: 'true',
};

const required = {
  PUBLIC_URL: 'https://workspace.example.com',
  S3_PUBLIC_ENDPOINT: 'https://files.example.com',
  MINIO_ROOT_PASSWORD: 'a-long-random-minio-root-password',
  S3_SECRET_ACCESS_KEY: 'a-long-random-app-secret',
};

const envExampleLines = () =>
  readFileSync('.env.example', 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line));

const projects: string[] = [];
afterAll(() => {
  for (const project of projects) rmSync(project, { recursive: true, force: true });
});

/** The compose file and what it mounts, in a folder of its own with the given .env. */
function composeProject(environment: string): string {
  const project = mkdtempSync(join(tmpdir(), 'workspace-compose-'));
  projects.push(project);
  cpSync('docker-compose.yml', join(project, 'docker-compose.yml'));
  cpSync('deploy', join(project, 'deploy'), { recursive: true });
  writeFileSync(join(project, '.env'), environment);
  return project;
}

function compose(project: string, args: string[], environment: Record<string, string> = {}) {
  return spawnSync(composeBinary!, ['--project-directory', project, '-f', join(project, 'docker-compose.yml'), ...args], {
    encoding: 'utf8',
    cwd: project,
    // Only the project's .env counts, as on a server: nothing from the test runner's environment.
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...environment },
  });
}

interface ResolvedService {
  image?: string;
  ports?: (string | { published?: number | string; target?: number; host_ip?: string })[];
  environment?: Record<string, string | null>;
  profiles?: string[];
}

/** `docker-compose config`, parsed by the YAML module docker-compose itself runs on. */
function resolvedServices(project: string, environment: Record<string, string> = {}): Record<string, ResolvedService> {
  const resolved = compose(project, ['config'], environment);
  expect(resolved.stderr).toBe('');
  expect(resolved.status).toBe(0);
  const python = readFileSync(composeBinary!, 'utf8')
    .split('\n')[0]!
    .replace(/^#!\s*/, '')
    .trim();
  const parsed = spawnSync(python, ['-c', 'import sys, json, yaml; print(json.dumps(yaml.safe_load(sys.stdin)))'], {
    input: resolved.stdout,
    encoding: 'utf8',
  });
  expect(parsed.status).toBe(0);
  return (JSON.parse(parsed.stdout) as { services: Record<string, ResolvedService> }).services;
}

const envFile = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([name, value]) => `${name}=${value}`)
    .join('\n') + '\n';

describe('.env.example', () => {
  it('documents every variable the server reads, and nothing else (besides those of docker-compose.yml)', () => {
    const documented = envExampleLines().map((line) => line.split('=')[0]!);
    const serverReads = Object.keys(environmentSchema.shape);
    expect(serverReads.filter((name) => !documented.includes(name))).toEqual([]);
    expect(documented.filter((name) => !serverReads.includes(name) && !composeOnlyVariables.includes(name))).toEqual([]);
  });

  it('the .env.example values are a valid configuration', () => {
    const values = Object.fromEntries(
      envExampleLines().map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(() => loadConfig({ ...values, DATA_DIR: '.tmp/env-example-data' })).not.toThrow();
  });
});

describe.skipIf(composeBinary === null)('docker-compose.yml, checked by docker-compose config (no engine needed)', () => {
  it('is valid with .env.example plus the four values a team must choose', () => {
    const project = composeProject(`${readFileSync('.env.example', 'utf8')}\n${envFile(required)}`);
    const result = compose(project, ['config', '--quiet']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('refuses to start without the addresses and the secrets, naming each', () => {
    for (const missing of Object.keys(required)) {
      const values: Record<string, string> = { ...required };
      delete values[missing];
      const result = compose(composeProject(envFile(values)), ['config', '--quiet']);
      expect(result.status, missing).not.toBe(0);
      expect(result.stderr, missing).toContain(`set ${missing} in .env`);
    }
  });

  it('passes every setting in .env to the app, except the few this layout must force', () => {
    const everything = Object.fromEntries(Object.keys(environmentSchema.shape).map((name) => [name, `value-of-${name.toLowerCase()}`]));
    const services = resolvedServices(composeProject(envFile({ ...everything, ...required })));
    const appEnvironment = services.app!.environment ?? {};
    for (const name of Object.keys(environmentSchema.shape)) {
      const expected = forcedByCompose[name] ?? (name in required ? required[name as keyof typeof required] : everything[name]);
      expect(appEnvironment[name], name).toBe(expected);
    }
  });

  it('publishes only Caddy (80, 443) to the world; the app and MinIO sit behind it; the mail catcher is opt-in and local', () => {
    const project = composeProject(envFile(required));
    const services = resolvedServices(project);
    const alwaysOn = Object.keys(services).filter((name) => (services[name]!.profiles ?? []).length === 0);
    expect(alwaysOn.sort()).toEqual(['app', 'caddy', 'minio', 'minio-init']);
    expect(services.mailpit?.profiles).toEqual(['mail']);
    const published = (service: ResolvedService) =>
      (service.ports ?? []).map((port) =>
        typeof port === 'string' ? port : `${port.host_ip ? `${port.host_ip}:` : ''}${port.published}:${port.target}`,
      );
    expect(published(services.caddy!).map((port) => port.replace(/\/(tcp|udp)$/, ''))).toEqual(
      expect.arrayContaining(['80:80', '443:443']),
    );
    for (const name of ['app', 'minio', 'minio-init']) expect(published(services[name]!), name).toEqual([]);

    const withMail = resolvedServices(composeProject(envFile({ ...required, COMPOSE_PROFILES: 'mail', SMTP_URL: 'smtp://mailpit:1025' })), {
      COMPOSE_PROFILES: 'mail',
    });
    expect(withMail.mailpit?.profiles).toEqual(['mail']);
    expect(published(withMail.mailpit!).every((port) => port.startsWith('127.0.0.1:'))).toBe(true);
    expect(withMail.app!.environment!.SMTP_URL).toBe('smtp://mailpit:1025');
  });

  it('gives the app its own MinIO user (never the root one), the same for minio-init, and the same addresses to Caddy', () => {
    const services = resolvedServices(composeProject(envFile(required)));
    const app = services.app!.environment!;
    const init = services['minio-init']!.environment!;
    const minio = services.minio!.environment!;
    expect(app.S3_ACCESS_KEY_ID).not.toBe(minio.MINIO_ROOT_USER);
    expect(app.S3_SECRET_ACCESS_KEY).toBe(required.S3_SECRET_ACCESS_KEY);
    expect(app.MINIO_ROOT_PASSWORD ?? '').toBe('');
    expect(minio.MINIO_ROOT_PASSWORD).toBe(required.MINIO_ROOT_PASSWORD);
    for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_BUCKET']) expect(init[name], name).toBe(app[name]);
    expect(minio.MINIO_API_CORS_ALLOW_ORIGIN).toBe(required.PUBLIC_URL);
    expect(services.caddy!.environment).toMatchObject({ PUBLIC_URL: required.PUBLIC_URL, S3_PUBLIC_ENDPOINT: required.S3_PUBLIC_ENDPOINT });
    expect(app.S3_PUBLIC_ENDPOINT).toBe(required.S3_PUBLIC_ENDPOINT);
  });

  it('runs calls on LiveKit with the livekit profile: its keys and webhook from .env, its media ports published, egress into the bucket', () => {
    const livekit = {
      ...required,
      COMPOSE_PROFILES: 'livekit',
      LIVEKIT_URL: 'https://livekit.example.com',
      LIVEKIT_API_KEY: 'team-key',
      LIVEKIT_API_SECRET: 'a-long-random-livekit-secret-of-32-characters',
    };
    const services = resolvedServices(composeProject(envFile(livekit)), { COMPOSE_PROFILES: 'livekit' });
    for (const name of ['livekit', 'livekit-egress', 'livekit-redis']) expect(services[name]?.profiles, name).toEqual(['livekit']);
    const server = services.livekit!.environment!.LIVEKIT_CONFIG!;
    expect(server).toContain('team-key: a-long-random-livekit-secret-of-32-characters');
    expect(server).toMatch(/webhook:\s+api_key: team-key\s+urls:\s+- http:\/\/app:3000\/livekit\/webhook/);
    expect(services.livekit!.ports).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ published: 7881, target: 7881 }),
        expect.objectContaining({ published: 7882, protocol: 'udp' }),
      ]),
    );
    const egress = services['livekit-egress']!.environment!.EGRESS_CONFIG_BODY!;
    expect(egress).toContain('bucket: workspace-files');
    expect(egress).toContain(`secret: ${required.S3_SECRET_ACCESS_KEY}`);
    expect(services.app!.environment!.LIVEKIT_URL).toBe(livekit.LIVEKIT_URL);
    expect(services.caddy!.environment!.LIVEKIT_URL).toBe(livekit.LIVEKIT_URL);
    // The app's settings accept what the profile needs.
    expect(loadConfig({ ...livekit, DATA_DIR: mkdtempSync(join(tmpdir(), 'livekit-config-')) }).meetings.livekit?.url).toBe(
      livekit.LIVEKIT_URL,
    );
  });
});

describe.skipIf(composeBinary === null)('the "scale" profile (issue 22)', () => {
  it('adds PostgreSQL and Redis, unpublished, for app replicas that reach both by name, and tells Caddy to spread over the replicas', () => {
    const scale = {
      ...required,
      COMPOSE_PROFILES: 'scale',
      APP_REPLICAS: 'scaled',
      POSTGRES_PASSWORD: 'a-long-random-postgres-password',
      DATABASE_URL: 'postgres://workspace:a-long-random-postgres-password@postgres:5432/workspace',
      REDIS_URL: 'redis://redis:6379',
      SECRET: 'a-secret-shared-by-every-replica-of-the-app',
    };
    const services = resolvedServices(composeProject(envFile(scale)), { COMPOSE_PROFILES: 'scale' });
    for (const name of ['postgres', 'redis']) {
      expect(services[name]?.profiles, name).toEqual(['scale']);
      expect(services[name]!.ports ?? [], name).toEqual([]);
    }
    expect(services.postgres!.environment).toMatchObject({ POSTGRES_USER: 'workspace', POSTGRES_PASSWORD: scale.POSTGRES_PASSWORD });
    expect(services.postgres!.environment!.POSTGRES_INITDB_ARGS).toContain('--lc-collate=C');
    expect(services.app!.environment).toMatchObject({ DATABASE_URL: scale.DATABASE_URL, REDIS_URL: scale.REDIS_URL, SECRET: scale.SECRET });
    expect(services.caddy!.environment!.APP_REPLICAS).toBe('scaled');
    const config = loadConfig({ ...scale, DATA_DIR: mkdtempSync(join(tmpdir(), 'scale-config-')) });
    expect([config.database.kind, config.cluster.redisUrl]).toEqual(['postgres', scale.REDIS_URL]);
  });
});

/** The parts of `caddy adapt`'s JSON the tests read. */
interface CaddyRoute {
  match: { host: string[] }[];
  handle: { routes: { handle: { handler: string; upstreams: { dial: string }[] }[] }[] }[];
}
interface AdaptedCaddyfile {
  apps: { http: { servers: Record<string, { listen: string[]; routes: CaddyRoute[] }> } };
}

/** deploy/Caddyfile as Caddy adapts it to JSON with the required settings and `environment`: its listeners and routes. */
function adaptCaddyfile(environment: Record<string, string> = {}) {
  const adapted = spawnSync('caddy', ['adapt', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], {
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: tmpdir(),
      PUBLIC_URL: required.PUBLIC_URL,
      S3_PUBLIC_ENDPOINT: required.S3_PUBLIC_ENDPOINT,
      ...environment,
    },
  });
  expect(adapted.status, adapted.stderr).toBe(0);
  const servers = Object.values((JSON.parse(adapted.stdout) as AdaptedCaddyfile).apps.http.servers);
  return {
    listen: servers.flatMap((server) => server.listen),
    /** The route of a host name. */
    routeOf: (host: string) => servers.flatMap((server) => server.routes).find((route) => route.match[0]!.host.includes(host)),
  };
}

describe.skipIf(!caddyAvailable)('deploy/Caddyfile', () => {
  it('with APP_REPLICAS=scaled, finds the app replicas through DNS, routes a doc by its id and retries a request elsewhere', () => {
    const app = JSON.stringify(adaptCaddyfile({ APP_REPLICAS: 'scaled' }).routeOf('workspace.example.com'));
    expect(app).toContain('"dynamic_upstreams":{"name":"app","port":"3000","refresh":5000000000,"source":"a"}');
    expect(app).toContain('"selection_policy":{"field":"X-Collab-Doc","policy":"header"}');
    expect(app).toContain('"pattern":"^/collab/([^/]+)$"');
    expect(app).toContain('"passive":{"fail_duration":30000000000}');
  });

  it('serves PUBLIC_URL from the app and S3_PUBLIC_ENDPOINT from MinIO, each on its own host name', () => {
    const caddy = adaptCaddyfile();
    const upstreamOf = (host: string) => caddy.routeOf(host)?.handle[0]!.routes[0]!.handle[0]!.upstreams[0]!.dial;
    expect(upstreamOf('workspace.example.com')).toBe('app:3000');
    expect(upstreamOf('files.example.com')).toBe('minio:9000');
    // LiveKit's signalling has a name of its own too (profile "livekit"); its default is a name nobody uses.
    expect(upstreamOf('livekit.localhost')).toBe('livekit:7880');
    expect(caddy.listen).toEqual([':443']);
  });
});
