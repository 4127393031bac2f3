import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/postgres-js';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { inJsonList, preparedQuery } from '../../server/src/db/prepared';
import { startPostgresCluster, type PostgresCluster } from '../support/postgresCluster';

/*
 * db/prepared.ts on PostgreSQL (issue 21, plan option B3): a query built once with `.prepare()` and run with
 * `.execute(values)` answers rows there as on SQLite, per connection (the pool, or a unit's transaction), and
 * `inJsonList` compares a JSON list's elements with text and integer columns alike.
 */

const things = pgTable('things', { id: text('id').primaryKey(), size: integer('size').notNull() });

let cluster: PostgresCluster;
let client: postgres.Sql;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  client = postgres(await cluster.createDatabase('prepared'), { onnotice: () => undefined });
  await client`create table things (id text primary key, size integer not null)`;
  await client`insert into things values ('a', 1), ('b', 2), ('c', 3)`;
}, 120_000);

afterAll(async () => {
  await client?.end();
  await cluster?.stop();
});

type Database = ReturnType<typeof drizzle>;

// Typed as the areas type their tables (SQLite's), as db/pickTable.ts hands pg-core columns to them.
const idColumn = things.id as unknown as SQLiteColumn;
const sizeColumn = things.size as unknown as SQLiteColumn;

const thingById = preparedQuery((db: Database) =>
  db
    .select()
    .from(things)
    .where(eq(things.id, sql.placeholder('id')))
    .limit(1)
    .prepare(undefined as unknown as string),
);
const thingsNamed = preparedQuery((db: Database) =>
  db
    .select()
    .from(things)
    .where(inJsonList(idColumn, 'ids'))
    .orderBy(things.id)
    .prepare(undefined as unknown as string),
);
const thingsSized = preparedQuery((db: Database) =>
  db
    .select()
    .from(things)
    .where(inJsonList(sizeColumn, 'sizes'))
    .orderBy(things.id)
    .prepare(undefined as unknown as string),
);

describe('prepared queries on PostgreSQL', () => {
  test('a query built once answers each call with its values, on the pool and in a transaction', async () => {
    const db = drizzle(client);
    expect(await thingById(db).execute({ id: 'b' })).toEqual([{ id: 'b', size: 2 }]);
    expect(await thingById(db).execute({ id: 'z' })).toEqual([]);
    await db
      .transaction(async (transaction) => {
        await transaction.insert(things).values({ id: 'd', size: 4 });
        // Built for this transaction, so it sees the transaction's own row; the pool's does not.
        expect(await thingById(transaction as unknown as Database).execute({ id: 'd' })).toEqual([{ id: 'd', size: 4 }]);
        expect(await thingById(db).execute({ id: 'd' })).toEqual([]);
        transaction.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
  });

  test('inJsonList matches text and integer columns against a JSON list, an empty list matching nothing', async () => {
    const db = drizzle(client);
    expect((await thingsNamed(db).execute({ ids: JSON.stringify(['c', 'a', 'x']) })).map((row) => row.id)).toEqual(['a', 'c']);
    expect((await thingsSized(db).execute({ sizes: JSON.stringify([2, 3]) })).map((row) => row.id)).toEqual(['b', 'c']);
    expect(await thingsNamed(db).execute({ ids: '[]' })).toEqual([]);
  });
});
