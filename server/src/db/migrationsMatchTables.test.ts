import { is, SQL } from 'drizzle-orm';
import { getTableConfig, SQLiteSyncDialect, SQLiteTable, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './connection';
import * as sqliteSchema from './schema';

/**
 * The database `migrations/` builds (through the app's own migrator) against the drizzle declarations of schema.ts,
 * which the PostgreSQL twins are compared with (schemaParity.test.ts). drizzle-kit's snapshot diff ignores column
 * order, so a column declared in another place than its migration added it passes `db:generate` unnoticed: then the
 * twins' "same order" held between the declarations only, not between the two real databases, and a copy of rows
 * by position (`INSERT … SELECT *`, `COPY` without a column list) would put one column's values in another.
 */

/** Tables of the database that no drizzle declaration describes, with the reason. */
const undeclaredTables: Record<string, string> = {
  __drizzle_migrations: "the migrator's own journal",
  search_text: 'an FTS5 index written by hand in its migration (0016_search.sql); drizzle cannot declare virtual tables',
  doc_text_search: 'an FTS5 index over doc_texts written by hand in its migration (0016_search.sql)',
};

const dialect = new SQLiteSyncDialect();
const handle = openDatabase(':memory:');
const { sqlite } = handle;
afterAll(() => handle.close());

interface ColumnShape {
  name: string;
  type: string;
  notNull: boolean;
  /** The default as SQL text, as the migration wrote it (null without one). */
  default: string | null;
}

interface IndexShape {
  name: string;
  unique: boolean;
  /** Column names in order; null for an expression. */
  columns: (string | null)[];
  descending: boolean[];
  partial: boolean;
}

/** A declared default written the way drizzle-kit writes it into a migration. */
function defaultSql(value: unknown): string | null {
  if (value === undefined) return null;
  if (is(value, SQL)) return dialect.sqlToQuery(value.inlineParams()).sql;
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  if (typeof value === 'object' && value !== null) return `'${JSON.stringify(value).replaceAll("'", "''")}'`;
  return String(value);
}

function declaredColumns(table: SQLiteTable): ColumnShape[] {
  return getTableConfig(table).columns.map((column: SQLiteColumn) => ({
    name: column.name,
    type: column.getSQLType().toLowerCase(),
    notNull: column.notNull,
    default: defaultSql(column.default),
  }));
}

function databaseColumns(table: string): ColumnShape[] {
  const rows = sqlite.prepare(`PRAGMA table_xinfo(\`${table}\`)`).all() as {
    name: string;
    type: string;
    notnull: number;
    dflt_value: string | null;
    hidden: number;
  }[];
  return rows
    .filter((row) => row.hidden === 0)
    .map((row) => ({
      name: row.name,
      type: row.type.toLowerCase(),
      notNull: row.notnull === 1,
      default: row.dflt_value,
    }));
}

/** Declared indexes, with the unique indexes drizzle-kit writes for unique columns and unique constraints. */
function declaredIndexes(table: SQLiteTable): IndexShape[] {
  const config = getTableConfig(table);
  const uniqueIndex = (name: string, columns: SQLiteColumn[]): IndexShape => ({
    name,
    unique: true,
    columns: columns.map((column) => column.name),
    descending: columns.map(() => false),
    partial: false,
  });
  return [
    ...config.indexes.map(({ config: index }) => ({
      name: index.name,
      unique: index.unique,
      columns: index.columns.map((column) => (is(column, SQL) ? null : column.name)),
      // sqlite-core indexes have no per-column order: every declared column is ascending.
      descending: index.columns.map(() => false),
      partial: index.where !== undefined,
    })),
    ...config.columns.filter((column) => column.isUnique).map((column) => uniqueIndex(column.uniqueName!, [column])),
    ...config.uniqueConstraints.map((constraint) => uniqueIndex(constraint.getName() ?? '', constraint.columns)),
  ].sort((left, right) => left.name.localeCompare(right.name));
}

/** Every index but the primary key's (origin `pk`): CREATE INDEX statements and UNIQUE constraints written in a table. */
function databaseIndexes(table: string): IndexShape[] {
  const list = sqlite.prepare(`PRAGMA index_list(\`${table}\`)`).all() as {
    name: string;
    unique: number;
    origin: string;
    partial: number;
  }[];
  return list
    .filter((index) => index.origin !== 'pk')
    .map((index) => {
      const keys = (
        sqlite.prepare(`PRAGMA index_xinfo(\`${index.name}\`)`).all() as { name: string | null; desc: number; key: number; cid: number }[]
      ).filter((column) => column.key === 1);
      return {
        name: index.name,
        unique: index.unique === 1,
        columns: keys.map((column) => (column.cid === -2 ? null : column.name)),
        descending: keys.map((column) => column.desc === 1),
        partial: index.partial === 1,
      };
    })
    .sort((left, right) => left.name.localeCompare(right.name));
}

function declaredPrimaryKey(table: SQLiteTable): string[] {
  const config = getTableConfig(table);
  return [
    ...config.columns.filter((column) => column.primary).map((column) => column.name),
    ...config.primaryKeys.flatMap((key) => key.columns.map((column) => column.name)),
  ];
}

function databasePrimaryKey(table: string): string[] {
  const rows = sqlite.prepare(`PRAGMA table_xinfo(\`${table}\`)`).all() as { name: string; pk: number }[];
  return rows
    .filter((row) => row.pk > 0)
    .sort((left, right) => left.pk - right.pk)
    .map((row) => row.name);
}

const declared = new Map(
  (Object.values(sqliteSchema) as unknown[])
    .filter((value): value is SQLiteTable => is(value, SQLiteTable))
    .map((table) => [getTableConfig(table).name, table]),
);

/** Tables and virtual tables, without SQLite's own and the shadow tables of FTS5 indexes. */
const databaseTables = (
  sqlite.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as {
    name: string;
    sql: string;
  }[]
)
  .map((row) => row.name)
  .filter(
    (name, _index, names) =>
      !names.some((other) => other !== name && name.startsWith(`${other}_`) && /_(data|idx|content|docsize|config)$/.test(name)),
  );

describe('the database migrations/ builds against the drizzle declarations (schema.ts)', () => {
  it('has a table for every declaration, and a declaration for every table but the listed ones', () => {
    expect([...declared.keys()].filter((name) => !databaseTables.includes(name))).toEqual([]);
    expect(databaseTables.filter((name) => !declared.has(name) && !(name in undeclaredTables))).toEqual([]);
    expect(Object.keys(undeclaredTables).filter((name) => !databaseTables.includes(name))).toEqual([]);
    expect(declared.size).toBeGreaterThan(60);
  });

  it.each([...declared.keys()].map((name) => [name]))('%s: columns in order, types, nullability and defaults', (name) => {
    expect(databaseColumns(name)).toEqual(declaredColumns(declared.get(name)!));
  });

  it.each([...declared.keys()].map((name) => [name]))('%s: indexes (with their columns in order) and primary key', (name) => {
    const table = declared.get(name)!;
    expect(databaseIndexes(name)).toEqual(declaredIndexes(table));
    expect(databasePrimaryKey(name)).toEqual(declaredPrimaryKey(table));
  });
});
