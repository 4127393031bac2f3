import { customUrlLength, customUrlProblem, type CustomUrlProblem, type TeamRole } from '#shared/teams';
import { codedError, refusal } from '../../errors';
import type { DefaultTeamEvent, SpaceEvent, TeamEvent, TeamMemberRemoved } from './events';

export interface MemberState {
  userId: string;
  role: TeamRole;
}

export interface TeamState {
  id: string;
  name: string;
  logo: string | null;
  url: string | null;
  members: readonly MemberState[];
}

/** Events for a new member's spaces, by space id (each space is its own stream). */
export type SpaceEvents = Map<string, SpaceEvent[]>;

export interface NewTeam {
  teamId: string;
  personalProjectId: string;
  userId: string;
  name: string;
  logo: string | null;
  personalSpaceName: string;
}

/** setTeam: the creator is admin, gets a personal space in it, and the new team becomes their current one. */
export function decideCreateTeam(input: NewTeam): { team: TeamEvent[]; spaces: SpaceEvents; user: DefaultTeamEvent[] } {
  return {
    team: [
      { type: 'team.created', payload: { teamId: input.teamId, name: input.name, ownerId: input.userId, logo: input.logo } },
      { type: 'team.member_added', payload: { teamId: input.teamId, userId: input.userId, role: 'admin' } },
    ],
    spaces: personalSpaceEvents(input.teamId, input.userId, {
      existingId: null,
      newId: input.personalProjectId,
      name: input.personalSpaceName,
    }),
    user: [{ type: 'user.default_team_changed', payload: { userId: input.userId, teamId: input.teamId } }],
  };
}

export interface PersonalSpace {
  /** The personal space the user kept from an earlier membership of this team, if any. */
  existingId: string | null;
  newId: string;
  name: string;
}

function personalSpaceEvents(teamId: string, userId: string, space: PersonalSpace): SpaceEvents {
  if (space.existingId) {
    return new Map([
      [space.existingId, [{ type: 'project.member_added', payload: { projectId: space.existingId, userId, permission: 'admin' } }]],
    ]);
  }
  return new Map([
    [
      space.newId,
      [
        {
          type: 'project.created',
          payload: { projectId: space.newId, teamId, name: space.name, isPersonal: true, ownerId: userId, color: null },
        },
        { type: 'project.member_added', payload: { projectId: space.newId, userId, permission: 'admin' } },
      ],
    ],
  ]);
}

export interface NewMember {
  userId: string;
  role: TeamRole;
  /** The space an invitation names; the new member joins it with basic permission. */
  projectId: string | null;
  personalSpace: PersonalSpace;
}

/** Adds someone to a team: members get their personal space there; guests only the invitation's space. */
export function decideAddMember(team: TeamState, member: NewMember): { team: TeamEvent[]; spaces: SpaceEvents } {
  if (team.members.some((existing) => existing.userId === member.userId)) throw codedError('ALREADY_TEAM_MEMBER');
  if (member.role === 'guest' && member.projectId === null) throw codedError('GUEST_NEEDS_SPACE');
  const spaces: SpaceEvents = member.role === 'guest' ? new Map() : personalSpaceEvents(team.id, member.userId, member.personalSpace);
  if (member.projectId)
    spaces.set(member.projectId, [
      { type: 'project.member_added', payload: { projectId: member.projectId, userId: member.userId, permission: 'basic' } },
    ]);
  return { team: [{ type: 'team.member_added', payload: { teamId: team.id, userId: member.userId, role: member.role } }], spaces };
}

export interface NewInvitation {
  invitationId: string;
  email: string;
  inviterId: string;
  role: TeamRole;
  projectId: string | null;
  message: string | null;
  expiresAt: string;
  pendingInvitationId: string | null;
  /** resendInvitedTeam: the pending invitation sent again. */
  resent?: boolean;
}

/** addUserTeam for an address without an account: an invitation, replacing any pending one to that address. */
export function decideInvitation(team: TeamState, input: NewInvitation): TeamEvent[] {
  if (input.role === 'guest' && input.projectId === null) throw codedError('GUEST_NEEDS_SPACE');
  const { pendingInvitationId, ...invitation } = input;
  return [{ type: 'team.invitation_created', payload: { ...invitation, teamId: team.id, replaces: pendingInvitationId } }];
}

