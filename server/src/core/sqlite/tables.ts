import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** The append-only log. Triggers in the migrations refuse UPDATE and DELETE. */
export const events = sqliteTable(
  'events',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    id: text('id').notNull().unique(),
    teamId: text('team_id'),
    stream: text('stream').notNull(),
    version: integer('version').notNull(),
    type: text('type').notNull(),
    actorId: text('actor_id'),
    payload: text('payload', { mode: 'json' }).notNull().$type<unknown>(),
    mutationId: text('mutation_id'),
    createdAt: text('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('events_stream_version').on(table.stream, table.version),
    index('events_team_seq').on(table.teamId, table.seq),
    index('events_type').on(table.type),
  ],
);

/**
 * Results of mutations sent with a client mutation id, so a retry returns the first answer.
 * Not a projection: replay never rebuilds it, and it is never derived from events.
 */
export const mutationResults = sqliteTable(
  'mutation_results',
  {
    actorKey: text('actor_key').notNull(),
    mutationId: text('mutation_id').notNull(),
    requestHash: text('request_hash').notNull(),
    result: text('result', { mode: 'json' }).$type<unknown>(),
    createdAt: text('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.actorKey, table.mutationId] })],
);
