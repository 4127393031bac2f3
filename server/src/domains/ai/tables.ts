import { pickTable } from '../../db/pickTable';
import * as postgres from './tables.pg';
import * as sqlite from './tables.sqlite';

/**
 * The AI area's tables in this process's dialect (db/pickTable.ts, plan option B3), typed as the SQLite ones:
 * tables.sqlite.ts says what each table and column means, tables.pg.ts is its PostgreSQL twin.
 */
export const aiUsage = pickTable(sqlite.aiUsage, postgres.aiUsage);
export const aiLimits = pickTable(sqlite.aiLimits, postgres.aiLimits);
export const aiConversations = pickTable(sqlite.aiConversations, postgres.aiConversations);
export const aiMessages = pickTable(sqlite.aiMessages, postgres.aiMessages);
