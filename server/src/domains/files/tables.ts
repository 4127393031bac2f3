import { pickTable } from '../../db/pickTable';
import * as postgres from './tables.pg';
import * as sqlite from './tables.sqlite';

/**
 * Files' tables in this process's dialect (db/pickTable.ts, plan option B3), typed as the SQLite ones:
 * tables.sqlite.ts says what each table and column means, tables.pg.ts is its PostgreSQL twin.
 */
export const folders = pickTable(sqlite.folders, postgres.folders);
export const files = pickTable(sqlite.files, postgres.files);
export const fileUploads = pickTable(sqlite.fileUploads, postgres.fileUploads);
