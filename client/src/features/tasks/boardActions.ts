/** The board's writes: optimistic on screen at once, rolled back with a toast when the server refuses. */
import { positionBetween } from '#shared/ordering';
import { request } from '../../lib/graphql';
import { i18n } from '../../lib/i18n';
import type { AppStore } from '../../lib/store';
import { showToast } from '../../ui';
import { boardAtom, columnsOf, dropPosition, removeTask, sortStates, upsertTask } from './atoms';
import { delTaskDocument, ediTaskDocument, getStatesProjectDocument, getTasksDocument, setTaskDocument, type BoardTask, type TaskEdit } from './operations';

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : i18n.t('tasks.errors.generic');
}

function refused(title: string, error: unknown): void {
  showToast({ title, message: messageOf(error), icon: 'error' });
}

/** Reads the space's sections and tasks; a reload (reconnection) keeps the board on screen meanwhile. */
export async function loadBoard(store: AppStore, project: string): Promise<void> {
  store.set(boardAtom, (board) => (board.project === project ? board : { project, states: [], tasks: new Map(), status: 'loading' }));
  try {
    const [{ getStatesProject }, { getTasks }] = await Promise.all([
      request(getStatesProjectDocument, { project }),
      request(getTasksDocument, { project }),
    ]);
    if (store.get(boardAtom).project !== project) return;
    store.set(boardAtom, { project, states: sortStates(getStatesProject), tasks: new Map(getTasks.map((task) => [task.id, task])), status: 'ready' });
  } catch {
    if (store.get(boardAtom).project === project) store.set(boardAtom, (board) => ({ ...board, status: board.status === 'ready' ? 'ready' : 'error' }));
  }
}

let nextTemporaryId = 1;

/** Adds a task at the end of a section: a temporary card at once, replaced by the server's. */
export async function createTask(store: AppStore, project: string, state: string, name: string): Promise<void> {
  const column = columnsOf(store.get(boardAtom)).get(state) ?? [];
  const positionSection = positionBetween(column.at(-1)?.positionSection ?? null, null);
  const temporary: BoardTask = {
    id: `temp-${nextTemporaryId++}`, idCode: '…', name, color: '', priority: 1, positionSection, state, deadline: null, project,
    parentTask: null, canEdit: false, canDelete: false, users: [], tags: [],
  };
  upsertTask(store, temporary);
  try {
    const { setTask } = await request(setTaskDocument, { project, name, state, positionSection }, { handledByCaller: true });
    removeTask(store, temporary.id);
    upsertTask(store, setTask);
  } catch (error) {
    removeTask(store, temporary.id);
    refused(i18n.t('tasks.errors.create'), error);
  }
}

/** Edits a task optimistically; the previous version comes back if the server refuses. */
export async function editTask(store: AppStore, edit: TaskEdit, failureTitle: string): Promise<boolean> {
  const previous = store.get(boardAtom).tasks.get(edit.id);
  if (previous) upsertTask(store, { ...previous, ...edit });
  try {
    const { ediTask } = await request(ediTaskDocument, edit, { handledByCaller: true });
    upsertTask(store, ediTask);
    return true;
  } catch (error) {
    if (previous) upsertTask(store, previous);
    refused(failureTitle, error);
    return false;
  }
}

/** Moves a card into `state`, just before `beforeId` (the end when null). */
export function moveTask(store: AppStore, id: string, state: string, beforeId: string | null): Promise<boolean> {
  const board = store.get(boardAtom);
  const task = board.tasks.get(id);
  if (!task || id === beforeId) return Promise.resolve(false);
  const positionSection = dropPosition(columnsOf(board).get(state) ?? [], id, beforeId);
  return editTask(store, { id, state, positionSection }, i18n.t('tasks.errors.move'));
}

export async function deleteTask(store: AppStore, id: string): Promise<boolean> {
  const previous = store.get(boardAtom).tasks.get(id);
  removeTask(store, id);
  try {
    await request(delTaskDocument, { task: id }, { handledByCaller: true });
    return true;
  } catch (error) {
    if (previous) upsertTask(store, previous);
    refused(i18n.t('tasks.errors.delete'), error);
    return false;
  }
}
