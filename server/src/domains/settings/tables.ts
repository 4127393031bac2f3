import { pickTable } from '../../db/pickTable';
import * as postgres from './tables.pg';
import * as sqlite from './tables.sqlite';

/**
 * Settings' tables in this process's dialect (db/pickTable.ts, plan option B3), typed as the SQLite ones:
 * tables.sqlite.ts says what each table and column means, tables.pg.ts is its PostgreSQL twin.
 */
export const userSettings = pickTable(sqlite.userSettings, postgres.userSettings);
export const teamSettings = pickTable(sqlite.teamSettings, postgres.teamSettings);
export const apiTokens = pickTable(sqlite.apiTokens, postgres.apiTokens);
