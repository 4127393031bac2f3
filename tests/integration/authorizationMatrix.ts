import type { Person } from './teamFactories';

/**
 * The people and ids the matrix plays with. Team A has an admin, a basic member and a guest (who is
 * in one private space); team B has one user, who tries everything with team A's ids.
 */
export interface World {
  adminA: Person;
  basicA: Person;
  guestA: Person;
  userB: Person;
  teamA: string;
  publicSpaceA: string;
  privateSpaceA: string;
  guestSpaceA: string;
  settingA: string;
  tokenA: string;
  spaceB: string;
}

/** One call: a document and its variables, built from the world. */
export interface Attempt {
  query: string;
  variables?: (world: World) => Record<string, unknown>;
}

export type OtherTeamCase =
  /** Every attempt is refused (NOT_FOUND or PERMISSION_DENIED) and writes nothing. */
  | { refused: Attempt[]; seesNothing?: Attempt[] }
  /** Every attempt succeeds but its answer holds nothing of team A, and writes nothing. */
  | { seesNothing: Attempt[]; refused?: Attempt[] }
  /** The operation takes no id of anything shared: say why it cannot reach another team. */
  | { noForeignIds: string };

export interface MatrixEntry {
  otherTeam: OtherTeamCase;
  /** Admin operations: a basic member gets exactly the SPEC §6 message, a guest is refused too; nothing is written. */
  withoutRights?: Attempt[];
  /** Operations members may use but guests may not. */
  guestRefused?: Attempt[];
}

const teamA = (world: World) => ({ team: world.teamA });
const publicA = (world: World) => ({ id: world.publicSpaceA });

/**
 * Every non-public query, mutation and subscription, with the attempts that must fail. The test
 * fails for an operation missing here, so a new operation cannot ship without saying who it refuses.
 */
