import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './connection';
import { preparedQuery } from './prepared';
import { teams } from './schema';

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
