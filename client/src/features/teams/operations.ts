/** Teams (SPEC §3 Team, §7 "Teams", "Users and teams"): typed documents of the area. */
import type { TeamRole } from '#shared/teams';
import { gql } from '../../lib/graphql';

/** A team in the switcher: the caller's role and whether it is their current one. */
export interface TeamSummary {
  id: string;
  name: string;
  logo: string | null;
  url: string | null;
  isDefault: boolean;
  /** The caller's effective role: admin, basic or guest. */
  role: TeamRole | null;
}

export interface TeamInvitation {
  id: string;
  email: string;
  role: TeamRole;
  project: string | null;
  createdAt: string;
  expiresAt: string;
  /** The invitation link, only when the server has no mail server: the admin passes it on by hand. */
  link: string | null;
}

export interface TeamDetail extends TeamSummary {
  subscription: string;
  memberLimit: number | null;
  users: string[];
  /** Pending invitations; empty for anyone but admins. */
  invited: TeamInvitation[];
}

export interface TeamPerson {
  id: string;
  firstname: string;
  lastname: string;
  profileImg: string | null;
  email: string;
  isAuth: boolean;
  role: TeamRole | null;
}

const summaryFields = 'id name logo url isDefault role';
const detailFields = `${summaryFields} subscription memberLimit users invited { id email role project createdAt expiresAt link }`;

export const getTeamsDocument = gql<{ getTeams: TeamSummary[] }>(`query GetTeams { getTeams { ${summaryFields} } }`);

export const getTeamDetailDocument = gql<{ getTeam: TeamDetail }>(`query GetTeamDetail { getTeam { ${detailFields} } }`);

/** The current team's people (guests see only those sharing a space with them). */
export const getTeamPeopleDocument = gql<{ getUsers: TeamPerson[] }>(
  'query GetTeamPeople { getUsers { id firstname lastname profileImg email isAuth role } }',
);

export const switchTeamDocument = gql<{ switchTeam: TeamSummary }, { team: string }>(
  `mutation SwitchTeam($team: ID!) { switchTeam(team: $team) { ${summaryFields} } }`,
);

export const createTeamDocument = gql<{ setTeam: TeamSummary }, { name: string; logo?: string | null }>(
  `mutation SetTeam($name: String!, $logo: String) { setTeam(name: $name, logo: $logo) { ${summaryFields} } }`,
);

export interface TeamChanges {
  team: string;
  name?: string;
  /** A PNG or JPG data URL, or null to remove it. */
  logo?: string | null;
  url?: string;
  /** With type: that member's new role. */
  user?: string;
  type?: TeamRole;
  kick?: string;
}

export const updateTeamDocument = gql<{ updateTeam: { team: TeamDetail; signInRequired: boolean } }, TeamChanges>(
  `mutation UpdateTeam($team: ID!, $name: String, $logo: String, $url: String, $user: ID, $type: String, $kick: ID) {
    updateTeam(team: $team, name: $name, logo: $logo, url: $url, user: $user, type: $type, kick: $kick) { team { ${detailFields} } signInRequired }
  }`,
);

export interface Invitation {
  /** The team id. */
  id: string;
  email: string;
  type: TeamRole;
  text?: string;
  project?: string;
}

export const inviteDocument = gql<{ addUserTeam: TeamDetail }, Invitation>(
  `mutation AddUserTeam($id: ID!, $email: String!, $type: String, $text: String, $project: ID) {
    addUserTeam(id: $id, email: $email, type: $type, text: $text, project: $project) { ${detailFields} }
  }`,
);

export const removeMemberDocument = gql<{ removeUserTeam: TeamDetail }, { user: string; team: string }>(
  `mutation RemoveUserTeam($user: ID!, $team: ID!) { removeUserTeam(user: $user, team: $team) { ${detailFields} } }`,
);

export const removeInvitedDocument = gql<{ removeInvitedTeam: TeamDetail }, { invited: string; team: string }>(
  `mutation RemoveInvitedTeam($invited: ID!, $team: ID!) { removeInvitedTeam(invited: $invited, team: $team) { ${detailFields} } }`,
);

export const resendInvitedDocument = gql<{ resendInvitedTeam: TeamDetail }, { invited: string; team: string }>(
  `mutation ResendInvitedTeam($invited: ID!, $team: ID!) { resendInvitedTeam(invited: $invited, team: $team) { ${detailFields} } }`,
);

export const leaveTeamDocument = gql<{ leaveTeam: boolean }, { team: string }>('mutation LeaveTeam($team: ID!) { leaveTeam(team: $team) }');

export interface ActivityEntry {
  id: string;
  type: string;
  createdAt: string;
  actor: { id: string; firstname: string; lastname: string; profileImg: string | null } | null;
  subject: string;
  details: Record<string, unknown> | null;
}

export const getTeamActivityDocument = gql<
  { getTeamActivity: { entries: ActivityEntry[]; nextCursor: string | null } },
  { team: string; first: number; after?: string }
>(
  `query GetTeamActivity($team: ID!, $first: Int, $after: String) {
    getTeamActivity(team: $team, first: $first, after: $after) { entries { id type createdAt actor { id firstname lastname profileImg } subject details } nextCursor }
  }`,
);

export interface TeamChange {
  type: string;
  teamId: string;
  userId: string | null;
  team: TeamSummary | null;
}

export const subTeamDocument = gql<{ subTeam: TeamChange }, { user: string }>(
  `subscription SubTeam($user: ID) { subTeam(user: $user) { type teamId userId team { ${summaryFields} } } }`,
);
