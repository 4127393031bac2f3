import { pickTable } from '../../db/pickTable';
import * as postgres from './tables.pg';
import * as sqlite from './tables.sqlite';

/**
 * The tasks area's tables in this process's dialect (db/pickTable.ts, plan option B3), typed as the SQLite ones:
 * tables.sqlite.ts says what each table and column means, tables.pg.ts is its PostgreSQL twin.
 */
export const taskBoards = pickTable(sqlite.taskBoards, postgres.taskBoards);
export const projectStates = pickTable(sqlite.projectStates, postgres.projectStates);
export const tags = pickTable(sqlite.tags, postgres.tags);
export const tasks = pickTable(sqlite.tasks, postgres.tasks);
export const taskAssignees = pickTable(sqlite.taskAssignees, postgres.taskAssignees);
export const taskFollowers = pickTable(sqlite.taskFollowers, postgres.taskFollowers);
export const taskTags = pickTable(sqlite.taskTags, postgres.taskTags);
