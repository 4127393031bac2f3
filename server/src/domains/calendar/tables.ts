import { pickTable } from '../../db/pickTable';
import * as postgres from './tables.pg';
import * as sqlite from './tables.sqlite';

/**
 * Calendar's tables in this process's dialect (db/pickTable.ts, plan option B3), typed as the SQLite ones:
 * tables.sqlite.ts says what each table and column means, tables.pg.ts is its PostgreSQL twin.
 */
export const calendarEvents = pickTable(sqlite.calendarEvents, postgres.calendarEvents);
export const calendarEventExceptions = pickTable(sqlite.calendarEventExceptions, postgres.calendarEventExceptions);
export const calendarEventPeople = pickTable(sqlite.calendarEventPeople, postgres.calendarEventPeople);
export const calendarFeeds = pickTable(sqlite.calendarFeeds, postgres.calendarFeeds);
export const calendarAccounts = pickTable(sqlite.calendarAccounts, postgres.calendarAccounts);
export const calendarAccountSecrets = pickTable(sqlite.calendarAccountSecrets, postgres.calendarAccountSecrets);
export const calendars = pickTable(sqlite.calendars, postgres.calendars);
export const calendarRemoteObjects = pickTable(sqlite.calendarRemoteObjects, postgres.calendarRemoteObjects);
