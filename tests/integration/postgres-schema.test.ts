import { fileURLToPath } from 'node:url';
import { eq, is, SQL } from 'drizzle-orm';
import { getTableConfig, PgDialect, PgTable } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratePostgres } from '../../server/src/core/postgres/migrate';
import * as postgresSchema from '../../server/src/db/schema.pg';
import { docSnapshots, docUpdates } from '../../server/src/domains/docs/tables.pg';
import { standupChannels } from '../../server/src/domains/reports/tables.pg';
import { startPostgresCluster, type PostgresCluster } from '../support/postgresCluster';

const migrationsFolder = fileURLToPath(new URL('../../migrations/postgres', import.meta.url));
const tables = (Object.values(postgresSchema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

let cluster: PostgresCluster;
let client: postgres.Sql;
let database: ReturnType<typeof drizzle>;
beforeAll(async () => {
  cluster = await startPostgresCluster();
  client = postgres(await cluster.createDatabase('schema_catalog'), { max: 1, onnotice: () => undefined });
  database = drizzle(client);
  await migrate(database, { migrationsFolder });
});
afterAll(async () => {
  await client?.end();
  await cluster?.stop();
});

/** How information_schema shows a drizzle default: strings as typed literals, booleans and numbers as written. */
function catalogDefault(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'::text`;
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  throw new Error(`No catalog form for the default ${JSON.stringify(value)}`);
}

interface IndexFacts {
  name: string;
  unique: boolean;
  method: string;
  /** Column names, or an expression as SQL (`lower(title)`). */
  columns: string[];
  partial: boolean;
}

const postgresDialect = new PgDialect();

/** The indexes a pg-core table asks for: its primary key, unique columns and constraints, and declared indexes. */
function declaredIndexes(table: PgTable): IndexFacts[] {
  const config = getTableConfig(table);
  const keyColumns = config.columns.filter((column) => column.primary).map((column) => column.name);
  const facts: IndexFacts[] = [
    ...(keyColumns.length > 0 ? [{ name: `${config.name}_pkey`, unique: true, method: 'btree', columns: keyColumns, partial: false }] : []),
    ...config.primaryKeys.map((key) => ({
      name: key.getName(),
      unique: true,
      method: 'btree',
      columns: key.columns.map((column) => column.name),
      partial: false,
    })),
    ...config.columns
      .filter((column) => column.isUnique)
      .map((column) => ({ name: column.uniqueName ?? '', unique: true, method: 'btree', columns: [column.name], partial: false })),
    ...config.uniqueConstraints.map((constraint) => ({
      name: constraint.getName() ?? '',
      unique: true,
      method: 'btree',
      columns: constraint.columns.map((column) => column.name),
      partial: false,
    })),
    ...config.indexes.map(({ config: index }) => ({
      name: index.name ?? '',
      unique: index.unique,
      method: index.method ?? 'btree',
      columns: index.columns.map((column) =>
        is(column, SQL) ? postgresDialect.sqlToQuery(column).sql : ((column as { name?: string }).name ?? ''),
      ),
      partial: index.where !== undefined,
    })),
  ];
  return facts.sort((left, right) => left.name.localeCompare(right.name));
}

/** Reads pg_indexes' definition (CREATE [UNIQUE] INDEX name ON public.table USING btree (a, lower(b)) [WHERE (...)]). */
function parseIndexDefinition(definition: string): Omit<IndexFacts, 'name'> {
  const match = /^CREATE (UNIQUE )?INDEX \S+ ON public\.\S+ USING (\w+) \(((?:[^()]|\([^()]*\))+)\)( WHERE .+)?$/.exec(definition);
  if (!match) throw new Error(`Unexpected index definition: ${definition}`);
  return {
    unique: match[1] !== undefined,
    method: match[2] ?? '',
    columns: (match[3] ?? '').split(', ').map((column) => column.replace(/^"|"$/g, '')),
    partial: match[4] !== undefined,
  };
}

describe('migrations/postgres applied to a fresh PostgreSQL database', () => {
  it('creates exactly the tables of schema.pg.ts', async () => {
    const rows = await client<{ table_name: string }[]>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`;
    const expected = tables.map((table) => getTableConfig(table).name).sort();
    expect(rows.map((row) => row.table_name)).toEqual(expected);
  });

  it.each(tables.map((table) => [getTableConfig(table).name, table] as const))(
    '%s: columns in order with their types, nullability, defaults and identity, as its pg-core table says',
    async (name, table) => {
      const rows = await client<
        { column_name: string; data_type: string; is_nullable: string; column_default: string | null; identity_generation: string | null }[]
      >`
        SELECT column_name, data_type, is_nullable, column_default, identity_generation
        FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ${name} ORDER BY ordinal_position`;
      const expected = getTableConfig(table).columns.map((column) => ({
        column_name: column.name,
        data_type: column.getSQLType(),
        is_nullable: column.notNull ? 'NO' : 'YES',
        column_default: catalogDefault(column.default),
        identity_generation: column.generatedIdentity?.type === 'byDefault' ? 'BY DEFAULT' : null,
      }));
      expect(rows.map((row) => ({ ...row }))).toEqual(expected);
    },
  );

  it.each(tables.map((table) => [getTableConfig(table).name, table] as const))(
    '%s: primary key, unique and other indexes over the columns its pg-core table says',
    async (name, table) => {
      const rows = await client<{ indexname: string; indexdef: string }[]>`
        SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = ${name} ORDER BY indexname`;
      const found = rows
        .map((row) => ({ name: row.indexname, ...parseIndexDefinition(row.indexdef) }))
        .sort((left, right) => left.name.localeCompare(right.name));
      expect(found).toEqual(declaredIndexes(table));
    },
  );

  it('round-trips a boolean true and a json value through drizzle on postgres-js, stored as boolean and jsonb', async () => {
    const row = {
      projectId: 'space-round-trip',
      teamId: 'team-round-trip',
      enabled: true,
      time: '09:30',
      timeZone: 'Europe/Paris',
      weekdays: [1, 3, 5],
      language: 'fr',
      setBy: 'user-round-trip',
      setAt: '2026-11-27T02:00:00.000Z',
      lastDate: null,
      lastUntil: null,
      lastMessageId: null,
    };
    await database.insert(standupChannels).values(row);
    const [read] = await database.select().from(standupChannels).where(eq(standupChannels.projectId, row.projectId));
    expect(read).toEqual(row);
    const [stored] = await client<{ enabled: unknown; weekdays_type: string }[]>`
      SELECT enabled, jsonb_typeof(weekdays) AS weekdays_type FROM standup_channels WHERE project_id = ${row.projectId}`;
    expect(stored).toEqual({ enabled: true, weekdays_type: 'array' });

    await database.update(standupChannels).set({ enabled: false }).where(eq(standupChannels.projectId, row.projectId));
    const [turnedOff] = await database
      .select({ enabled: standupChannels.enabled })
      .from(standupChannels)
      .where(eq(standupChannels.projectId, row.projectId));
    expect(turnedOff).toEqual({ enabled: false });
  });

  it('round-trips bytes as a Buffer and epoch milliseconds past 2^31 as numbers, with identity ids handed out', async () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    const savedAt = Date.UTC(2026, 10, 27, 2, 0, 0);
    await database.insert(docSnapshots).values({ docId: 'doc-round-trip', data: bytes, throughId: 2 ** 40, savedAt });
    expect(await database.select().from(docSnapshots).where(eq(docSnapshots.docId, 'doc-round-trip'))).toEqual([
      { docId: 'doc-round-trip', data: bytes, throughId: 2 ** 40, savedAt },
    ]);
    const inserted = await database
      .insert(docUpdates)
      .values([
        { docId: 'doc-round-trip', data: bytes, userId: null, createdAt: savedAt },
        { docId: 'doc-round-trip', data: bytes, userId: 'user-round-trip', createdAt: savedAt + 1 },
      ])
      .returning({ id: docUpdates.id });
    expect(inserted).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it("applies beside the event log's migrations with the event log's runner (advisory lock, schema_migrations)", async () => {
    const runnerClient = postgres(await cluster.createDatabase('schema_with_event_log'), { max: 1, onnotice: () => undefined });
    try {
      const eventLogMigrations = await migratePostgres(runnerClient);
      expect(await migratePostgres(runnerClient, { area: 'projections', folder: migrationsFolder })).toEqual([
        '0000_projections.sql',
        '0001_calendar_events_team_author.sql',
        '0002_search_text.sql',
        '0003_doc_texts_searched.sql',
        '0004_unique_safety_nets.sql',
      ]);
      expect(await migratePostgres(runnerClient, { area: 'projections', folder: migrationsFolder })).toEqual([]);
      const rows = await runnerClient<{ table_name: string }[]>`
        SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`;
      const names = new Set(rows.map((row) => row.table_name));
      expect(eventLogMigrations.length).toBeGreaterThan(0);
      expect(tables.map((table) => getTableConfig(table).name).filter((name) => !names.has(name))).toEqual([]);
      expect([...names].filter((name) => ['events', 'mutation_results', 'schema_migrations'].includes(name)).sort()).toEqual([
        'events',
        'mutation_results',
        'schema_migrations',
      ]);
    } finally {
      await runnerClient.end();
    }
  });
});
