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
});
