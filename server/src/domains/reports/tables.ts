import { pickTable } from '../../db/pickTable';
import * as postgres from './tables.pg';
import * as sqlite from './tables.sqlite';

/**
 * The reports area's table in this process's dialect (db/pickTable.ts, plan option B3), typed as the SQLite one:
 * tables.sqlite.ts says what each column means, tables.pg.ts is its PostgreSQL twin.
 */
export const standupChannels = pickTable(sqlite.standupChannels, postgres.standupChannels);
