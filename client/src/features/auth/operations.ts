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
}

export const signUpDocument = gql<{ setUserBasic: { email: string; verificationRequired: boolean } }, SignUpVariables>(
  `mutation SetUserBasic($firstname: String!, $lastname: String!, $email: String!, $password: String!, $language: String, $project: ID, $invited: ID) {
    setUserBasic(firstname: $firstname, lastname: $lastname, email: $email, password: $password, language: $language, project: $project, invited: $invited) { email verificationRequired }
  }`,
);

export const checkEmailDocument = gql<{ checkEmail: boolean }, { email: string }>('query CheckEmail($email: String!) { checkEmail(email: $email) }');

export const verifyAccountDocument = gql<{ verifyAccount: AuthPayload }, { email: string; token: string }>(
  `query VerifyAccount($email: String!, $token: String!) { verifyAccount(email: $email, token: $token) { ${authPayloadFields} } }`,
);

export const resendEmailDocument = gql<{ resendEmail: boolean }, { email: string }>('mutation ResendEmail($email: String!) { resendEmail(email: $email) }');

export const forgotPasswordDocument = gql<{ forgotPassword: boolean }, { email: string }>('mutation ForgotPassword($email: String!) { forgotPassword(email: $email) }');

export const updatePasswordDocument = gql<{ updatePassword: boolean }, { email: string; password: string; token: string }>(
  'mutation UpdatePassword($email: String!, $password: String!, $token: String!) { updatePassword(email: $email, password: $password, token: $token) }',
);

export interface UserBasic {
  id: string;
  firstname: string;
  lastname: string;
  profileImg: string | null;
}

export const getUserBasicDocument = gql<{ getUserBasic: UserBasic }, { id: string }>('query GetUserBasic($id: ID!) { getUserBasic(id: $id) { id firstname lastname profileImg } }');

export const socialProvidersDocument = gql<{ socialProviders: string[] }>('query SocialProviders { socialProviders }');
