import { pickTable } from '../../db/pickTable';
import * as postgres from './tables.pg';
import * as sqlite from './tables.sqlite';

/**
 * Notifications' tables in this process's dialect (db/pickTable.ts, plan option B3), typed as the SQLite ones:
 * tables.sqlite.ts says what each table and column means, tables.pg.ts is its PostgreSQL twin.
 */
export const notifications = pickTable(sqlite.notifications, postgres.notifications);
export const notificationDigests = pickTable(sqlite.notificationDigests, postgres.notificationDigests);
