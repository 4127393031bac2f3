import { pickTable } from '../db/pickTable';
import * as postgres from './postgres/tables';
import * as sqlite from './sqlite/tables';

/**
 * The event log's tables in this process's dialect (db/pickTable.ts), typed as the SQLite ones: what areas read the
 * log through (a person's history, a task's activity). The stores themselves use their own dialect's tables.
 */
export const events = pickTable(sqlite.events, postgres.events);
export const mutationResults = pickTable(sqlite.mutationResults, postgres.mutationResults);
