import type { NotificationType } from '#shared/notifications';
import type { TaskLengthUnit } from '#shared/taskRules';
import type { DomainEvent } from '../../core/events';

export interface TaskLength {
  amount: number;
  unit: TaskLengthUnit;
}

/** Every field of a task that commands set and the activity shows, as stored in events. */
export interface TaskFields {
  name: string;
  letter: string | null;
  color: string;
  description: unknown;
  cover: string | null;
  priority: number;
  deadline: string | null;
  length: TaskLength | null;
  parentTaskId: string | null;
  sprintId: string | null;
  stateId: string;
  tagIds: string[];
  assigneeIds: string[];
  positionSection: number;
  positionDuedate: number;
  positionAsignee: number;
}

export type TaskFieldName = keyof TaskFields;

export interface BoardCreated {
  projectId: string;
  teamId: string;
  prefix: string;
}
export interface StateCreated {
  stateId: string;
  projectId: string;
  value: string;
  icon: number;
  position: number;
}
export interface StateUpdated {
  stateId: string;
  projectId: string;
  changes: Partial<{ value: string; icon: number }>;
  previous: Partial<{ value: string; icon: number }>;
}
/** Its tasks go to the end of `moveTo`, keeping their order: each position grows by `positionOffset`. */
export interface StateDeleted {
  stateId: string;
  projectId: string;
  value: string;
  moveTo: string;
  positionOffset: number;
}
export interface StatesReordered {
  projectId: string;
  positions: { stateId: string; position: number }[];
}
export interface TagCreated {
  tagId: string;
  projectId: string;
  name: string;
  color: string;
  isSprint: boolean;
}
export interface TagUpdated {
  tagId: string;
  projectId: string;
  changes: Partial<{ name: string; color: string }>;
  previous: Partial<{ name: string; color: string }>;
}
export interface TagDeleted {
  tagId: string;
  projectId: string;
  name: string;
}
/** One position field of many tasks spread out again (see shared/src/ordering.ts). */
export interface TasksRespaced {
  projectId: string;
  field: 'positionSection' | 'positionDuedate' | 'positionAsignee';
  positions: { taskId: string; position: number }[];
}

export interface TaskCreated extends TaskFields {
  taskId: string;
  projectId: string;
  teamId: string;
  number: number;
  idCode: string;
  followerIds: string[];
  /** Set by duplicateTask: the task this one copies. */
  duplicateOf?: string;
}
/** Only what changed: new values in `changes`, the values they replaced in `previous`. */
export interface TaskUpdated {
  taskId: string;
  projectId: string;
  changes: Partial<TaskFields>;
  previous: Partial<TaskFields>;
  /** People who start following with this change (new assignees). */
  followersAdded: string[];
}
/** To another space of the same team: new number and code, a section, tags and people that fit there. */
export interface TaskMoved {
  taskId: string;
  fromProjectId: string;
  toProjectId: string;
  number: number;
  idCode: string;
  previousIdCode: string;
  changes: Pick<
    TaskFields,
    'stateId' | 'parentTaskId' | 'sprintId' | 'tagIds' | 'assigneeIds' | 'positionSection' | 'positionDuedate' | 'positionAsignee'
  >;
  previous: Pick<
    TaskFields,
    'stateId' | 'parentTaskId' | 'sprintId' | 'tagIds' | 'assigneeIds' | 'positionSection' | 'positionDuedate' | 'positionAsignee'
  >;
  followerIds: string[];
}
export interface TaskDeleted {
  taskId: string;
  projectId: string;
  idCode: string;
  name: string;
  /** The task whose deletion took this one with it, when it was a subtask. */
  withParent: string | null;
}
export interface TaskFollowChanged {
  taskId: string;
  projectId: string;
  userId: string;
}

/** Recorded now for the notifications area to show later; one per recipient. */
export interface NotificationCreated {
  notificationId: string;
  userId: string;
  type: NotificationType;
  teamId: string;
  projectId: string;
  taskId: string;
  authorId: string;
  description: string;
}

/** Board events go to the stream `board:<projectId>`; `type` strings are stored forever, never renamed. */
export type BoardEvent =
  | DomainEvent<'board.created', BoardCreated>
  | DomainEvent<'state.created', StateCreated>
  | DomainEvent<'state.updated', StateUpdated>
  | DomainEvent<'state.deleted', StateDeleted>
  | DomainEvent<'states.reordered', StatesReordered>
  | DomainEvent<'tag.created', TagCreated>
  | DomainEvent<'tag.updated', TagUpdated>
  | DomainEvent<'tag.deleted', TagDeleted>
  | DomainEvent<'tasks.respaced', TasksRespaced>;

/** Task events go to the stream `task:<taskId>`, which is also the task's activity. */
export type TaskEvent =
  | DomainEvent<'task.created', TaskCreated>
  | DomainEvent<'task.updated', TaskUpdated>
  | DomainEvent<'task.moved', TaskMoved>
  | DomainEvent<'task.deleted', TaskDeleted>
  | DomainEvent<'task.followed', TaskFollowChanged>
  | DomainEvent<'task.unfollowed', TaskFollowChanged>;

/** Notification events go to the stream `notifications:<userId>`. */
export type NotificationEvent = DomainEvent<'notification.created', NotificationCreated>;
