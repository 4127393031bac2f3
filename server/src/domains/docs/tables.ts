import { pickTable } from '../../db/pickTable';
import * as postgres from './tables.pg';
import * as sqlite from './tables.sqlite';

/**
 * Docs' tables in this process's dialect (db/pickTable.ts, plan option B3), typed as the SQLite ones:
 * tables.sqlite.ts says what each table and column means, tables.pg.ts is its PostgreSQL twin.
 */
export const docs = pickTable(sqlite.docs, postgres.docs);
export const docUpdates = pickTable(sqlite.docUpdates, postgres.docUpdates);
export const docSnapshots = pickTable(sqlite.docSnapshots, postgres.docSnapshots);
export const docTexts = pickTable(sqlite.docTexts, postgres.docTexts);
