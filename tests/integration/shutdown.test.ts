import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './harness';

const dataDirectory = mkdtempSync(join(tmpdir(), 'workspace-shutdown-'));
afterAll(() => rmSync(dataDirectory, { recursive: true, force: true }));

describe('graceful shutdown', () => {
  it('on SIGTERM closes websockets, checkpoints SQLite and exits 0', async () => {
    const { child, exited, url, port } = await startServerProcess(dataDirectory);
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
