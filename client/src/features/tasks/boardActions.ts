/** The board's task writes: optimistic on screen at once, rolled back with a toast when the server refuses. */
import { positionBetween } from '#shared/ordering';
import { request } from '../../lib/graphql';
import { i18n } from '../../lib/i18n';
import type { AppStore } from '../../lib/store';
import { showToast } from '../../ui';
import { planLimitToastExtras } from '../planLimits/planLimits';
import { getSpaceWithMembersDocument } from '../spaces/operations';
import { isNotFoundError } from '../spaces/useSpaceLookup';
import { replayPendingEdits } from './pendingEdits';
import {
  allColumnsOf,
  beginEdit,
  boardAsRead,
  boardAtom,
  dropPosition,
  firstScreenCards,
  putBackTask,
  removeTask,
  settleEdit,
  spaceMembersAtom,
  startHearing,
  taskDeletions,
  temporaryTaskId,
  upsertAnsweredTask,
  upsertTask,
} from './atoms';
import {
  delTaskDocument,
  duplicateTaskDocument,
  ediTaskDocument,
  followTaskDocument,
  getStatesProjectDocument,
  getTagsDocument,
  getTasksDocument,
  getTasksFirstScreenDocument,
  setTaskDocument,
  unfollowTaskDocument,
  type BoardTask,
  type TaskPerson,
  type TaskEdit,
} from './operations';

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : i18n.t('tasks.errors.generic');
}

export function refused(title: string, error: unknown): void {
  showToast({ title, message: messageOf(error), icon: 'error', ...planLimitToastExtras(error) });
}

/** The whole board's read, per store, for the writes that must wait for it (positions at a section's end). */
const wholeBoardReads = new WeakMap<AppStore, Promise<void>>();

/**
 * Reads the space's sections, tags and the first screen of cards, draws them, then reads the whole board;
 * a reload (reconnection) keeps the board on screen meanwhile, and lays over what it reads what was heard meanwhile
 * and the caller's writes still on their way (boardAsRead). Failures show in place: NOT_FOUND as the not-found page, anything
 * else with a retry.
 */
export async function loadBoard(store: AppStore, project: string): Promise<void> {
  store.set(boardAtom, (board) =>
    board.project === project && board.status !== 'error'
      ? board
      : { project, states: [], tasks: new Map(), tags: [], status: 'loading', complete: false },
  );
  const inPlace = { handledByCaller: true };
  const showing = store.get(boardAtom).status === 'ready';
  let release = () => {};
  wholeBoardReads.set(store, new Promise<void>((resolve) => (release = resolve)));
  const reading = startHearing(store);
  try {
    const whole = showing ? request(getTasksDocument, { project }, inPlace) : null;
    const [{ getStatesProject }, { getTags }, firstScreen] = await Promise.all([
      request(getStatesProjectDocument, { project }, inPlace),
      request(getTagsDocument, { project }, inPlace),
      whole ?? request(getTasksFirstScreenDocument, { project, perSection: firstScreenCards }, inPlace),
    ]);
    if (store.get(boardAtom).project !== project) return;
    store.set(boardAtom, (board) => ({
      ...board,
      ...boardAsRead(store, board, reading.heard, { states: getStatesProject, tags: getTags ?? [], tasks: firstScreen.getTasks }),
      project,
      status: 'ready',
      complete: whole !== null || board.complete,
    }));
    if (!whole) {
      const { getTasks } = await request(getTasksDocument, { project }, inPlace);
      if (store.get(boardAtom).project !== project) return;
      store.set(boardAtom, (board) => ({ ...board, ...boardAsRead(store, board, reading.heard, { tasks: getTasks }), complete: true }));
    }
    // What an earlier page typed into this space's tasks and never saw saved (a reload mid-typing).
    void replayPendingEdits(store, project);
  } catch (error) {
    if (store.get(boardAtom).project !== project) return;
    const status = isNotFoundError(error) ? 'notFound' : 'error';
    store.set(boardAtom, (board) => ({ ...board, status: board.status === 'ready' && status === 'error' ? 'ready' : status }));
  } finally {
    reading.end();
    release();
  }
}

/** Runs `action` now when the whole board is read, else once its read ends (or failed: then against what is shown). */
function afterWholeBoard<Result>(store: AppStore, action: () => Promise<Result>): Promise<Result> {
  const reading = store.get(boardAtom).complete ? undefined : wholeBoardReads.get(store);
  return reading ? reading.then(action) : action();
}

