/** The account operations of the signed-out pages (SPEC §7 "Account", "Session", "Sign-up and password"), typed from the schema. */
import { graphql, type ResultOf } from '../../lib/graphqlDocument';

/** The signed-in user as the frame shows them. */
export const currentUserFragment = graphql('fragment CurrentUser on User { id email firstname lastname language profileImg }');

/** The user's current team, with their effective role in it (admin, basic or guest). */
export const currentTeamFragment = graphql('fragment CurrentTeam on Team { id name logo url role }');

export const getUserDocument = graphql('query GetUser { getUser { ...CurrentUser } }', [currentUserFragment]);
export const getTeamDocument = graphql('query GetTeam { getTeam { ...CurrentTeam } }', [currentTeamFragment]);
export const logoutDocument = graphql('mutation Logout { logout }');
export const editUserLanguageDocument = graphql(
  'mutation EdiUserLanguage($id: ID!, $language: String!) { ediUserLanguage(id: $id, language: $language) { id language } }',
);

/** A new session: the user and their current team (none yet for someone invited into no team). */
const authPayloadFragment = graphql('fragment AuthPayload on AuthPayload { user { ...CurrentUser } team { ...CurrentTeam } }', [
  currentUserFragment,
  currentTeamFragment,
]);

export type AuthPayload = ResultOf<typeof authPayloadFragment>;

export const loginDocument = graphql(
  'mutation Login($email: String!, $password: String!) { login(email: $email, password: $password) { ...AuthPayload } }',
  [authPayloadFragment],
);

/**
 * Sign-up: project and invited come from an invitation; token is the proof a mailed invitation link carries
 * (`?token=`), which verifies the account and signs it in at once (session is then set).
 */
export const signUpDocument = graphql(
  `
    mutation SetUserBasic(
      $firstname: String!
      $lastname: String!
      $email: String!
      $password: String!
      $language: String
      $project: ID
      $invited: ID
      $token: String
    ) {
      setUserBasic(
        firstname: $firstname
        lastname: $lastname
        email: $email
        password: $password
        language: $language
        project: $project
        invited: $invited
        token: $token
      ) {
        email
        verificationRequired
        session {
          ...AuthPayload
        }
      }
    }
  `,
  [authPayloadFragment],
);

export const checkSetupDocument = graphql('query CheckSetup($token: String!) { checkSetup(token: $token) }');

export const setUserAdminDocument = graphql(
  `
    mutation SetUserAdmin(
      $token: String!
      $firstname: String!
      $lastname: String!
      $email: String!
      $password: String!
      $team: String
      $language: String
    ) {
      setUserAdmin(
        token: $token
        firstname: $firstname
        lastname: $lastname
        email: $email
        password: $password
        team: $team
        language: $language
      ) {
        ...AuthPayload
      }
    }
  `,
  [authPayloadFragment],
);

export const checkEmailDocument = graphql('query CheckEmail($email: String!) { checkEmail(email: $email) }');

export const verifyAccountDocument = graphql(
  'query VerifyAccount($email: String!, $token: String!) { verifyAccount(email: $email, token: $token) { ...AuthPayload } }',
  [authPayloadFragment],
);

export const resendEmailDocument = graphql('mutation ResendEmail($email: String!) { resendEmail(email: $email) }');

export const forgotPasswordDocument = graphql('mutation ForgotPassword($email: String!) { forgotPassword(email: $email) }');

export const updatePasswordDocument = graphql(
  'mutation UpdatePassword($email: String!, $password: String!, $token: String!) { updatePassword(email: $email, password: $password, token: $token) }',
);

export const getUserBasicDocument = graphql('query GetUserBasic($id: ID!) { getUserBasic(id: $id) { id firstname lastname profileImg } }');

export type UserBasic = ResultOf<typeof getUserBasicDocument>['getUserBasic'];

export const socialProvidersDocument = graphql('query SocialProviders { socialProviders }');
