import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/connection';
import type { Reaction } from '../commands';
import type { StoredEvent } from '../events';
import { SqliteEventStore } from './eventStore';

/** Reading the log, conflicts, who hears of a commit, reaction chains and the synchronous door. */

let directory: string;
let database: DatabaseHandle;
let store: SqliteEventStore;

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'event-store-log-'));
  database = openDatabase(join(directory, 'live.sqlite'), { synchronous: 'NORMAL' });
  store = new SqliteEventStore(database, []);
});
afterEach(() => {
  database.close();
  rmSync(directory, { recursive: true, force: true });
});

const eventCount = () => (database.sqlite.prepare('SELECT COUNT(*) AS count FROM events').get() as { count: number }).count;
const note = (type = 'note.written') => ({ type, payload: {} });
const streamsOf = (events: readonly StoredEvent[]) => events.map((event) => `${event.stream}#${event.version}`);

describe('read', () => {
  beforeEach(async () => {
    await store.append('note:a', [note(), note()], { teamId: 'team-1', actorId: 'u1' });
    await store.append('note:b', [note()], { teamId: 'team-2', actorId: 'u2' });
    await store.append('note:a', [note()], { teamId: 'team-1', actorId: 'u1' });
    await store.append('account:u3', [note()], { teamId: null, actorId: 'u3' });
  });

  it('returns the whole log in order of sequence without options', async () => {
    expect(streamsOf(await store.read())).toEqual(['note:a#1', 'note:a#2', 'note:b#1', 'note:a#3', 'account:u3#1']);
  });

  it('returns only the events after afterSeq', async () => {
    const all = await store.read();
    expect(streamsOf(await store.read({ afterSeq: all[1]!.seq }))).toEqual(['note:b#1', 'note:a#3', 'account:u3#1']);
    expect(await store.read({ afterSeq: all[4]!.seq })).toEqual([]);
  });

  it('returns one stream only', async () => {
    expect(streamsOf(await store.read({ stream: 'note:a' }))).toEqual(['note:a#1', 'note:a#2', 'note:a#3']);
    expect(await store.read({ stream: 'note:none' })).toEqual([]);
  });

  it("never returns another team's events, nor events of no team, to a read by team", async () => {
    const teamOne = await store.read({ teamId: 'team-1' });
    expect(streamsOf(teamOne)).toEqual(['note:a#1', 'note:a#2', 'note:a#3']);
    expect(teamOne.every((event) => event.teamId === 'team-1')).toBe(true);
    expect(streamsOf(await store.read({ teamId: 'team-2' }))).toEqual(['note:b#1']);
  });

  it('returns the events of one kind (the first part of their type) only', async () => {
    await store.append('notes:index', [note('notes.indexed'), note('note.written'), note('noteworthy.found')], {
      teamId: null,
      actorId: 'u3',
    });
    const kinds = await store.read({ kind: 'note' });
    expect(new Set(kinds.map((event) => event.type))).toEqual(new Set(['note.written']));
    expect(streamsOf(kinds)).toEqual(['note:a#1', 'note:a#2', 'note:b#1', 'note:a#3', 'account:u3#1', 'notes:index#2']);
    expect(streamsOf(await store.read({ kind: 'notes' }))).toEqual(['notes:index#1']);
    expect(await store.read({ kind: 'not' })).toEqual([]);
  });

  it('combines the filters and the limit', async () => {
    const all = await store.read();
    expect(streamsOf(await store.read({ teamId: 'team-1', afterSeq: all[0]!.seq, limit: 1 }))).toEqual(['note:a#2']);
    expect(streamsOf(await store.read({ stream: 'note:a', afterSeq: all[1]!.seq }))).toEqual(['note:a#3']);
    expect(streamsOf(await store.read({ limit: 2 }))).toEqual(['note:a#1', 'note:a#2']);
  });

  it('returns events as they were stored', async () => {
    const [first] = await store.read({ limit: 1 });
    expect(first).toMatchObject({ teamId: 'team-1', stream: 'note:a', version: 1, type: 'note.written', actorId: 'u1', payload: {} });
  });

  it('tells the version of a stream, 0 for a stream with no events', async () => {
    await expect(store.streamVersion('note:a')).resolves.toBe(3);
    await expect(store.streamVersion('note:none')).resolves.toBe(0);
    await expect(
      store.run({ actorId: 'u1' }, async (unit) => [await unit.streamVersion('note:b'), await unit.streamVersion('note:none')]),
    ).resolves.toEqual([1, 0]);
  });
});

describe('a conflict', () => {
  it('names the stream, the version the command decided from and the current one', async () => {
    await store.append('note:a', [note(), note()], { teamId: null, actorId: 'u1' });
    const stale = store.append('note:a', [note()], { teamId: null, actorId: 'u1', expectedVersion: 1 });
    await expect(stale).rejects.toMatchObject({ code: 'CONFLICT', details: { stream: 'note:a', expectedVersion: 1, actualVersion: 2 } });
    expect(eventCount()).toBe(2);
  });

  it('is no conflict when the expected version is the current one, even 0 for a new stream', async () => {
    await expect(store.append('note:a', [note()], { teamId: null, actorId: 'u1', expectedVersion: 0 })).resolves.toHaveLength(1);
    await expect(store.append('note:a', [note()], { teamId: null, actorId: 'u1', expectedVersion: 1 })).resolves.toHaveLength(1);
  });
});

