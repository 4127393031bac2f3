import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/connection';
import { hashRequest } from '../idempotencyKeys';
import { SqliteEventStore } from './eventStore';

/** Mutation ids (the request's Idempotency-Key): what a retry gets, what a reuse gets, and how requests are compared. */

let directory: string;
let database: DatabaseHandle;
let store: SqliteEventStore;

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'event-store-idempotency-'));
  database = openDatabase(join(directory, 'live.sqlite'), { synchronous: 'NORMAL' });
  store = new SqliteEventStore(database, []);
});
afterEach(() => {
  database.close();
  rmSync(directory, { recursive: true, force: true });
});

const eventCount = () => (database.sqlite.prepare('SELECT COUNT(*) AS count FROM events').get() as { count: number }).count;
const storedResults = () => database.sqlite.prepare('SELECT actor_key, mutation_id, request_hash FROM mutation_results').all();

/** One command that appends one event to `stream` and answers with how many events the log then holds. */
function createNote(context: { actorId: string | null; mutationId?: string; request?: unknown }, stream = 'note:a') {
  return store.run(context, async (unit) => {
    await unit.append(stream, [{ type: 'note.created', payload: {} }], { teamId: 't1' });
    return { count: eventCount() };
  });
}

const badKey = expect.objectContaining({ code: 'IDEMPOTENCY_KEY_INVALID', params: { maximum: 128 } }) as unknown as Error;
const reused = expect.objectContaining({ code: 'IDEMPOTENCY_KEY_REUSED' }) as unknown as Error;

describe('the mutation id', () => {
  it('takes 1 to 128 characters and refuses an empty or longer one before anything is written', async () => {
    await expect(createNote({ actorId: 'u1', mutationId: '' })).rejects.toThrowError(badKey);
    await expect(createNote({ actorId: 'u1', mutationId: 'm'.repeat(129) })).rejects.toThrowError(badKey);
    await expect(createNote({ actorId: 'u1', mutationId: 'm'.repeat(129) })).rejects.toThrow(
      'An Idempotency-Key must be 1 to 128 characters.',
    );
    expect(eventCount()).toBe(0);
    expect(storedResults()).toEqual([]);

    await expect(createNote({ actorId: 'u1', mutationId: 'm'.repeat(128) })).resolves.toEqual({ count: 1 });
    await expect(createNote({ actorId: 'u1', mutationId: 'x' }, 'note:b')).resolves.toEqual({ count: 2 });
  });

  it('is stored with the events the command appended, and commands without one leave it empty', async () => {
    await createNote({ actorId: 'u1', mutationId: 'key-1', request: { name: 'a' } });
    await createNote({ actorId: 'u1' }, 'note:b');
    expect((await store.read()).map((event) => [event.stream, event.mutationId])).toEqual([
      ['note:a', 'key-1'],
      ['note:b', null],
    ]);
  });

  it('keeps nothing for a command sent without one: the same command runs again', async () => {
    await createNote({ actorId: 'u1', request: { name: 'a' } });
    await createNote({ actorId: 'u1', request: { name: 'a' } }, 'note:b');
    expect(eventCount()).toBe(2);
    expect(storedResults()).toEqual([]);
  });

  it('records the result under the caller, anonymous callers (sign-up) under one key', async () => {
    const first = await createNote({ actorId: null, mutationId: 'sign-up-1', request: { email: 'ada@example.com' } });
    const retry = await createNote({ actorId: null, mutationId: 'sign-up-1', request: { email: 'ada@example.com' } }, 'note:b');
    expect(retry).toEqual(first);
    expect(eventCount()).toBe(1);
    expect(storedResults()).toEqual([
      { actor_key: 'anonymous', mutation_id: 'sign-up-1', request_hash: hashRequest({ email: 'ada@example.com' }) },
    ]);
  });

  it('returns the first result to a retry even when the work would now decide otherwise', async () => {
    await store.run({ actorId: 'u1', mutationId: 'm-1', request: 1 }, () => 'first answer');
    await expect(store.run({ actorId: 'u1', mutationId: 'm-1', request: 1 }, () => 'second answer')).resolves.toBe('first answer');
    await expect(store.run({ actorId: 'u1', mutationId: 'm-1', request: 1 }, () => undefined)).resolves.toBe('first answer');
  });

  it('keeps a command that answered nothing as answered: its retry writes nothing', async () => {
    const first = await store.run({ actorId: 'u1', mutationId: 'm-void', request: 1 }, async (unit) => {
      await unit.append('note:v', [{ type: 'note.created', payload: {} }], { teamId: null });
    });
    expect(first).toBeUndefined();
    await expect(store.run({ actorId: 'u1', mutationId: 'm-void', request: 1 }, () => 'ran again')).resolves.toBeNull();
    expect(eventCount()).toBe(1);
  });
});