/** Reads who can be assigned in the space; the pickers fall back to the people already on tasks meanwhile. */
export async function loadMembers(store: AppStore, project: string): Promise<void> {
  try {
    const { getProjectBasic } = await request(getSpaceWithMembersDocument, { id: project }, { handledByCaller: true });
    store.set(spaceMembersAtom, {
      project,
      people: getProjectBasic.users.map(({ id, firstname, lastname, profileImg }) => ({ id, firstname, lastname, profileImg })),
    });
  } catch {
    store.set(spaceMembersAtom, (current) => current ?? { project, people: [] });
  }
}

let nextTemporaryId = 1;

function temporaryTask(fields: Pick<BoardTask, 'name' | 'state' | 'project' | 'positionSection' | 'parentTask'>): BoardTask {
  return {
    id: temporaryTaskId(nextTemporaryId++),
    idCode: '…',
    color: '',
    priority: 1,
    deadline: null,
    canEdit: false,
    canDelete: false,
    users: [],
    tags: [],
    sprint: null,
    cover: null,
    length: null,
    isFollowing: true,
    updatedAt: new Date().toISOString(),
    files: [],
    ...fields,
  };
}

/** Adds a task at the end of a section (or as a subtask): a temporary card at once, replaced by the server's. */
export function createTask(
  store: AppStore,
  project: string,
  state: string,
  name: string,
  parentTask: string | null = null,
): Promise<BoardTask | null> {
  return afterWholeBoard(store, () => createTaskNow(store, project, state, name, parentTask));
}

async function createTaskNow(
  store: AppStore,
  project: string,
  state: string,
  name: string,
  parentTask: string | null,
): Promise<BoardTask | null> {
  const column = allColumnsOf(store.get(boardAtom)).get(state) ?? [];
  const positionSection = positionBetween(column.at(-1)?.positionSection ?? null, null);
  const temporary = temporaryTask({ name, state, project, positionSection, parentTask });
  upsertTask(store, temporary);
  try {
    const variables = parentTask ? { project, name, state, positionSection, parentTask } : { project, name, state, positionSection };
    const { setTask } = await request(setTaskDocument, variables, { handledByCaller: true });
    removeTask(store, temporary.id);
    upsertAnsweredTask(store, setTask);
    return setTask;
  } catch (error) {
    removeTask(store, temporary.id);
    refused(i18n.t('tasks.errors.create'), error);
    return null;
  }
}

/**
 * Saves an edit of a task, shown at once (`preview` is how it looks meanwhile) and taken back if refused; other edits
 * of the task still on their way stay shown whatever lands first (beginEdit, settleEdit). `idempotencyKey`: the key
 * of an edit kept on the device until saved (pendingEdits.ts), so a replay after a reload is the same mutation.
 */
export async function editTask(
  store: AppStore,
  edit: TaskEdit,
  failureTitle: string,
  preview?: Partial<BoardTask>,
  idempotencyKey?: string,
): Promise<boolean> {
  const { description: _description, sprint: _sprint, tags: _tags, users: _users, ...plain } = edit;
  const key = beginEdit(store, edit.id, { ...plain, ...preview });
  try {
    const { ediTask } = await request(ediTaskDocument, edit, {
      handledByCaller: true,
      ...(idempotencyKey ? { idempotencyKey, resendLost: true } : {}),
    });
    const here = ediTask.project === store.get(boardAtom).project;
    if (!here) removeTask(store, ediTask.id);
    if (key !== null) settleEdit(store, edit.id, key, here ? ediTask : null);
    else if (here) upsertAnsweredTask(store, ediTask);
    return true;
  } catch (error) {
    if (key !== null) settleEdit(store, edit.id, key, null);
    refused(failureTitle, error);
    return false;
  }
}

/** Moves a card into `state`, just before `beforeId` (the end when null). */
export function moveTask(store: AppStore, id: string, state: string, beforeId: string | null): Promise<boolean> {
  return afterWholeBoard(store, () => moveTaskNow(store, id, state, beforeId));
}

function moveTaskNow(store: AppStore, id: string, state: string, beforeId: string | null): Promise<boolean> {
  const board = store.get(boardAtom);
  const task = board.tasks.get(id);
  if (!task || id === beforeId) return Promise.resolve(false);
  const positionSection = dropPosition(allColumnsOf(board).get(state) ?? [], id, beforeId);
  return editTask(store, { id, state, positionSection }, i18n.t('tasks.errors.move'));
}

