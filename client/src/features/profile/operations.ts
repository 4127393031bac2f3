/** The signed-in user's profile and account (SPEC §3 User "on edit", §7 "User editing"). */
import { gql } from '../../lib/graphql';

export interface Profile {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  language: string;
  profileImg: string | null;
  description: string | null;
  currency: string;
  rate: number | null;
  resume: string | null;
  role: string | null;
}

const profileFields = 'id email firstname lastname language profileImg description currency rate resume role';

export const getProfileDocument = gql<{ getUser: Profile }>(`query GetProfile { getUser { ${profileFields} } }`);

export interface ProfileChanges {
  firstname?: string;
  lastname?: string;
  description?: string;
  currency?: string;
  rate?: number | null;
  resume?: string;
  /** A PNG or JPEG data URL of at most 1 MB, or null to remove the photo. */
  profileImg?: string | null;
}

export const editProfileDocument = gql<{ ediUser: Profile }, ProfileChanges>(
  `mutation EdiUser($firstname: String, $lastname: String, $description: String, $currency: String, $rate: Int, $resume: String, $profileImg: String) {
    ediUser(firstname: $firstname, lastname: $lastname, description: $description, currency: $currency, rate: $rate, resume: $resume, profileImg: $profileImg) { ${profileFields} }
  }`,
);

export interface AccountChanges {
  firstname: string;
  lastname: string;
  email: string;
  /** The current password. */
  password: string;
  newPassword?: string;
}

export const editAccountDocument = gql<{ ediUserBasic: Profile }, AccountChanges>(
  `mutation EdiUserBasic($firstname: String!, $lastname: String!, $email: String!, $password: String!, $newPassword: String) {
    ediUserBasic(firstname: $firstname, lastname: $lastname, email: $email, password: $password, newPassword: $newPassword) { ${profileFields} }
  }`,
);