describe('the same mutation id with another request', () => {
  it('is the same request when only the order of keys differs, at any depth', async () => {
    const request = { operation: 'setTask', variables: { id: 't', changes: { name: 'Plan', deadline: '2025-06-15' } } };
    const reordered = { variables: { changes: { deadline: '2025-06-15', name: 'Plan' }, id: 't' }, operation: 'setTask' };
    const first = await createNote({ actorId: 'u1', mutationId: 'm-order', request });
    await expect(createNote({ actorId: 'u1', mutationId: 'm-order', request: reordered }, 'note:b')).resolves.toEqual(first);
    expect(eventCount()).toBe(1);
  });

  it('is the same request when an entry is undefined rather than absent (JSON never sends it)', async () => {
    const first = await createNote({ actorId: 'u1', mutationId: 'm-undefined', request: { name: 'Plan', deadline: undefined } });
    await expect(createNote({ actorId: 'u1', mutationId: 'm-undefined', request: { name: 'Plan' } }, 'note:b')).resolves.toEqual(first);
  });

  it('is refused with IDEMPOTENCY_KEY_REUSED when a nested value differs, and nothing is written', async () => {
    await createNote({ actorId: 'u1', mutationId: 'm-nested', request: { variables: { changes: { name: 'Plan' } } } });
    const other = createNote({ actorId: 'u1', mutationId: 'm-nested', request: { variables: { changes: { name: 'Other' } } } }, 'note:b');
    await expect(other).rejects.toThrowError(reused);
    expect(eventCount()).toBe(1);
  });

  it('is refused when an array holds the same items in another order', async () => {
    await createNote({ actorId: 'u1', mutationId: 'm-array', request: { userIds: ['a', 'b'] } });
    await expect(createNote({ actorId: 'u1', mutationId: 'm-array', request: { userIds: ['b', 'a'] } }, 'note:b')).rejects.toThrowError(
      reused,
    );
  });

  it('is refused when the first run had no request and the retry has one', async () => {
    await createNote({ actorId: 'u1', mutationId: 'm-none' });
    await expect(createNote({ actorId: 'u1', mutationId: 'm-none', request: { name: 'a' } }, 'note:b')).rejects.toThrowError(reused);
  });
});

describe('hashRequest', () => {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

  // The hashes are stored with the results: a change of form would turn every retry across an upgrade into a reuse.
  it('hashes a canonical JSON text: keys sorted at every depth, undefined entries dropped, arrays kept in order', () => {
    expect(hashRequest({ b: [2, { d: 1, c: null }], a: 'x', skipped: undefined })).toBe(sha256('{"a":"x","b":[2,{"c":null,"d":1}]}'));
    expect(hashRequest(undefined)).toBe(sha256('null'));
    expect(hashRequest(null)).toBe(sha256('null'));
    expect(hashRequest([])).toBe(sha256('[]'));
    expect(hashRequest({})).toBe(sha256('{}'));
    expect(hashRequest('text')).toBe(sha256('"text"'));
  });

  it('writes an undefined or function value inside an array as null, as JSON does', () => {
    expect(hashRequest([undefined, () => 1])).toBe(sha256('[null,null]'));
  });

  it('tells apart values that only a careless form would confuse', () => {
    expect(hashRequest([1, 2])).not.toBe(hashRequest({ 0: 1, 1: 2 }));
    expect(hashRequest({ a: 1 })).not.toBe(hashRequest({ a: 2 }));
    expect(hashRequest({ a: { b: 1 } })).not.toBe(hashRequest({ a: { b: 2 } }));
    expect(hashRequest('1')).not.toBe(hashRequest(1));
    expect(hashRequest({ a: null })).not.toBe(hashRequest({}));
  });

  it('sorts keys by code unit, whatever order they came in', () => {
    const forward = hashRequest({ a: 1, B: 2, b: 3, aa: 4 });
    expect(hashRequest({ aa: 4, b: 3, B: 2, a: 1 })).toBe(forward);
    expect(hashRequest({ b: 3, a: 1, aa: 4, B: 2 })).toBe(forward);
    expect(forward).toBe(sha256('{"B":2,"a":1,"aa":4,"b":3}'));
  });
});