export const matrix: Record<string, MatrixEntry> = {
  getUser: { otherTeam: { seesNothing: [{ query: '{ getUser { id email } }' }] } },
  setIdbrowser: { otherTeam: { noForeignIds: 'stores a push id on the caller’s own session' } },
  ediUserLanguage: { otherTeam: { refused: [{ query: 'mutation ($id: ID!) { ediUserLanguage(id: $id, language: "de") { id } }', variables: (w) => ({ id: w.adminA.id }) }] } },
  ediUser: { otherTeam: { noForeignIds: 'edits the caller’s own profile; its project argument is not used' } },
  ediUserBasic: { otherTeam: { noForeignIds: 'edits the caller’s own name, e-mail and password' } },

  getTeam: { otherTeam: { seesNothing: [{ query: '{ getTeam { id name users invited { email } } }' }] } },
  getTeams: { otherTeam: { seesNothing: [{ query: '{ getTeams { id name users invited { email } } }' }] } },
  getTeamActivity: {
    otherTeam: { refused: [{ query: 'query ($team: ID!) { getTeamActivity(team: $team) { entries { id } } }', variables: teamA }] },
    withoutRights: [{ query: 'query ($team: ID!) { getTeamActivity(team: $team) { entries { id } } }', variables: teamA }],
  },
  setTeam: { otherTeam: { noForeignIds: 'creates a new team of the caller’s own' } },
  addUserTeam: {
    otherTeam: {
      refused: [
        { query: 'mutation ($id: ID!) { addUserTeam(email: "matrix-x@example.com", id: $id) { id } }', variables: (w) => ({ id: w.teamA }) },
        // Two ids: the caller's own team with a space of team A.
        { query: 'mutation ($id: ID!, $project: ID) { addUserTeam(email: "matrix-y@example.com", id: $id, type: "guest", project: $project) { id } }', variables: (w) => ({ id: w.userB.teamId, project: w.privateSpaceA }) },
      ],
    },
    withoutRights: [{ query: 'mutation ($id: ID!) { addUserTeam(email: "matrix-z@example.com", id: $id) { id } }', variables: (w) => ({ id: w.teamA }) }],
  },
  removeUserTeam: {
    otherTeam: {
      refused: [
        { query: 'mutation ($user: ID!, $team: ID!) { removeUserTeam(user: $user, team: $team) { id } }', variables: (w) => ({ user: w.basicA.id, team: w.teamA }) },
        { query: 'mutation ($user: ID!, $team: ID!) { removeUserTeam(user: $user, team: $team) { id } }', variables: (w) => ({ user: w.basicA.id, team: w.userB.teamId }) },
      ],
    },
    withoutRights: [{ query: 'mutation ($user: ID!, $team: ID!) { removeUserTeam(user: $user, team: $team) { id } }', variables: (w) => ({ user: w.adminA.id, team: w.teamA }) }],
  },
  leaveTeam: { otherTeam: { refused: [{ query: 'mutation ($team: ID!) { leaveTeam(team: $team) }', variables: teamA }] } },
  updateTeam: {
    otherTeam: {
      refused: [
        { query: 'mutation ($team: ID!) { updateTeam(team: $team, name: "Taken over") { signInRequired } }', variables: teamA },
        { query: 'mutation ($team: ID!, $user: ID) { updateTeam(team: $team, user: $user, type: "admin") { signInRequired } }', variables: (w) => ({ team: w.userB.teamId, user: w.adminA.id }) },
        { query: 'mutation ($team: ID!, $kick: ID) { updateTeam(team: $team, kick: $kick) { signInRequired } }', variables: (w) => ({ team: w.userB.teamId, kick: w.adminA.id }) },
      ],
    },
    withoutRights: [
      { query: 'mutation ($team: ID!) { updateTeam(team: $team, name: "Taken over") { signInRequired } }', variables: teamA },
      { query: 'mutation ($team: ID!, $user: ID) { updateTeam(team: $team, user: $user, type: "admin") { signInRequired } }', variables: (w) => ({ team: w.teamA, user: w.basicA.id }) },
      { query: 'mutation ($team: ID!, $kick: ID) { updateTeam(team: $team, kick: $kick) { signInRequired } }', variables: (w) => ({ team: w.teamA, kick: w.adminA.id }) },
      { query: 'mutation ($team: ID!) { updateTeam(team: $team, url: "matrix-url") { signInRequired } }', variables: teamA },
    ],
  },
  switchTeam: { otherTeam: { refused: [{ query: 'mutation ($team: ID!) { switchTeam(team: $team) { id } }', variables: teamA }] } },

  getProjects: { otherTeam: { seesNothing: [{ query: '{ getProjects { id name users { id } } }' }] } },
  getProjectBasic: {
    otherTeam: {
      refused: [
        { query: 'query ($id: ID!) { getProjectBasic(id: $id) { name } }', variables: publicA },
        { query: 'query ($id: ID!) { getProjectBasic(id: $id) { name } }', variables: (w) => ({ id: w.privateSpaceA }) },
      ],
    },
    guestRefused: [{ query: 'query ($id: ID!) { getProjectBasic(id: $id) { name } }', variables: publicA }],
  },
  getUsers: {
    otherTeam: {
      seesNothing: [{ query: '{ getUsers { id email } }' }],
      refused: [{ query: 'query ($project: ID) { getUsers(project: $project) { id } }', variables: (w) => ({ project: w.publicSpaceA }) }],
    },
  },
  setProject: {
    otherTeam: { noForeignIds: 'creates a space in the caller’s current team' },
    guestRefused: [{ query: 'mutation { setProject(name: "Guest space") { id } }' }],
  },
  ediProject: {
    otherTeam: { refused: [{ query: 'mutation ($id: ID!) { ediProject(id: $id, name: "Hijacked", type: "public") { id } }', variables: (w) => ({ id: w.privateSpaceA }) }] },
    withoutRights: [{ query: 'mutation ($id: ID!) { ediProject(id: $id, name: "Hijacked") { id } }', variables: publicA }],
  },
  ediProjectBasic: {
    otherTeam: { refused: [{ query: 'mutation ($id: ID!) { ediProjectBasic(id: $id, name: "Hijacked") { id } }', variables: publicA }] },
    withoutRights: [{ query: 'mutation ($id: ID!) { ediProjectBasic(id: $id, name: "Hijacked") { id } }', variables: publicA }],
  },
  delProject: {
    otherTeam: { refused: [{ query: 'mutation ($id: ID!) { delProject(id: $id) }', variables: publicA }] },
    withoutRights: [{ query: 'mutation ($id: ID!) { delProject(id: $id) }', variables: publicA }],
  },
  joinProject: {
    otherTeam: {
      refused: [
        { query: 'mutation ($project: ID!) { joinProject(project: $project) { id } }', variables: (w) => ({ project: w.publicSpaceA }) },
        { query: 'mutation ($project: ID!) { joinProject(project: $project) { id } }', variables: (w) => ({ project: w.privateSpaceA }) },
      ],
    },
    guestRefused: [{ query: 'mutation ($project: ID!) { joinProject(project: $project) { id } }', variables: (w) => ({ project: w.publicSpaceA }) }],
  },
  setPermission: {
    otherTeam: {
      refused: [
        { query: 'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "admin") { id } }', variables: (w) => ({ user: w.userB.id, project: w.publicSpaceA }) },
        // Two ids: a space of the caller's own team with a user of team A.
        { query: 'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "basic") { id } }', variables: (w) => ({ user: w.basicA.id, project: w.spaceB }) },
        { query: 'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "removed") { id } }', variables: (w) => ({ user: w.adminA.id, project: w.publicSpaceA }) },
      ],
    },
    withoutRights: [
      { query: 'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "admin") { id } }', variables: (w) => ({ user: w.basicA.id, project: w.publicSpaceA }) },
      { query: 'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "removed") { id } }', variables: (w) => ({ user: w.adminA.id, project: w.publicSpaceA }) },
    ],
  },

  setSetting: { otherTeam: { refused: [{ query: 'mutation ($id: ID) { setSetting(id: $id, active: false) { id } }', variables: (w) => ({ id: w.settingA }) }] } },
  getApiTokens: { otherTeam: { seesNothing: [{ query: '{ getApiTokens { id name prefix } }' }] } },
  createApiToken: { otherTeam: { noForeignIds: 'creates a token for the caller only' } },
  revokeApiToken: { otherTeam: { refused: [{ query: 'mutation ($id: ID!) { revokeApiToken(id: $id) }', variables: (w) => ({ id: w.tokenA }) }] } },

  subTeam: {
    otherTeam: {
      refused: [{ query: 'subscription ($user: ID) { subTeam(user: $user) { type } }', variables: (w) => ({ user: w.adminA.id }) }],
      seesNothing: [{ query: 'subscription { subTeam { type teamId team { id } } }' }],
    },
  },
  subProject: { otherTeam: { seesNothing: [{ query: 'subscription { subProject { type projectId project { id } } }' }] } },
  subUser: {
    otherTeam: {
      refused: [{ query: 'subscription ($team: ID) { subUser(team: $team) { id } }', variables: teamA }],
      seesNothing: [{ query: 'subscription { subUser { id firstname } }' }],
    },
    guestRefused: [{ query: 'subscription ($team: ID) { subUser(team: $team) { id } }', variables: teamA }],
  },
};
