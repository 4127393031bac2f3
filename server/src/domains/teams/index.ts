import type { DomainModule } from '../module';
import { activityQueries } from './activity';
import { invitationFields, invitationMutations, provenAddressAcceptsInvitations } from './invitations';
import { teamSubscriptions } from './live';
import { teamLoaders } from './present';
import { teamsProjection } from './projection';
import { teamsTypeDefs } from './schema';
import { teamsSpaceDirectory } from './state';
import { spaceMutations, spaceQueries } from './spaceResolvers';
import { teamMutations, teamQueries } from './teamResolvers';

export { checkInvitation } from './invitations';
export { presentTeam } from './present';

/** Teams, spaces, roles and permissions, invitations, the activity report and their live updates (issue 4). */
export const teamsModule: DomainModule = {
  name: 'teams',
  typeDefs: teamsTypeDefs,
  resolvers: {
    Query: { ...teamQueries, ...spaceQueries, ...activityQueries },
    Mutation: { ...teamMutations, ...invitationMutations, ...spaceMutations },
    Subscription: teamSubscriptions,
    TeamInvitation: invitationFields,
  },
  loaders: teamLoaders,
  projections: [teamsProjection],
  spaceDirectory: teamsSpaceDirectory,
  reactions: [provenAddressAcceptsInvitations],
  access: {
    getTeam: 'signedIn',
    getTeams: 'signedIn',
    getTeamData: 'public',
    getTeamActivity: 'teamAdmin',
    setTeam: 'signedIn',
    addUserTeam: 'teamAdmin',
    removeUserTeam: 'teamAdmin',
    removeInvitedTeam: 'teamAdmin',
    resendInvitedTeam: 'teamAdmin',
    leaveTeam: 'teamMember',
    updateTeam: 'teamAdmin',
    switchTeam: 'teamMember',
    getProjects: 'signedIn',
    getProjectBasic: 'spaceMember',
    getUsers: 'teamMember',
    setProject: 'teamMember',
    ediProject: 'spaceAdmin',
    ediProjectBasic: 'spaceAdmin',
    delProject: 'spaceAdmin',
    joinProject: 'teamMember',
    setPermission: 'spaceAdmin',
    subTeam: 'signedIn',
    subProject: 'teamMember',
    subUser: 'signedIn',
  },
};
