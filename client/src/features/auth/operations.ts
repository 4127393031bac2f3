/** The account operations of the signed-out pages (SPEC §7 "Account", "Session", "Sign-up and password"). */
import { gql } from '../../lib/graphql';
import type { CurrentTeam, CurrentUser } from './session';

export interface AuthPayload {
  user: CurrentUser;
  team: CurrentTeam | null;
}

const authPayloadFields = 'user { id email firstname lastname language profileImg } team { id name logo url role }';

export const loginDocument = gql<{ login: AuthPayload }, { email: string; password: string }>(
  `mutation Login($email: String!, $password: String!) { login(email: $email, password: $password) { ${authPayloadFields} } }`,
);

export interface SignUpVariables {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  language: string;
  project?: string;
  invited?: string;
  /** The proof a mailed invitation link carries (`?token=`): the account is verified and signed in at once. */
  token?: string;
}

export interface SignUpResult {
  email: string;
  verificationRequired: boolean;
  /** Set when the invitation link proved the address: the new session. */
  session: AuthPayload | null;
}

export const signUpDocument = gql<{ setUserBasic: SignUpResult }, SignUpVariables>(
  `mutation SetUserBasic($firstname: String!, $lastname: String!, $email: String!, $password: String!, $language: String, $project: ID, $invited: ID, $token: String) {
    setUserBasic(firstname: $firstname, lastname: $lastname, email: $email, password: $password, language: $language, project: $project, invited: $invited, token: $token) {
      email verificationRequired session { ${authPayloadFields} }
    }
  }`,
);

export const checkSetupDocument = gql<{ checkSetup: boolean }, { token: string }>(
  'query CheckSetup($token: String!) { checkSetup(token: $token) }',
);

export interface SetUpVariables {
  token: string;
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  team: string;
  language: string;
}

export const setUserAdminDocument = gql<{ setUserAdmin: AuthPayload }, SetUpVariables>(
  `mutation SetUserAdmin($token: String!, $firstname: String!, $lastname: String!, $email: String!, $password: String!, $team: String, $language: String) {
    setUserAdmin(token: $token, firstname: $firstname, lastname: $lastname, email: $email, password: $password, team: $team, language: $language) { ${authPayloadFields} }
  }`,
);

export const checkEmailDocument = gql<{ checkEmail: boolean }, { email: string }>(
  'query CheckEmail($email: String!) { checkEmail(email: $email) }',
);

export const verifyAccountDocument = gql<{ verifyAccount: AuthPayload }, { email: string; token: string }>(
  `query VerifyAccount($email: String!, $token: String!) { verifyAccount(email: $email, token: $token) { ${authPayloadFields} } }`,
);

export const resendEmailDocument = gql<{ resendEmail: boolean }, { email: string }>(
  'mutation ResendEmail($email: String!) { resendEmail(email: $email) }',
);

export const forgotPasswordDocument = gql<{ forgotPassword: boolean }, { email: string }>(
  'mutation ForgotPassword($email: String!) { forgotPassword(email: $email) }',
);

export const updatePasswordDocument = gql<{ updatePassword: boolean }, { email: string; password: string; token: string }>(
  'mutation UpdatePassword($email: String!, $password: String!, $token: String!) { updatePassword(email: $email, password: $password, token: $token) }',
);

export interface UserBasic {
  id: string;
  firstname: string;
  lastname: string;
  profileImg: string | null;
}

export const getUserBasicDocument = gql<{ getUserBasic: UserBasic }, { id: string }>(
  'query GetUserBasic($id: ID!) { getUserBasic(id: $id) { id firstname lastname profileImg } }',
);

export const socialProvidersDocument = gql<{ socialProviders: string[] }>('query SocialProviders { socialProviders }');
