import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp, onSqlite } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { idempotencyKeyLifetimeMs, idempotencyKeySweepEveryMs } from '../../server/src/core/idempotencyKeys';

/** The app deletes expired mutation results on its own, through its job runner. */

const directory = mkdtempSync(join(tmpdir(), 'workspace-idempotency-retention-'));
afterEach(() => {
  vi.useRealTimers();
  rmSync(directory, { recursive: true, force: true });
});

describe('expiry of Idempotency-Keys in the app', () => {
  it('deletes results older than the lifetime once a sweep interval has passed, and keeps the recent ones', async () => {
    // Only the periodic timers are faked: the app's clock and everything else run as in production.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: directory,
      LOG_LEVEL: 'silent',
      RATE_LIMITS: 'false',
    });
    const app = onSqlite(await buildApp(config));
    try {
      const insert = app.services.database.sqlite.prepare(
        "INSERT INTO mutation_results (actor_key, mutation_id, request_hash, result, created_at) VALUES ('u1', ?, 'hash', 'null', ?)",
      );
      const now = Date.now();
      insert.run('expired', new Date(now - idempotencyKeyLifetimeMs - 60_000).toISOString());
      insert.run('recent', new Date(now - 60_000).toISOString());
      const keys = () =>
        (
          app.services.database.sqlite.prepare('SELECT mutation_id FROM mutation_results ORDER BY mutation_id').all() as {
            mutation_id: string;
          }[]
        ).map((row) => row.mutation_id);

      await vi.advanceTimersByTimeAsync(idempotencyKeySweepEveryMs - 1000);
      expect(keys()).toEqual(['expired', 'recent']);
      await vi.advanceTimersByTimeAsync(1000);
      await vi.waitFor(() => expect(keys()).toEqual(['recent']));
    } finally {
      await app.server.close();
    }
  });
});
