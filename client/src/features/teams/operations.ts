/** Teams (SPEC §3 Team, §7 "Teams", "Users and teams"): the area's documents, typed from the schema. */
import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphqlDocument';

/** A team in the switcher: the caller's role (admin, basic or guest) and whether it is their current one. */
export const teamSummaryFragment = graphql('fragment TeamSummary on Team { id name logo url isDefault role }');

/**
 * A team with its plan, members and pending invitations (empty for anyone but admins). An invitation's link is
 * there only when the server has no mail server: the admin passes it on by hand.
 */
export const teamDetailFragment = graphql(
  `
    fragment TeamDetail on Team {
      ...TeamSummary
      subscription
      memberLimit
      users
      invited {
        id
        email
        role
        project
        createdAt
        expiresAt
        link
      }
    }
  `,
  [teamSummaryFragment],
);

export type TeamSummary = ResultOf<typeof teamSummaryFragment>;
export type TeamDetail = ResultOf<typeof teamDetailFragment>;
export type TeamInvitation = TeamDetail['invited'][number];

export const getTeamsDocument = graphql('query GetTeams { getTeams { ...TeamSummary } }', [teamSummaryFragment]);

export const getTeamDetailDocument = graphql('query GetTeamDetail { getTeam { ...TeamDetail } }', [teamDetailFragment]);

/** The current team's people (guests see only those sharing a space with them). */
export const getTeamPeopleDocument = graphql('query GetTeamPeople { getUsers { id firstname lastname profileImg email isAuth role } }');

export type TeamPerson = ResultOf<typeof getTeamPeopleDocument>['getUsers'][number];

export const switchTeamDocument = graphql('mutation SwitchTeam($team: ID!) { switchTeam(team: $team) { ...TeamSummary } }', [
  teamSummaryFragment,
]);

export const createTeamDocument = graphql(
  'mutation SetTeam($name: String!, $logo: String) { setTeam(name: $name, logo: $logo) { ...TeamSummary } }',
  [teamSummaryFragment],
);

/** logo: a PNG or JPG data URL, or null to remove it; user with type: that member's new role; kick: a member to remove. */
export const updateTeamDocument = graphql(
  `
    mutation UpdateTeam($team: ID!, $name: String, $logo: String, $url: String, $user: ID, $type: String, $kick: ID) {
      updateTeam(team: $team, name: $name, logo: $logo, url: $url, user: $user, type: $type, kick: $kick) {
        team {
          ...TeamDetail
        }
        signInRequired
      }
    }
  `,
  [teamDetailFragment],
);

export type TeamChanges = VariablesOf<typeof updateTeamDocument>;

/** id: the team's id; project: the space a guest is invited into. */
export const inviteDocument = graphql(
  `
    mutation AddUserTeam($id: ID!, $email: String!, $type: String, $text: String, $project: ID) {
      addUserTeam(id: $id, email: $email, type: $type, text: $text, project: $project) {
        ...TeamDetail
      }
    }
  `,
  [teamDetailFragment],
);

export const removeMemberDocument = graphql(
  'mutation RemoveUserTeam($user: ID!, $team: ID!) { removeUserTeam(user: $user, team: $team) { ...TeamDetail } }',
  [teamDetailFragment],
);

export const removeInvitedDocument = graphql(
  'mutation RemoveInvitedTeam($invited: ID!, $team: ID!) { removeInvitedTeam(invited: $invited, team: $team) { ...TeamDetail } }',
  [teamDetailFragment],
);

export const resendInvitedDocument = graphql(
  'mutation ResendInvitedTeam($invited: ID!, $team: ID!) { resendInvitedTeam(invited: $invited, team: $team) { ...TeamDetail } }',
  [teamDetailFragment],
);

export const leaveTeamDocument = graphql('mutation LeaveTeam($team: ID!) { leaveTeam(team: $team) }');

export const getTeamActivityDocument = graphql(`
  query GetTeamActivity($team: ID!, $first: Int, $after: String) {
    getTeamActivity(team: $team, first: $first, after: $after) {
      entries {
        id
        type
        createdAt
        actor {
          id
          firstname
          lastname
          profileImg
        }
        subject
        details
      }
      nextCursor
    }
  }
`);

export type ActivityEntry = ResultOf<typeof getTeamActivityDocument>['getTeamActivity']['entries'][number];

export const subTeamDocument = graphql(
  'subscription SubTeam($user: ID) { subTeam(user: $user) { type teamId userId team { ...TeamSummary } } }',
  [teamSummaryFragment],
);
