/** Feedback and live support (issue 20): the area's documents, typed from the schema. */
import { graphql, type ResultOf } from '../../lib/graphqlDocument';

const supportPersonFragment = graphql('fragment SupportPersonCard on SupportPerson { id firstname lastname email profileImg }');

export const supportMessageFragment = graphql(`
  fragment SupportMessageItem on SupportMessage {
    id
    thread
    body
    fromSupport
    createdAt
    author {
      id
      firstname
      lastname
      profileImg
    }
  }
`);

export const supportThreadFragment = graphql(
  `
    fragment SupportThreadItem on SupportThread {
      id
      unread
      updatedAt
      person {
        ...SupportPersonCard
      }
      lastMessage {
        ...SupportMessageItem
      }
    }
  `,
  [supportPersonFragment, supportMessageFragment],
);

export type SupportMessage = ResultOf<typeof supportMessageFragment>;
export type SupportThread = ResultOf<typeof supportThreadFragment>;

export const getSupportAccessDocument = graphql('query GetSupportAccess { getSupportAccess { supportTeam unread inboxUnread } }');

export const getSupportThreadDocument = graphql(
  `
    query GetSupportThread($person: ID) {
      getSupportThread(person: $person) {
        thread {
          ...SupportThreadItem
        }
        messages {
          ...SupportMessageItem
        }
        hasMore
      }
    }
  `,
  [supportThreadFragment, supportMessageFragment],
);

export const getSupportInboxDocument = graphql(
  `
    query GetSupportInbox {
      getSupportInbox {
        unread
        threads {
          ...SupportThreadItem
        }
      }
    }
  `,
  [supportThreadFragment],
);

export const sendSupportMessageDocument = graphql(
  `
    mutation SendSupportMessage($body: String!, $person: ID) {
      sendSupportMessage(body: $body, person: $person) {
        ...SupportMessageItem
      }
    }
  `,
  [supportMessageFragment],
);

export const readSupportThreadDocument = graphql(
  `
    mutation ReadSupportThread($person: ID) {
      readSupportThread(person: $person) {
        ...SupportThreadItem
      }
    }
  `,
  [supportThreadFragment],
);

export const subSupportDocument = graphql(
  `
    subscription SubSupport($person: ID, $all: Boolean) {
      subSupport(person: $person, all: $all) {
        type
        seq
        inboxUnread
        thread {
          ...SupportThreadItem
        }
        message {
          ...SupportMessageItem
        }
      }
    }
  `,
  [supportThreadFragment, supportMessageFragment],
);

export const supportFeedbackFragment = graphql(
  `
    fragment SupportFeedbackItem on SupportFeedback {
      id
      kind
      message
      page
      hasScreenshot
      createdAt
      author {
        ...SupportPersonCard
      }
    }
  `,
  [supportPersonFragment],
);

export type SupportFeedback = ResultOf<typeof supportFeedbackFragment>;

export const sendFeedbackDocument = graphql(`
  mutation SendFeedback($kind: String!, $message: String!, $screenshot: String, $page: String) {
    sendFeedback(kind: $kind, message: $message, screenshot: $screenshot, page: $page) {
      id
    }
  }
`);

export const getSupportFeedbacksDocument = graphql(
  `
    query GetSupportFeedbacks {
      getSupportFeedbacks {
        ...SupportFeedbackItem
      }
    }
  `,
  [supportFeedbackFragment],
);

export const getSupportFeedbackScreenshotDocument = graphql(
  'query GetSupportFeedbackScreenshot($id: ID!) { getSupportFeedback(id: $id) { id screenshot } }',
);
