import { bigint, customType, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The event log's tables on PostgreSQL as drizzle sees them, for reads through the table chooser (core/tables.ts).
 * They are made by the log's own migrations (core/postgres/migrations, with their append-only triggers and the
 * positions' function), not by drizzle-kit, so db/schema.pg.ts leaves them out; the log writes them with its own SQL.
 */

/** A timestamptz read and written as the ISO text SQLite keeps (drizzle's driver hands timestamps over as text). */
const isoTimestamp = customType<{ data: string; driverData: string }>({
  dataType: () => 'timestamptz',
  fromDriver: (value) => new Date(value).toISOString(),
  toDriver: (value) => value,
});

export const events = pgTable('events', {
  seq: bigint('seq', { mode: 'number' }).primaryKey(),
  id: text('id').notNull(),
  teamId: text('team_id'),
  stream: text('stream').notNull(),
  version: integer('version').notNull(),
  type: text('type').notNull(),
  actorId: text('actor_id'),
  payload: jsonb('payload').notNull().$type<unknown>(),
  mutationId: text('mutation_id'),
  createdAt: isoTimestamp('created_at').notNull(),
});

export const mutationResults = pgTable(
  'mutation_results',
  {
    actorKey: text('actor_key').notNull(),
    mutationId: text('mutation_id').notNull(),
    requestHash: text('request_hash').notNull(),
    result: jsonb('result').$type<unknown>(),
    createdAt: isoTimestamp('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.actorKey, table.mutationId] })],
);
