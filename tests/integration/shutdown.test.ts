import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';

const dataDirectory = mkdtempSync(join(tmpdir(), 'workspace-shutdown-'));
afterAll(() => rmSync(dataDirectory, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('graceful shutdown', () => {
  it('on SIGTERM closes websockets, checkpoints SQLite and exits 0', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDirectory, LOG_LEVEL: 'silent', NODE_ENV: 'test', RATE_LIMITS: 'false' },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const url = `http://127.0.0.1:${port}`;
    let healthy = false;
    for (let attempt = 0; attempt < 100 && !healthy; attempt += 1) {
      healthy = await fetch(`${url}/healthz`).then((response) => response.ok, () => false);
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(healthy).toBe(true);
    await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation { setUserBasic(firstname: "S", lastname: "T", email: "shutdown@example.com", password: "secret123") { email } }' }),
    });
    const socket = new WebSocket(`ws://127.0.0.1:${port}/graphql`, 'graphql-transport-ws');
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const socketClosed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await socketClosed).toBeGreaterThan(0);
    const wal = join(dataDirectory, 'workspace.sqlite-wal');
    expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
  }, 60_000);
});
