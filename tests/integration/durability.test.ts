import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/src/db/connection';
import { startServerProcess } from './harness';

const dataDirectory = mkdtempSync(join(tmpdir(), 'workspace-kill-'));
afterAll(() => rmSync(dataDirectory, { recursive: true, force: true }));

describe('durability (SECURITY.md)', () => {
  it('loses no acknowledged write when the server is killed with SIGKILL during a write loop', async () => {
    const { child, url } = await startServerProcess(dataDirectory, { SQLITE_SYNCHRONOUS: 'FULL' });
    const acknowledged: string[] = [];
    const errors: unknown[] = [];
    let killed = false;
    let enoughAcknowledged!: () => void;
    const fifteenAcknowledged = new Promise<void>((resolve) => (enoughAcknowledged = resolve));
    const writer = (async () => {
      for (let index = 0; !killed && index < 500; index += 1) {
        const email = `durable-${index}@example.com`;
        try {
          const response = await fetch(`${url}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              query: `mutation { setUserBasic(firstname: "D", lastname: "K", email: "${email}", password: "durable123") { email } }`,
            }),
          });
          const body = (await response.json()) as { data?: { setUserBasic?: { email: string } }; errors?: unknown[] };
          if (body.data?.setUserBasic) acknowledged.push(email);
          else errors.push(body.errors);
          if (acknowledged.length === 15) enoughAcknowledged();
        } catch {
          return;
        }
      }
    })();
    // Waits for a state, not a time: a busy machine only makes the writes slower.
    await Promise.race([fifteenAcknowledged, writer]);
    expect(acknowledged.length, JSON.stringify(errors.slice(-3))).toBeGreaterThanOrEqual(15);
    child.kill('SIGKILL');
    killed = true;
    await writer;

    const database = openDatabase(join(dataDirectory, 'workspace.sqlite'), { synchronous: 'FULL' });
    const stored = new Set((database.sqlite.prepare('SELECT email FROM users').all() as { email: string }[]).map((row) => row.email));
    database.close();
    for (const email of acknowledged) expect(stored.has(email), email).toBe(true);
  }, 180_000);
});
