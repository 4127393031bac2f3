import type { SpacePermission, SpaceType, TeamRole } from '#shared/teams';
import type { DomainEvent } from '../../core/events';

export interface TeamCreated {
  teamId: string;
  name: string;
  ownerId: string;
  /** Absent on teams created at sign-up. */
  logo?: string | null;
}
export interface TeamMemberAdded {
  teamId: string;
  userId: string;
  role: TeamRole;
}
export interface TeamUpdated {
  teamId: string;
  changes: Partial<{ name: string; logo: string | null }>;
}
export interface TeamUrlChanged {
  teamId: string;
  url: string;
}
export interface TeamMemberRoleChanged {
  teamId: string;
  userId: string;
  role: TeamRole;
}
export interface TeamMemberRemoved {
  teamId: string;
  userId: string;
  /** removed: removeUserTeam; kicked: updateTeam's kick; left: leaveTeam. */
  reason: 'removed' | 'kicked' | 'left';
}
export interface TeamInvitationCreated {
  invitationId: string;
  teamId: string;
  email: string;
  inviterId: string;
  role: TeamRole;
  projectId: string | null;
  message: string | null;
  expiresAt: string;
  /** A newer invitation to the same address replaces the pending one, so only the newest link works. */
  replaces: string | null;
  /** Sent again by an admin (resendInvitedTeam): same role, space and message, a new link and lifetime. */
  resent?: boolean;
}
/** An admin withdrew a pending invitation (removeInvitedTeam): its link answers INVITATION_WITHDRAWN. */
export interface TeamInvitationRevoked {
  invitationId: string;
  teamId: string;
  email: string;
}
export interface TeamInvitationAccepted {
  invitationId: string;
  teamId: string;
  userId: string;
}

export interface ProjectCreated {
  projectId: string;
  teamId: string;
  name: string;
  isPersonal: boolean;
  ownerId: string;
  color: string | null;
  /** Absent on personal spaces made at sign-up. */
  logo?: string | null;
  description?: string | null;
  type?: SpaceType;
}
export interface ProjectUpdated {
  projectId: string;
  teamId: string;
  changes: Partial<{ name: string; logo: string | null; color: string | null; description: string | null; type: SpaceType }>;
}
/** Who could see the space when it went, so every one of them hears that it is gone. */
export interface ProjectDeleted {
  projectId: string;
  teamId: string;
  name: string;
  type: SpaceType;
  memberIds: string[];
}
export interface ProjectMemberAdded {
  projectId: string;
  userId: string;
  permission: SpacePermission;
}
export interface ProjectPermissionChanged {
  projectId: string;
  userId: string;
  permission: SpacePermission;
}
export interface ProjectMemberRemoved {
  projectId: string;
  userId: string;
  reason: 'removed' | 'left';
}
export interface ProjectJoinRequested {
  projectId: string;
  userId: string;
}
export interface ProjectJoinRefused {
  projectId: string;
  userId: string;
}
export interface UserDefaultTeamChanged {
  userId: string;
  teamId: string | null;
}

/**
 * The plan the rest of the product reads changed (decided by the billing area, applied here): the plan, its
 * state, the seats bought on a paid plan (null: the plan's own member limit) and the lifetime deals held.
 */
export interface TeamPlanChanged {
  teamId: string;
  plan: string;
  planState: string;
  seats: number | null;
  lifetimes: number;
}

/** Events of teams and spaces; `type` strings are stored in the log forever, never renamed. */
export type TeamEvent =
  | DomainEvent<'team.created', TeamCreated>
  | DomainEvent<'team.member_added', TeamMemberAdded>
  | DomainEvent<'team.updated', TeamUpdated>
  | DomainEvent<'team.url_changed', TeamUrlChanged>
  | DomainEvent<'team.member_role_changed', TeamMemberRoleChanged>
  | DomainEvent<'team.member_removed', TeamMemberRemoved>
  | DomainEvent<'team.invitation_created', TeamInvitationCreated>
  | DomainEvent<'team.invitation_accepted', TeamInvitationAccepted>
  | DomainEvent<'team.invitation_revoked', TeamInvitationRevoked>
  | DomainEvent<'team.plan_changed', TeamPlanChanged>;

export type SpaceEvent =
  | DomainEvent<'project.created', ProjectCreated>
  | DomainEvent<'project.updated', ProjectUpdated>
  | DomainEvent<'project.deleted', ProjectDeleted>
  | DomainEvent<'project.member_added', ProjectMemberAdded>
  | DomainEvent<'project.permission_changed', ProjectPermissionChanged>
  | DomainEvent<'project.member_removed', ProjectMemberRemoved>
  | DomainEvent<'project.join_requested', ProjectJoinRequested>
  | DomainEvent<'project.join_refused', ProjectJoinRefused>;

/** Applied by the accounts projection (the users table is theirs); decided here when teams change. */
export type DefaultTeamEvent = DomainEvent<'user.default_team_changed', UserDefaultTeamChanged>;
