import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * Projection: a space's task board: the idCode prefix (2 to 4 letters, unique in the team, fixed
 * once chosen so codes people quote stay valid) and the last task number handed out.
 */
export const taskBoards = sqliteTable(
  'task_boards',
  {
    projectId: text('project_id').primaryKey(),
    teamId: text('team_id').notNull(),
    prefix: text('prefix').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (table) => [uniqueIndex('task_boards_team_prefix').on(table.teamId, table.prefix)],
);

/** Projection: sections (SPEC "project states"): the board's columns, ordered by a fractional position. */
export const projectStates = sqliteTable(
  'project_states',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull(),
    teamId: text('team_id').notNull(),
    value: text('value').notNull(),
    icon: integer('icon').notNull(),
    position: real('position').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (table) => [index('project_states_project_position').on(table.projectId, table.position)],
);

/** Projection: tags and sprints (a sprint is a tag with isSprint) of one space. */
export const tags = sqliteTable(
  'tags',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull(),
    teamId: text('team_id').notNull(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    isSprint: integer('is_sprint', { mode: 'boolean' }).notNull(),
    createdAt: text('created_at').notNull(),
  },
  (table) => [index('tags_project').on(table.projectId)],
);

/** Projection: tasks (SPEC §3). Positions are fractional floats so a move rewrites one row. */
export const tasks = sqliteTable(
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
    /** Tiptap/ProseMirror JSON, validated and cleaned on the way in. */
    description: text('description', { mode: 'json' }).$type<unknown>(),
    /** The description's plain text, for search. */
    descriptionText: text('description_text'),
    cover: text('cover'),
    priority: integer('priority').notNull(),
    /** A calendar date (YYYY-MM-DD) or a UTC instant (ISO 8601). */
    deadline: text('deadline'),
    lengthAmount: real('length_amount'),
    lengthUnit: text('length_unit'),
    parentTaskId: text('parent_task_id'),
    sprintId: text('sprint_id'),
    positionSection: real('position_section').notNull(),
    positionDuedate: real('position_duedate').notNull(),
    positionAsignee: real('position_asignee').notNull(),
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
    // A task's number is its space's board's next one, decided under the board's lock (state.ts); this is the
    // database's own guard that no two tasks of a space ever share a number (and so an idCode).
    uniqueIndex('tasks_project_number').on(table.projectId, table.number),
  ],
);

/** Projection: who a task is assigned to. project_id lets a whole board load its links in one query. */
export const taskAssignees = sqliteTable(
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

/** Projection: who follows a task (assignees always do, SPEC §4). */
export const taskFollowers = sqliteTable(
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

/** Projection: the (non-sprint) tags on a task. */
export const taskTags = sqliteTable(
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
