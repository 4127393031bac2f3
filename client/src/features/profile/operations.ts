/** The signed-in user's profile and account (SPEC §3 User "on edit", §7 "User editing"), typed from the schema. */
import { graphql, type ResultOf } from '../../lib/graphqlDocument';

const profileFragment = graphql(
  'fragment Profile on User { id email firstname lastname language profileImg description currency rate resume role }',
);

export type Profile = ResultOf<typeof profileFragment>;

export const getProfileDocument = graphql('query GetProfile { getUser { ...Profile } }', [profileFragment]);

/** profileImg: a PNG or JPEG data URL of at most 1 MB, or null to remove the photo; a missing field stays as it is. */
export const editProfileDocument = graphql(
  `
    mutation EdiUser(
      $firstname: String
      $lastname: String
      $description: String
      $currency: String
      $rate: Int
      $resume: String
      $profileImg: String
    ) {
      ediUser(
        firstname: $firstname
        lastname: $lastname
        description: $description
        currency: $currency
        rate: $rate
        resume: $resume
        profileImg: $profileImg
      ) {
        ...Profile
      }
    }
  `,
  [profileFragment],
);

/** password: the current one, which every change of these fields asks for. */
export const editAccountDocument = graphql(
  `
    mutation EdiUserBasic($firstname: String!, $lastname: String!, $email: String!, $password: String!, $newPassword: String) {
      ediUserBasic(firstname: $firstname, lastname: $lastname, email: $email, password: $password, newPassword: $newPassword) {
        ...Profile
      }
    }
  `,
  [profileFragment],
);
