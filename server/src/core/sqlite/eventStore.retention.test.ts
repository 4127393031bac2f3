import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/connection';
import { ManualClock } from '../clock';
import { idempotencyKeyLifetimeMs } from '../idempotencyKeys';
import { SqliteEventStore } from './eventStore';

/** How long mutation results are kept: the expiry of Idempotency-Keys, and the deletion the periodic job runs. */

const start = new Date('2026-03-01T12:00:00.000Z');
let directory: string;
let database: DatabaseHandle;
let clock: ManualClock;
let store: SqliteEventStore;

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'event-store-retention-'));
  database = openDatabase(join(directory, 'live.sqlite'), { synchronous: 'NORMAL' });
  clock = new ManualClock(start);
  store = new SqliteEventStore(database, [], { clock });
});
afterEach(() => {
  database.close();
  rmSync(directory, { recursive: true, force: true });
});

const storedKeys = () =>
  (database.sqlite.prepare('SELECT mutation_id FROM mutation_results ORDER BY mutation_id').all() as { mutation_id: string }[]).map(
    (row) => row.mutation_id,
  );
const eventCount = () => (database.sqlite.prepare('SELECT COUNT(*) AS count FROM events').get() as { count: number }).count;

/** A command that appends one event and answers with its label. */
function note(mutationId: string, label: string, request: unknown = { label: 'same' }) {
  return store.run({ actorId: 'u1', mutationId, request }, async (unit) => {
    await unit.append(`note:${label}`, [{ type: 'note.created', payload: {} }], { teamId: null });
    return label;
  });
}

describe('forgetMutationResultsBefore', () => {
  it('deletes the results stored before the cut-off, keeps the later ones and every event, and says how many went', async () => {
    await note('old-1', 'a');
    clock.advance(1000);
    await note('old-2', 'b');
    clock.advance(1000);
    await note('recent', 'c');
    const cutoff = new Date(start.getTime() + 2000);

    await expect(store.forgetMutationResultsBefore(cutoff)).resolves.toBe(2);
    expect(storedKeys()).toEqual(['recent']);
    expect(eventCount()).toBe(3);
    // Running it again (another process, the next tick) finds nothing more to delete.
    await expect(store.forgetMutationResultsBefore(cutoff)).resolves.toBe(0);
    expect(storedKeys()).toEqual(['recent']);
  });

  it('waits for an asynchronous unit holding the transaction, so a rollback of that unit does not undo the deletion', async () => {
    // The unit is held open across the event loop on purpose, which the guard refuses: the door without it (production).
    store = new SqliteEventStore(database, [], { clock, guardMacrotasks: false });
    await note('old', 'a');
    clock.advance(1000);
    let fail: (error: Error) => void = () => undefined;
    let started = () => undefined as void;
    const working = new Promise<void>((resolve) => (started = resolve));
    const unit = store.run({ actorId: 'u1' }, async (opened) => {
      await opened.append('note:open', [{ type: 'note.created', payload: {} }], { teamId: null });
      started();
      return new Promise<void>((_resolve, reject) => (fail = reject));
    });
    // The unit runs at the next group commit; the deletion asked for while it holds the transaction waits for it.
    await working;
    let forgotten: number | undefined;
    const forgetting = store.forgetMutationResultsBefore(clock.now()).then((count) => (forgotten = count));
    await new Promise((resolve) => setImmediate(resolve));
    expect(forgotten).toBeUndefined();

    fail(new Error('the command changed its mind'));
    await expect(unit).rejects.toThrow('the command changed its mind');
    await forgetting;
    expect(forgotten).toBe(1);
    expect(storedKeys()).toEqual([]);
    expect(eventCount()).toBe(1);
  });
});

describe('an Idempotency-Key past its lifetime', () => {
  it('is honoured until the end of its lifetime, then treated as new: the command runs again and its new result is kept', async () => {
    await expect(note('key', 'first')).resolves.toBe('first');
    clock.advance(idempotencyKeyLifetimeMs);
    await expect(note('key', 'second')).resolves.toBe('first');
    expect(eventCount()).toBe(1);

    clock.advance(1);
    await expect(note('key', 'third')).resolves.toBe('third');
    expect(eventCount()).toBe(2);
    await expect(note('key', 'fourth')).resolves.toBe('third');
    expect(storedKeys()).toEqual(['key']);
  });

  it('is no longer refused as reused when it comes with another request', async () => {
    await note('key', 'first', { label: 'one request' });
    await expect(note('key', 'second', { label: 'another request' })).rejects.toThrowError(
      expect.objectContaining({ code: 'IDEMPOTENCY_KEY_REUSED' }) as unknown as Error,
    );
    clock.advance(idempotencyKeyLifetimeMs + 1);
    await expect(note('key', 'third', { label: 'another request' })).resolves.toBe('third');
  });
});
