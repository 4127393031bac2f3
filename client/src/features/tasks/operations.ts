/** Tasks (SPEC §4, §7): the documents of the board, the detail panel, sections and tags, typed from the schema. */
import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphqlDocument';

/** A section of the board (a state of the space). */
const projectStateFragment = graphql('fragment ProjectState on ProjectState { id value position icon project }');

const taskPersonFragment = graphql('fragment TaskPerson on UserBasic { id firstname lastname profileImg }');

/** A tag or, with isSprint, a sprint of the space. */
const tagFragment = graphql('fragment Tag on Tag { id name color isSprint project }');

/**
 * A task with the fields the board's cards and the list show; what only the detail panel shows (description,
 * followers, author) is read per task with getTask, which keeps a 10,000-task board's answer small.
 * priority: 0 low, 1 normal, 2 high, 3 urgent; state: the id of its section; length.unit: minutes, hours, days or weeks;
 * files: only their ids, the card shows how many and the Files tab reads them whole.
 */
const boardTaskFragment = graphql(
  `
    fragment BoardTask on Task {
      id
      idCode
      name
      color
      priority
      positionSection
      state
      deadline
      project
      parentTask
      canEdit
      canDelete
      updatedAt
      cover
      isFollowing
      users {
        ...TaskPerson
      }
      tags {
        id
        name
        color
      }
      sprint {
        id
        name
        color
      }
      length {
        amount
        unit
      }
      files {
        id
      }
    }
  `,
  [taskPersonFragment],
);

export type ProjectState = ResultOf<typeof projectStateFragment>;
export type TaskPerson = ResultOf<typeof taskPersonFragment>;
export type Tag = ResultOf<typeof tagFragment>;
export type BoardTask = ResultOf<typeof boardTaskFragment>;
export type TaskTag = BoardTask['tags'][number];
export type TaskLength = NonNullable<BoardTask['length']>;

/** Rich text as Tiptap JSON (a doc node), as the server stores descriptions (the schema's JSON). */
export type RichNode = {
  type: string;
  attrs?: { [name: string]: string | number | boolean | null };
  content?: RichNode[];
  marks?: { type: string; attrs?: { [name: string]: string | number | boolean | null } }[];
  text?: string;
};

export const getStatesProjectDocument = graphql(
  'query GetStatesProject($project: ID!) { getStatesProject(project: $project) { ...ProjectState } }',
  [projectStateFragment],
);

export const getTasksDocument = graphql('query GetTasks($project: ID!) { getTasks(project: $project) { ...BoardTask } }', [
  boardTaskFragment,
]);

/** The board's first screen: the first cards of each section, drawn while the whole board is read. */
export const getTasksFirstScreenDocument = graphql(
  'query GetTasksFirstScreen($project: ID!, $perSection: Int!) { getTasks(project: $project, perSection: $perSection) { ...BoardTask } }',
  [boardTaskFragment],
);

/** A task whole: its description (rich text), followers, author, and the caller's unread messages in its chat. */
export const getTaskDocument = graphql(
  'query GetTask($id: ID!) { getTask(id: $id) { ...BoardTask description createdAt unread followers { ...TaskPerson } author { ...TaskPerson } } }',
  [boardTaskFragment, taskPersonFragment],
);

export type TaskDetail = ResultOf<typeof getTaskDocument>['getTask'];

export const getTagsDocument = graphql('query GetTags($project: ID!) { getTags(project: $project) { ...Tag } }', [tagFragment]);

export const setTaskDocument = graphql(
  `
    mutation SetTask($project: ID!, $name: String!, $state: ID, $positionSection: Float, $parentTask: ID) {
      setTask(project: $project, name: $name, state: $state, positionSection: $positionSection, parentTask: $parentTask) {
        ...BoardTask
      }
    }
  `,
  [boardTaskFragment],
);

export type NewTask = VariablesOf<typeof setTaskDocument>;

/** An edit: a missing field changes nothing; null clears deadline, length, cover, sprint, parentTask and description. */
export const ediTaskDocument = graphql(
  `
    mutation EdiTask(
      $id: ID!
      $project: ID
      $name: String
      $state: ID
      $priority: Int
      $positionSection: Float
      $deadline: String
      $length: TaskLengthInput
      $cover: String
      $sprint: ID
      $tags: [ID!]
      $users: [ID!]
      $parentTask: ID
      $description: JSON
    ) {
      ediTask(
        id: $id
        project: $project
        name: $name
        state: $state
        priority: $priority
        positionSection: $positionSection
        deadline: $deadline
        length: $length
        cover: $cover
        sprint: $sprint
        tags: $tags
        users: $users
        parentTask: $parentTask
        description: $description
      ) {
        ...BoardTask
      }
    }
  `,
  [boardTaskFragment],
);

