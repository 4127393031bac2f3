/** Social sign-in with OpenID Connect providers (SPEC §7); the browser flow is in routes.ts. */
export const socialTypeDefs = /* GraphQL */ `
  type SocialAuthPayload {
    token: String!
    user: User!
    "True when this sign-in created the account."
    isNew: Boolean!
  }

  extend type Query {
    "The sign-in providers this server has set up (google, microsoft), for the sign-in buttons."
    socialProviders: [String!]!
  }

  extend type Mutation {
    "Signs in with an ID token the app obtained from Google; registers the account on first use."
    setUserGoogle(token: String!, project: ID, invited: ID, promotion: String, codes: String, updated: Boolean): SocialAuthPayload!
    "Signs in with an ID token the app obtained from Microsoft; registers the account on first use."
    setUserMicrosoft(token: String!, project: ID, invited: ID, promotion: String, codes: String, updated: Boolean): SocialAuthPayload!
  }
`;
