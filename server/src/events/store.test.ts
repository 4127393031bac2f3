import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { eq, sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/connection';
import { DomainError } from '../errors';
import { replay, snapshotProjections } from './replay';
import { EventStore } from './store';
import type { Projection, StoredEvent } from './types';

const counters = sqliteTable('test_counters', { name: text('name').primaryKey(), value: integer('value').notNull() });

const counterProjection: Projection = {
  name: 'test-counters',
  tables: [counters],
  apply(transaction, event) {
    const payload = event.payload as { name: string; by: number };
    if (event.type === 'counter.created') transaction.insert(counters).values({ name: payload.name, value: 0 }).run();
    if (event.type === 'counter.incremented') {
      transaction
        .update(counters)
        .set({ value: sql`${counters.value} + ${payload.by}` })
        .where(eq(counters.name, payload.name))
        .run();
    }
    if (event.type === 'counter.exploded') throw new Error('projection failure');
  },
};

let directory: string;
let database: DatabaseHandle;
let store: EventStore;

function openWithCounters(file: string): DatabaseHandle {
  const handle = openDatabase(file, { synchronous: 'NORMAL' });
  handle.sqlite.exec('CREATE TABLE IF NOT EXISTS test_counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL)');
  return handle;
}

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'event-store-'));
  database = openWithCounters(join(directory, 'live.sqlite'));
  store = new EventStore(database, [counterProjection]);
});
afterEach(() => {
  database.close();
  rmSync(directory, { recursive: true, force: true });
});

const counterValue = (name: string) => database.db.select().from(counters).where(eq(counters.name, name)).get()?.value;
const eventCount = () => (database.sqlite.prepare('SELECT COUNT(*) AS count FROM events').get() as { count: number }).count;

describe('append', () => {
  it('writes events with consecutive stream versions and applies projections in the same transaction', () => {
    const stored = store.append(
      'counter:a',
      [
        { type: 'counter.created', payload: { name: 'a' } },
        { type: 'counter.incremented', payload: { name: 'a', by: 2 } },
      ],
      { teamId: 't1', actorId: 'u1' },
    );
    expect(stored.map((event) => event.version)).toEqual([1, 2]);
    expect(stored[0]!.seq).toBeLessThan(stored[1]!.seq);
    expect(counterValue('a')).toBe(2);
    expect(store.read({ stream: 'counter:a' }).map((event) => event.type)).toEqual(['counter.created', 'counter.incremented']);
  });

  it('refuses a stale expectedVersion with a CONFLICT and writes nothing', () => {
    store.append('counter:a', [{ type: 'counter.created', payload: { name: 'a' } }], { teamId: null, actorId: 'u1', expectedVersion: 0 });
    const attempt = () =>
      store.append('counter:a', [{ type: 'counter.incremented', payload: { name: 'a', by: 1 } }], {
        teamId: null,
        actorId: 'u1',
        expectedVersion: 0,
      });
    expect(attempt).toThrowError(expect.objectContaining({ code: 'CONFLICT' }) as unknown as Error);
    expect(eventCount()).toBe(1);
    expect(counterValue('a')).toBe(0);
  });

  it('rolls back the events when a projection fails, and publishes nothing', () => {
    const heard: StoredEvent[] = [];
    store.onCommitted((events) => heard.push(...events));
    const attempt = () =>
      store.run({ actorId: 'u1' }, (unit) => {
        unit.append('counter:b', [{ type: 'counter.created', payload: { name: 'b' } }], { teamId: null });
        unit.append('counter:b', [{ type: 'counter.exploded', payload: { name: 'b' } }], { teamId: null });
      });
    expect(attempt).toThrow('projection failure');
    expect(eventCount()).toBe(0);
    expect(counterValue('b')).toBeUndefined();
    expect(heard).toEqual([]);
  });

  it('publishes only after commit: a listener on another connection already sees the write', () => {
    const reader = new Database(database.file, { readonly: true });
    const seenByListener: number[] = [];
    store.onCommitted(() => {
      seenByListener.push((reader.prepare('SELECT COUNT(*) AS count FROM events').get() as { count: number }).count);
    });
    store.run({ actorId: 'u1' }, (unit) => {
      unit.append('counter:c', [{ type: 'counter.created', payload: { name: 'c' } }], { teamId: null });
      expect(seenByListener).toEqual([]);
    });
    expect(seenByListener).toEqual([1]);
    reader.close();
  });
});