/**
 * An edit as the screens make it: a missing field changes nothing; null clears deadline, length, cover, sprint,
 * parentTask and description (the document takes null for the others too, which would not mean anything).
 */
export interface TaskEdit {
  id: string;
  project?: string;
  name?: string;
  state?: string;
  priority?: number;
  positionSection?: number;
  deadline?: string | null;
  length?: TaskLength | null;
  cover?: string | null;
  sprint?: string | null;
  tags?: string[];
  users?: string[];
  parentTask?: string | null;
  description?: RichNode | null;
}

export const delTaskDocument = graphql(
  'mutation DelTask($task: ID!, $delSubtasks: Boolean) { delTask(task: $task, delSubtasks: $delSubtasks) }',
);

export const duplicateTaskDocument = graphql('mutation DuplicateTask($id: ID!) { duplicateTask(id: $id) { ...BoardTask } }', [
  boardTaskFragment,
]);

/** Following answers with the followers as well: the panel lists them (the board's cards do not carry them). */
export const followTaskDocument = graphql(
  'mutation FollowTask($id: ID!) { followTask(id: $id) { ...BoardTask followers { ...TaskPerson } } }',
  [boardTaskFragment, taskPersonFragment],
);
export const unfollowTaskDocument = graphql(
  'mutation UnfollowTask($id: ID!) { unfollowTask(id: $id) { ...BoardTask followers { ...TaskPerson } } }',
  [boardTaskFragment, taskPersonFragment],
);

export const createStateDocument = graphql(
  'mutation CreateState($project: ID!, $value: String!, $icon: Int) { createState(project: $project, value: $value, icon: $icon) { ...ProjectState } }',
  [projectStateFragment],
);

export const updateStateDocument = graphql(
  'mutation UpdateState($id: ID!, $value: String, $icon: Int) { updateState(id: $id, value: $value, icon: $icon) { ...ProjectState } }',
  [projectStateFragment],
);

export const deleteStateDocument = graphql(
  'mutation DeleteState($id: ID!, $moveTo: ID) { deleteState(id: $id, moveTo: $moveTo) { ...ProjectState } }',
  [projectStateFragment],
);

export const updateStatesDocument = graphql(
  'mutation UpdateStates($ids: [ID!]!, $positions: [Float!]!) { updateStates(ids: $ids, positions: $positions) { ...ProjectState } }',
  [projectStateFragment],
);

export const setTagDocument = graphql(
  `
    mutation SetTag($project: ID!, $name: String!, $color: String, $isSprint: Boolean) {
      setTag(project: $project, name: $name, color: $color, isSprint: $isSprint) {
        ...Tag
      }
    }
  `,
  [tagFragment],
);

export const ediTagDocument = graphql(
  'mutation EdiTag($id: ID!, $name: String, $color: String) { ediTag(id: $id, name: $name, color: $color) { ...Tag } }',
  [tagFragment],
);

export const delTagDocument = graphql('mutation DelTag($id: ID!) { delTag(id: $id) }');

export const suggestPicsDocument = graphql(
  'query SuggestPics($name: String!, $value: Int) { suggestPics(name: $name, value: $value) { img name author authorUrl } }',
);

export type Pic = ResultOf<typeof suggestPicsDocument>['suggestPics'][number];

/** A page of a task's history: each entry's changes carry the field and its values before and after (JSON). */
export const getTaskActivityDocument = graphql(
  `
    query GetTaskActivity($task: ID!, $first: Int, $after: String) {
      getTaskActivity(task: $task, first: $first, after: $after) {
        entries {
          id
          type
          createdAt
          actor {
            ...TaskPerson
          }
          changes {
            field
            from
            to
          }
        }
        nextCursor
      }
    }
  `,
  [taskPersonFragment],
);

export type TaskActivity = ResultOf<typeof getTaskActivityDocument>['getTaskActivity']['entries'][number];
export type TaskFieldChange = TaskActivity['changes'][number];

/** A change on the board: what changed (type) and what it carries, with the event's position in the log (seq). */
export const subTaskDocument = graphql(
  `
    subscription SubTask($project: ID!) {
      subTask(project: $project) {
        type
        seq
        project
        taskId
        stateId
        tagId
        moveTo
        positionField
        task {
          ...BoardTask
        }
        states {
          ...ProjectState
        }
        tags {
          ...Tag
        }
        positions {
          id
          position
        }
      }
    }
  `,
  [boardTaskFragment, projectStateFragment, tagFragment],
);

export type TaskChange = ResultOf<typeof subTaskDocument>['subTask'];
export type TaskPosition = NonNullable<TaskChange['positions']>[number];
