/** The AI tools' SDL (issue 19; /work contract "AI API"): provider status, team limits and usage, the writing tools. */
export const aiToolsTypeDefs = /* GraphQL */ `
  type AiStatus {
    "Whether a provider is configured (AI_BASE_URL + AI_MODEL); false: every AI surface explains how to enable it."
    configured: Boolean!
    model: String
    writingModel: String
    "Largest prompt in bytes (AI_MAX_PROMPT_BYTES): the client refuses larger input before sending, with this limit in the message."
    maxPromptBytes: Int!
  }

  type AiLimits {
    requestsPerMinute: Int!
    tokensPerDay: Int!
  }

  type AiMemberUsage {
    user: ID!
    firstname: String!
    lastname: String!
    requestsToday: Int!
    tokensToday: Int!
    tokensThisMonth: Int!
  }

  type AiUsage {
    limits: AiLimits!
    tokensToday: Int!
    members: [AiMemberUsage!]!
  }

  type AiWritingChunk {
    "Text to append to the preview (may be several tokens)."
    delta: String!
    "true on the last chunk (after it the subscription completes)."
    done: Boolean!
    "On failure: the clear message and its code (the AI error codes); the subscription then completes."
    error: String
    errorCode: String
  }

  extend type Query {
    "Whether AI is available on this server, its models and the largest prompt."
    getAiStatus: AiStatus!
    "The team's AI limits and this month's and today's usage per member (UTC days). Team admins only."
    getAiUsage(team: ID!): AiUsage!
  }

  extend type Mutation {
    "Sets the team's AI limits: requests per minute 1 to 100000, tokens per day 1000 to 1000000000. Team admins only."
    setAiLimits(team: ID!, requestsPerMinute: Int!, tokensPerDay: Int!): AiLimits!
  }

  extend type Subscription {
    """
    Runs a writing tool (SPEC §9 actions: shorter, longer, improveWriting, fixSpelling, simplify, summarize, translate,
    changeTone, continue) on text and streams the result, in the caller's current team. language (SPEC §9 English names)
    is required for translate, tone for changeTone. context: optional surrounding text (e.g. the doc before the selection
    for continue). Completing the subscription from the client (stop, closing the preview) aborts the upstream request.
    """
    aiWriting(action: String!, text: String!, language: String, tone: String, context: String): AiWritingChunk!
  }
`;
