import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The PostgreSQL twin of tables.ts, which says what each table and column means: the same tables, columns, keys and
 * indexes in pg-core, kept equal by server/src/db/schemaParity.test.ts. Booleans are `boolean`, json is `jsonb`, and
 * integers that can pass 2^31 (log positions, byte sizes, epoch milliseconds, row ids) are `bigint`.
 */

export const teams = pgTable('teams', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  logo: text('logo'),
  url: text('url').unique(),
  plan: text('plan').notNull().default('free'),
  planState: text('plan_state').notNull().default('active'),
  storage: bigint('storage', { mode: 'number' }).notNull().default(0),
  ownerId: text('owner_id').notNull(),
  createdAt: text('created_at').notNull(),
  seats: integer('seats'),
  lifetimes: integer('lifetimes').notNull().default(0),
});

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: text('team_id').notNull(),
    userId: text('user_id').notNull(),
    role: text('role', { enum: ['admin', 'basic', 'guest'] }).notNull(),
    joinedAt: text('joined_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.userId] }),
    index('team_members_user').on(table.userId),
    index('team_members_joined').on(table.teamId, table.joinedAt, table.userId),
  ],
);

export const projects = pgTable(
  'projects',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
    name: text('name').notNull(),
    isPersonal: boolean('is_personal').notNull().default(false),
    logo: text('logo'),
    color: text('color'),
    description: text('description'),
    type: text('type'),
    ownerId: text('owner_id').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (table) => [
    index('projects_team').on(table.teamId),
    uniqueIndex('projects_personal_owner')
      .on(table.teamId, table.ownerId)
      .where(sql`${table.isPersonal}`),
  ],
);

export const projectMembers = pgTable(
  'project_members',
  {
    projectId: text('project_id').notNull(),
    userId: text('user_id').notNull(),
    permission: text('permission', { enum: ['admin', 'basic'] }).notNull(),
    joinedAt: text('joined_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.userId] }), index('project_members_user').on(table.userId)],
);

export const projectRequests = pgTable(
  'project_requests',
  {
    projectId: text('project_id').notNull(),
    userId: text('user_id').notNull(),
    requestedAt: text('requested_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.userId] }), index('project_requests_user').on(table.userId)],
);

export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
    email: text('email').notNull(),
    inviterId: text('inviter_id').notNull(),
    role: text('role', { enum: ['admin', 'basic', 'guest'] }).notNull(),
    projectId: text('project_id'),
    message: text('message'),
    state: text('state', { enum: ['pending', 'accepted', 'replaced', 'revoked'] }).notNull(),
    createdAt: text('created_at').notNull(),
    expiresAt: text('expires_at').notNull(),
    acceptedBy: text('accepted_by'),
  },
  (table) => [
    index('team_invitations_team').on(table.teamId),
    index('team_invitations_email').on(table.email),
    uniqueIndex('team_invitations_pending_address')
      .on(table.teamId, sql`lower(email)`)
      .where(sql`${table.state} = 'pending'`),
  ],
);
