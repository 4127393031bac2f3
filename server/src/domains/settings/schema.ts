/** Per-user settings and personal API tokens (SPEC §3 User.settings, §7 setSetting; admin "API token"). */
export const settingsTypeDefs = /* GraphQL */ `
  type Setting {
    id: ID!
    "A stable key chosen by the client, e.g. notifications.email.tasks."
    name: String!
    active: Boolean!
    "A group for the settings screen, e.g. notification or email."
    type: String
  }

  extend type User {
    "The user's own settings; empty when reading someone else."
    settings: [Setting!]!
  }

  extend type Team {
    "The team's notification defaults (admin notifications and e-mails); a member's own setting wins over them."
    settings: [Setting!]!
  }

  type ApiToken {
    id: ID!
    name: String!
    "The first characters of the token, to tell tokens apart."
    prefix: String!
    createdAt: String!
    lastUsedAt: String
  }

  type NewApiToken {
    "The token itself, shown this once: send it as Authorization: Bearer <token>."
    token: String!
    apiToken: ApiToken!
  }

  extend type Query {
    "The caller's API tokens that are not revoked."
    getApiTokens: [ApiToken!]!
  }

  extend type Mutation {
    """
    Sets one of the caller's settings: by id to change an existing one, otherwise by name (created if new).
    With team: one of that team's notification defaults instead (its admins only).
    """
    setSetting(id: ID, name: String, active: Boolean!, type: String, team: ID): Setting!
    "Creates a personal API token for the GraphQL API (not with an API token)."
    createApiToken(name: String!): NewApiToken!
    "Revokes one of the caller's API tokens; it stops working at once."
    revokeApiToken(id: ID!): Boolean!
  }
`;
