import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
});
