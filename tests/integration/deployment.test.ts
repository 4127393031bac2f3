import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { environmentSchema, loadConfig } from '../../server/src/config';

const composeAvailable = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' }).status === 0;

describe('deployment files', () => {
  it('.env.example documents every variable the server reads, and nothing else', () => {
    const documented = readFileSync('.env.example', 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
      .map((line) => line.split('=')[0]);
    expect(documented.sort()).toEqual(Object.keys(environmentSchema.shape).sort());
  });

  it('the .env.example values are a valid configuration', () => {
    const values = Object.fromEntries(
      readFileSync('.env.example', 'utf8')
        .split('\n')
        .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(() => loadConfig({ ...values, DATA_DIR: '.tmp/env-example-data' })).not.toThrow();
  });

  it.skipIf(!composeAvailable)('docker-compose.yml is valid for docker compose', () => {
    const result = spawnSync('docker', ['compose', 'config', '--quiet'], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
