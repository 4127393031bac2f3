/** Tasks (SPEC §4, §7): typed documents of the board, the detail panel, sections and tags. */
import type { TaskLengthUnit } from '#shared/taskRules';
import { gql } from '../../lib/graphql';

export interface ProjectState {
  id: string;
  value: string;
  position: number;
  icon: number;
  project: string;
}

export interface TaskPerson {
  id: string;
  firstname: string;
  lastname: string;
  profileImg: string | null;
}

export interface TaskTag {
  id: string;
  name: string;
  color: string;
}

/** A tag or, with isSprint, a sprint of the space. */
export interface Tag extends TaskTag {
  isSprint: boolean;
  project: string;
}

export interface TaskLength {
  amount: number;
  unit: TaskLengthUnit;
}

/** A task with the fields the board, the list and the detail panel show (not its description: that is read per task). */
export interface BoardTask {
  id: string;
  idCode: string;
  name: string;
  color: string;
  /** 0 low, 1 normal, 2 high, 3 urgent. */
  priority: number;
  positionSection: number;
  /** The id of the task's section. */
  state: string;
  deadline: string | null;
  project: string;
  parentTask: string | null;
  canEdit: boolean;
  canDelete: boolean;
  users: TaskPerson[];
  tags: TaskTag[];
  sprint: TaskTag | null;
  cover: string | null;
  length: TaskLength | null;
  followers: TaskPerson[];
  isFollowing: boolean;
  updatedAt: string;
  /** The task's files, only their ids: the card shows how many; the Files tab reads them whole. */
  files: { id: string }[];
}

/** Rich text as Tiptap JSON (a doc node), as the server stores descriptions. */
export interface RichNode {
  type: string;
  attrs?: Record<string, string | number | boolean | null>;
  content?: RichNode[];
  marks?: { type: string; attrs?: Record<string, string | number | boolean | null> }[];
  text?: string;
}

export interface TaskDetail extends BoardTask {
  description: RichNode | null;
  createdAt: string;
  author: TaskPerson | null;
  /** The caller's unread messages in the task's chat. */
  unread: number;
}

export interface TaskPosition {
  id: string;
  position: number;
}

export interface TaskChange {
  type: string;
  seq: number;
  project: string;
  taskId: string | null;
  task: BoardTask | null;
  stateId: string | null;
  tagId?: string | null;
  moveTo: string | null;
  states: ProjectState[] | null;
  tags?: Tag[] | null;
  positionField: string | null;
  positions: TaskPosition[] | null;
}

const stateFields = 'id value position icon project';
const tagFields = 'id name color isSprint project';
const personFields = 'id firstname lastname profileImg';
const taskFields = `id idCode name color priority positionSection state deadline project parentTask canEdit canDelete updatedAt cover isFollowing
  users { ${personFields} } followers { ${personFields} } tags { id name color } sprint { id name color } length { amount unit } files { id }`;

export const getStatesProjectDocument = gql<{ getStatesProject: ProjectState[] }, { project: string }>(
  `query GetStatesProject($project: ID!) { getStatesProject(project: $project) { ${stateFields} } }`,
);

export const getTasksDocument = gql<{ getTasks: BoardTask[] }, { project: string }>(
  `query GetTasks($project: ID!) { getTasks(project: $project) { ${taskFields} } }`,
);

export const getTaskDocument = gql<{ getTask: TaskDetail }, { id: string }>(
  `query GetTask($id: ID!) { getTask(id: $id) { ${taskFields} description createdAt unread author { ${personFields} } } }`,
);

export const getTagsDocument = gql<{ getTags: Tag[] }, { project: string }>(
  `query GetTags($project: ID!) { getTags(project: $project) { ${tagFields} } }`,
);

export interface NewTask {
  project: string;
  name: string;
  state?: string;
  positionSection?: number;
  parentTask?: string;
}

export const setTaskDocument = gql<{ setTask: BoardTask }, NewTask>(
  `mutation SetTask($project: ID!, $name: String!, $state: ID, $positionSection: Float, $parentTask: ID) {
    setTask(project: $project, name: $name, state: $state, positionSection: $positionSection, parentTask: $parentTask) { ${taskFields} }
  }`,
);

/** An edit: a missing field changes nothing; null clears deadline, length, cover, sprint, parentTask and description. */
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

