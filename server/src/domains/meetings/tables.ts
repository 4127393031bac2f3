import { pickTable } from '../../db/pickTable';
import * as postgres from './tables.pg';
import * as sqlite from './tables.sqlite';

/**
 * Meetings' tables in this process's dialect (db/pickTable.ts, plan option B3), typed as the SQLite ones:
 * tables.sqlite.ts says what each table and column means, tables.pg.ts is its PostgreSQL twin.
 */
export const meetingrooms = pickTable(sqlite.meetingrooms, postgres.meetingrooms);
export const meetingGuests = pickTable(sqlite.meetingGuests, postgres.meetingGuests);
export const videocalls = pickTable(sqlite.videocalls, postgres.videocalls);
export const videocallAttendees = pickTable(sqlite.videocallAttendees, postgres.videocallAttendees);
export const videocallRecordings = pickTable(sqlite.videocallRecordings, postgres.videocallRecordings);
export const videocallRings = pickTable(sqlite.videocallRings, postgres.videocallRings);
export const meetingGuestCredentials = pickTable(sqlite.meetingGuestCredentials, postgres.meetingGuestCredentials);
