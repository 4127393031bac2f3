/** AI conversations, their messages and answers streamed live (the contract in the AI API brief, SPEC §7 AI calls). */
export const aiConversationTypeDefs = /* GraphQL */ `
  "A source an AI search answer used."
  type AiCitation {
    "task | doc | message | file | event (a calendar event)"
    kind: String!
    id: ID!
    title: String!
    "In-app path to open it (the search area's links)."
    link: String!
    project: ID
  }

  type AiMessage {
    id: ID!
    aiconversation: ID!
    "Markdown. For an answer being written: what has come so far."
    body: String!
    "question (the person's) | answer (the assistant's)"
    type: String!
    "done | streaming | stopped | failed"
    state: String!
    "When failed: the clear message and its code (the AI error codes)."
    error: String
    errorCode: String
    persona: String
    tone: String
    "How the question was answered: chat (the model alone) | search (from the workspace, with citations)."
    mode: String!
    citations: [AiCitation!]!
    createdAt: String!
  }

  type AiConversation {
    id: ID!
    "The first question's start until renamed; empty for a new conversation (the client shows 'New conversation')."
    name: String!
    "chat | search (the default mode of its questions)"
    type: String!
    createdAt: String!
    updatedAt: String!
    lastMessage: AiMessage
  }

  "A conversation of the caller's list changed (subAiConversations)."
  type AiConversationChange {
    "created | updated (renamed, a question asked, an answer ended or a message deleted: its name, place or last message) | deleted"
    type: String!
    seq: Float!
    id: ID!
    "The conversation as it is now; null when deleted."
    aiconversation: AiConversation
  }

  type AiStreamEvent {
    "The answer as it is now (state streaming until the last event of that answer: done, stopped or failed)."
    message: AiMessage!
    "What was added since the previous event ('' for the first and the last)."
    delta: String!
  }

  extend type Query {
    "The caller's AI conversations in their current team, latest activity first."
    getAiConversations: [AiConversation!]!
    "A conversation's messages, oldest first; another person's or a deleted conversation: NOT_FOUND."
    getAiMessages(aiconversation: ID!): [AiMessage!]!
  }

  extend type Mutation {
    "Starts a conversation in the caller's current team. type: chat | search."
    setAiConversation(type: String!): AiConversation!
    "Renames one of the caller's conversations."
    ediAiConversation(id: ID!, name: String!): AiConversation!
    delAiConversation(id: ID!): ID!
    """
    Asks: records the question, starts the answer and returns [question, answer] (the answer in state streaming,
    body ''). type: chat | search, default the conversation's type. persona: assistant, projectManager, engineer,
    marketer or writer; tone: professional, friendly, casual or formal. Uploads are not accepted here.
    """
    setAiMessage(aiconversation: ID!, body: String!, type: String, persona: String, tone: String): [AiMessage!]!
    delAiMessage(id: ID!): ID!
    "Stops an answer being written: the upstream request is aborted (on whichever process runs it), what came so far is kept, state stopped."
    stopAiMessage(id: ID!): AiMessage!
  }

  extend type Subscription {
    "The answers of one of the caller's conversations as they are written: each delta, then the recorded end."
    subAiMessage(aiconversation: ID!): AiStreamEvent!
    "The caller's conversations in their current team as they change (in this tab or another): new, renamed, asked in, deleted."
    subAiConversations: AiConversationChange!
  }
`;
