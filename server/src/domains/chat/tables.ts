import { pickTable } from '../../db/pickTable';
import * as postgres from './tables.pg';
import * as sqlite from './tables.sqlite';

/**
 * Chat's tables in this process's dialect (db/pickTable.ts, plan option B3), typed as the SQLite ones:
 * tables.sqlite.ts says what each table and column means, tables.pg.ts is its PostgreSQL twin.
 */
export const messages = pickTable(sqlite.messages, postgres.messages);
export const messageReactions = pickTable(sqlite.messageReactions, postgres.messageReactions);
export const privats = pickTable(sqlite.privats, postgres.privats);
export const privatMembers = pickTable(sqlite.privatMembers, postgres.privatMembers);
export const chatReadMarkers = pickTable(sqlite.chatReadMarkers, postgres.chatReadMarkers);
