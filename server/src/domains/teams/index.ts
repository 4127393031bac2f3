import type { DomainModule } from '../module';
import { authPayloadFields, signUpMutations } from './accountFields';
import { activityQueries } from './activity';
import { invitationFields, invitationMutations, provenAddressAcceptsInvitations } from './invitations';
import { teamSubscriptions } from './live';
import { teamLoaders } from './present';
import { teamsProjection } from './projection';
import { teamsTypeDefs } from './schema';
import { teamsSpaceDirectory } from './state';
import { spaceMutations, spaceQueries } from './spaceResolvers';
import { teamMutations, teamQueries } from './teamResolvers';

export {
  type DefaultTeamEvent,
  type ProjectCreated,
  type ProjectDeleted,
  type ProjectMemberAdded,
  type TeamCreated,
  type TeamMemberAdded,
  type TeamPlanChanged,
} from './events';
export { type PresentedSpace } from './present';
export {
  currentTeam,
  findTeam,
  loadSpaceAccess,
  loadSpaceState,
  loadTeamSeat,
  requireCurrentTeam,
  requireTeamMember,
  teamsOf,
} from './state';
export { projectMembers, projects, teamMembers } from './tables';
export { liveAccess } from './liveAccess';
export { teamsSearchSource } from './searchSource';
export {
  countTeamSpaces,
  messageHistoryStartValues,
  requirePlanRoom,
  teamMessageHistoryStart,
  teamPlanName,
  withinMessageHistory,
  withinMessageHistoryPlaceholders,
} from './planLimits';

export { checkInvitation } from './invitations';
export { AdministratorInputError, provideAdministrator, type AdministratorOutcome, type AdministratorRequest } from './administrator';
export { presentTeam } from './present';

/** Teams, spaces, roles and permissions, invitations, the activity report and their live updates and the first administrator. */
export const teamsModule: DomainModule = {
  name: 'teams',
  typeDefs: teamsTypeDefs,
  resolvers: {
    Query: { ...teamQueries, ...spaceQueries, ...activityQueries },
    Mutation: { ...teamMutations, ...invitationMutations, ...spaceMutations, ...signUpMutations },
    AuthPayload: authPayloadFields,
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
    // Sign-up is the accounts area's; this area serves it with the invitation check (accountFields.ts).
    setUserBasic: 'public',
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
