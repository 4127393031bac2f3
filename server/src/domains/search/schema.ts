/** Search (SPEC §3 "Search result", §7 getSearch): one query across tasks, messages, docs, files and calendar events. */
export const searchTypeDefs = /* GraphQL */ `
  "A stretch of a text, in UTF-16 code units as JavaScript strings count them."
  type TextRange {
    start: Int!
    length: Int!
  }

  "One item a search found, which the caller may read."
  type SearchResult {
    "The task, message, doc, file or calendar event id."
    id: ID!
    "task, message, doc, file or event."
    type: String!
    "The space's logo, as Project.logo; null for a private chat's items and for a calendar event."
    logo: String
    "The space's colour."
    color: String
    "A task's code and name (T-12 Fix the login), a doc's title, a file's name, an event's title, or the name of a message's conversation."
    title: String!
    "The doc's emoji, when it has one."
    emoji: String
    "When the item was created (a calendar event: when it was made, not when it takes place)."
    createdAt: String!
    "Plain text around the match (at most 200 characters), never HTML."
    description: String
    "Where the query matched inside description."
    highlights: [TextRange!]!
    "Where the query matched inside title."
    titleHighlights: [TextRange!]!
    "The space, or null for a private chat's message or file and for a calendar event."
    project: ID
    projectTitle: String
    projectLogo: String
    projectColor: String
    "For messages: the message id (the same as id)."
    messageId: ID
    "For messages: where it was written: project, task, privat or meetingroom."
    messageType: String
    "The app path that opens the item."
    link: String!
  }

  extend type Query {
    """
    Tasks (name, description), messages, docs (title, text), files (name, a PDF's text) and calendar events (title,
    description; a series once, twice once split by "this and following") the caller may read in their current
    team, best first: exact title matches, then relevance (titles weigh more) with newer items ahead. text: more
    than 4 characters, at most 500, searched as words (quotes and operators are text). filter: all (default), task,
    message, doc, file or event. startdate, enddate: ISO dates, inclusive (the item's creation). space: only that
    space (one the caller may read; events are in none). first: at most 50 (default 20).
    """
    getSearch(text: String!, filter: String, startdate: String, enddate: String, space: ID, first: Int): [SearchResult!]!
  }
`;
