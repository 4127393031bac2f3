/** Accounts: users, sign-up, sign-in and sessions (SPEC §3, §7). Declares the Mutation and Subscription roots. */
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

  type Team {
    id: ID!
    name: String!
    logo: String
    url: String
    storage: Float!
    subscription: String!
    planState: String!
    createdAt: String!
  }

  type AuthPayload {
    token: String!
    user: User!
    team: Team
  }

  type RefreshPayload {
    token: String!
  }

  extend type Query {
    "The signed-in user."
    getUser: User!
    "The signed-in user's current (default) team."
    getTeam: Team!
    "Whether an e-mail address is free to sign up with."
    checkEmail(email: String!): Boolean!
  }

  type Mutation {
    "Sign-up with e-mail and password."
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
      social: Boolean
      language: String
    ): AuthPayload!
    login(email: String!, password: String!, project: ID): AuthPayload!
    logout: Boolean!
    refreshToken: RefreshPayload!
    ediUserLanguage(id: ID!, language: String!, type: String): User!
  }

  type Subscription {
    "Changes to the signed-in user's own account."
    subUser(team: ID): User!
  }
`;
