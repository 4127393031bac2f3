import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../../../../tests/support/postgresCluster';
import { migratePostgres, projectionMigrations } from '../../core/postgres/migrate';
import { lastPositions, type Reader } from './state';

/**
 * Where a new card goes on PostgreSQL: the last positions of its lists, read for every created card. A prepared
 * statement keeps one plan for every board (its generic plan) until the table is analyzed again, and a plan made while
 * the table was nearly empty may read every card of the board; seeding 10,000 cards then spent a third of its time
 * there. Each read must take one row of its list's position index, whatever the plan and the board's size.
 */
let cluster: PostgresCluster;
let sql: postgres.Sql;
let db: Reader;
beforeAll(async () => {
  // No autovacuum: its ANALYZE would plan the statements again, with the board's real size.
  cluster = await startPostgresCluster({ autovacuum: false });
  // One connection, which keeps the plan it first made for each statement, as a pool's connections do.
  sql = postgres(await cluster.createDatabase('last_positions'), {
    max: 1,
    onnotice: () => undefined,
    connection: { plan_cache_mode: 'force_generic_plan' },
  });
  await migratePostgres(sql);
  await migratePostgres(sql, projectionMigrations);
  db = drizzle(sql) as unknown as Reader;
}, 60_000);
afterAll(async () => {
  await sql?.end();
  await cluster?.stop();
});

/** Every scan node of a plan with the rows it returned. */
function scans(node: { 'Node Type': string; 'Actual Rows': number; Plans?: unknown[] }): { type: string; rows: number }[] {
  const below = (node.Plans ?? []).flatMap((child) => scans(child as typeof node));
  return node['Node Type'].endsWith('Scan') ? [{ type: node['Node Type'], rows: node['Actual Rows'] }, ...below] : below;
}

describe('the last positions of a board on PostgreSQL', () => {
  it('are read from one row of each position index, with the plans made on the empty board', async () => {
    const [projectId, doing, done] = ['board-project', 'state-doing', 'state-done'];
    // Planned now, on an empty table: the plans the connection keeps.
    expect(await lastPositions(db, projectId, doing)).toEqual({ section: null, duedate: null, asignee: null });

    await sql`
      INSERT INTO tasks (id, team_id, project_id, state_id, number, id_code, name, color, priority,
                         position_section, position_duedate, position_asignee, author_id, created_at, updated_at)
      SELECT 'task-' || n, 'team', ${projectId}, CASE WHEN n % 2 = 0 THEN ${doing} ELSE ${done} END, n, 'T-' || n,
             'Card ' || n, 'blue', 0, n * 10, n * 20, n * 30, 'author', '2030-01-01T00:00:00.000Z', '2030-01-01T00:00:00.000Z'
      FROM generate_series(1, 5000) AS n`;
    expect(await lastPositions(db, projectId, doing)).toEqual({ section: 50_000, duedate: 100_000, asignee: 150_000 });
    expect(await lastPositions(db, projectId, done)).toEqual({ section: 49_990, duedate: 100_000, asignee: 150_000 });

    const statements = await sql<{ name: string; statement: string; parameter_types: string[] }[]>`
      SELECT name, statement, parameter_types::text[] AS parameter_types FROM pg_prepared_statements
      WHERE statement LIKE '%"position_%' AND statement LIKE '%from "tasks"%' AND statement NOT LIKE '%insert%'`;
    expect(statements).toHaveLength(3);
    for (const { name, statement, parameter_types: types } of statements) {
      // The list's id for the text parameter (a section's or the board's), 1 for the limit: constants of this test.
      const list = statement.includes('"state_id" = $1') ? doing : projectId;
      const values = types.map((type) => (type === 'text' ? `'${list}'` : '1')).join(', ');
      const [row] = await sql.unsafe<{ 'QUERY PLAN': [{ Plan: Parameters<typeof scans>[0] }] }[]>(
        `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE "${name}" (${values})`,
      );
      expect({ statement, rowsScanned: scans(row!['QUERY PLAN'][0].Plan).map((scan) => scan.rows) }).toEqual({
        statement,
        rowsScanned: [1],
      });
    }
  });
});
