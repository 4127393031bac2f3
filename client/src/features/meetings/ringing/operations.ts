/** Ringing (meetings API "Ringing"): the rings that concern the signed-in person, live, and how a callee answers. */
import { graphql, type ResultOf } from '../../../lib/graphqlDocument';

const ringFragment = graphql(`
  fragment VideocallRing on VideocallRing {
    id
    videocall
    caller
    callerName
    callerProfileImg
    callee
    notificationType
    state
    meetingroom
    project
    privat
    createdAt
    endedAt
  }
`);

export type VideocallRing = ResultOf<typeof ringFragment>;

export const getRingsDocument = graphql(
  `
    query GetRings {
      getRings {
        ...VideocallRing
      }
    }
  `,
  [ringFragment],
);

export const subCallsDocument = graphql(
  `
    subscription SubCalls {
      subCalls {
        type
        seq
        ring {
          ...VideocallRing
        }
      }
    }
  `,
  [ringFragment],
);

export type RingChange = ResultOf<typeof subCallsDocument>['subCalls'];

export const answerVideocallDocument = graphql(
  'mutation AnswerVideocall($videocall: ID!, $accept: Boolean!) { answerVideocall(videocall: $videocall, accept: $accept) }',
);

/** Rings people into a call the caller is in (a private chat's call rings every other member by default). */
export const ringVideocallDocument = graphql(
  `
    mutation RingVideocall($videocall: ID!, $users: [ID!]) {
      ringVideocall(videocall: $videocall, users: $users) {
        ...VideocallRing
      }
    }
  `,
  [ringFragment],
);
