/** Tasks: sections (project states), tasks, tags and sprints, covers, activity and live updates (SPEC §3, §4, §7). */
export const tasksTypeDefs = /* GraphQL */ `
  "A section of a space's board (SPEC calls it a project state)."
  type ProjectState {
    id: ID!
    value: String!
    "Fractional: sections sort by it."
    position: Float!
    "An index into the client's icon set (0 to 99)."
    icon: Int!
    project: ID!
  }

  "A tag, or a sprint when isSprint; both belong to one space."
  type Tag {
    id: ID!
    name: String!
    color: String!
    isSprint: Boolean!
    project: ID!
  }

  type TaskLength {
    amount: Float!
    "minutes, hours, days or weeks"
    unit: String!
  }

  input TaskLengthInput {
    amount: Float!
    "minutes, hours, days or weeks"
    unit: String!
  }

  type Task {
    id: ID!
    "The space's prefix and the task's number there, e.g. ENG-42; a task moved to another space gets a new one."
    idCode: String!
    name: String!
    "The single character on the task's badge: the one chosen, or the name's first letter."
    letter: String!
    "Where the task opens in the app: /<project>/tasks/d/<task>."
    route: String!
    "One of the 12 task colours (SPEC §9)."
    color: String!
    "Rich text as Tiptap (ProseMirror) JSON: a doc node; null when empty."
    description: JSON
    "An image path (/media/...): a bundled cover, or an image file of this task (/media/files/<id>, its File.url); or an Unsplash image URL."
    cover: String
    createdAt: String!
    "When anything about the task last changed (its chat will count too once chat lands)."
    updated: String!
    updatedAt: String!
    "Fractional positions: in its section, in the due-date list and in the assignee list."
    positionSection: Float!
    positionDuedate: Float!
    positionAsignee: Float!
    "The estimate."
    length: TaskLength
    "A date (2025-06-15) or a UTC date-time (2025-06-15T15:00:00.000Z)."
    deadline: String
    "The parent task's id when this is a subtask."
    parentTask: ID
    sprint: Tag
    tags: [Tag!]!
    "The task's files (uploaded to it), newest first; they move with the task to another space."
    files: [File!]!
    "Assignees."
    users: [UserBasic!]!
    "Followers; assignees always follow."
    followers: [UserBasic!]!
    project: ID!
    "0 low, 1 normal, 2 high, 3 urgent."
    priority: Int!
    "The id of the task's section."
    state: ID!
    stateProject: ProjectState!
    author: UserBasic
    isFollowing: Boolean!
    "Whether the caller may edit the task (members of its space; a public space must be joined first)."
    canEdit: Boolean!
    "Whether the caller may delete it: its author, a space admin or a team admin."
    canDelete: Boolean!
  }

  "A cover suggestion. author and authorUrl credit an Unsplash photographer (show them with the photo)."
  type Pic {
    img: String!
    name: String!
    author: String
    authorUrl: String
  }

  type TaskFieldChange {
    "name, stateId, assigneeIds, tagIds, deadline, project, idCode, followers, ..."
    field: String!
    from: JSON
    to: JSON
  }

  type TaskActivity {
    id: ID!
    "task.created, task.updated, task.moved, task.followed or task.unfollowed"
    type: String!
    createdAt: String!
    actor: UserBasic
    changes: [TaskFieldChange!]!
  }

  type TaskActivityPage {
    entries: [TaskActivity!]!
    "Pass as after for the next (older) page; null on the last page."
    nextCursor: String
  }

  type TaskPosition {
    id: ID!
    position: Float!
  }

  "A change on a space's board. Upsert task by id when present; drop the card when task is null for a task change."
  type TaskChange {
    "task.created, task.updated, task.moved, task.deleted, task.followed, task.unfollowed, task.files (a file was added to or removed from the task), state.created, state.updated, state.deleted, states.reordered, tag.created, tag.updated, tag.deleted, tasks.respaced, board.created"
    type: String!
    "The change's place in the log: strictly increasing, so a client can tell what it missed."
    seq: Float!
    project: ID!
    taskId: ID
    "The task as it is now in this space; null when it was deleted or moved to another space."
    task: Task
    stateId: ID
    tagId: ID
    "For state.deleted: the section its tasks went to (see positions)."
    moveTo: ID
    "For section changes: the space's sections now."
    states: [ProjectState!]
    "For tag changes: the space's tags now."
    tags: [Tag!]
    "For tasks.respaced and state.deleted: the field (positionSection, ...) the positions are for."
    positionField: String
    positions: [TaskPosition!]
  }

  extend type Query {
    "A space's sections in board order."
    getStatesProject(project: ID!): [ProjectState!]!
    """
    With only project: every task of that space, subtasks included, in section order (the board).
    users keeps the tasks assigned to any of them; open: true leaves out tasks in the last section of
    their board when it has more than one (where finished work goes); first caps the answer (1 to 500,
    100 by default). Without project, users is required and the tasks come from every space of the
    caller's current team they may read. With any of users, open or first: soonest deadline first,
    tasks without a deadline last, then the most recently changed.
    """
    getTasks(
      project: ID
      users: [ID!]
      open: Boolean
      first: Int
      "With only project: the board's first screen, at most this many top-level tasks of each section (1 to 500) in board order, without subtasks. The client draws it, then reads the whole board."
      perSection: Int
    ): [Task!]!
    "One task; the error message is 'Wrong Task' when it does not exist or the caller cannot see it."
    getTask(id: ID!): Task!
    "Tags and sprints of a space."
    getTags(project: ID!): [Tag!]!
    "Cover suggestions for name (usually the task's name); value is how many, 1 to 30 (12 by default)."
    suggestPics(name: String!, value: Int): [Pic!]!
    "A task's history from the event log, newest first; first is at most 100. Reordering alone is left out."
    getTaskActivity(task: ID!, first: Int, after: String): TaskActivityPage!
  }

  extend type Mutation {
    "Adds a section at the end of a space's board."
    createState(project: ID!, value: String!, icon: Int): ProjectState!
    updateState(id: ID!, value: String, icon: Int): ProjectState!
    "Deletes a section (space admins); its tasks move to the end of moveTo. A space keeps at least one section. Returns the sections left."
    deleteState(id: ID!, moveTo: ID): [ProjectState!]!
    "Gives sections of one space new positions, ids and positions pairwise. Returns the space's sections."
    updateStates(ids: [ID!]!, positions: [Float!]!): [ProjectState!]!
    """
    Creates a task in a space the caller is a member of. name is required (1 to 500 characters). Without
    state it goes to the first section; without positions, to the end of each list. users are assignees
    (people who can see the space); the creator and the assignees follow it.
    """
    setTask(
      project: ID!
      name: String!
      state: ID
      description: JSON
      color: String
      cover: String
      letter: String
      priority: Int
      deadline: String
      length: TaskLengthInput
      parentTask: ID
      sprint: ID
      tags: [ID!]
      users: [ID!]
      positionSection: Float
      positionDuedate: Float
      positionAsignee: Float
    ): Task!
    """
    Edits a task. cover may be the url of an image file of this task that the caller can read (setTask
    refuses those: a new task has no files yet). A missing argument changes nothing; null or "" clears letter, description, cover, deadline,
    length, parentTask and sprint; tags: [] and users: [] empty those lists. A new state without a
    positionSection puts the task at the end of that section. project moves the task and its subtasks to
    another space of the team the caller is a member of: they get new idCodes, the sections and tags of the same
    names there (state may name the target section instead), and keep the people who can see that space.
    """
    ediTask(
      id: ID!
      project: ID
      name: String
      state: ID
      description: JSON
      color: String
      cover: String
      letter: String
      priority: Int
      deadline: String
      length: TaskLengthInput
      parentTask: ID
      sprint: ID
      tags: [ID!]
      users: [ID!]
      positionSection: Float
      positionDuedate: Float
      positionAsignee: Float
    ): Task!
    "Deletes a task (its author, a space admin or a team admin); delSubtasks deletes its subtasks too, otherwise they become top-level tasks."
    delTask(task: ID!, delSubtasks: Boolean): Boolean!
    "Copies a task (not its subtasks) right after the original, with a new idCode."
    duplicateTask(id: ID!): Task!
    followTask(id: ID!): Task!
    "Refused for assignees: they follow their tasks while assigned (SPEC §4)."
    unfollowTask(id: ID!): Task!
    "Creates a tag, or a sprint with isSprint; names are unique in a space. color defaults to the palette."
    setTag(project: ID!, name: String!, color: String, isSprint: Boolean): Tag!
    ediTag(id: ID!, name: String, color: String): Tag!
    "Deletes a tag or sprint and takes it off every task."
    delTag(id: ID!): Boolean!
  }

  extend type Subscription {
    "Changes to a space's board as the caller may see them; ends when the caller loses access to the space."
    subTask(project: ID!): TaskChange!
  }
`;
