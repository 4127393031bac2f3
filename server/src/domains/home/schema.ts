/** Home's "while you were away" (issue 18): what changed in the caller's spaces since their last visit. */
export const homeTypeDefs = /* GraphQL */ `
  "One line of the summary: something of one kind in one space, counted, with where it opens."
  type AwayLine {
    "taskCreated, taskFinished, messages, docEdited or fileAdded."
    kind: String!
    "The space."
    project: ID!
    "How many tasks, messages, docs or files."
    count: Int!
    "The one task, doc or file when the line is about a single one; null for messages and several items."
    item: ID
    "That item's name (a task's code and name, a doc's title, a file's name)."
    name: String
    "Where the line opens: the item, or the space's board, channel, docs or files."
    route: String!
  }

  "What changed in the caller's current team since their last visit to Home, when that was more than 4 hours ago."
  type AwaySummary {
    "The last visit before this one (ISO), or null for a first visit."
    since: String
    "Empty when the caller was not away (a first visit, or a visit less than 4 hours ago)."
    lines: [AwayLine!]!
  }

  extend type Query {
    "The summary since the caller's last recorded visit; only spaces they may read now, never their own actions."
    getAwaySummary: AwaySummary!
  }

  extend type Mutation {
    "Remembers this visit to Home for the caller (on every device); true when it was recorded (at most one every 5 minutes)."
    visitHome: Boolean!
  }
`;
