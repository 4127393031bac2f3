import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** Projection: teams (workspaces). */
export const teams = sqliteTable('teams', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  logo: text('logo'),
  url: text('url').unique(),
  plan: text('plan').notNull().default('free'),
  planState: text('plan_state').notNull().default('active'),
  storage: integer('storage').notNull().default(0),
  ownerId: text('owner_id').notNull(),
  createdAt: text('created_at').notNull(),
  /** Seats billing sold the team on a paid plan (members beyond them get basic access); null: the plan's own limit. */
  seats: integer('seats'),
  /** Lifetime deals the team holds (billing's events). */
  lifetimes: integer('lifetimes').notNull().default(0),
});

/** Projection: who belongs to which team, with their team role (SPEC §6; guests see only their spaces). */
export const teamMembers = sqliteTable(
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
    // A member's seat is judged by probing the team's members in joining order (seatOf in state.ts): without
    // this index SQLite walks the whole team by user id, about 0.9 ms for an early member of 2,500.
    index('team_members_joined').on(table.teamId, table.joinedAt, table.userId),
  ],
);

/** Projection: spaces (SPEC calls them projects). A null type is a space made before types existed: private. */
export const projects = sqliteTable(
  'projects',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
    name: text('name').notNull(),
    isPersonal: integer('is_personal', { mode: 'boolean' }).notNull().default(false),
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
    // One personal space per member and team: joining again gives back the one kept from before (decided under the
    // team's lock, invitations.ts); the database's own guard that none is ever made twice.
    uniqueIndex('projects_personal_owner')
      .on(table.teamId, table.ownerId)
      .where(sql`${table.isPersonal}`),
  ],
);

/** Projection: space membership with the per-space permission (basic or admin, SPEC §6). */
export const projectMembers = sqliteTable(
  'project_members',
  {
    projectId: text('project_id').notNull(),
    userId: text('user_id').notNull(),
    permission: text('permission', { enum: ['admin', 'basic'] }).notNull(),
    joinedAt: text('joined_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.userId] }), index('project_members_user').on(table.userId)],
);

/** Projection: pending requests to join a private space; approving or refusing removes the row. */
export const projectRequests = sqliteTable(
  'project_requests',
  {
    projectId: text('project_id').notNull(),
    userId: text('user_id').notNull(),
    requestedAt: text('requested_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.userId] }), index('project_requests_user').on(table.userId)],
);

/**
 * Projection: people invited by e-mail who have no account yet. The invitation id is the secret
 * part of the sign-up link; it is accepted when an account proves it owns the address.
 */
export const teamInvitations = sqliteTable(
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
    // One pending invitation per team and address: a new one replaces it (decided under the team's lock,
    // invitations.ts); the database's own guard. Addresses are stored lower-cased, so lower() changes nothing today.
    uniqueIndex('team_invitations_pending_address')
      .on(table.teamId, sql`lower(email)`)
      .where(sql`${table.state} = 'pending'`),
  ],
);