describe('idempotency by client mutation id', () => {
  it('returns the first result to a retry without writing twice', () => {
    const command = () =>
      store.run({ actorId: 'u1', mutationId: 'm-1', request: { name: 'd' } }, (unit) => {
        unit.append('counter:d', [{ type: 'counter.created', payload: { name: 'd' } }], { teamId: null });
        return { created: 'd', at: eventCount() };
      });
    const first = command();
    const second = command();
    expect(second).toEqual(first);
    expect(eventCount()).toBe(1);
  });

  it('refuses the same mutation id with a different request', () => {
    store.run({ actorId: 'u1', mutationId: 'm-2', request: { name: 'e' } }, (unit) =>
      unit.append('counter:e', [{ type: 'counter.created', payload: { name: 'e' } }], { teamId: null }),
    );
    const reuse = () => store.run({ actorId: 'u1', mutationId: 'm-2', request: { name: 'other' } }, () => 'never');
    expect(reuse).toThrowError(DomainError);
    expect(reuse).toThrowError(expect.objectContaining({ code: 'IDEMPOTENCY_KEY_REUSED' }) as unknown as Error);
  });

  it('keeps mutation ids apart per actor', () => {
    store.run({ actorId: 'u1', mutationId: 'same', request: 1 }, (unit) =>
      unit.append('counter:f', [{ type: 'counter.created', payload: { name: 'f' } }], { teamId: null }),
    );
    store.run({ actorId: 'u2', mutationId: 'same', request: 1 }, (unit) =>
      unit.append('counter:g', [{ type: 'counter.created', payload: { name: 'g' } }], { teamId: null }),
    );
    expect(eventCount()).toBe(2);
  });
});

describe('append-only log', () => {
  it('refuses UPDATE and DELETE of events at the database level', () => {
    store.append('counter:h', [{ type: 'counter.created', payload: { name: 'h' } }], { teamId: null, actorId: 'u1' });
    expect(() => database.sqlite.prepare("UPDATE events SET type = 'x'").run()).toThrow('events are append-only');
    expect(() => database.sqlite.prepare('DELETE FROM events').run()).toThrow('events are append-only');
    expect(eventCount()).toBe(1);
  });
});

describe('replay', () => {
  it('rebuilds projections from the log into an empty database equal to the live ones, for random command sequences', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const names: string[] = [];
    for (let step = 0; step < 400; step += 1) {
      if (names.length === 0 || random() < 0.2) {
        const name = `n${step}`;
        names.push(name);
        store.append(`counter:${name}`, [{ type: 'counter.created', payload: { name } }], { teamId: 't', actorId: 'u' });
      } else {
        const name = names[Math.floor(random() * names.length)]!;
        store.append(`counter:${name}`, [{ type: 'counter.incremented', payload: { name, by: Math.floor(random() * 10) } }], {
          teamId: 't',
          actorId: 'u',
        });
      }
    }
    const empty = openWithCounters(join(directory, 'replayed.sqlite'));
    const progress = replay(database, empty, [counterProjection]);
    expect(progress.applied).toBe(400);
    expect(snapshotProjections(empty, [counterProjection])).toEqual(snapshotProjections(database, [counterProjection]));
    empty.close();
  });

  it('rebuilds in place after the projection tables were damaged', () => {
    store.append(
      'counter:z',
      [
        { type: 'counter.created', payload: { name: 'z' } },
        { type: 'counter.incremented', payload: { name: 'z', by: 5 } },
      ],
      { teamId: null, actorId: 'u' },
    );
    database.sqlite.prepare('UPDATE test_counters SET value = 999').run();
    replay(database, database, [counterProjection]);
    expect(counterValue('z')).toBe(5);
  });
});
