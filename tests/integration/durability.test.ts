import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/src/db/connection';

const dataDirectory = mkdtempSync(join(tmpdir(), 'workspace-kill-'));
afterAll(() => rmSync(dataDirectory, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('durability (SECURITY.md)', () => {
  it('loses no acknowledged write when the server is killed with SIGKILL during a write loop', async () => {
    const port = await freePort();
    const child = spawn('npx', ['tsx', 'server/src/main.ts'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDirectory, LOG_LEVEL: 'silent', NODE_ENV: 'test', SQLITE_SYNCHRONOUS: 'FULL', RATE_LIMITS: 'false' },
      stdio: 'ignore',
      detached: true,
    });
    const url = `http://127.0.0.1:${port}`;
    for (let attempt = 0; attempt < 100; attempt += 1) {
      if (await fetch(`${url}/healthz`).then((response) => response.ok, () => false)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const acknowledged: string[] = [];
    let killed = false;
    const writer = (async () => {
      for (let index = 0; !killed && index < 500; index += 1) {
        const email = `durable-${index}@example.com`;
        try {
          const response = await fetch(`${url}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query: `mutation { setUserBasic(firstname: "D", lastname: "K", email: "${email}", password: "durable123") { email } }` }),
          });
          const body = (await response.json()) as { data?: { setUserBasic?: { email: string } } };
          if (body.data?.setUserBasic) acknowledged.push(email);
        } catch {
          return;
        }
      }
    })();
    for (let waited = 0; acknowledged.length < 15 && waited < 30_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    process.kill(-child.pid!, 'SIGKILL');
    killed = true;
    await writer;

    const database = openDatabase(join(dataDirectory, 'workspace.sqlite'), { synchronous: 'FULL' });
    const stored = new Set((database.sqlite.prepare('SELECT email FROM users').all() as { email: string }[]).map((row) => row.email));
    database.close();
    expect(acknowledged.length).toBeGreaterThanOrEqual(15);
    for (const email of acknowledged) expect(stored.has(email), email).toBe(true);
  }, 60_000);
});
