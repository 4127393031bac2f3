import { is, sql, type SQL } from 'drizzle-orm';
import { PgColumn } from 'drizzle-orm/pg-core';
import { pickTable } from '../db/pickTable';
import * as postgres from './postgres/tables';
import * as sqlite from './sqlite/tables';

/**
 * The event log's tables in this process's dialect (db/pickTable.ts), typed as the SQLite ones: what areas read the
 * log through (a person's history, a task's activity). The stores themselves use their own dialect's tables.
 */
export const events = pickTable(sqlite.events, postgres.events);
export const mutationResults = pickTable(sqlite.mutationResults, postgres.mutationResults);

/**
 * Only events no running transaction can still come before: on PostgreSQL positions are drawn before commit, so a
 * position can become visible after a higher one (docs/postgres-plan.md §8); the horizon each draw records grows with
 * the position, so the events below the oldest running transaction are a prefix of the log. A reader that resumes
 * after the last position it saw (the board cache) must not pass an event still in flight. On SQLite units commit one
 * at a time in position order: every committed event is settled, and there is no condition.
 */
export function settledEventsOnly(): SQL | undefined {
  return is(events.payload, PgColumn) ? sql`transaction_horizon < (SELECT pg_snapshot_xmin(pg_current_snapshot()))` : undefined;
}
