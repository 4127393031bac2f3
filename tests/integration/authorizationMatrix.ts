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
  /** A task, a section and a tag of publicSpaceA (the admin's), and their like in userB's spaceB. */
  taskA: string;
  stateA: string;
  tagA: string;
  taskB: string;
  stateB: string;
  tagB: string;
  /** A message of publicSpaceA (the admin's) and a group chat of the admin and the basic member. */
  messageA: string;
  privatA: string;
  /** A file and a folder of publicSpaceA (the admin's), and a folder of userB's spaceB. */
  fileA: string;
  folderA: string;
  folderB: string;
  /** A doc of publicSpaceA (the admin's), and one of userB's spaceB. */
  docA: string;
  docB: string;
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
const projectA = (world: World) => ({ project: world.publicSpaceA });
const taskA = (world: World) => ({ id: world.taskA });
const tagA = (world: World) => ({ id: world.tagA });
const messageA = (world: World) => ({ id: world.messageA });
const privatA = (world: World) => ({ privat: world.privatA });
const taskChatA = (world: World) => ({ task: world.taskA });

/**
 * Every non-public query, mutation and subscription, with the attempts that must fail. The test
 * fails for an operation missing here, so a new operation cannot ship without saying who it refuses.
 */
export const matrix: Record<string, MatrixEntry> = {
  getTeamSubscriptions: {
    otherTeam: { refused: [{ query: 'query ($team: ID) { getTeamSubscriptions(team: $team) { id isCurrent } }', variables: teamA }] },
  },
  getBilling: { otherTeam: { refused: [{ query: 'query ($team: ID!) { getBilling(team: $team) { type seats } }', variables: teamA }] } },
  setCode: {
    otherTeam: { noForeignIds: 'redeems a code for the caller’s own current team; it names no team' },
    withoutRights: [{ query: 'mutation { setCode(code: "MATRIX-CODE") { type } }' }],
  },
  sendEmail: { otherTeam: { noForeignIds: 'sends the caller’s own request to the sales address; it names nothing shared' } },
  startTrial: {
    otherTeam: { refused: [{ query: 'mutation ($team: ID!) { startTrial(team: $team) { type } }', variables: teamA }] },
    withoutRights: [{ query: 'mutation ($team: ID!) { startTrial(team: $team) { type } }', variables: teamA }],
  },
  cancelSubscription: {
    otherTeam: { refused: [{ query: 'mutation ($team: ID!) { cancelSubscription(team: $team) { type } }', variables: teamA }] },
    withoutRights: [{ query: 'mutation ($team: ID!) { cancelSubscription(team: $team) { type } }', variables: teamA }],
  },
  reactivateSubscription: {
    otherTeam: { refused: [{ query: 'mutation ($team: ID!) { reactivateSubscription(team: $team) { type } }', variables: teamA }] },
    withoutRights: [{ query: 'mutation ($team: ID!) { reactivateSubscription(team: $team) { type } }', variables: teamA }],
  },
  // Stripe: the team is checked before whether Stripe is configured, so these refusals hold on a server without it too.
  setCheckout: {
    otherTeam: {
      refused: [{ query: 'mutation ($team: ID!) { setCheckout(plan: "basic", type: "monthly", team: $team) { url } }', variables: teamA }],
    },
    withoutRights: [
      { query: 'mutation ($team: ID!) { setCheckout(plan: "basic", type: "monthly", team: $team) { url } }', variables: teamA },
    ],
  },
  manageSubscriptions: {
    otherTeam: { refused: [{ query: 'mutation ($team: ID!) { manageSubscriptions(team: $team) { url } }', variables: teamA }] },
    withoutRights: [{ query: 'mutation ($team: ID!) { manageSubscriptions(team: $team) { url } }', variables: teamA }],
  },
  // Instance administrators only (the first account, team A's admin, here): anyone else is refused whatever team.
  setTeamPlan: {
    otherTeam: {
      refused: [
        {
          query: 'mutation ($team: ID!) { setTeamPlan(team: $team, plan: "business", period: "monthly", seats: 5) { type } }',
          variables: teamA,
        },
      ],
    },
  },
  setPromotionCode: {
    otherTeam: {
      refused: [{ query: 'mutation { setPromotionCode(code: "MATRIX-PLANTED", kind: "credit", amount: 100, currency: "usd") { code } }' }],
    },
  },
  getWalls: {
    otherTeam: {
      refused: [
        { query: 'query ($project: ID!) { getWalls(project: $project) { total walls { id } } }', variables: projectA },
        { query: 'query ($project: ID!) { getWalls(project: $project) { total } }', variables: (w) => ({ project: w.privateSpaceA }) },
      ],
    },
    guestRefused: [{ query: 'query ($project: ID!) { getWalls(project: $project) { total } }', variables: projectA }],
  },
  getWall: {
    otherTeam: { refused: [{ query: 'query ($id: ID!) { getWall(id: $id) { id title } }', variables: (w) => ({ id: w.docA }) }] },
    guestRefused: [{ query: 'query ($id: ID!) { getWall(id: $id) { id } }', variables: (w) => ({ id: w.docA }) }],
  },
  setWorkspace: {
    otherTeam: {
      refused: [
        { query: 'mutation ($project: ID!) { setWorkspace(project: $project, title: "Planted") { id } }', variables: projectA },
        // Two ids: a doc in the caller's own space filed in a folder of team A.
        {
          query: 'mutation ($project: ID!, $folder: ID) { setWorkspace(project: $project, title: "x", folder: $folder) { id } }',
          variables: (w) => ({ project: w.spaceB, folder: w.folderA }),
        },
      ],
    },
    guestRefused: [
      { query: 'mutation ($project: ID!) { setWorkspace(project: $project, title: "Guest doc") { id } }', variables: projectA },
    ],
  },
  updateWall: {
    otherTeam: {
      refused: [
        { query: 'mutation ($id: ID!) { updateWall(id: $id, title: "Hijacked") { id } }', variables: (w) => ({ id: w.docA }) },
        { query: 'mutation ($id: ID!) { updateWall(id: $id, shared: true) { shareUrl } }', variables: (w) => ({ id: w.docA }) },
        {
          query: 'mutation ($id: ID!, $folder: ID) { updateWall(id: $id, folder: $folder) { id } }',
          variables: (w) => ({ id: w.docB, folder: w.folderA }),
        },
      ],
    },
    // Sharing publicly is for the doc's author and those who manage the space.
    withoutRights: [
      { query: 'mutation ($id: ID!) { updateWall(id: $id, shared: true) { shareUrl } }', variables: (w) => ({ id: w.docA }) },
    ],
    guestRefused: [
      { query: 'mutation ($id: ID!) { updateWall(id: $id, title: "Guest edit") { id } }', variables: (w) => ({ id: w.docA }) },
    ],
  },
  delWorkspace: {
    otherTeam: { refused: [{ query: 'mutation ($id: ID!) { delWorkspace(id: $id) }', variables: (w) => ({ id: w.docA }) }] },
    withoutRights: [{ query: 'mutation ($id: ID!) { delWorkspace(id: $id) }', variables: (w) => ({ id: w.docA }) }],
  },
  subDoc: {
    otherTeam: {
      refused: [{ query: 'subscription ($project: ID!) { subDoc(project: $project) { type } }', variables: projectA }],
      seesNothing: [
        {
          query: 'subscription ($project: ID!) { subDoc(project: $project) { type docId doc { id title } } }',
          variables: (w) => ({ project: w.spaceB }),
        },
      ],
    },
    guestRefused: [{ query: 'subscription ($project: ID!) { subDoc(project: $project) { type } }', variables: projectA }],
  },

  // Meetings: the world has no room of team A yet, so id-taking attempts use ids of other things of team A;
  // tests/integration/meetings*.test.ts try team A's real rooms, guests and calls from another team.
  getMeetingrooms: {
    otherTeam: {
      refused: [{ query: 'query ($project: ID) { getMeetingrooms(project: $project) { id } }', variables: projectA }],
      seesNothing: [{ query: '{ getMeetingrooms { id team } }' }],
    },
  },
  initiateMeetingroom: {
    otherTeam: {
      refused: [
        { query: 'mutation ($project: ID) { initiateMeetingroom(project: $project) { id guestLink } }', variables: projectA },
        {
          query: 'mutation ($project: ID) { initiateMeetingroom(project: $project) { id } }',
          variables: (w) => ({ project: w.privateSpaceA }),
        },
      ],
    },
    guestRefused: [{ query: 'mutation { initiateMeetingroom(name: "Guest room") { id } }' }],
  },
  resetMeetingroomLink: {
    otherTeam: {
      refused: [
        { query: 'mutation ($id: ID!) { resetMeetingroomLink(id: $id) { guestLink } }', variables: (w) => ({ id: w.publicSpaceA }) },
      ],
    },
  },
  initiateMeetingroomNotes: {
    otherTeam: {
      refused: [
        { query: 'mutation ($id: ID!) { initiateMeetingroomNotes(id: $id) { notesDoc } }', variables: (w) => ({ id: w.publicSpaceA }) },
      ],
    },
    guestRefused: [
      { query: 'mutation ($id: ID!) { initiateMeetingroomNotes(id: $id) { notesDoc } }', variables: (w) => ({ id: w.publicSpaceA }) },
    ],
  },
  ediInvited: {
    otherTeam: {
      refused: [{ query: 'mutation ($id: ID!) { ediInvited(id: $id, state: "admitted") { id } }', variables: (w) => ({ id: w.messageA }) }],
    },
  },
  subInvited: {
    otherTeam: {
      refused: [
        {
          query: 'subscription ($meetingroom: ID!) { subInvited(meetingroom: $meetingroom) { type } }',
          variables: (w) => ({ meetingroom: w.publicSpaceA }),
        },
      ],
    },
  },
  startRecording: {
    otherTeam: {
      refused: [
        {
          query: 'mutation ($videocall: ID!) { startRecording(videocall: $videocall) }',
          variables: (w) => ({ videocall: w.publicSpaceA }),
        },
      ],
    },
  },
  stopRecording: {
    otherTeam: {
      refused: [
        {
          query: 'mutation ($pipelineId: String!) { stopRecording(pipelineId: $pipelineId) }',
          variables: (w) => ({ pipelineId: w.messageA }),
        },
      ],
    },
  },
  getRings: { otherTeam: { seesNothing: [{ query: '{ getRings { id videocall caller callee } }' }] } },
  ringVideocall: {
    otherTeam: {
      refused: [
        {
          query: 'mutation ($videocall: ID!, $users: [ID!]) { ringVideocall(videocall: $videocall, users: $users) { id } }',
          variables: (w) => ({ videocall: w.privatA, users: [w.basicA.id] }),
        },
      ],
    },
  },
  answerVideocall: {
    otherTeam: {
      refused: [
        {
          query: 'mutation ($videocall: ID!) { answerVideocall(videocall: $videocall, accept: true) }',
          variables: (w) => ({ videocall: w.privatA }),
        },
      ],
    },
  },
  subCalls: { otherTeam: { noForeignIds: 'hears only rings made to or by the caller, in their own current team' } },
  subMeetingrooms: { otherTeam: { noForeignIds: 'hears only rooms of the caller’s own current team that the caller may use' } },

  getUser: { otherTeam: { seesNothing: [{ query: '{ getUser { id email } }' }] } },
  setIdbrowser: { otherTeam: { noForeignIds: 'stores a push id on the caller’s own session' } },
  ediUserLanguage: {
    otherTeam: {
      refused: [
        { query: 'mutation ($id: ID!) { ediUserLanguage(id: $id, language: "de") { id } }', variables: (w) => ({ id: w.adminA.id }) },
      ],
    },
  },
  ediUser: { otherTeam: { noForeignIds: 'edits the caller’s own profile; its project argument is not used' } },
  ediUserBasic: { otherTeam: { noForeignIds: 'edits the caller’s own name, e-mail and password' } },

  getTeam: { otherTeam: { seesNothing: [{ query: '{ getTeam { id name users invited { email } } }' }] } },
  getTeams: { otherTeam: { seesNothing: [{ query: '{ getTeams { id name users invited { email } } }' }] } },
  getTeamActivity: {
    otherTeam: { refused: [{ query: 'query ($team: ID!) { getTeamActivity(team: $team) { entries { id } } }', variables: teamA }] },
    withoutRights: [{ query: 'query ($team: ID!) { getTeamActivity(team: $team) { entries { id } } }', variables: teamA }],
  },
  getAiStatus: { otherTeam: { noForeignIds: 'says whether this server has an AI provider; it names nothing of any team' } },
  getAiUsage: {
    otherTeam: {
      refused: [{ query: 'query ($team: ID!) { getAiUsage(team: $team) { tokensToday members { user } } }', variables: teamA }],
    },
    withoutRights: [{ query: 'query ($team: ID!) { getAiUsage(team: $team) { tokensToday members { user } } }', variables: teamA }],
  },
  setAiLimits: {
    otherTeam: {
      refused: [
        {
          query: 'mutation ($team: ID!) { setAiLimits(team: $team, requestsPerMinute: 5, tokensPerDay: 5000) { requestsPerMinute } }',
          variables: teamA,
        },
      ],
    },
    withoutRights: [
      {
        query: 'mutation ($team: ID!) { setAiLimits(team: $team, requestsPerMinute: 5, tokensPerDay: 5000) { requestsPerMinute } }',
        variables: teamA,
      },
    ],
  },
  aiWriting: { otherTeam: { noForeignIds: 'rewrites the text it is given, counted in the caller’s own current team' } },
  setTeam: { otherTeam: { noForeignIds: 'creates a new team of the caller’s own' } },
  addUserTeam: {
    otherTeam: {
      refused: [
        {
          query: 'mutation ($id: ID!) { addUserTeam(email: "matrix-x@example.com", id: $id) { id } }',
          variables: (w) => ({ id: w.teamA }),
        },
        // Two ids: the caller's own team with a space of team A.
        {
          query:
            'mutation ($id: ID!, $project: ID) { addUserTeam(email: "matrix-y@example.com", id: $id, type: "guest", project: $project) { id } }',
          variables: (w) => ({ id: w.userB.teamId, project: w.privateSpaceA }),
        },
      ],
    },
    withoutRights: [
      { query: 'mutation ($id: ID!) { addUserTeam(email: "matrix-z@example.com", id: $id) { id } }', variables: (w) => ({ id: w.teamA }) },
    ],
  },
  removeUserTeam: {
    otherTeam: {
      refused: [
        {
          query: 'mutation ($user: ID!, $team: ID!) { removeUserTeam(user: $user, team: $team) { id } }',
          variables: (w) => ({ user: w.basicA.id, team: w.teamA }),
        },
        {
          query: 'mutation ($user: ID!, $team: ID!) { removeUserTeam(user: $user, team: $team) { id } }',
          variables: (w) => ({ user: w.basicA.id, team: w.userB.teamId }),
        },
      ],
    },
    withoutRights: [
      {
        query: 'mutation ($user: ID!, $team: ID!) { removeUserTeam(user: $user, team: $team) { id } }',
        variables: (w) => ({ user: w.adminA.id, team: w.teamA }),
      },
    ],
  },
  // A basic member is refused before the invitation is looked up; tests/integration/invitations.test.ts
  // plays the same calls with a real pending invitation of another team.
  removeInvitedTeam: {
    otherTeam: {
      refused: [
        { query: 'mutation ($team: ID!) { removeInvitedTeam(team: $team, invited: "0123456789abcdef01234567") { id } }', variables: teamA },
        {
          query: 'mutation ($team: ID!) { removeInvitedTeam(team: $team, invited: "0123456789abcdef01234567") { id } }',
          variables: (w) => ({ team: w.userB.teamId }),
        },
      ],
    },
    withoutRights: [
      { query: 'mutation ($team: ID!) { removeInvitedTeam(team: $team, invited: "0123456789abcdef01234567") { id } }', variables: teamA },
    ],
  },
  resendInvitedTeam: {
    otherTeam: {
      refused: [
        { query: 'mutation ($team: ID!) { resendInvitedTeam(team: $team, invited: "0123456789abcdef01234567") { id } }', variables: teamA },
        {
          query: 'mutation ($team: ID!) { resendInvitedTeam(team: $team, invited: "0123456789abcdef01234567") { id } }',
          variables: (w) => ({ team: w.userB.teamId }),
        },
      ],
    },
    withoutRights: [
      { query: 'mutation ($team: ID!) { resendInvitedTeam(team: $team, invited: "0123456789abcdef01234567") { id } }', variables: teamA },
    ],
  },
  leaveTeam: { otherTeam: { refused: [{ query: 'mutation ($team: ID!) { leaveTeam(team: $team) }', variables: teamA }] } },
  updateTeam: {
    otherTeam: {
      refused: [
        { query: 'mutation ($team: ID!) { updateTeam(team: $team, name: "Taken over") { signInRequired } }', variables: teamA },
        {
          query: 'mutation ($team: ID!, $user: ID) { updateTeam(team: $team, user: $user, type: "admin") { signInRequired } }',
          variables: (w) => ({ team: w.userB.teamId, user: w.adminA.id }),
        },
        {
          query: 'mutation ($team: ID!, $kick: ID) { updateTeam(team: $team, kick: $kick) { signInRequired } }',
          variables: (w) => ({ team: w.userB.teamId, kick: w.adminA.id }),
        },
      ],
    },
    withoutRights: [
      { query: 'mutation ($team: ID!) { updateTeam(team: $team, name: "Taken over") { signInRequired } }', variables: teamA },
      {
        query: 'mutation ($team: ID!, $user: ID) { updateTeam(team: $team, user: $user, type: "admin") { signInRequired } }',
        variables: (w) => ({ team: w.teamA, user: w.basicA.id }),
      },
      {
        query: 'mutation ($team: ID!, $kick: ID) { updateTeam(team: $team, kick: $kick) { signInRequired } }',
        variables: (w) => ({ team: w.teamA, kick: w.adminA.id }),
      },
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
    otherTeam: {
      refused: [
        {
          query: 'mutation ($id: ID!) { ediProject(id: $id, name: "Hijacked", type: "public") { id } }',
          variables: (w) => ({ id: w.privateSpaceA }),
        },
      ],
    },
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
    guestRefused: [
      { query: 'mutation ($project: ID!) { joinProject(project: $project) { id } }', variables: (w) => ({ project: w.publicSpaceA }) },
    ],
  },
  setPermission: {
    otherTeam: {
      refused: [
        {
          query: 'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "admin") { id } }',
          variables: (w) => ({ user: w.userB.id, project: w.publicSpaceA }),
        },
        // Two ids: a space of the caller's own team with a user of team A.
        {
          query: 'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "basic") { id } }',
          variables: (w) => ({ user: w.basicA.id, project: w.spaceB }),
        },
        {
          query: 'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "removed") { id } }',
          variables: (w) => ({ user: w.adminA.id, project: w.publicSpaceA }),
        },
      ],
    },
    withoutRights: [
      {
        query: 'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "admin") { id } }',
        variables: (w) => ({ user: w.basicA.id, project: w.publicSpaceA }),
      },
      {
        query: 'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "removed") { id } }',
        variables: (w) => ({ user: w.adminA.id, project: w.publicSpaceA }),
      },
    ],
  },

  setSetting: {
    otherTeam: {
      refused: [{ query: 'mutation ($id: ID) { setSetting(id: $id, active: false) { id } }', variables: (w) => ({ id: w.settingA }) }],
    },
  },
  getApiTokens: { otherTeam: { seesNothing: [{ query: '{ getApiTokens { id name prefix } }' }] } },
  createApiToken: { otherTeam: { noForeignIds: 'creates a token for the caller only' } },
  revokeApiToken: {
    otherTeam: { refused: [{ query: 'mutation ($id: ID!) { revokeApiToken(id: $id) }', variables: (w) => ({ id: w.tokenA }) }] },
  },

  subTeam: {
    otherTeam: {
      refused: [{ query: 'subscription ($user: ID) { subTeam(user: $user) { type } }', variables: (w) => ({ user: w.adminA.id }) }],
      seesNothing: [{ query: 'subscription { subTeam { type teamId team { id } } }' }],
    },
  },
  subProject: { otherTeam: { seesNothing: [{ query: 'subscription { subProject { type projectId project { id } } }' }] } },

  getStatesProject: {
    otherTeam: {
      refused: [
        { query: 'query ($project: ID!) { getStatesProject(project: $project) { id } }', variables: projectA },
        { query: 'query ($project: ID!) { getStatesProject(project: $project) { id } }', variables: (w) => ({ project: w.privateSpaceA }) },
      ],
    },
    guestRefused: [{ query: 'query ($project: ID!) { getStatesProject(project: $project) { id } }', variables: projectA }],
  },
  createState: {
    otherTeam: {
      refused: [{ query: 'mutation ($project: ID!) { createState(project: $project, value: "Taken over") { id } }', variables: projectA }],
    },
    guestRefused: [{ query: 'mutation ($project: ID!) { createState(project: $project, value: "Guest") { id } }', variables: projectA }],
  },
  updateState: {
    otherTeam: {
      refused: [{ query: 'mutation ($id: ID!) { updateState(id: $id, value: "Renamed") { id } }', variables: (w) => ({ id: w.stateA }) }],
    },
    guestRefused: [
      { query: 'mutation ($id: ID!) { updateState(id: $id, value: "Renamed") { id } }', variables: (w) => ({ id: w.stateA }) },
    ],
  },
  deleteState: {
    otherTeam: {
      refused: [
        { query: 'mutation ($id: ID!) { deleteState(id: $id) { id } }', variables: (w) => ({ id: w.stateA }) },
        // Two ids: a section of the caller's own space, its tasks sent to a section of team A.
        {
          query: 'mutation ($id: ID!, $moveTo: ID) { deleteState(id: $id, moveTo: $moveTo) { id } }',
          variables: (w) => ({ id: w.stateB, moveTo: w.stateA }),
        },
      ],
    },
    withoutRights: [{ query: 'mutation ($id: ID!) { deleteState(id: $id) { id } }', variables: (w) => ({ id: w.stateA }) }],
  },
  updateStates: {
    otherTeam: {
      refused: [
        { query: 'mutation ($ids: [ID!]!) { updateStates(ids: $ids, positions: [1]) { id } }', variables: (w) => ({ ids: [w.stateA] }) },
        {
          query: 'mutation ($ids: [ID!]!) { updateStates(ids: $ids, positions: [1, 2]) { id } }',
          variables: (w) => ({ ids: [w.stateB, w.stateA] }),
        },
      ],
    },
    guestRefused: [
      { query: 'mutation ($ids: [ID!]!) { updateStates(ids: $ids, positions: [1]) { id } }', variables: (w) => ({ ids: [w.stateA] }) },
    ],
  },
  getTasks: {
    otherTeam: {
      refused: [
        { query: 'query ($project: ID!) { getTasks(project: $project) { id } }', variables: projectA },
        { query: 'query ($project: ID!) { getTasks(project: $project) { id } }', variables: (w) => ({ project: w.privateSpaceA }) },
        {
          query: 'query ($project: ID!, $users: [ID!]) { getTasks(project: $project, users: $users, open: true, first: 5) { id } }',
          variables: (w) => ({ project: w.publicSpaceA, users: [w.adminA.id] }),
        },
      ],
      // Without a project: the caller's own team only, whoever is named.
      seesNothing: [
        {
          query: 'query ($users: [ID!]) { getTasks(users: $users, open: true) { id name project users { id } } }',
          variables: (w) => ({ users: [w.adminA.id, w.basicA.id, w.guestA.id] }),
        },
        {
          query: 'query ($users: [ID!]) { getTasks(users: $users) { id name project } }',
          variables: (w) => ({ users: [w.userB.id, w.adminA.id] }),
        },
      ],
    },
    guestRefused: [{ query: 'query ($project: ID!) { getTasks(project: $project) { id } }', variables: projectA }],
  },
  getTask: {
    otherTeam: { refused: [{ query: 'query ($id: ID!) { getTask(id: $id) { id name } }', variables: taskA }] },
    guestRefused: [{ query: 'query ($id: ID!) { getTask(id: $id) { id name } }', variables: taskA }],
  },
  getTaskActivity: {
    otherTeam: {
      refused: [{ query: 'query ($task: ID!) { getTaskActivity(task: $task) { entries { id } } }', variables: (w) => ({ task: w.taskA }) }],
    },
    guestRefused: [
      { query: 'query ($task: ID!) { getTaskActivity(task: $task) { entries { id } } }', variables: (w) => ({ task: w.taskA }) },
    ],
  },
  setTask: {
    otherTeam: {
      refused: [
        { query: 'mutation ($project: ID!) { setTask(project: $project, name: "Planted") { id } }', variables: projectA },
        // Two ids: a task in the caller's own space pointing at team A's section, tags, parent or people.
        {
          query: 'mutation ($project: ID!, $state: ID) { setTask(project: $project, name: "x", state: $state) { id } }',
          variables: (w) => ({ project: w.spaceB, state: w.stateA }),
        },
        {
          query: 'mutation ($project: ID!, $tags: [ID!]) { setTask(project: $project, name: "x", tags: $tags) { id } }',
          variables: (w) => ({ project: w.spaceB, tags: [w.tagA] }),
        },
        {
          query: 'mutation ($project: ID!, $parent: ID) { setTask(project: $project, name: "x", parentTask: $parent) { id } }',
          variables: (w) => ({ project: w.spaceB, parent: w.taskA }),
        },
        {
          query: 'mutation ($project: ID!, $users: [ID!]) { setTask(project: $project, name: "x", users: $users) { id } }',
          variables: (w) => ({ project: w.spaceB, users: [w.adminA.id] }),
        },
      ],
    },
    guestRefused: [{ query: 'mutation ($project: ID!) { setTask(project: $project, name: "Guest task") { id } }', variables: projectA }],
  },
  ediTask: {
    otherTeam: {
      refused: [
        { query: 'mutation ($id: ID!) { ediTask(id: $id, name: "Hijacked") { id } }', variables: taskA },
        {
          query: 'mutation ($id: ID!, $project: ID) { ediTask(id: $id, project: $project) { id } }',
          variables: (w) => ({ id: w.taskB, project: w.publicSpaceA }),
        },
        {
          query: 'mutation ($id: ID!, $state: ID) { ediTask(id: $id, state: $state) { id } }',
          variables: (w) => ({ id: w.taskB, state: w.stateA }),
        },
        {
          query: 'mutation ($id: ID!, $tags: [ID!]) { ediTask(id: $id, tags: $tags) { id } }',
          variables: (w) => ({ id: w.taskB, tags: [w.tagA] }),
        },
        {
          query: 'mutation ($id: ID!, $parent: ID) { ediTask(id: $id, parentTask: $parent) { id } }',
          variables: (w) => ({ id: w.taskB, parent: w.taskA }),
        },
      ],
    },
    guestRefused: [{ query: 'mutation ($id: ID!) { ediTask(id: $id, name: "Guest edit") { id } }', variables: taskA }],
  },
  delTask: {
    otherTeam: { refused: [{ query: 'mutation ($id: ID!) { delTask(task: $id) }', variables: taskA }] },
    // The basic member is in the space, but did not write the task and administers nothing.
    withoutRights: [{ query: 'mutation ($id: ID!) { delTask(task: $id, delSubtasks: true) }', variables: taskA }],
  },
  duplicateTask: {
    otherTeam: { refused: [{ query: 'mutation ($id: ID!) { duplicateTask(id: $id) { id } }', variables: taskA }] },
    guestRefused: [{ query: 'mutation ($id: ID!) { duplicateTask(id: $id) { id } }', variables: taskA }],
  },
  followTask: {
    otherTeam: { refused: [{ query: 'mutation ($id: ID!) { followTask(id: $id) { id } }', variables: taskA }] },
    guestRefused: [{ query: 'mutation ($id: ID!) { followTask(id: $id) { id } }', variables: taskA }],
  },
  unfollowTask: {
    otherTeam: { refused: [{ query: 'mutation ($id: ID!) { unfollowTask(id: $id) { id } }', variables: taskA }] },
    guestRefused: [{ query: 'mutation ($id: ID!) { unfollowTask(id: $id) { id } }', variables: taskA }],
  },
  getTags: {
    otherTeam: { refused: [{ query: 'query ($project: ID!) { getTags(project: $project) { id } }', variables: projectA }] },
    guestRefused: [{ query: 'query ($project: ID!) { getTags(project: $project) { id } }', variables: projectA }],
  },
  setTag: {
    otherTeam: {
      refused: [{ query: 'mutation ($project: ID!) { setTag(project: $project, name: "Planted") { id } }', variables: projectA }],
    },
    guestRefused: [{ query: 'mutation ($project: ID!) { setTag(project: $project, name: "Guest tag") { id } }', variables: projectA }],
  },
  ediTag: {
    otherTeam: { refused: [{ query: 'mutation ($id: ID!) { ediTag(id: $id, name: "Hijacked") { id } }', variables: tagA }] },
    guestRefused: [{ query: 'mutation ($id: ID!) { ediTag(id: $id, name: "Guest") { id } }', variables: tagA }],
  },
  delTag: {
    otherTeam: { refused: [{ query: 'mutation ($id: ID!) { delTag(id: $id) }', variables: tagA }] },
    guestRefused: [{ query: 'mutation ($id: ID!) { delTag(id: $id) }', variables: tagA }],
  },
  suggestPics: { otherTeam: { noForeignIds: 'searches pictures by words; it takes no id' } },
  subTask: {
    otherTeam: {
      refused: [{ query: 'subscription ($project: ID!) { subTask(project: $project) { type } }', variables: projectA }],
      seesNothing: [
        {
          query: 'subscription ($project: ID!) { subTask(project: $project) { type taskId task { id name } } }',
          variables: (w) => ({ project: w.spaceB }),
        },
      ],
    },
    guestRefused: [{ query: 'subscription ($project: ID!) { subTask(project: $project) { type } }', variables: projectA }],
  },
  subUser: {
    otherTeam: {
      refused: [{ query: 'subscription ($team: ID) { subUser(team: $team) { id } }', variables: teamA }],
      seesNothing: [{ query: 'subscription { subUser { id firstname } }' }],
    },
    guestRefused: [{ query: 'subscription ($team: ID) { subUser(team: $team) { id } }', variables: teamA }],
  },
  getPrivats: { otherTeam: { seesNothing: [{ query: '{ getPrivats { id name users { id } lastMessage { body } } }' }] } },
  getPresence: { otherTeam: { seesNothing: [{ query: '{ getPresence { user state } }' }] } },
  getTaskChats: { otherTeam: { seesNothing: [{ query: '{ getTaskChats { id name project lastMessage { body } } }' }] } },
  lastViewed: {
    otherTeam: {
      refused: [
        { query: 'mutation ($project: ID) { lastViewed(project: $project) }', variables: projectA },
        { query: 'mutation ($privat: ID) { lastViewed(privat: $privat) }', variables: privatA },
      ],
    },
    guestRefused: [{ query: 'mutation ($project: ID) { lastViewed(project: $project) }', variables: projectA }],
  },
  reactMessage: {
    otherTeam: { refused: [{ query: 'mutation ($id: ID!) { reactMessage(id: $id, emoji: "👍") { id } }', variables: messageA }] },
    guestRefused: [{ query: 'mutation ($id: ID!) { reactMessage(id: $id, emoji: "👍") { id } }', variables: messageA }],
  },
  setPrivat: {
    otherTeam: {
      refused: [{ query: 'mutation ($users: [ID!]!) { setPrivat(users: $users) { id } }', variables: (w) => ({ users: [w.adminA.id] }) }],
    },
  },
  ediPrivat: {
    otherTeam: {
      refused: [
        { query: 'mutation ($id: ID!) { ediPrivat(id: $id, name: "Hijacked") { id } }', variables: (w) => ({ id: w.privatA }) },
        {
          query: 'mutation ($id: ID!, $add: [ID!]) { ediPrivat(id: $id, addUsers: $add) { id } }',
          variables: (w) => ({ id: w.privatA, add: [w.userB.id] }),
        },
      ],
    },
    guestRefused: [{ query: 'mutation ($id: ID!) { ediPrivat(id: $id, inactive: true) { id } }', variables: (w) => ({ id: w.privatA }) }],
  },
  leavePrivat: {
    otherTeam: { refused: [{ query: 'mutation ($id: ID!) { leavePrivat(id: $id) }', variables: (w) => ({ id: w.privatA }) }] },
    guestRefused: [{ query: 'mutation ($id: ID!) { leavePrivat(id: $id) }', variables: (w) => ({ id: w.privatA }) }],
  },
  setPresence: { otherTeam: { noForeignIds: 'sets the caller’s own presence' } },
  subPrivat: { otherTeam: { seesNothing: [{ query: 'subscription { subPrivat { type privatId privat { id name } } }' }] } },
  subPresence: { otherTeam: { seesNothing: [{ query: 'subscription { subPresence { user state } }' }] } },

  signedUploadURL: {
    otherTeam: {
      refused: [
        {
          query: 'query ($project: ID) { signedUploadURL(filename: "x.txt", filetype: "text/plain", size: 4, project: $project) { code } }',
          variables: projectA,
        },
        {
          query: 'query ($task: ID) { signedUploadURL(filename: "x.txt", filetype: "text/plain", size: 4, task: $task) { code } }',
          variables: (w) => ({ task: w.taskA }),
        },
        {
          query: 'query ($privat: ID) { signedUploadURL(filename: "x.txt", filetype: "text/plain", size: 4, privat: $privat) { code } }',
          variables: (w) => ({ privat: w.privatA }),
        },
      ],
    },
    guestRefused: [
      {
        query: 'query ($project: ID) { signedUploadURL(filename: "x.txt", filetype: "text/plain", size: 4, project: $project) { code } }',
        variables: projectA,
      },
    ],
  },
  signedDownloadPublicURL: {
    otherTeam: {
      refused: [{ query: 'query ($file: ID!) { signedDownloadPublicURL(file: $file) }', variables: (w) => ({ file: w.fileA }) }],
    },
    guestRefused: [{ query: 'query ($file: ID!) { signedDownloadPublicURL(file: $file) }', variables: (w) => ({ file: w.fileA }) }],
  },
  getFile: {
    otherTeam: { refused: [{ query: 'query ($id: ID!) { getFile(id: $id) { id name } }', variables: (w) => ({ id: w.fileA }) }] },
    guestRefused: [{ query: 'query ($id: ID!) { getFile(id: $id) { id name } }', variables: (w) => ({ id: w.fileA }) }],
  },
  getFiles: {
    otherTeam: {
      refused: [
        { query: 'query ($project: ID) { getFiles(project: $project) { id } }', variables: projectA },
        { query: 'query ($task: ID) { getFiles(task: $task) { id } }', variables: (w) => ({ task: w.taskA }) },
        { query: 'query ($privat: ID) { getFiles(privat: $privat) { id } }', variables: (w) => ({ privat: w.privatA }) },
      ],
      seesNothing: [{ query: '{ getFiles(portfolio: true) { id name } }' }],
    },
    guestRefused: [{ query: 'query ($project: ID) { getFiles(project: $project) { id } }', variables: projectA }],
  },
  setFile: {
    otherTeam: {
      // The caller's own signed code with team A's space, task or chat: refused before anything is read.
      refused: [
        {
          query:
            'mutation ($project: ID) { setFile(name: "x.txt", code: "0123456789abcdef01234567", type: "text/plain", size: 4, location: "x", project: $project) { id } }',
          variables: projectA,
        },
        {
          query:
            'mutation ($task: ID) { setFile(name: "x.txt", code: "0123456789abcdef01234567", type: "text/plain", size: 4, location: "x", task: $task) { id } }',
          variables: (w) => ({ task: w.taskA }),
        },
        {
          query:
            'mutation ($privat: ID) { setFile(name: "x.txt", code: "0123456789abcdef01234567", type: "text/plain", size: 4, location: "x", privat: $privat) { id } }',
          variables: (w) => ({ privat: w.privatA }),
        },
      ],
    },
    guestRefused: [
      {
        query:
          'mutation ($project: ID) { setFile(name: "x.txt", code: "0123456789abcdef01234567", type: "text/plain", size: 4, location: "x", project: $project) { id } }',
        variables: projectA,
      },
    ],
  },
  ediFile: {
    otherTeam: {
      refused: [
        { query: 'mutation ($id: ID!) { ediFile(id: $id, shared: true) { id } }', variables: (w) => ({ id: w.fileA }) },
        {
          query: 'mutation ($id: ID!, $folder: ID) { ediFile(id: $id, folder: $folder) { id } }',
          variables: (w) => ({ id: w.fileA, folder: w.folderB }),
        },
      ],
    },
    // The basic member is in the space but did not upload the file and manages nothing.
    withoutRights: [{ query: 'mutation ($id: ID!) { ediFile(id: $id, shared: true) { id } }', variables: (w) => ({ id: w.fileA }) }],
  },
  delFile: {
    otherTeam: { refused: [{ query: 'mutation ($id: ID!) { delFile(id: $id) }', variables: (w) => ({ id: w.fileA }) }] },
    withoutRights: [{ query: 'mutation ($id: ID!) { delFile(id: $id) }', variables: (w) => ({ id: w.fileA }) }],
  },
  // Only the caller's own unrecorded uploads: team A's codes (fileA's was its upload's) answer NOT_FOUND.
  cancelUpload: {
    otherTeam: { refused: [{ query: 'mutation ($code: ID!) { cancelUpload(code: $code) }', variables: (w) => ({ code: w.fileA }) }] },
  },
  getFolder: {
    otherTeam: {
      refused: [{ query: 'query ($folder: ID!) { getFolder(folder: $folder) { id name } }', variables: (w) => ({ folder: w.folderA }) }],
    },
    guestRefused: [{ query: 'query ($folder: ID!) { getFolder(folder: $folder) { id name } }', variables: (w) => ({ folder: w.folderA }) }],
  },
  getFolders: {
    otherTeam: { refused: [{ query: 'query ($project: ID!) { getFolders(project: $project) { id } }', variables: projectA }] },
    guestRefused: [{ query: 'query ($project: ID!) { getFolders(project: $project) { id } }', variables: projectA }],
  },
  setFolder: {
    otherTeam: {
      refused: [
        { query: 'mutation ($project: ID!) { setFolder(project: $project, name: "Planted") { id } }', variables: projectA },
        // Two ids: a folder in the caller's own space, inside team A's folder.
        {
          query: 'mutation ($project: ID!, $upfolder: ID) { setFolder(project: $project, name: "x", upfolder: $upfolder) { id } }',
          variables: (w) => ({ project: w.spaceB, upfolder: w.folderA }),
        },
      ],
    },
    guestRefused: [
      { query: 'mutation ($project: ID!) { setFolder(project: $project, name: "Guest folder") { id } }', variables: projectA },
    ],
  },
  ediFolder: {
    otherTeam: {
      refused: [
        { query: 'mutation ($id: ID!) { ediFolder(id: $id, name: "Hijacked") { id } }', variables: (w) => ({ id: w.folderA }) },
        {
          query: 'mutation ($id: ID!, $upfolder: ID) { ediFolder(id: $id, upfolder: $upfolder) { id } }',
          variables: (w) => ({ id: w.folderB, upfolder: w.folderA }),
        },
      ],
    },
    withoutRights: [
      { query: 'mutation ($id: ID!) { ediFolder(id: $id, name: "Hijacked") { id } }', variables: (w) => ({ id: w.folderA }) },
    ],
  },
  delFolder: {
    otherTeam: { refused: [{ query: 'mutation ($id: ID!) { delFolder(id: $id) }', variables: (w) => ({ id: w.folderA }) }] },
    withoutRights: [{ query: 'mutation ($id: ID!) { delFolder(id: $id) }', variables: (w) => ({ id: w.folderA }) }],
  },
  getStats: {
    otherTeam: {
      refused: [{ query: 'query ($team: ID) { getStats(team: $team) { storage } }', variables: (w) => ({ team: w.teamA }) }],
      seesNothing: [{ query: '{ getStats { team plan storage } }' }],
    },
  },
  subFile: {
    otherTeam: {
      refused: [
        { query: 'subscription ($project: ID) { subFile(project: $project) { type } }', variables: projectA },
        { query: 'subscription ($privat: ID) { subFile(privat: $privat) { type } }', variables: (w) => ({ privat: w.privatA }) },
      ],
      seesNothing: [
        {
          query: 'subscription ($project: ID) { subFile(project: $project) { type fileId file { id name } } }',
          variables: (w) => ({ project: w.spaceB }),
        },
      ],
    },
    guestRefused: [{ query: 'subscription ($project: ID) { subFile(project: $project) { type } }', variables: projectA }],
  },
  subFolder: {
    otherTeam: {
      refused: [{ query: 'subscription ($project: ID!) { subFolder(project: $project) { type } }', variables: projectA }],
      seesNothing: [
        {
          query: 'subscription ($project: ID!) { subFolder(project: $project) { type folderId folder { id name } } }',
          variables: (w) => ({ project: w.spaceB }),
        },
      ],
    },
    guestRefused: [{ query: 'subscription ($project: ID!) { subFolder(project: $project) { type } }', variables: projectA }],
  },
  // Calendar events: team A's ids (an event id cannot be told from another id: every unknown one is not found).
  getEventsCalendar: {
    otherTeam: {
      seesNothing: [{ query: '{ getEventsCalendar(start: "2020-01-01T00:00:00Z", end: "2020-12-31T00:00:00Z") { id event title } }' }],
    },
  },
  getEventsTasks: {
    otherTeam: {
      seesNothing: [{ query: '{ getEventsTasks(start: "2020-01-01T00:00:00Z", end: "2021-01-01T00:00:00Z") { id name project } }' }],
    },
  },
  getEvent: {
    otherTeam: {
      refused: [{ query: 'query ($id: ID!) { getEvent(id: $id) { id title } }', variables: taskA }],
      seesNothing: [{ query: 'query ($id: ID!) { getEvent(id: $id, meet: true) { id title } }', variables: publicA }],
    },
  },
  getEvents: { otherTeam: { seesNothing: [{ query: '{ getEvents(limit: 100) { id title author { user } } }' }] } },
  getSearch: {
    otherTeam: {
      refused: [
        {
          query: 'query ($space: ID) { getSearch(text: "Matrix message", space: $space) { id } }',
          variables: (w) => ({ space: w.publicSpaceA }),
        },
      ],
      seesNothing: [{ query: '{ getSearch(text: "Matrix message") { id title project link description } }' }],
    },
  },
  getStandupChannel: {
    otherTeam: {
      refused: [{ query: 'query ($project: ID!) { getStandupChannel(project: $project) { enabled time } }', variables: projectA }],
    },
  },
  setStandupChannel: {
    otherTeam: {
      refused: [
        {
          query:
            'mutation ($project: ID!) { setStandupChannel(project: $project, enabled: true, time: "09:00", timeZone: "UTC", weekdays: [1, 2, 3, 4, 5]) { enabled } }',
          variables: projectA,
        },
      ],
    },
    withoutRights: [
      {
        query:
          'mutation ($project: ID!) { setStandupChannel(project: $project, enabled: true, time: "09:00", timeZone: "UTC", weekdays: [1, 2, 3, 4, 5]) { enabled } }',
        variables: projectA,
      },
    ],
  },
  getReports: {
    otherTeam: {
      refused: [
        {
          query: 'query ($team: ID) { getReports(date: "2026-03-02", team: $team) { team members { user { id } } } }',
          variables: teamA,
        },
        {
          query: 'query ($project: ID) { getReports(date: "2026-03-02", project: $project) { team members { user { id } } } }',
          variables: projectA,
        },
      ],
      seesNothing: [{ query: '{ getReports(date: "2026-03-02") { members { user { id firstname } days { spaces { project name } } } } }' }],
    },
    guestRefused: [{ query: 'query ($team: ID) { getReports(date: "2026-03-02", team: $team) { team } }', variables: teamA }],
  },
  getReport: {
    otherTeam: {
      refused: [
        {
          query: 'query ($team: ID) { getReport(startdate: "2026-03-01", enddate: "2026-03-02", team: $team) { teamTasks { project } } }',
          variables: teamA,
        },
        {
          query:
            'query ($projects: [ID!]) { getReport(projects: $projects, startdate: "2026-03-01", enddate: "2026-03-02") { teamTasks { project } } }',
          variables: (w) => ({ projects: [w.publicSpaceA] }),
        },
      ],
      seesNothing: [
        {
          query:
            'query ($start: String!, $end: String!) { getReport(startdate: $start, enddate: $end) { teamTasks { user { id } project projectName } } }',
          variables: () => ({
            start: new Date(Date.now() - 86_400_000).toISOString(),
            end: new Date(Date.now() + 86_400_000).toISOString(),
          }),
        },
      ],
    },
    guestRefused: [
      {
        query: 'query ($team: ID) { getReport(startdate: "2026-03-01", enddate: "2026-03-02", team: $team) { startdate } }',
        variables: teamA,
      },
    ],
  },
  setEvent: {
    otherTeam: {
      refused: [
        {
          query:
            'mutation ($meeting: ID) { setEvent(title: "Mine", description: "", startDate: "2026-03-02T08:00:00Z", endDate: "2026-03-02T09:00:00Z", type: "meeting", recurring: "none", meeting: $meeting) { id } }',
          variables: (w) => ({ meeting: w.publicSpaceA }),
        },
      ],
    },
  },
  ediEvent: { otherTeam: { refused: [{ query: 'mutation ($id: ID!) { ediEvent(id: $id, title: "Mine") { id } }', variables: taskA }] } },
  delEvent: { otherTeam: { refused: [{ query: 'mutation ($id: ID!) { delEvent(id: $id, scope: "all") }', variables: taskA }] } },
  respondEvent: {
    otherTeam: { refused: [{ query: 'mutation ($id: ID!) { respondEvent(id: $id, response: "join") { id } }', variables: taskA }] },
  },
  subEvent: { otherTeam: { seesNothing: [{ query: 'subscription { subEvent { type event value { id title } } }' }] } },
  getAwaySummary: {
    otherTeam: { seesNothing: [{ query: '{ getAwaySummary { since lines { kind project count item name route } } }' }] },
  },
  visitHome: { otherTeam: { noForeignIds: "records the caller's own visit to Home" } },
  getNotifications: {
    otherTeam: {
      refused: [
        { query: 'query ($project: ID) { getNotifications(project: $project) { unread } }', variables: projectA },
        { query: 'query ($after: ID) { getNotifications(after: $after) { unread } }', variables: (w) => ({ after: w.messageA }) },
      ],
      seesNothing: [{ query: '{ getNotifications { notifications { id project task message } unread hasMore } }' }],
    },
  },
  readNotifications: {
    otherTeam: {
      refused: [
        { query: 'mutation ($project: ID) { readNotifications(project: $project) }', variables: projectA },
        { query: 'mutation ($ids: [ID!]) { readNotifications(ids: $ids) }', variables: (w) => ({ ids: [w.messageA] }) },
      ],
    },
  },
  markNotification: {
    otherTeam: { refused: [{ query: 'mutation ($id: ID!) { markNotification(id: $id, marked: true) { id } }', variables: messageA }] },
  },
  subNotification: { otherTeam: { seesNothing: [{ query: 'subscription { subNotification { type notificationIds unread } }' }] } },
  getCalendars: { otherTeam: { noForeignIds: 'lists the caller’s own calendars of their own current team' } },
  getCalendarAccounts: { otherTeam: { noForeignIds: 'lists the caller’s own connected accounts of their own current team' } },
  syncFeatureCalendar: {
    otherTeam: {
      refused: [
        {
          query: 'mutation ($account: ID) { syncFeatureCalendar(sync: { account: $account }, feature: "calendar", active: false) { id } }',
          variables: (w) => ({ account: w.taskA }),
        },
      ],
    },
  },
  selectCalendar: {
    otherTeam: {
      refused: [
        {
          query: 'mutation ($calendar: String!) { selectCalendar(calendar: $calendar, selected: true) { id } }',
          variables: (w) => ({ calendar: w.taskA }),
        },
      ],
    },
  },
  removeCalendarAccount: {
    otherTeam: {
      refused: [
        { query: 'mutation ($account: ID!) { removeCalendarAccount(account: $account) }', variables: (w) => ({ account: w.taskA }) },
      ],
    },
  },
  syncCalendarAccount: {
    otherTeam: {
      refused: [
        { query: 'mutation ($account: ID!) { syncCalendarAccount(account: $account) { id } }', variables: (w) => ({ account: w.taskA }) },
      ],
    },
  },
  // The private calendar feed: only ever the caller's own, of their current team.
  getCalendarFeed: { otherTeam: { noForeignIds: 'answers about the caller’s own feed of their own current team' } },
  resetCalendarFeed: { otherTeam: { noForeignIds: 'makes a feed of the caller’s own events in their own current team' } },
  revokeCalendarFeed: { otherTeam: { noForeignIds: 'revokes the caller’s own feed of their own current team' } },
  // Support is the instance's, not a team's: userB (no instance administrator; adminA, the first account, is) tries
  // team A's people's conversations and the support team's lists.
  getSupportAccess: {
    otherTeam: { noForeignIds: 'answers about the caller’s own support conversation, and the inbox count only to instance administrators' },
  },
  getSupportThread: {
    otherTeam: {
      refused: [
        { query: 'query ($person: ID) { getSupportThread(person: $person) { hasMore } }', variables: (w) => ({ person: w.basicA.id }) },
      ],
    },
  },
  getSupportInbox: { otherTeam: { refused: [{ query: '{ getSupportInbox { unread threads { id } } }' }] } },
  getSupportFeedbacks: { otherTeam: { refused: [{ query: '{ getSupportFeedbacks { id message } }' }] } },
  getSupportFeedback: {
    otherTeam: { refused: [{ query: 'query ($id: ID!) { getSupportFeedback(id: $id) { id } }', variables: (w) => ({ id: w.messageA }) }] },
  },
  sendFeedback: { otherTeam: { noForeignIds: 'sends the caller’s own feedback to the instance administrators; it names nothing shared' } },
  sendSupportMessage: {
    otherTeam: {
      refused: [
        {
          query: 'mutation ($person: ID) { sendSupportMessage(body: "Planted", person: $person) { id } }',
          variables: (w) => ({ person: w.basicA.id }),
        },
      ],
    },
  },
  readSupportThread: {
    otherTeam: {
      refused: [
        { query: 'mutation ($person: ID) { readSupportThread(person: $person) { id } }', variables: (w) => ({ person: w.adminA.id }) },
      ],
    },
  },
  subSupport: {
    otherTeam: {
      refused: [
        { query: 'subscription ($person: ID) { subSupport(person: $person) { type } }', variables: (w) => ({ person: w.basicA.id }) },
        { query: 'subscription { subSupport(all: true) { type } }' },
      ],
    },
  },
  // AI conversations are their person's only: any id that is not one of the caller's own conversations or messages is NOT_FOUND.
  getAiConversations: { otherTeam: { seesNothing: [{ query: '{ getAiConversations { id name lastMessage { id body } } }' }] } },
  getAiMessages: {
    otherTeam: {
      refused: [{ query: 'query ($id: ID!) { getAiMessages(aiconversation: $id) { id } }', variables: (w) => ({ id: w.messageA }) }],
    },
  },
  setAiConversation: { otherTeam: { noForeignIds: 'starts a conversation of the caller’s own in their own current team' } },
  ediAiConversation: {
    otherTeam: { refused: [{ query: 'mutation ($id: ID!) { ediAiConversation(id: $id, name: "Taken") { id } }', variables: messageA }] },
  },
  delAiConversation: { otherTeam: { refused: [{ query: 'mutation ($id: ID!) { delAiConversation(id: $id) }', variables: messageA }] } },
  setAiMessage: {
    otherTeam: {
      refused: [
        {
          query: 'mutation ($id: ID!) { setAiMessage(aiconversation: $id, body: "Hello") { id } }',
          variables: (w) => ({ id: w.messageA }),
        },
      ],
    },
  },
  delAiMessage: { otherTeam: { refused: [{ query: 'mutation ($id: ID!) { delAiMessage(id: $id) }', variables: messageA }] } },
  stopAiMessage: { otherTeam: { refused: [{ query: 'mutation ($id: ID!) { stopAiMessage(id: $id) { id } }', variables: messageA }] } },
  subAiMessage: {
    otherTeam: {
      refused: [
        { query: 'subscription ($id: ID!) { subAiMessage(aiconversation: $id) { delta } }', variables: (w) => ({ id: w.messageA }) },
      ],
    },
  },
  subAiConversations: { otherTeam: { noForeignIds: 'hears only the caller’s own conversations in their own current team' } },
};

/**
 * Chat operations a meeting room's admitted guest (no account) may use for that room's chat: they are public
 * (the resolvers refuse every other anonymous caller), so the matrix above does not hold them; their rules for
 * members still hold and tests/integration/meetings-guest-chat.test.ts runs these attempts, as the matrix would.
 */
export const guestChatMatrix: Record<string, MatrixEntry> = {
  getMessages: {
    otherTeam: {
      refused: [
        { query: 'query ($project: ID) { getMessages(project: $project) { id body } }', variables: projectA },
        { query: 'query ($privat: ID) { getMessages(privat: $privat) { id body } }', variables: privatA },
        { query: 'query ($task: ID) { getMessages(task: $task) { id body } }', variables: taskChatA },
        // Two ids: the caller's own space, paged from team A's message.
        {
          query: 'query ($project: ID, $before: ID) { getMessages(project: $project, before: $before) { id } }',
          variables: (w) => ({ project: w.spaceB, before: w.messageA }),
        },
      ],
    },
    guestRefused: [{ query: 'query ($project: ID) { getMessages(project: $project) { id } }', variables: projectA }],
  },
  getMessageHistory: {
    otherTeam: {
      refused: [
        { query: 'query ($project: ID) { getMessageHistory(project: $project) { plan days hidden } }', variables: projectA },
        { query: 'query ($privat: ID) { getMessageHistory(privat: $privat) { plan days hidden } }', variables: privatA },
        { query: 'query ($task: ID) { getMessageHistory(task: $task) { plan days hidden } }', variables: taskChatA },
      ],
    },
    guestRefused: [{ query: 'query ($project: ID) { getMessageHistory(project: $project) { hidden } }', variables: projectA }],
  },
  setMessage: {
    otherTeam: {
      refused: [
        { query: 'mutation ($project: ID) { setMessage(project: $project, body: "Planted") { id } }', variables: projectA },
        { query: 'mutation ($privat: ID) { setMessage(privat: $privat, body: "Planted") { id } }', variables: privatA },
        { query: 'mutation ($task: ID) { setMessage(task: $task, body: "Planted") { id } }', variables: taskChatA },
        // Two ids: a message in the caller's own space replying to team A's message.
        {
          query: 'mutation ($project: ID, $replyTo: ID) { setMessage(project: $project, body: "x", replyTo: $replyTo) { id } }',
          variables: (w) => ({ project: w.spaceB, replyTo: w.messageA }),
        },
      ],
    },
    guestRefused: [{ query: 'mutation ($project: ID) { setMessage(project: $project, body: "Guest") { id } }', variables: projectA }],
  },
  ediMessage: {
    otherTeam: { refused: [{ query: 'mutation ($id: ID!) { ediMessage(id: $id, body: "Hijacked") { id } }', variables: messageA }] },
    guestRefused: [{ query: 'mutation ($id: ID!) { ediMessage(id: $id, body: "Guest") { id } }', variables: messageA }],
  },
  delMessage: {
    otherTeam: { refused: [{ query: 'mutation ($id: ID!) { delMessage(id: $id) }', variables: messageA }] },
    guestRefused: [{ query: 'mutation ($id: ID!) { delMessage(id: $id) }', variables: messageA }],
  },
  typingMessage: {
    otherTeam: {
      refused: [
        { query: 'mutation ($project: ID) { typingMessage(project: $project) }', variables: projectA },
        { query: 'mutation ($privat: ID) { typingMessage(privat: $privat) }', variables: privatA },
      ],
    },
    guestRefused: [{ query: 'mutation ($project: ID) { typingMessage(project: $project) }', variables: projectA }],
  },
  subMessage: {
    otherTeam: {
      refused: [
        { query: 'subscription ($project: ID) { subMessage(project: $project) { type } }', variables: projectA },
        { query: 'subscription ($privat: ID) { subMessage(privat: $privat) { type } }', variables: privatA },
        { query: 'subscription ($task: ID) { subMessage(task: $task) { type } }', variables: taskChatA },
      ],
      seesNothing: [
        {
          query: 'subscription ($project: ID) { subMessage(project: $project) { type message { id body } } }',
          variables: (w) => ({ project: w.spaceB }),
        },
      ],
    },
    guestRefused: [{ query: 'subscription ($project: ID) { subMessage(project: $project) { type } }', variables: projectA }],
  },
};