/**
 * Someone leaves or is taken out of a team. A team never loses its last admin while others remain,
 * and its only member cannot leave it: nothing is deleted behind anybody's back.
 */
export function decideMemberRemoval(team: TeamState, userId: string, reason: TeamMemberRemoved['reason']): TeamEvent[] {
  const member = team.members.find((candidate) => candidate.userId === userId);
  if (!member) throw refusal('NOT_FOUND', 'NOT_TEAM_MEMBER');
  if (team.members.length === 1) throw codedError('ALONE_IN_TEAM');
  if (member.role === 'admin' && adminCount(team.members) === 1) throw codedError('LAST_TEAM_ADMIN');
  return [{ type: 'team.member_removed', payload: { teamId: team.id, userId, reason } }];
}

/** When someone leaves their current team, their next team (if any) becomes the current one. */
export function decideDefaultTeamAfterLeaving(
  user: { id: string; defaultTeamId: string | null },
  leftTeamId: string,
  nextTeamId: string | null,
): DefaultTeamEvent[] {
  if (user.defaultTeamId !== leftTeamId) return [];
  return [{ type: 'user.default_team_changed', payload: { userId: user.id, teamId: nextTeamId } }];
}

export function decideSwitchTeam(user: { id: string; defaultTeamId: string | null }, teamId: string): DefaultTeamEvent[] {
  if (user.defaultTeamId === teamId) return [];
  return [{ type: 'user.default_team_changed', payload: { userId: user.id, teamId } }];
}

export interface TeamUpdate {
  name?: string;
  /** undefined leaves the logo; null removes it. */
  logo?: string | null;
  /** Normalised (trimmed, lower-cased). */
  url?: string;
  urlTaken: boolean;
  role?: { userId: string; role: TeamRole };
  kick?: string;
}

/** updateTeam: every part is checked before any event is decided, so a refused part changes nothing. */
export function decideTeamUpdate(team: TeamState, update: TeamUpdate): { events: TeamEvent[]; urlChanged: boolean } {
  const events: TeamEvent[] = [];
  const changes: Partial<{ name: string; logo: string | null }> = {};
  if (update.name !== undefined && update.name !== team.name) changes.name = update.name;
  if (update.logo !== undefined && update.logo !== team.logo) changes.logo = update.logo;
  if (Object.keys(changes).length > 0) events.push({ type: 'team.updated', payload: { teamId: team.id, changes } });

  const urlChanged = update.url !== undefined && update.url !== team.url;
  if (urlChanged) {
    const url = update.url!;
    const problem = customUrlProblem(url);
    if (problem) throw customUrlError(problem);
    if (update.urlTaken) throw codedError('TEAM_URL_TAKEN', { field: 'url' });
    events.push({ type: 'team.url_changed', payload: { teamId: team.id, url } });
  }

  let members = team.members;
  if (update.role) {
    const { userId, role } = update.role;
    const member = members.find((candidate) => candidate.userId === userId);
    if (!member) throw refusal('NOT_FOUND', 'NOT_TEAM_MEMBER');
    if (member.role !== role) {
      if (member.role === 'admin' && adminCount(members) === 1) throw codedError('LAST_TEAM_ADMIN');
      events.push({ type: 'team.member_role_changed', payload: { teamId: team.id, userId, role } });
      members = members.map((candidate) => (candidate.userId === userId ? { ...candidate, role } : candidate));
    }
  }
  if (update.kick) events.push(...decideMemberRemoval({ ...team, members }, update.kick, 'kicked'));
  return { events, urlChanged };
}

function adminCount(members: readonly MemberState[]): number {
  return members.filter((member) => member.role === 'admin').length;
}

function customUrlError(problem: CustomUrlProblem) {
  if (problem === 'length') return codedError('TEAM_URL_LENGTH', { params: customUrlLength, field: 'url' });
  return codedError(problem === 'characters' ? 'TEAM_URL_CHARACTERS' : 'TEAM_URL_RESERVED', { field: 'url' });
}
