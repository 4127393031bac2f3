/** What a private chat's call page needs to know: who the signed-in person is, and the chat's members. */
import { graphql, type ResultOf } from '../../../lib/graphqlDocument';

export const privateCallPeopleDocument = graphql(`
  query PrivateCallPeople {
    getUser {
      id
      firstname
      lastname
      email
      profileImg
    }
    getPrivats {
      id
      name
      users {
        id
        firstname
        lastname
      }
    }
  }
`);

export type PrivateCallChat = ResultOf<typeof privateCallPeopleDocument>['getPrivats'][number];
