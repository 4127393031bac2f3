import { and, eq, sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../../../../tests/support/postgresCluster';
import { preparedForms, preparedQuery } from '../../db/prepared';
import { newId } from '../ids';
import { bindSpaceDirectory, spaceContentAccess, type SpaceContentAccess } from '../spaceContent';
import { connectPostgres } from './connect';
import { PostgresEventStore, type PostgresUnitTransaction } from './eventStore';
import { migratePostgres } from './migrate';

/**
 * What a unit of work of the PostgreSQL door shares with the pool's database (db/prepared.ts, core/spaceContent.ts):
 * queries built once and bound to each unit's transaction, prepared on the server, and the space directory's answers
 * remembered within a unit until it takes a lock or writes to the access tables.
 */
const notes = pgTable('unit_notes', { id: text('id').primaryKey(), body: text('body').notNull() });
type Reader = Pick<PostgresJsDatabase, 'select'>;
/** What the areas' reads take: typed as SQLite's (plan option B3), handed PostgreSQL's unit objects at run time. */
type AreaReader = Parameters<typeof spaceContentAccess>[0];
/** `.prepare()` without a name, as the areas call it (their types are SQLite's, whose prepare takes none). */
const unnamed = <Query>(builder: { prepare(name?: string): Query }): Query => builder.prepare();

let cluster: PostgresCluster;
let store: PostgresEventStore;
beforeAll(async () => {
  cluster = await startPostgresCluster({ autovacuum: false });
  const sql = await connectPostgres({ url: await cluster.createDatabase('unit_queries'), poolSize: 4, statementTimeoutMs: 30_000 });
  await migratePostgres(sql);
  await sql`CREATE TABLE unit_notes (id text PRIMARY KEY, body text NOT NULL)`;
  // Named as one of the space access tables, so a write to it is one the unit must notice.
  await sql`CREATE TABLE projects (id text PRIMARY KEY)`;
  store = await PostgresEventStore.open(sql, []);
});
afterAll(async () => {
  await store?.close();
  await cluster?.stop();
});

const context = { actorId: null };

describe('a query built once per connection (preparedQuery) on PostgreSQL', () => {
  it('is built once for the pool and runs inside each unit, prepared on the server', async () => {
    let builds = 0;
    const noteById = preparedQuery((db: Reader) => {
      builds += 1;
      return {
        find: unnamed(
          db
            .select({ body: notes.body })
            .from(notes)
            .where(eq(notes.id, sql.placeholder('id'))),
        ),
      };
    });
    const refusal = store.run(context, async (unit) => {
      await unit.transaction.insert(notes).values({ id: 'draft', body: 'written in the unit' });
      expect(await noteById(unit.transaction).find.execute({ id: 'draft' })).toEqual([{ body: 'written in the unit' }]);
      const [prepared] = await unit.transaction.execute<{ count: number }>(
        sql`SELECT count(*)::integer AS count FROM pg_prepared_statements WHERE statement LIKE '%"unit_notes"%'`,
      );
      expect(prepared!.count).toBeGreaterThan(0);
      throw new Error('rolled back on purpose');
    });
    await expect(refusal).rejects.toThrow('rolled back on purpose');
    // The row went with the unit: the query ran in the unit's transaction, not on the pool.
    expect(await store.run(context, (unit) => noteById(unit.transaction).find.execute({ id: 'draft' }))).toEqual([]);
    expect(await noteById(store.database).find.execute({ id: 'draft' })).toEqual([]);
    expect(builds).toBe(1);
  });

  it('is built again in each unit when kept in a function, and runs in that unit', async () => {
    let builds = 0;
    const noteForms = preparedQuery((db: Reader) => {
      builds += 1;
      return (id: string) => db.select({ body: notes.body }).from(notes).where(eq(notes.id, id));
    });
    const read = (unit: { transaction: PostgresUnitTransaction }) => noteForms(unit.transaction)('kept');
    await store.run(context, async (unit) => {
      await unit.transaction.insert(notes).values({ id: 'kept', body: 'committed with the unit' });
      expect(await read(unit)).toEqual([{ body: 'committed with the unit' }]);
    });
    expect(await store.run(context, read)).toEqual([{ body: 'committed with the unit' }]);
    // Once for the pool (where a function is found, which cannot be bound to a unit), then once in each unit.
    expect(builds).toBe(3);
  });
});

describe('queries built on demand, one per key (preparedForms), on PostgreSQL', () => {
  it('builds each form once for the pool, runs it inside each unit, prepared on the server', async () => {
    const built: string[] = [];
    const noteForms = preparedForms((db: Reader, key) => {
      built.push(key);
      const column = key === 'body' ? notes.body : notes.id;
      return unnamed(
        db
          .select({ found: column })
          .from(notes)
          // Marked, so the statements are told apart from the other tests' in pg_prepared_statements.
          .where(and(eq(notes.id, sql.placeholder('id')), sql.raw('true /* preparedForms */'))),
      );
    }, 8);
    await store.run(context, async (unit) => {
      await unit.transaction.insert(notes).values({ id: 'formed', body: 'read by a form' });
      expect(await noteForms(unit.transaction, 'body').execute({ id: 'formed' })).toEqual([{ found: 'read by a form' }]);
      expect(await noteForms(unit.transaction, 'id').execute({ id: 'formed' })).toEqual([{ found: 'formed' }]);
      const [prepared] = await unit.transaction.execute<{ count: number }>(
        sql`SELECT count(*)::integer AS count FROM pg_prepared_statements WHERE statement LIKE '%preparedForms%'`,
      );
      expect(prepared!.count).toBe(2);
    });
    expect(await store.run(context, (unit) => noteForms(unit.transaction, 'body').execute({ id: 'formed' }))).toEqual([
      { found: 'read by a form' },
    ]);
    // Once per key, for the pool: units take the pool's forms bound to their transaction.
    expect(built).toEqual(['body', 'id']);
  });
});

describe("a unit's space access on PostgreSQL", () => {
  it('is read once per unit until the unit takes a lock or writes to the access tables', async () => {
    const asked: string[] = [];
    const answer: SpaceContentAccess = {
      seat: { userId: 'nobody', role: 'basic', withinLimit: true },
      space: { teamId: newId(), isPersonal: false, type: 'public', ownerId: newId() },
      spaceSeat: { permission: 'basic', requested: false },
    };
    bindSpaceDirectory(store.database, {
      access: (_db, projectId) => {
        asked.push(projectId);
        return Promise.resolve(answer);
      },
    });
    const [projectId, userId, streamName] = [newId(), newId(), `board:${newId()}`];
    await store.run(context, async (unit) => {
      const db = unit.transaction as unknown as AreaReader;
      await spaceContentAccess(db, projectId, userId);
      await spaceContentAccess(db, projectId, userId);
      expect(asked).toHaveLength(1);
      // What the unit reads after a lock is what earlier holders committed.
      await unit.lock(streamName);
      await spaceContentAccess(db, projectId, userId);
      expect(asked).toHaveLength(2);
      // A stream the unit holds already is not locked again, and what it read stays.
      await unit.lock(streamName);
      await spaceContentAccess(db, projectId, userId);
      expect(asked).toHaveLength(2);
      await unit.transaction.execute(sql`insert into "projects" (id) values (${projectId})`);
      await spaceContentAccess(db, projectId, userId);
      expect(asked).toHaveLength(3);
    });
    // Another unit reads again.
    await store.run(context, (unit) => spaceContentAccess(unit.transaction as unknown as AreaReader, projectId, userId));
    expect(asked).toHaveLength(4);
  });
});
