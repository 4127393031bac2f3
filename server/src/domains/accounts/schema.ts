/** Accounts: users, sign-up, sign-in and sessions (SPEC §3, §7). Declares the Mutation root; Team and subUser are the teams area's. */
export const accountsTypeDefs = /* GraphQL */ `
  type User {
    id: ID!
    email: String!
    language: String!
    firstname: String!
    lastname: String!
    profileImg: String
    role: String
    description: String
    currency: String!
    rate: Int
    resume: String
    logged: Boolean!
    createdAt: String!
  }

  type AuthPayload {
    token: String!
    user: User!
    team: Team
  }

  type SignUpResult {
    email: String!
    "True when the account is usable once the mailed link is followed; false when the sign-up came from the invitation link mailed to this address, which proved it."
    verificationRequired: Boolean!
    "The new session when verificationRequired is false (the session cookies are set too); null otherwise."
    session: AuthPayload
  }

  type UserBasic {
    id: ID!
    firstname: String!
    lastname: String!
    profileImg: String
  }

  type RefreshPayload {
    token: String!
  }

  extend type Query {
    "The signed-in user."
    getUser: User!
    "Whether an e-mail address is free to sign up with (rate-limited)."
    checkEmail(email: String!): Boolean!
    "Follows the mailed verification link: confirms the address and signs in."
    verifyAccount(email: String!, token: String!): AuthPayload!
    "Whether a set-up link (printed in the server log while no account exists) can still create the first account; refused with SETUP_LINK_INVALID or SETUP_DONE otherwise."
    checkSetup(token: String!): Boolean!
    "The public card of a user: name and photo."
    getUserBasic(id: ID!): UserBasic!
  }

  type Mutation {
    """
    Sign-up with e-mail and password. invited: the invitation id of a sign-up link; the account joins the
    inviting team once the address is verified. token: the proof the mailed invitation link carries; with
    it the address counts as verified at once, the account joins the team and is signed in (session).
    """
    setUserBasic(
      firstname: String!
      lastname: String!
      email: String!
      password: String!
      login: Boolean
      codes: String
      promotion: String
      profileImg: String
      project: ID
      invited: ID
      token: String
      social: Boolean
      language: String
    ): SignUpResult!
    "Creates the instance's first account, verified, with its team (team: the team's name), from the set-up link the server logs while no account exists; signs in."
    setUserAdmin(
      token: String!
      firstname: String!
      lastname: String!
      email: String!
      password: String!
      team: String
      language: String
    ): AuthPayload!
    resendEmail(email: String!): Boolean!
    login(email: String!, password: String!, project: ID): AuthPayload!
    logout: Boolean!
    refreshToken: RefreshPayload!
    setIdbrowser(token: String!): Boolean!
    forgotPassword(email: String!): Boolean!
    updatePassword(email: String!, password: String!, token: String!): Boolean!
    ediUserLanguage(id: ID!, language: String!, type: String): User!
    "Profile fields; profileImg is a PNG or JPG data URL of at most 1 MB (stored as 150x150), or null to remove it."
    ediUser(
      firstname: String
      lastname: String
      description: String
      currency: String
      rate: Int
      resume: String
      profileImg: String
      role: String
      project: ID
    ): User!
    "Name, e-mail and password; password is the current one, newPassword optional."
    ediUserBasic(firstname: String!, lastname: String!, email: String!, password: String!, newPassword: String): User!
  }
`;
