import { pickTable } from '../../db/pickTable';
import * as postgres from './tables.pg';
import * as sqlite from './tables.sqlite';

/**
 * Accounts' tables in this process's dialect (db/pickTable.ts, plan option B3), typed as the SQLite ones:
 * tables.sqlite.ts says what each table and column means, tables.pg.ts is its PostgreSQL twin.
 */
export const users = pickTable(sqlite.users, postgres.users);
export const userCredentials = pickTable(sqlite.userCredentials, postgres.userCredentials);
export const sessions = pickTable(sqlite.sessions, postgres.sessions);
export const accountTokens = pickTable(sqlite.accountTokens, postgres.accountTokens);
