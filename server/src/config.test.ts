import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('applies the documented defaults', () => {
    const dataDirectory = mkdtempSync(join(tmpdir(), 'config-'));
    const config = loadConfig({ DATA_DIR: dataDirectory });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.sqliteSynchronous).toBe('FULL');
    expect(config.databaseFile).toBe(join(dataDirectory, 'workspace.sqlite'));
  });

  it('generates a secret once and keeps it in the data folder', () => {
    const dataDirectory = mkdtempSync(join(tmpdir(), 'config-'));
    const first = loadConfig({ DATA_DIR: dataDirectory }).secret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDirectory }).secret).toBe(first);
    expect(readFileSync(join(dataDirectory, 'secret.key'), 'utf8').trim()).toBe(first);
  });

  it('lists every invalid variable in one clear error', () => {
    expect(() => loadConfig({ PORT: 'eighty', PUBLIC_URL: 'not a url', SECRET: 'short' })).toThrowError(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty', PUBLIC_URL: 'not a url' })).toThrowError(/PORT: .*PUBLIC_URL: /);
  });

  it('runs calls peer-to-peer by default and on LiveKit only when all three of its settings are given', () => {
    const dataDirectory = mkdtempSync(join(tmpdir(), 'config-'));
    const peerToPeer = loadConfig({ DATA_DIR: dataDirectory }).meetings;
    expect(peerToPeer).toEqual({ livekit: null, iceServers: [], meshLimit: 4, ringTimeoutMs: 30_000 });
    expect(loadConfig({ DATA_DIR: dataDirectory, MEETING_RING_SECONDS: '12' }).meetings.ringTimeoutMs).toBe(12_000);
    expect(() => loadConfig({ DATA_DIR: dataDirectory, MEETING_RING_SECONDS: '2' })).toThrowError(/MEETING_RING_SECONDS/);
    const secret = 'x'.repeat(32);
    const livekit = loadConfig({
      DATA_DIR: dataDirectory,
      LIVEKIT_URL: 'wss://live.example.com',
      LIVEKIT_API_KEY: 'key',
      LIVEKIT_API_SECRET: secret,
    });
    expect(livekit.meetings.livekit).toEqual({ url: 'wss://live.example.com', apiKey: 'key', apiSecret: secret });
    expect(() => loadConfig({ DATA_DIR: dataDirectory, LIVEKIT_URL: 'wss://live.example.com' })).toThrowError(/LIVEKIT_API_KEY/);
  });

  it('reads ICE servers as URLs or as JSON, and refuses anything else', () => {
    const dataDirectory = mkdtempSync(join(tmpdir(), 'config-'));
    expect(
      loadConfig({ DATA_DIR: dataDirectory, ICE_SERVERS: 'stun:stun.example.com:3478, turn:turn.example.com' }).meetings.iceServers,
    ).toEqual([{ urls: 'stun:stun.example.com:3478' }, { urls: 'turn:turn.example.com' }]);
    const json = '[{"urls":["turns:turn.example.com:443"],"username":"team","credential":"secret"}]';
    expect(loadConfig({ DATA_DIR: dataDirectory, ICE_SERVERS: json }).meetings.iceServers).toEqual([
      { urls: ['turns:turn.example.com:443'], username: 'team', credential: 'secret' },
    ]);
    expect(() => loadConfig({ DATA_DIR: dataDirectory, ICE_SERVERS: 'http://example.com' })).toThrowError(/ICE_SERVERS/);
    expect(() => loadConfig({ DATA_DIR: dataDirectory, ICE_SERVERS: '[{"urls":' })).toThrowError(/ICE_SERVERS is not valid JSON/);
  });

  describe('DATABASE_URL', () => {
    const dataDirectory = mkdtempSync(join(tmpdir(), 'config-'));
    const load = (environment: Record<string, string>) => loadConfig({ DATA_DIR: dataDirectory, ...environment });

    it("keeps the data folder's SQLite file when absent or sqlite:, and takes a file path", () => {
      const defaultFile = join(dataDirectory, 'workspace.sqlite');
      expect(load({}).database).toEqual({ kind: 'sqlite', file: defaultFile });
      expect(load({ DATABASE_URL: 'sqlite:' }).database).toEqual({ kind: 'sqlite', file: defaultFile });
      expect(load({ DATABASE_URL: 'sqlite:///srv/workspace/main.sqlite' }).databaseFile).toBe('/srv/workspace/main.sqlite');
      expect(load({ DATABASE_URL: '/srv/workspace/other.sqlite' }).database).toEqual({
        kind: 'sqlite',
        file: '/srv/workspace/other.sqlite',
      });
    });

    it('resolves a relative SQLite path against DATA_DIR, not the working directory, and takes sqlite:/x and sqlite:///x as the absolute /x', () => {
      // The working directory is elsewhere, as in the Docker image (the app folder, outside the data volume).
      expect(process.cwd()).not.toBe(dataDirectory);
      expect(load({ DATABASE_URL: 'sqlite:relative.sqlite' }).databaseFile).toBe(join(dataDirectory, 'relative.sqlite'));
      expect(load({ DATABASE_URL: 'sqlite://nested/main.sqlite' }).databaseFile).toBe(join(dataDirectory, 'nested', 'main.sqlite'));
      expect(load({ DATABASE_URL: './bare.sqlite' }).databaseFile).toBe(join(dataDirectory, 'bare.sqlite'));
      expect(load({ DATABASE_URL: 'bare.sqlite' }).database).toEqual({ kind: 'sqlite', file: join(dataDirectory, 'bare.sqlite') });
      expect(load({ DATABASE_URL: 'sqlite:/srv/db/main.sqlite' }).databaseFile).toBe('/srv/db/main.sqlite');
      expect(load({ DATABASE_URL: 'sqlite:///srv/db/main.sqlite' }).databaseFile).toBe('/srv/db/main.sqlite');
      // SQLAlchemy's absolute form.
      expect(load({ DATABASE_URL: 'sqlite:////srv/db/main.sqlite' }).databaseFile).toBe('/srv/db/main.sqlite');
      // DATA_DIR itself may be relative: the database follows it wherever it resolves.
      expect(loadConfig({ DATA_DIR: relative(process.cwd(), dataDirectory), DATABASE_URL: 'sqlite:db/main.sqlite' }).databaseFile).toBe(
        join(dataDirectory, 'db', 'main.sqlite'),
      );
    });

    it('refuses an in-memory SQLite database, naming the accepted forms', () => {
      for (const url of ['sqlite::memory:', ':memory:']) {
        const inMemory = () => load({ DATABASE_URL: url });
        expect(inMemory).toThrowError(ConfigError);
        expect(inMemory).toThrowError(/cannot be an in-memory SQLite database/);
        expect(inMemory).toThrowError(/sqlite:\/absolute\/file or sqlite:\/\/\/absolute\/file/);
      }
    });

    it('takes a postgres:// or postgresql:// URL with the pool size, statement timeout and connect timeout', () => {
      const url = 'postgresql://workspace:s3cret@db.internal:5433/workspace';
      expect(
        load({ DATABASE_URL: url, DATABASE_POOL_SIZE: '20', DATABASE_STATEMENT_TIMEOUT_MS: '5000', DATABASE_CONNECT_TIMEOUT_MS: '2500' })
          .database,
      ).toEqual({ kind: 'postgres', url, poolSize: 20, statementTimeoutMs: 5000, connectTimeoutMs: 2500 });
      expect(load({ DATABASE_URL: 'postgres://db.internal/workspace' }).database).toMatchObject({
        poolSize: 10,
        statementTimeoutMs: 30_000,
        connectTimeoutMs: 10_000,
      });
      expect(() => load({ DATABASE_URL: url, DATABASE_CONNECT_TIMEOUT_MS: '5' })).toThrowError(/DATABASE_CONNECT_TIMEOUT_MS/);
      expect(() => load({ DATABASE_URL: url, DATABASE_POOL_SIZE: '0' })).toThrowError(/DATABASE_POOL_SIZE/);
      expect(() => load({ DATABASE_URL: url, DATABASE_STATEMENT_TIMEOUT_MS: 'soon' })).toThrowError(/DATABASE_STATEMENT_TIMEOUT_MS/);
    });

    it('refuses a malformed PostgreSQL URL or another scheme with one message that never repeats the password', () => {
      const malformed = () => load({ DATABASE_URL: 'postgres://workspace:s3cret@db.internal:port/workspace' });
      expect(malformed).toThrowError(ConfigError);
      expect(malformed).toThrowError(/DATABASE_URL is not a valid PostgreSQL URL/);
      expect(malformed).not.toThrowError(/s3cret/);
      expect(() => load({ DATABASE_URL: 'postgres:///workspace' })).toThrowError(/must name a host and a database/);
      expect(() => load({ DATABASE_URL: 'postgres://db.internal' })).toThrowError(/must name a host and a database/);
      const mysql = () => load({ DATABASE_URL: 'mysql://workspace:s3cret@db.internal/workspace' });
      expect(mysql).toThrowError(/DATABASE_URL scheme "mysql:" is not supported/);
      expect(mysql).toThrowError(/postgres:\/\/user:password@host:5432\/database .*sqlite:<file> or a file path \(relative to DATA_DIR\)/);
      expect(mysql).not.toThrowError(/s3cret/);
    });
  });

  describe('REDIS_URL and the cluster settings', () => {
    const dataDirectory = mkdtempSync(join(tmpdir(), 'config-'));
    const postgresUrl = 'postgres://app:pw@db:5432/workspace';
    const load = (environment: Record<string, string>) => loadConfig({ DATA_DIR: dataDirectory, ...environment });

    it('is one process without REDIS_URL, and takes redis: and rediss: URLs beside PostgreSQL', () => {
      expect(load({}).cluster).toEqual({ redisUrl: null, processTimeoutMs: 10_000, jobIntervalsMs: new Map() });
      expect(load({ DATABASE_URL: postgresUrl, REDIS_URL: 'redis://redis:6379' }).cluster.redisUrl).toBe('redis://redis:6379');
      expect(load({ DATABASE_URL: postgresUrl, REDIS_URL: 'rediss://:pw@cache.example.com:6380/2' }).cluster.redisUrl).toBe(
        'rediss://:pw@cache.example.com:6380/2',
      );
    });

    it('refuses a REDIS_URL that is not a Redis URL, naming the variable and hiding its password', () => {
      const malformed = () => load({ DATABASE_URL: postgresUrl, REDIS_URL: 'http://user:s3cret@redis:6379' });
      expect(malformed).toThrowError(ConfigError);
      expect(malformed).toThrowError(/REDIS_URL "http:\/\/user:\*\*\*@redis:6379" is not a Redis URL/);
      expect(malformed).not.toThrowError(/s3cret/);
      const withPassword = () => load({ DATABASE_URL: postgresUrl, REDIS_URL: 'redis//:s3cret@redis' });
      expect(withPassword).toThrowError(/REDIS_URL/);
      expect(() => load({ DATABASE_URL: postgresUrl, REDIS_URL: 'not a url' })).toThrowError(/REDIS_URL "not a url" is not a Redis URL/);
    });

    it('refuses REDIS_URL on SQLite, which serves one process', () => {
      expect(() => load({ REDIS_URL: 'redis://redis:6379' })).toThrowError(
        /REDIS_URL is for several app processes, which need DATABASE_URL/,
      );
    });

    it('takes job intervals in tests only', () => {
      expect(
        load({ NODE_ENV: 'test', JOB_INTERVALS_MS: 'core: expire idempotency keys=500, files: storage sweep=1000' }).cluster.jobIntervalsMs,
      ).toEqual(
        new Map([
          ['core: expire idempotency keys', 500],
          ['files: storage sweep', 1000],
        ]),
      );
      expect(() => load({ NODE_ENV: 'production', JOB_INTERVALS_MS: 'a=500' })).toThrowError(/JOB_INTERVALS_MS is for tests only/);
      expect(() => load({ NODE_ENV: 'test', JOB_INTERVALS_MS: 'a=soon' })).toThrowError(/JOB_INTERVALS_MS entry "a=soon"/);
    });
  });
});
