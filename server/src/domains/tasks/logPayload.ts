import { is, sql, type SQL } from 'drizzle-orm';
import { PgColumn } from 'drizzle-orm/pg-core';
import { events } from '../../core/tables';

/*
 * What the tasks area reads inside the log's payloads (the board cache's changes, a task's activity), in the SQL of
 * the log's own dialect: the log's table picked for this process (core/tables.ts) says which, as inJsonList does
 * (db/prepared.ts). SQLite keeps a payload as JSON text (json_extract, json_each); PostgreSQL as jsonb (->>,
 * jsonb_object_keys).
 */

const onPostgres = () => is(events.payload, PgColumn);

/** A top-level field of the event's payload as text (null when absent): `field` is a fixed name, never input. */
export function payloadText(field: 'taskId' | 'projectId'): SQL<string | null> {
  return onPostgres()
    ? sql<string | null>`(${events.payload} ->> ${sql.raw(`'${field}'`)})`
    : sql<string | null>`json_extract(${events.payload}, ${sql.raw(`'$.${field}'`)})`;
}

/** Whether some key of the payload's `changes` object is not among `keys` (fixed names, never input). */
export function changesBeyond(keys: readonly string[]): SQL {
  const listed = sql.raw(keys.map((key) => `'${key}'`).join(', '));
  return onPostgres()
    ? sql`EXISTS (SELECT 1 FROM jsonb_object_keys(${events.payload} -> 'changes') AS change(key) WHERE change.key NOT IN (${listed}))`
    : sql`EXISTS (SELECT 1 FROM json_each(${events.payload}, '$.changes') WHERE key NOT IN (${listed}))`;
}
