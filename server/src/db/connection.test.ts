import { sql } from 'drizzle-orm';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { withStatementCache } from './connection';

const notes = sqliteTable('notes', { id: text('id').primaryKey(), body: text('body').notNull() });

describe('withStatementCache', () => {
  let sqlite: Database.Database;
  afterEach(() => sqlite.close());

  function open() {
    sqlite = new Database(':memory:');
    sqlite.exec('CREATE TABLE notes (id TEXT PRIMARY KEY, body TEXT NOT NULL)');
    return withStatementCache(sqlite);
  }

  it('hands back the same prepared statement for the same SQL text', () => {
    const cached = open();
    expect(cached.prepare('SELECT 1')).toBe(cached.prepare('SELECT 1'));
    expect(cached.prepare('SELECT 1')).not.toBe(cached.prepare('SELECT 2'));
  });

  it('resets raw mode, so a statement drizzle read as arrays later returns objects', () => {
    const cached = open();
    sqlite.exec("INSERT INTO notes VALUES ('a', 'first')");
    expect(cached.prepare('SELECT id, body FROM notes').raw().all()).toEqual([['a', 'first']]);
    expect(cached.prepare('SELECT id, body FROM notes').all()).toEqual([{ id: 'a', body: 'first' }]);
  });

  it('serves drizzle reads and writes through the cache, inside transactions too', () => {
    const db = drizzle(open());
    db.transaction((transaction) => {
      transaction.insert(notes).values({ id: 'a', body: 'one' }).run();
      transaction.insert(notes).values({ id: 'b', body: 'two' }).run();
    });
    expect(db.select().from(notes).all()).toEqual([
      { id: 'a', body: 'one' },
      { id: 'b', body: 'two' },
    ]);
    expect(
      db
        .select({ body: notes.body })
        .from(notes)
        .where(sql`${notes.id} = 'b'`)
        .get(),
    ).toEqual({ body: 'two' });
    expect(db.all(sql`SELECT count(*) AS count FROM notes`)).toEqual([{ count: 2 }]);
  });

  it('keeps a bounded number of statements, dropping the least recently used', () => {
    const cached = open();
    const first = cached.prepare('SELECT 0');
    for (let index = 1; index <= 1000; index += 1) cached.prepare(`SELECT ${index}`);
    expect(cached.prepare('SELECT 0')).not.toBe(first);
    const recent = cached.prepare('SELECT 1000');
    expect(cached.prepare('SELECT 1000')).toBe(recent);
  });
});
