/** The AI assistant (SPEC §3 AI conversation and AI message, §7 "AI"): its documents, typed from the schema. */
import { graphql, type ResultOf } from '../../lib/graphqlDocument';

/** Whether a provider is configured, and the largest prompt the server takes (the composer refuses larger ones first). */
export const getAiStatusDocument = graphql('query GetAiStatus { getAiStatus { configured model maxPromptBytes } }');
export type AiStatus = ResultOf<typeof getAiStatusDocument>['getAiStatus'];

const aiMessageFragment = graphql(`
  fragment AiMessage on AiMessage {
    id
    aiconversation
    body
    type
    state
    error
    errorCode
    persona
    tone
    mode
    createdAt
    citations {
      kind
      id
      title
      link
      project
    }
  }
`);
export type AiMessage = ResultOf<typeof aiMessageFragment>;
export type AiCitation = AiMessage['citations'][number];

const aiConversationFragment = graphql(
  `
    fragment AiConversation on AiConversation {
      id
      name
      type
      createdAt
      updatedAt
      lastMessage {
        ...AiMessage
      }
    }
  `,
  [aiMessageFragment],
);
export type AiConversation = ResultOf<typeof aiConversationFragment>;

export const getAiConversationsDocument = graphql('query GetAiConversations { getAiConversations { ...AiConversation } }', [
  aiConversationFragment,
]);

/** The caller's conversations as they change, in this tab or another: each change with the conversation as it is now (null once deleted). */
export const subAiConversationsDocument = graphql(
  'subscription SubAiConversations { subAiConversations { type seq id aiconversation { ...AiConversation } } }',
  [aiConversationFragment],
);
export type AiConversationChange = ResultOf<typeof subAiConversationsDocument>['subAiConversations'];

export const getAiMessagesDocument = graphql(
  'query GetAiMessages($aiconversation: ID!) { getAiMessages(aiconversation: $aiconversation) { ...AiMessage } }',
  [aiMessageFragment],
);

export const setAiConversationDocument = graphql(
  'mutation SetAiConversation($type: String!) { setAiConversation(type: $type) { ...AiConversation } }',
  [aiConversationFragment],
);

export const ediAiConversationDocument = graphql(
  'mutation EdiAiConversation($id: ID!, $name: String!) { ediAiConversation(id: $id, name: $name) { ...AiConversation } }',
  [aiConversationFragment],
);

export const delAiConversationDocument = graphql('mutation DelAiConversation($id: ID!) { delAiConversation(id: $id) }');

/** Asks: answers [question, answer], the answer streaming with an empty body; its text then comes over subAiMessage. */
export const setAiMessageDocument = graphql(
  `
    mutation SetAiMessage($aiconversation: ID!, $body: String!, $type: String, $persona: String, $tone: String) {
      setAiMessage(aiconversation: $aiconversation, body: $body, type: $type, persona: $persona, tone: $tone) {
        ...AiMessage
      }
    }
  `,
  [aiMessageFragment],
);

export const stopAiMessageDocument = graphql('mutation StopAiMessage($id: ID!) { stopAiMessage(id: $id) { ...AiMessage } }', [
  aiMessageFragment,
]);

/** The answers of one conversation as they are written: the message as it is now, and what was added. */
export const subAiMessageDocument = graphql(
  'subscription SubAiMessage($aiconversation: ID!) { subAiMessage(aiconversation: $aiconversation) { delta message { ...AiMessage } } }',
  [aiMessageFragment],
);
export type AiStreamEvent = ResultOf<typeof subAiMessageDocument>['subAiMessage'];

/** Admin › AI assistant: the team's limits and each member's usage (team admins only). */
export const getAiUsageDocument = graphql(`
  query GetAiUsage($team: ID!) {
    getAiUsage(team: $team) {
      limits {
        requestsPerMinute
        tokensPerDay
      }
      tokensToday
      members {
        user
        firstname
        lastname
        requestsToday
        tokensToday
        tokensThisMonth
      }
    }
  }
`);
export type AiUsage = ResultOf<typeof getAiUsageDocument>['getAiUsage'];

export const setAiLimitsDocument = graphql(`
  mutation SetAiLimits($team: ID!, $requestsPerMinute: Int!, $tokensPerDay: Int!) {
    setAiLimits(team: $team, requestsPerMinute: $requestsPerMinute, tokensPerDay: $tokensPerDay) {
      requestsPerMinute
      tokensPerDay
    }
  }
`);
