import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/connection';
import type { StoredEvent } from '../events';
import { SqliteEventStore } from './eventStore';
import { fsyncOnThreadPool, type FileSync } from './walSync';

/** A WAL fsync the test finishes by hand: each call waits until `finishNext` (or `failNext`) is called. */
function heldSyncs() {
  const pending: { finish: () => void; fail: (error: Error) => void }[] = [];
  let started = 0;
  const syncFile: FileSync = (descriptor) =>
    new Promise<void>((resolve, reject) => {
      started += 1;
      pending.push({ finish: () => void fsyncOnThreadPool(descriptor).then(resolve, reject), fail: reject });
    });
  return {
    syncFile,
    get started() {
      return started;
    },
    get waiting() {
      return pending.length;
    },
    finishNext: () => pending.shift()!.finish(),
    failNext: (error: Error) => pending.shift()!.fail(error),
  };
}

let directory: string;
let database: DatabaseHandle;
let store: SqliteEventStore;
let syncs: ReturnType<typeof heldSyncs>;
let heard: StoredEvent[];

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'event-store-wal-sync-'));
  syncs = heldSyncs();
  database = openDatabase(join(directory, 'live.sqlite'), { syncFile: syncs.syncFile });
  store = new SqliteEventStore(database, []);
  heard = [];
  store.onCommitted((events) => heard.push(...events));
});
afterEach(async () => {
  while (syncs.waiting > 0) syncs.finishNext();
  await store.settle();
  database.close();
  rmSync(directory, { recursive: true, force: true });
});

const appendOne = (stream: string) =>
  store.append(stream, [{ type: 'thing.happened', payload: { stream } }], { teamId: null, actorId: null });

/** Records whether a promise settled, without waiting for it. */
function track<Value>(promise: Promise<Value>) {
  const state: { settled: boolean; value?: Value; error?: unknown } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  );
  return state;
}

describe('group commit with the WAL synced off the event loop (synchronous=FULL)', () => {
  it('answers a unit and tells the listeners only after the fsync that started after its commit', async () => {
    const answer = track(appendOne('a'));
    await vi.waitFor(() => expect(syncs.waiting).toBe(1));
    // Committed (another connection would read it), but neither answered nor published while the fsync runs.
    expect(database.sqlite.prepare('SELECT count(*) FROM events').pluck().get()).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(answer.settled).toBe(false);
    expect(heard).toEqual([]);
    syncs.finishNext();
    await vi.waitFor(() => expect(answer.settled).toBe(true));
    expect(answer.error).toBeUndefined();
    expect(heard.map((event) => event.stream)).toEqual(['a']);
  });

  it('keeps synchronous=FULL for every other writer on the connection', async () => {
    const answer = appendOne('a');
    await vi.waitFor(() => expect(syncs.waiting).toBe(1));
    expect(database.sqlite.pragma('synchronous', { simple: true })).toBe(2);
    syncs.finishNext();
    await answer;
  });

  it('commits the next group while a sync runs, and answers it only after a sync started after its own commit', async () => {
    const first = track(appendOne('first'));
    await vi.waitFor(() => expect(syncs.waiting).toBe(1));
    const second = track(appendOne('second'));
    const third = track(appendOne('third'));
    await vi.waitFor(() => expect(database.sqlite.prepare('SELECT count(*) FROM events').pluck().get()).toBe(3));
    // The second and third committed while the first fsync ran: they share the next one, which waits for it.
    expect(syncs.started).toBe(1);
    syncs.finishNext();
    await vi.waitFor(() => expect(first.settled).toBe(true));
    await vi.waitFor(() => expect(syncs.waiting).toBe(1));
    expect(second.settled).toBe(false);
    expect(third.settled).toBe(false);
    expect(heard.map((event) => event.stream)).toEqual(['first']);
    syncs.finishNext();
    await vi.waitFor(() => expect(third.settled).toBe(true));
    expect(second.settled).toBe(true);
    expect(syncs.started).toBe(2);
    expect(heard.map((event) => event.stream)).toEqual(['first', 'second', 'third']);
  });

  it('refuses the units of a failed fsync, tells the failure once, and refuses every later write', async () => {
    const failures: unknown[] = [];
    store.onSyncFailure((error) => failures.push(error));
    const first = appendOne('first');
    const firstRefusal = expect(first).rejects.toThrow(/disk did not confirm/);
    await vi.waitFor(() => expect(syncs.waiting).toBe(1));
    const second = appendOne('second');
    const secondRefusal = expect(second).rejects.toThrow(/disk did not confirm/);
    await vi.waitFor(() => expect(database.sqlite.prepare('SELECT count(*) FROM events').pluck().get()).toBe(2));
    syncs.failNext(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }));
    await firstRefusal;
    await secondRefusal;
    expect(heard).toEqual([]);
    expect(failures).toHaveLength(1);
    expect((failures[0] as Error).message).toContain('EIO');
    await expect(appendOne('later')).rejects.toThrow(/disk did not confirm/);
    expect(database.walSync!.failed).not.toBeNull();
  });

  it('lets a reader wait until every commit made so far is durable', async () => {
    await expect(store.whenDurable()).resolves.toBeUndefined();
    const answer = track(appendOne('a'));
    await vi.waitFor(() => expect(syncs.waiting).toBe(1));
    const durable = track(store.whenDurable());
    await new Promise((resolve) => setImmediate(resolve));
    expect(durable.settled).toBe(false);
    syncs.finishNext();
    await vi.waitFor(() => expect(durable.settled).toBe(true));
    expect(durable.error).toBeUndefined();
    expect(answer.settled).toBe(true);
  });

  it('refuses a reader waiting for a commit whose fsync failed', async () => {
    const answer = appendOne('a').catch(() => undefined);
    await vi.waitFor(() => expect(syncs.waiting).toBe(1));
    const durable = expect(store.whenDurable()).rejects.toThrow(/disk did not confirm/);
    syncs.failNext(new Error('EIO'));
    await durable;
    await answer;
  });

  it('settles only once the outstanding syncs are done', async () => {
    const answer = track(appendOne('a'));
    await vi.waitFor(() => expect(syncs.waiting).toBe(1));
    const settled = track(store.settle());
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled.settled).toBe(false);
    syncs.finishNext();
    await vi.waitFor(() => expect(settled.settled).toBe(true));
    expect(answer.settled).toBe(true);
  });
});

describe('which databases sync off the event loop', () => {
  it('only files with synchronous=FULL; NORMAL commits as before, with no extra fsync', async () => {
    const normal = openDatabase(join(directory, 'normal.sqlite'), { synchronous: 'NORMAL', syncFile: syncs.syncFile });
    const memory = openDatabase(':memory:');
    try {
      expect(normal.walSync).toBeNull();
      expect(memory.walSync).toBeNull();
      expect(database.walSync).not.toBeNull();
      const normalStore = new SqliteEventStore(normal, []);
      await normalStore.append('a', [{ type: 'thing.happened', payload: {} }], { teamId: null, actorId: null });
      expect(syncs.started).toBe(0);
      // The store leaves a NORMAL connection as it found it.
      expect(normal.sqlite.pragma('synchronous', { simple: true })).toBe(1);
    } finally {
      normal.close();
      memory.close();
    }
  });
});
