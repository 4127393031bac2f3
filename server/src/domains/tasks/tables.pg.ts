import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The PostgreSQL twin of tables.sqlite.ts, which says what each table and column means: the same tables, columns, keys and
 * indexes in pg-core, kept equal by server/src/db/schemaParity.test.ts. Booleans are `boolean`, json is `jsonb`, and
 * integers that can pass 2^31 (log positions, byte sizes, epoch milliseconds, row ids) are `bigint`.
 */

export const taskBoards = pgTable(
  'task_boards',
  {
    projectId: text('project_id').primaryKey(),
    teamId: text('team_id').notNull(),
    prefix: text('prefix').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (table) => [uniqueIndex('task_boards_team_prefix').on(table.teamId, table.prefix)],
);

export const projectStates = pgTable(
  'project_states',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull(),
    teamId: text('team_id').notNull(),
    value: text('value').notNull(),
    icon: integer('icon').notNull(),
    position: doublePrecision('position').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (table) => [index('project_states_project_position').on(table.projectId, table.position)],
);

export const tags = pgTable(
  'tags',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull(),
    teamId: text('team_id').notNull(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    isSprint: boolean('is_sprint').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (table) => [index('tags_project').on(table.projectId)],
);

export const tasks = pgTable(
  'tasks',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
    projectId: text('project_id').notNull(),
    stateId: text('state_id').notNull(),
    number: integer('number').notNull(),
    idCode: text('id_code').notNull(),
    name: text('name').notNull(),
    letter: text('letter'),
    color: text('color').notNull(),
    description: jsonb('description').$type<unknown>(),
    descriptionText: text('description_text'),
    cover: text('cover'),
    priority: integer('priority').notNull(),
    deadline: text('deadline'),
    lengthAmount: doublePrecision('length_amount'),
    lengthUnit: text('length_unit'),
    parentTaskId: text('parent_task_id'),
    sprintId: text('sprint_id'),
    positionSection: doublePrecision('position_section').notNull(),
    positionDuedate: doublePrecision('position_duedate').notNull(),
    positionAsignee: doublePrecision('position_asignee').notNull(),
    authorId: text('author_id').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (table) => [
    index('tasks_project_position_section').on(table.projectId, table.positionSection),
    index('tasks_state_position_section').on(table.stateId, table.positionSection),
    index('tasks_project_position_duedate').on(table.projectId, table.positionDuedate),
    index('tasks_project_position_asignee').on(table.projectId, table.positionAsignee),
    index('tasks_parent').on(table.parentTaskId),
    index('tasks_sprint').on(table.sprintId),
    uniqueIndex('tasks_project_number').on(table.projectId, table.number),
  ],
);

export const taskAssignees = pgTable(
  'task_assignees',
  {
    taskId: text('task_id').notNull(),
    userId: text('user_id').notNull(),
    projectId: text('project_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.taskId, table.userId] }),
    index('task_assignees_project').on(table.projectId),
    index('task_assignees_user').on(table.userId),
  ],
);

export const taskFollowers = pgTable(
  'task_followers',
  {
    taskId: text('task_id').notNull(),
    userId: text('user_id').notNull(),
    projectId: text('project_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.taskId, table.userId] }),
    index('task_followers_project').on(table.projectId),
    index('task_followers_user').on(table.userId),
  ],
);

export const taskTags = pgTable(
  'task_tags',
  {
    taskId: text('task_id').notNull(),
    tagId: text('tag_id').notNull(),
    projectId: text('project_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.taskId, table.tagId] }),
    index('task_tags_project').on(table.projectId),
    index('task_tags_tag').on(table.tagId),
  ],
);