export const ediTaskDocument = gql<{ ediTask: BoardTask }, TaskEdit>(
  `mutation EdiTask($id: ID!, $project: ID, $name: String, $state: ID, $priority: Int, $positionSection: Float, $deadline: String,
    $length: TaskLengthInput, $cover: String, $sprint: ID, $tags: [ID!], $users: [ID!], $parentTask: ID, $description: JSON) {
    ediTask(id: $id, project: $project, name: $name, state: $state, priority: $priority, positionSection: $positionSection, deadline: $deadline,
      length: $length, cover: $cover, sprint: $sprint, tags: $tags, users: $users, parentTask: $parentTask, description: $description) { ${taskFields} }
  }`,
);

export const delTaskDocument = gql<{ delTask: boolean }, { task: string; delSubtasks?: boolean }>(
  `mutation DelTask($task: ID!, $delSubtasks: Boolean) { delTask(task: $task, delSubtasks: $delSubtasks) }`,
);

export const duplicateTaskDocument = gql<{ duplicateTask: BoardTask }, { id: string }>(
  `mutation DuplicateTask($id: ID!) { duplicateTask(id: $id) { ${taskFields} } }`,
);

export const followTaskDocument = gql<{ followTask: BoardTask }, { id: string }>(
  `mutation FollowTask($id: ID!) { followTask(id: $id) { ${taskFields} } }`,
);
export const unfollowTaskDocument = gql<{ unfollowTask: BoardTask }, { id: string }>(
  `mutation UnfollowTask($id: ID!) { unfollowTask(id: $id) { ${taskFields} } }`,
);

export const createStateDocument = gql<{ createState: ProjectState }, { project: string; value: string; icon?: number }>(
  `mutation CreateState($project: ID!, $value: String!, $icon: Int) { createState(project: $project, value: $value, icon: $icon) { ${stateFields} } }`,
);

export const updateStateDocument = gql<{ updateState: ProjectState }, { id: string; value?: string; icon?: number }>(
  `mutation UpdateState($id: ID!, $value: String, $icon: Int) { updateState(id: $id, value: $value, icon: $icon) { ${stateFields} } }`,
);

export const deleteStateDocument = gql<{ deleteState: ProjectState[] }, { id: string; moveTo: string }>(
  `mutation DeleteState($id: ID!, $moveTo: ID) { deleteState(id: $id, moveTo: $moveTo) { ${stateFields} } }`,
);

export const updateStatesDocument = gql<{ updateStates: ProjectState[] }, { ids: string[]; positions: number[] }>(
  `mutation UpdateStates($ids: [ID!]!, $positions: [Float!]!) { updateStates(ids: $ids, positions: $positions) { ${stateFields} } }`,
);

export const setTagDocument = gql<{ setTag: Tag }, { project: string; name: string; color?: string; isSprint?: boolean }>(
  `mutation SetTag($project: ID!, $name: String!, $color: String, $isSprint: Boolean) { setTag(project: $project, name: $name, color: $color, isSprint: $isSprint) { ${tagFields} } }`,
);

export const ediTagDocument = gql<{ ediTag: Tag }, { id: string; name?: string; color?: string }>(
  `mutation EdiTag($id: ID!, $name: String, $color: String) { ediTag(id: $id, name: $name, color: $color) { ${tagFields} } }`,
);

export const delTagDocument = gql<{ delTag: boolean }, { id: string }>(`mutation DelTag($id: ID!) { delTag(id: $id) }`);

export interface Pic {
  img: string;
  name: string;
  author: string | null;
  authorUrl: string | null;
}

export const suggestPicsDocument = gql<{ suggestPics: Pic[] }, { name: string; value?: number }>(
  `query SuggestPics($name: String!, $value: Int) { suggestPics(name: $name, value: $value) { img name author authorUrl } }`,
);

export interface TaskFieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

export interface TaskActivity {
  id: string;
  type: string;
  createdAt: string;
  actor: TaskPerson | null;
  changes: TaskFieldChange[];
}

export const getTaskActivityDocument = gql<
  { getTaskActivity: { entries: TaskActivity[]; nextCursor: string | null } },
  { task: string; first?: number; after?: string }
>(
  `query GetTaskActivity($task: ID!, $first: Int, $after: String) {
    getTaskActivity(task: $task, first: $first, after: $after) { entries { id type createdAt actor { ${personFields} } changes { field from to } } nextCursor }
  }`,
);

export const subTaskDocument = gql<{ subTask: TaskChange }, { project: string }>(
  `subscription SubTask($project: ID!) {
    subTask(project: $project) {
      type seq project taskId stateId tagId moveTo positionField
      task { ${taskFields} }
      states { ${stateFields} }
      tags { ${tagFields} }
      positions { id position }
    }
  }`,
);
