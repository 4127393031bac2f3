/** Docs (SPEC §3 "Wall", §7 docs operations): collaborative documents of a space, public share links. */
export const docsTypeDefs = /* GraphQL */ `
  "A collaborative document of a space. Its content is not here: it lives in the Yjs room at room."
  type Wall {
    id: ID!
    title: String!
    emoji: String
    "An image path (/media/...) or an Unsplash image URL."
    cover: String
    description: String
    "Whether the doc can be read by anyone holding its public link."
    shared: Boolean!
    "The public read-only page (/share/doc/<link secret>) while shared; a new secret each time sharing is turned on."
    shareUrl: String
    "The same page without the app's chrome, for an iframe, while shared."
    embed: String
    "A folder of type doc, or null at the space's top level."
    folder: ID
    project: ID!
    author: ID!
    createdAt: String!
    "When the fields or (recorded at most every 30 s per person) the content last changed."
    updatedAt: String!
    "When the server last stored an edit of the content; null for a doc nobody has typed in."
    lastSavedAt: String
    "The y-websocket room path: the provider connects to ws(s)://<host><room>, with the session cookie or ?token=."
    room: String!
    "Whether the caller may edit the content and fields."
    canEdit: Boolean!
    "Whether the caller may share, unshare and delete the doc (its author, or who manages the space)."
    canManage: Boolean!
  }

  "What the holder of a public link sees of a shared doc besides its content (read-only, at room with ?share=<secret>)."
  type PublicWall {
    id: ID!
    title: String!
    emoji: String
    cover: String
    updatedAt: String!
    embed: String!
    room: String!
  }

  type WallPage {
    walls: [Wall!]!
    "How many docs match (for paging), counted within what the caller may see."
    total: Int!
  }

  "A change to a space's docs: doc.created, doc.edited (fields), doc.updated (content), doc.shared, doc.unshared or doc.deleted."
  type DocChange {
    type: String!
    seq: Float!
    project: ID!
    docId: ID!
    "The doc as the subscriber sees it now; null when it was deleted."
    doc: Wall
    "Who made the change."
    userId: ID
  }

  extend type Query {
    """
    A space's docs. folder: a doc folder's id, or "root" for the top level (docs in no folder); without it, every doc of the space.
    sort: updated (most recently updated first, the default), title (A to Z, ignoring case) or created (newest first); ties go by id, so pages are stable.
    limit 1 to 100 (50), offset 0 or more; total counts the docs of the same folder scope.
    """
    getWalls(project: ID!, folder: ID, sort: String, limit: Int, offset: Int): WallPage!
    getWall(id: ID!): Wall!
    "A shared doc, by its public link's secret (the :docId of /share/doc/:docId); anyone may ask, rate limited."
    getWorkspace(workspace: String!): PublicWall!
    "A short-lived signed URL for an image of a doc: for members of its space, or with share, for the holder of the doc's public link."
    signedDownloadPublicURLDoc(url: String!, share: String): String!
  }

  extend type Mutation {
    "Creates a doc in a space (optionally in a doc folder of that space) and returns it."
    setWorkspace(project: ID!, title: String!, emoji: String, folder: ID): Wall!
    "Edits a doc's fields; null or an empty string clears an optional one. shared: true makes a new public link, false revokes it and disconnects its readers."
    updateWall(id: ID!, title: String, emoji: String, cover: String, shared: Boolean, description: String, folder: ID): Wall!
    "Deletes a doc with its content; its open editors are disconnected."
    delWorkspace(id: ID!): Boolean!
  }

  extend type Subscription {
    "Live changes to a space's docs."
    subDoc(project: ID!): DocChange!
  }
`;
