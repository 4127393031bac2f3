import { pickTable } from '../db/pickTable';
import * as postgres from './tables.pg';
import * as sqlite from './tables.sqlite';

/** The outbox in this process's dialect (db/pickTable.ts), typed as the SQLite table. */
export const outbox = pickTable(sqlite.outbox, postgres.outbox);
