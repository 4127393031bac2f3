import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/connection';
import { ManualClock } from './clock';
import {
  idempotencyKeyLifetimeDays,
  idempotencyKeyLifetimeMs,
  idempotencyKeysExpireBefore,
  idempotencyKeySweepEveryMs,
  scheduleIdempotencyKeyExpiry,
} from './idempotencyKeys';
import { InProcessJobRunner } from './inProcess/jobRunner';
import { SqliteEventStore } from './sqlite/eventStore';

const start = new Date('2026-03-01T12:00:00.000Z');
let directory: string;
let database: DatabaseHandle;

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'idempotency-keys-'));
  database = openDatabase(join(directory, 'live.sqlite'), { synchronous: 'NORMAL' });
});
afterEach(() => {
  vi.useRealTimers();
  database.close();
  rmSync(directory, { recursive: true, force: true });
});

const storedKeys = () =>
  (database.sqlite.prepare('SELECT mutation_id FROM mutation_results ORDER BY mutation_id').all() as { mutation_id: string }[]).map(
    (row) => row.mutation_id,
  );

describe('the lifetime of an Idempotency-Key', () => {
  it('is a week, and a result stored exactly that long ago is still honoured', () => {
    expect(idempotencyKeyLifetimeDays).toBe(7);
    expect(idempotencyKeyLifetimeMs).toBe(7 * 24 * 60 * 60 * 1000);
    expect(idempotencyKeysExpireBefore(start).toISOString()).toBe('2026-02-22T12:00:00.000Z');
  });
});

describe('scheduleIdempotencyKeyExpiry', () => {
  it('deletes expired results every sweep interval through the job runner, keeps the others, and stops with the runner', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const clock = new ManualClock(start);
    const store = new SqliteEventStore(database, [], { clock });
    const jobs = new InProcessJobRunner((job, error) => {
      throw new Error(`${job} failed: ${String(error)}`);
    });
    await store.run({ actorId: 'u1', mutationId: 'old' }, () => 'old');
    clock.advance(2 * 24 * 60 * 60 * 1000);
    await store.run({ actorId: 'u1', mutationId: 'recent' }, () => 'recent');
    clock.set(new Date(start.getTime() + idempotencyKeyLifetimeMs + 1));

    scheduleIdempotencyKeyExpiry(jobs, store);
    expect(jobs.size).toBe(1);
    await vi.advanceTimersByTimeAsync(idempotencyKeySweepEveryMs - 1);
    expect(storedKeys()).toEqual(['old', 'recent']);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(storedKeys()).toEqual(['recent']));

    clock.advance(2 * 24 * 60 * 60 * 1000);
    await vi.advanceTimersByTimeAsync(idempotencyKeySweepEveryMs);
    await vi.waitFor(() => expect(storedKeys()).toEqual([]));

    jobs.stop();
    expect(jobs.size).toBe(0);
  });
});
