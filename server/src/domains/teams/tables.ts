import { pickTable } from '../../db/pickTable';
import * as postgres from './tables.pg';
import * as sqlite from './tables.sqlite';

/**
 * Teams' tables in this process's dialect (db/pickTable.ts, plan option B3), typed as the SQLite ones:
 * tables.sqlite.ts says what each table and column means, tables.pg.ts is its PostgreSQL twin.
 */
export const teams = pickTable(sqlite.teams, postgres.teams);
export const teamMembers = pickTable(sqlite.teamMembers, postgres.teamMembers);
export const projects = pickTable(sqlite.projects, postgres.projects);
export const projectMembers = pickTable(sqlite.projectMembers, postgres.projectMembers);
export const projectRequests = pickTable(sqlite.projectRequests, postgres.projectRequests);
export const teamInvitations = pickTable(sqlite.teamInvitations, postgres.teamInvitations);
