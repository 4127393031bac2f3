/** Teams (workspaces), spaces, roles and permissions, invitations, activity and their live updates (SPEC §3, §6, §7). */
export const teamsTypeDefs = /* GraphQL */ `
  type Team {
    id: ID!
    name: String!
    "A /media/... image path, or null."
    logo: String
    "The custom URL: a lowercase slug of 3 to 48 letters, digits and hyphens, unique among teams."
    url: String
    "Bytes of files stored by the team."
    storage: Float!
    "The plan: free, trial, basic, unlimited or business."
    subscription: String!
    planState: String!
    lifetimes: Int!
    "Ids of the members (guests see only themselves)."
    users: [ID!]!
    "Pending invitations by e-mail; only admins see them."
    invited: [TeamInvitation!]!
    createdAt: String!
    "Whether this is the caller's current (default) team."
    isDefault: Boolean!
    "The caller's effective role: admin, basic or guest. Members beyond the plan's member limit act as basic."
    role: String
    "Members (not guests) whose roles count in full on this plan; null when unlimited."
    memberLimit: Int
  }

  type TeamInvitation {
    id: ID!
    email: String!
    firstname: String
    lastname: String
    profileImg: String
    "The role the person gets on joining: admin, basic or guest."
    role: String!
    "The space they join with the team (a guest's only space)."
    project: ID
    inviter: ID!
    "pending, accepted, replaced (a newer invitation to the same address, or resent) or revoked (withdrawn by an admin)."
    state: String!
    createdAt: String!
    expiresAt: String!
    "The invitation link, only when the server has no mail server configured, so an admin can pass it on by hand; null otherwise."
    link: String
  }

  type TeamUpdate {
    team: Team!
    "True when the custom URL changed: the caller's session was ended and the next request must sign in again (SPEC §4)."
    signInRequired: Boolean!
  }

  type TeamData {
    name: String!
    logo: String
  }

  type Project {
    id: ID!
    team: ID!
    name: String!
    isPersonal: Boolean!
    "A /media/... image path, or null."
    logo: String
    color: String
    description: String
    "public: any team member may join at once; private: members ask and an admin approves."
    type: String!
    createdAt: String!
    updated: String!
    users: [ProjectUser!]!
    "Whether the caller is a member; public spaces they may join are listed with false."
    isMember: Boolean!
    "The caller's effective permission here: admin, basic, or null when not a member."
    permission: String
    "Whether the caller asked to join and waits for an admin."
    requested: Boolean!
    "Whether the caller may edit, delete and set permissions of this space."
    canManage: Boolean!
  }

  type ProjectUser {
    id: ID!
    firstname: String!
    lastname: String!
    profileImg: String
    email: String!
    "True for the caller."
    isAuth: Boolean!
    "Effective team role: admin, basic or guest."
    role: String
    "Effective permission in the space when listing a space's people."
    permission: String
  }

  type ActivityEntry {
    id: ID!
    "The event type, e.g. team.member_added or project.created."
    type: String!
    createdAt: String!
    "Who did it; null for the system."
    actor: UserBasic
    "What it happened to: the stream, e.g. team:<id>, project:<id>, user:<id>."
    subject: String!
    "The facts of the event that are safe to show an admin."
    details: JSON
  }

  type ActivityPage {
    entries: [ActivityEntry!]!
    "Pass as after to get the next (older) page; null on the last page."
    nextCursor: String
  }

  type TeamChange {
    "The event type, e.g. team.updated, team.member_added, team.member_removed."
    type: String!
    teamId: ID!
    "The member the change is about, if any."
    userId: ID
    "The team as the subscriber now sees it; null when they are no longer in it."
    team: Team
  }

  type ProjectChange {
    "The event type, e.g. project.created, project.updated, project.deleted, project.member_added; project.message (a message in its channel) and project.read (the caller read it) carry the caller's unread and lastMessage, and are sent only to a subscription that selects one of those (they change nothing else of the space)."
    type: String!
    projectId: ID!
    "The member the change is about, if any."
    userId: ID
    "The space as the subscriber now sees it; null when it is gone or out of their sight: drop it."
    project: Project
    "The member the change is about (userId) as the subscriber sees them after it; null when the change took them out of the space, is about nobody, or the space is out of sight. A client keeps a space's member list by this one person instead of selecting project.users, which is the whole list with every change (a message included)."
    member: ProjectUser
  }

  extend type Query {
    "The caller's current (default) team."
    getTeam: Team!
    "Every team the caller belongs to; isDefault marks the current one."
    getTeams: [Team!]!
    "Name and logo of the team owning a shared file, doc or meeting room, for public pages."
    getTeamData(file: ID, doc: ID, meetingroom: ID): TeamData!
    "Spaces of the current team the caller belongs to, then public spaces they may join (isMember false)."
    getProjects: [Project!]!
    getProjectBasic(id: ID!): Project!
    "People of a space, or of the current team without one; auth false leaves the caller out. task is reserved for tasks."
    getUsers(project: ID, task: ID, auth: Boolean): [ProjectUser!]!
    "The team's activity from the event log, newest first (admins only); first is at most 100."
    getTeamActivity(team: ID!, first: Int, after: String): ActivityPage!
  }

  extend type Mutation {
    "Creates a team where the caller is admin, with their personal space; it becomes their current team."
    setTeam(name: String!, logo: String): Team!
    """
    Invites someone by e-mail into team id (admins only) as type admin, basic (default) or guest, with an
    optional message text. A guest needs a project: the one space they will see. An address with an
    account joins at once and gets a notice; otherwise an invitation link is mailed.
    """
    addUserTeam(text: String, email: String!, id: ID!, type: String, project: ID): Team!
    "Takes a member out of a team (admins only)."
    removeUserTeam(user: ID!, team: ID!): Team!
    "Withdraws a pending invitation (admins only): its link then answers that the invitation was withdrawn."
    removeInvitedTeam(invited: ID!, team: ID!): Team!
    "Mails a pending invitation again with a new link (admins only); the earlier link stops working and the 14 days start again."
    resendInvitedTeam(invited: ID!, team: ID!): Team!
    "The caller leaves a team; refused for its last admin and for its only member."
    leaveTeam(team: ID!): Boolean!
    """
    Team settings (admins only): name, logo (a PNG or JPG data URL, or null to remove), url (the custom
    URL; changing it ends the caller's session), user with type (admin, basic or guest) sets that member's
    role, kick takes that member out.
    """
    updateTeam(url: String, team: ID!, logo: String, user: ID, kick: ID, name: String, type: String): TeamUpdate!
    "Makes another of the caller's teams their current one."
    switchTeam(team: ID!): Team!
    "Creates a space in the current team (members, not guests); the creator is its admin. type defaults to private."
    setProject(name: String!, logo: String, color: String, description: String, type: String): Project!
    "Edits everything of a space, including who can find it (type) (space admins)."
    ediProject(id: ID!, name: String, logo: String, color: String, description: String, type: String): Project!
    "Edits how a space looks: name, logo, colour and description, never its type (space admins)."
    ediProjectBasic(id: ID!, name: String, logo: String, color: String, description: String): Project!
    "Deletes a space (space admins); personal spaces cannot be deleted."
    delProject(id: ID!): Boolean!
    "Joins a public space at once, or asks to join a private one."
    joinProject(project: ID!): Project!
    """
    permission admin or basic adds a team member to the space (approving their request) or changes their
    permission; refused answers a pending request; removed takes them out. Space admins only, except that
    anyone may remove themselves (leave).
    """
    setPermission(user: ID!, project: ID!, permission: String!): Project!
  }

  type Subscription {
    "Changes to the teams the caller belongs to; user, if given, must be the caller."
    subTeam(user: ID): TeamChange!
    "Spaces of the caller's current team (as it is when subscribing: subscribe again after switchTeam) created, edited, deleted or changing members, as far as the caller may see them."
    subProject: ProjectChange!
    "The caller's own account changes; with team, profile changes of that team's members."
    subUser(team: ID): User!
  }
`;
