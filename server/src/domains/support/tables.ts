import { pickTable } from '../../db/pickTable';
import * as postgres from './tables.pg';
import * as sqlite from './tables.sqlite';

/**
 * Support's tables in this process's dialect (db/pickTable.ts, plan option B3), typed as the SQLite ones:
 * tables.sqlite.ts says what each table and column means, tables.pg.ts is its PostgreSQL twin.
 */
export const supportFeedback = pickTable(sqlite.supportFeedback, postgres.supportFeedback);
export const supportThreads = pickTable(sqlite.supportThreads, postgres.supportThreads);
export const supportMessages = pickTable(sqlite.supportMessages, postgres.supportMessages);
