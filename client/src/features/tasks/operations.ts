/** Tasks (SPEC §4, §7): typed documents of the board. */
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

/** A task with the fields the board and the side panel show. */
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
  moveTo: string | null;
  states: ProjectState[] | null;
  positionField: string | null;
  positions: TaskPosition[] | null;
}

const stateFields = 'id value position icon project';
const taskFields =
  'id idCode name color priority positionSection state deadline project parentTask canEdit canDelete users { id firstname lastname profileImg } tags { id name color }';

export const getStatesProjectDocument = gql<{ getStatesProject: ProjectState[] }, { project: string }>(
  `query GetStatesProject($project: ID!) { getStatesProject(project: $project) { ${stateFields} } }`,
);

export const getTasksDocument = gql<{ getTasks: BoardTask[] }, { project: string }>(
  `query GetTasks($project: ID!) { getTasks(project: $project) { ${taskFields} } }`,
);

export const getTaskDocument = gql<{ getTask: BoardTask }, { id: string }>(`query GetTask($id: ID!) { getTask(id: $id) { ${taskFields} } }`);

export interface NewTask {
  project: string;
  name: string;
  state?: string;
  positionSection?: number;
}

export const setTaskDocument = gql<{ setTask: BoardTask }, NewTask>(
  `mutation SetTask($project: ID!, $name: String!, $state: ID, $positionSection: Float) {
    setTask(project: $project, name: $name, state: $state, positionSection: $positionSection) { ${taskFields} }
  }`,
);

export interface TaskEdit {
  id: string;
  name?: string;
  state?: string;
  priority?: number;
  positionSection?: number;
}

export const ediTaskDocument = gql<{ ediTask: BoardTask }, TaskEdit>(
  `mutation EdiTask($id: ID!, $name: String, $state: ID, $priority: Int, $positionSection: Float) {
    ediTask(id: $id, name: $name, state: $state, priority: $priority, positionSection: $positionSection) { ${taskFields} }
  }`,
);

export const delTaskDocument = gql<{ delTask: boolean }, { task: string }>(`mutation DelTask($task: ID!) { delTask(task: $task) }`);

export const subTaskDocument = gql<{ subTask: TaskChange }, { project: string }>(
  `subscription SubTask($project: ID!) {
    subTask(project: $project) {
      type seq project taskId stateId moveTo positionField
      task { ${taskFields} }
      states { ${stateFields} }
      positions { id position }
    }
  }`,
);