describe('listeners', () => {
  it('are told nothing of a unit that appended nothing', async () => {
    const heard = vi.fn();
    store.onCommitted(heard);
    await store.run({ actorId: 'u1' }, () => 'read only');
    expect(heard).not.toHaveBeenCalled();
    await store.append('note:a', [note()], { teamId: null, actorId: 'u1' });
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('hear nothing more once unsubscribed, while the others still do', async () => {
    const leaving = vi.fn();
    const staying = vi.fn();
    const unsubscribe = store.onCommitted(leaving);
    store.onCommitted(staying);
    await store.append('note:a', [note()], { teamId: null, actorId: 'u1' });
    unsubscribe();
    await store.append('note:a', [note()], { teamId: null, actorId: 'u1' });
    expect(leaving).toHaveBeenCalledTimes(1);
    expect(staying).toHaveBeenCalledTimes(2);
  });

  it('do not undo a commit nor silence the next listener when one throws; its error is raised on its own', async () => {
    const raised: (() => void)[] = [];
    vi.stubGlobal('queueMicrotask', (callback: () => void) => raised.push(callback));
    try {
      const after = vi.fn();
      store.onCommitted(() => {
        throw new Error('listener broke');
      });
      store.onCommitted(after);
      await expect(store.append('note:a', [note()], { teamId: null, actorId: 'u1' })).resolves.toHaveLength(1);
      expect(after).toHaveBeenCalledTimes(1);
      expect(eventCount()).toBe(1);
      expect(raised).toHaveLength(1);
      expect(() => raised[0]!()).toThrow('listener broke');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('reaction chains', () => {
  /** A reaction to `step.<n>` appends `step.<n + 1>` while n is below `last`: a chain of `last` nested reactions. */
  function chain(last: number): Reaction {
    const on = Array.from({ length: last }, (_, step) => `step.${step}`);
    return {
      name: `steps up to ${last}`,
      on,
      async react(unit, event) {
        const step = Number(event.type.slice('step.'.length));
        await unit.append('steps', [note(`step.${step + 1}`)], { teamId: null });
      },
    };
  }

  it('may nest eight deep', async () => {
    const chained = new SqliteEventStore(database, [], { reactions: [chain(8)] });
    await chained.append('steps', [note('step.0')], { teamId: null, actorId: 'u1' });
    expect((await chained.read()).map((event) => event.type)).toEqual(Array.from({ length: 9 }, (_, step) => `step.${step}`));
  });

  it('refuse a ninth level as a loop and roll the whole unit back', async () => {
    const chained = new SqliteEventStore(database, [], { reactions: [chain(9)] });
    await expect(chained.append('steps', [note('step.0')], { teamId: null, actorId: 'u1' })).rejects.toThrow(
      'Reactions to step.8 nest deeper than 8: a loop?',
    );
    expect(eventCount()).toBe(0);
  });

  it('count depth, not how many events a unit reacts to one after another', async () => {
    const echo: Reaction = {
      name: 'every ping is answered',
      on: ['ping'],
      react: async (unit) => void (await unit.append('pongs', [note('pong')], { teamId: null })),
    };
    const reacting = new SqliteEventStore(database, [], { reactions: [echo] });
    await reacting.run({ actorId: 'u1' }, async (unit) => {
      for (let ping = 0; ping < 12; ping += 1) await unit.append('pings', [note('ping')], { teamId: null });
    });
    await reacting.append(
      'pings',
      Array.from({ length: 12 }, () => note('ping')),
      { teamId: null, actorId: 'u1' },
    );
    expect(await reacting.streamVersion('pongs')).toBe(24);
  });
});

describe('failures at commit', () => {
  it('roll back the events when the result cannot be kept for retries, and the door stays usable', async () => {
    const circular: { self?: unknown } = {};
    circular.self = circular;
    const attempt = store.run({ actorId: 'u1', mutationId: 'm-circular', request: 1 }, async (unit) => {
      await unit.append('note:a', [note()], { teamId: null });
      return circular;
    });
    await expect(attempt).rejects.toThrow(TypeError);
    expect(eventCount()).toBe(0);
    await expect(store.append('note:a', [note()], { teamId: null, actorId: 'u1' })).resolves.toHaveLength(1);
  });

  it('report the work’s own error when SQLite has already rolled the transaction back', async () => {
    // SQLite ends a transaction by itself on some errors (a full disk, an I/O error); rolling back again must not hide the cause.
    const attempt = store.run({ actorId: 'u1' }, async (unit) => {
      await unit.append('note:a', [note()], { teamId: null });
      database.sqlite.exec('ROLLBACK');
      throw new Error('disk full');
    });
    await expect(attempt).rejects.toThrow('disk full');
    expect(eventCount()).toBe(0);
  });
});
