import { eq, sql } from 'drizzle-orm';
import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './connection';
import { inJsonList, preparedForms, preparedQuery, readTogether, rowPlaceholders, rowValues } from './prepared';
import { events, teams } from './schema';

const opened: DatabaseHandle[] = [];
const database = () => {
  const handle = openDatabase(':memory:');
  opened.push(handle);
  return handle;
};
afterEach(() => opened.splice(0).forEach((handle) => handle.close()));

const teamNamed = preparedQuery((db: DatabaseHandle['db']) =>
  db
    .select({ name: teams.name })
    .from(teams)
    .where(eq(teams.id, sql.placeholder('id')))
    .prepare(),
);

const insertTeam = (handle: DatabaseHandle, id: string, name: string) =>
  handle.db.insert(teams).values({ id, name, ownerId: 'owner', createdAt: '2026-01-01T00:00:00.000Z' }).run();

describe('preparedQuery', () => {
  it('builds a query once per connection and answers each call with its own values', () => {
    const handle = database();
    insertTeam(handle, 'a', 'Apollo');
    insertTeam(handle, 'b', 'Borealis');
    expect(teamNamed(handle.db)).toBe(teamNamed(handle.db));
    expect(teamNamed(handle.db).get({ id: 'a' })?.name).toBe('Apollo');
    expect(teamNamed(handle.db).get({ id: 'b' })?.name).toBe('Borealis');
    expect(teamNamed(handle.db).get({ id: 'c' })).toBeUndefined();
  });

  it('keeps connections apart', () => {
    const first = database();
    const second = database();
    insertTeam(first, 'a', 'First');
    insertTeam(second, 'a', 'Second');
    expect(teamNamed(first.db)).not.toBe(teamNamed(second.db));
    expect(teamNamed(first.db).get({ id: 'a' })?.name).toBe('First');
    expect(teamNamed(second.db).get({ id: 'a' })?.name).toBe('Second');
  });
});

describe('preparedForms', () => {
  it('builds a form once per key and connection, and drops the oldest built beyond the number kept', () => {
    const handle = database();
    insertTeam(handle, 'a', 'Apollo');
    const built: string[] = [];
    const teamColumn = preparedForms((db: DatabaseHandle['db'], key) => {
      built.push(key);
      const column = key === 'name' ? teams.name : key === 'owner' ? teams.ownerId : teams.createdAt;
      return db
        .select({ value: column })
        .from(teams)
        .where(eq(teams.id, sql.placeholder('id')))
        .prepare();
    }, 2);
    expect(teamColumn(handle.db, 'name').get({ id: 'a' })?.value).toBe('Apollo');
    expect(teamColumn(handle.db, 'owner').get({ id: 'a' })?.value).toBe('owner');
    expect(teamColumn(handle.db, 'name')).toBe(teamColumn(handle.db, 'name'));
    expect(built).toEqual(['name', 'owner']);
    // A third form drops the first built; asked again, it is built again.
    expect(teamColumn(handle.db, 'created').get({ id: 'a' })?.value).toBe('2026-01-01T00:00:00.000Z');
    teamColumn(handle.db, 'owner');
    teamColumn(handle.db, 'name');
    expect(built).toEqual(['name', 'owner', 'created', 'name']);
    const other = database();
    teamColumn(other.db, 'name');
    expect(built).toHaveLength(5);
  });
});

describe('rowPlaceholders and rowValues', () => {
  it('insert a row through one prepared statement as drizzle would: JSON stringified, missing and null columns NULL', () => {
    const handle = database();
    const insertEvent = handle.db.insert(events).values(rowPlaceholders(events)).returning({ seq: events.seq }).prepare();
    const row = { id: 'e1', stream: 's', version: 1, type: 't', payload: { a: [1, 'two'] }, createdAt: '2026-01-01T00:00:00.000Z' };
    const first = insertEvent.get(rowValues(events, { ...row, actorId: null }))!;
    const second = insertEvent.get(rowValues(events, { ...row, id: 'e2', version: 2 }))!;
    expect(second.seq).toBe(first.seq + 1);
    const stored = handle.sqlite.prepare('select payload, actor_id, mutation_id, team_id from events where id = ?').get('e1');
    expect(stored).toEqual({ payload: '{"a":[1,"two"]}', actor_id: null, mutation_id: null, team_id: null });
    expect(handle.db.select().from(events).where(eq(events.id, 'e2')).get()?.payload).toEqual({ a: [1, 'two'] });
  });
});

describe('rowPlaceholders of a table with a default', () => {
  it('refuses it, since every column is given and the default would never apply', () => {
    const withDefault = sqliteTable('with_default', { id: text('id').primaryKey(), state: text('state').default('new') });
    expect(() => rowPlaceholders(withDefault)).toThrow(/state have defaults/);
  });
});

describe('inJsonList', () => {
  it('matches the ids of a JSON list of any length on one prepared statement', () => {
    const handle = database();
    for (const id of ['a', 'b', 'c']) insertTeam(handle, id, id.toUpperCase());
    const named = handle.db.select({ name: teams.name }).from(teams).where(inJsonList(teams.id, 'ids')).orderBy(teams.name).prepare();
    expect(named.all({ ids: JSON.stringify(['a', 'c', 'x']) }).map((team) => team.name)).toEqual(['A', 'C']);
    expect(named.all({ ids: JSON.stringify([]) })).toEqual([]);
    expect(named.all({ ids: JSON.stringify(['b']) }).map((team) => team.name)).toEqual(['B']);
  });
});

describe('readTogether', () => {
  it('runs the reads in one transaction, ends it even when they throw, and joins a transaction already open', () => {
    const handle = database();
    insertTeam(handle, 'a', 'Apollo');
    const seen: boolean[] = [];
    expect(readTogether(handle.sqlite, () => (seen.push(handle.sqlite.inTransaction), teamNamed(handle.db).get({ id: 'a' })?.name))).toBe(
      'Apollo',
    );
    expect(() =>
      readTogether(handle.sqlite, () => {
        seen.push(handle.sqlite.inTransaction);
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(handle.sqlite.inTransaction).toBe(false);
    handle.sqlite.exec('BEGIN');
    readTogether(handle.sqlite, () => seen.push(handle.sqlite.inTransaction));
    expect(handle.sqlite.inTransaction).toBe(true);
    handle.sqlite.exec('COMMIT');
    expect(seen).toEqual([true, true, true]);
  });
});