export function subtasksOf(store: AppStore, id: string): BoardTask[] {
  return [...store.get(boardAtom).tasks.values()].filter((task) => task.parentTask === id);
}

/**
 * Deletes a task; its subtasks go with it when `delSubtasks`, otherwise they become top-level tasks. Until the answer,
 * nothing heard brings the deleted tasks back; a refusal puts them back unless the task is gone: the server says it is
 * not found (its deletion is then kept), or its deletion or its move to another space was heard meanwhile.
 */
export async function deleteTask(store: AppStore, id: string, delSubtasks = false): Promise<boolean> {
  const previous = store.get(boardAtom).tasks.get(id);
  const subtasks = subtasksOf(store, id);
  const deleted = [id, ...(delSubtasks ? subtasks.map((subtask) => subtask.id) : [])];
  const deletions = taskDeletions(store);
  for (const deletedId of deleted) {
    deletions.begin(deletedId);
    removeTask(store, deletedId);
  }
  if (!delSubtasks) for (const subtask of subtasks) upsertTask(store, { ...subtask, parentTask: null });
  const hearing = startHearing(store);
  try {
    await request(delTaskDocument, subtasks.length > 0 ? { task: id, delSubtasks } : { task: id }, { handledByCaller: true });
    for (const deletedId of deleted) deletions.confirm(deletedId);
    return true;
  } catch (error) {
    // Not found: the task is gone for the caller, and nothing on its way may bring it back.
    if (isNotFoundError(error)) deletions.confirm(id);
    const gone = new Set(deleted.filter((deletedId) => deletions.refuse(deletedId)));
    if (previous && !gone.has(id)) putBackTask(store, previous, hearing.heard);
    if (!gone.has(id)) for (const subtask of subtasks) if (!gone.has(subtask.id)) putBackTask(store, subtask, hearing.heard);
    refused(i18n.t('tasks.errors.delete'), error);
    return false;
  } finally {
    hearing.end();
  }
}

export async function duplicateTask(store: AppStore, id: string): Promise<BoardTask | null> {
  try {
    const { duplicateTask: copy } = await request(duplicateTaskDocument, { id }, { handledByCaller: true });
    upsertAnsweredTask(store, copy);
    showToast({ message: i18n.t('tasks.actions.duplicated', { code: copy.idCode }), icon: 'success' });
    return copy;
  } catch (error) {
    refused(i18n.t('tasks.errors.duplicate'), error);
    return null;
  }
}

/**
 * Moves a task (and its subtasks) to another space of the team: it leaves this board at once. A refusal puts them back,
 * unless they left the board meanwhile (deleted, or moved elsewhere by someone, heard while the move was on its way).
 */
export async function moveTaskToSpace(store: AppStore, id: string, project: string, spaceName: string): Promise<boolean> {
  const previous = store.get(boardAtom).tasks.get(id);
  const subtasks = subtasksOf(store, id);
  removeTask(store, id);
  for (const subtask of subtasks) removeTask(store, subtask.id);
  const hearing = startHearing(store);
  try {
    await request(ediTaskDocument, { id, project }, { handledByCaller: true });
    showToast({ message: i18n.t('tasks.actions.movedTo', { space: spaceName }), icon: 'success' });
    return true;
  } catch (error) {
    if (previous) putBackTask(store, previous, hearing.heard);
    for (const subtask of subtasks) putBackTask(store, subtask, hearing.heard);
    refused(i18n.t('tasks.errors.moveSpace'), error);
    return false;
  } finally {
    hearing.end();
  }
}

/**
 * Follows or unfollows; the server refuses an assignee's unfollow (SPEC §4), which the toast explains.
 * Answers the task's followers now, or null when refused.
 */
export async function setFollowing(store: AppStore, id: string, follow: boolean): Promise<TaskPerson[] | null> {
  const key = beginEdit(store, id, { isFollowing: follow });
  try {
    const result = follow
      ? (await request(followTaskDocument, { id }, { handledByCaller: true })).followTask
      : (await request(unfollowTaskDocument, { id }, { handledByCaller: true })).unfollowTask;
    const { followers, ...task } = result;
    if (key !== null) settleEdit(store, id, key, task);
    else upsertAnsweredTask(store, task);
    return followers;
  } catch (error) {
    if (key !== null) settleEdit(store, id, key, null);
    refused(i18n.t(follow ? 'tasks.errors.follow' : 'tasks.errors.unfollow'), error);
    return null;
  }
}
