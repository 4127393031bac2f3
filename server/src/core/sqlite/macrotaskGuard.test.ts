import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/connection';
import { SqliteEventStore } from './eventStore';
import { startMacrotaskSentinel } from './macrotaskGuard';

/** The rule that keeps a unit of work atomic on SQLite: nothing inside it waits for the event loop. */

let directory: string;
let database: DatabaseHandle;

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'macrotask-guard-'));
  database = openDatabase(join(directory, 'live.sqlite'), { synchronous: 'NORMAL' });
});
afterEach(() => {
  database.close();
  rmSync(directory, { recursive: true, force: true });
});

const note = { type: 'note.written', payload: {} };
const eventCount = () => (database.sqlite.prepare('SELECT COUNT(*) AS count FROM events').get() as { count: number }).count;

describe('startMacrotaskSentinel', () => {
  it('has not fired while only synchronous code and microtasks ran', async () => {
    const sentinel = startMacrotaskSentinel();
    for (let round = 0; round < 100; round += 1) await Promise.resolve(round);
    expect(sentinel.stop()).toBe(false);
  });

  it('has fired once a timer was awaited', async () => {
    const sentinel = startMacrotaskSentinel();
    await sleep(1);
    expect(sentinel.stop()).toBe(true);
  });
});

describe('the SQLite door with the guard', () => {
  it('refuses a unit that awaits a timer, names it, and rolls back its events', async () => {
    const store = new SqliteEventStore(database, [], { guardMacrotasks: true });
    const waiting = store.run({ actorId: 'u1', request: { operationName: 'setNote' } }, async (unit) => {
      await unit.append('note:a', [note], { teamId: null });
      await sleep(1);
      return 'written';
    });
    await expect(waiting).rejects.toThrow(
      'The unit of work of setNote (actor u1, appending note.written) yielded to the event loop inside its SQLite transaction',
    );
    expect(eventCount()).toBe(0);
    await expect(store.append('note:a', [note], { teamId: null, actorId: 'u1' })).resolves.toHaveLength(1);
  });

  it('reports the yield even when the unit fails afterwards, and its neighbours in the group still commit', async () => {
    const store = new SqliteEventStore(database, [], { guardMacrotasks: true });
    const neighbour = store.append('note:b', [note], { teamId: null, actorId: 'u2' });
    const failing = store.run({ actorId: 'u1' }, async (unit) => {
      await unit.append('note:a', [note], { teamId: null });
      await sleep(1);
      throw new Error('changed its mind');
    });
    await expect(failing).rejects.toThrow('The unit of work (actor u1, appending note.written) yielded to the event loop');
    await expect(neighbour).resolves.toHaveLength(1);
    expect(await store.streamVersion('note:a')).toBe(0);
  });

  it('lets a unit through whose awaits all settle without I/O', async () => {
    const store = new SqliteEventStore(database, [], { guardMacrotasks: true });
    const written = await store.run({ actorId: 'u1' }, async (unit) => {
      for (let round = 0; round < 10; round += 1) await unit.append('note:a', [note], { teamId: null });
      return await unit.streamVersion('note:a');
    });
    expect(written).toBe(10);
  });

  it('is off when asked (production): the unit commits, awaits and all', async () => {
    const store = new SqliteEventStore(database, [], { guardMacrotasks: false });
    await store.run({ actorId: 'u1' }, async (unit) => {
      await unit.append('note:a', [note], { teamId: null });
      await sleep(1);
    });
    expect(eventCount()).toBe(1);
  });
});
