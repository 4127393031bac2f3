/** Section (project state) writes (SPEC §4): created, renamed, given an icon, deleted into another section, reordered in bulk. */
import { applyWrites, reorderWrites } from '#shared/reorder';
import { request, RequestError } from '../../lib/graphql';
import { i18n } from '../../lib/i18n';
import type { AppStore } from '../../lib/store';
import { boardAtom, sectionDeletions, sortStates } from './atoms';
import { isNotFoundError } from '../spaces/useSpaceLookup';
import { loadBoard, refused } from './boardActions';
import {
  createStateDocument,
  deleteStateDocument,
  updateStateDocument,
  updateStatesDocument,
  type BoardTask,
  type ProjectState,
} from './operations';

function setStates(store: AppStore, project: string, states: readonly ProjectState[]): void {
  store.set(boardAtom, (board) => (board.project === project ? { ...board, states: sortStates(states) } : board));
}

/** Keeps a section the server returned, whether or not its live echo came first, unless it was deleted meanwhile. */
function keepState(store: AppStore, state: ProjectState): void {
  if (sectionDeletions(store).has(state.id)) return;
  const { states } = store.get(boardAtom);
  setStates(store, state.project, [...states.filter((known) => known.id !== state.id), state]);
}

/**
 * The sections a write's answer (or its rollback) has, for the sections still shown only: one deleted meanwhile
 * stays gone and one created meanwhile stays, whichever of the answer and their live echoes came first.
 */
function keepShownStates(store: AppStore, project: string, answered: readonly ProjectState[]): void {
  const byId = new Map(answered.map((state) => [state.id, state]));
  store.set(boardAtom, (board) =>
    board.project === project ? { ...board, states: sortStates(board.states.map((state) => byId.get(state.id) ?? state)) } : board,
  );
}

export async function createSection(store: AppStore, project: string, value: string, icon: number): Promise<boolean> {
  try {
    const { createState } = await request(createStateDocument, { project, value, icon }, { handledByCaller: true });
    keepState(store, createState);
    return true;
  } catch (error) {
    refused(i18n.t('tasks.errors.section'), error);
    return false;
  }
}

/** Renames a section or changes its icon, on screen at once. */
export async function updateSection(store: AppStore, id: string, change: { value?: string; icon?: number }): Promise<boolean> {
  const { states, project } = store.get(boardAtom);
  const previous = states.find((state) => state.id === id);
  if (!previous || !project) return false;
  keepState(store, { ...previous, ...change });
  try {
    const { updateState } = await request(updateStateDocument, { id, ...change }, { handledByCaller: true });
    keepShownStates(store, project, [updateState]);
    return true;
  } catch (error) {
    keepShownStates(store, project, [previous]);
    refused(i18n.t('tasks.errors.section'), error);
    return false;
  }
}

/**
 * Deletes a section; its tasks go to the end of `moveTo` (the server sends their positions live), and until the answer
 * no echo lists the section again. A refusal as not found, or any refusal once someone's deletion of the section was
 * heard, reads the board again: the section may be gone (someone deleted it first, moving its tasks elsewhere) or
 * `moveTo` may be (deleted meanwhile), and only the server knows where the tasks are; a section not found stays deleted.
 * Any other refusal puts back the section and the tasks this deletion moved, leaving whatever was heard live meanwhile
 * as it came.
 */
export async function deleteSection(store: AppStore, id: string, moveTo: string): Promise<boolean> {
  const before = store.get(boardAtom);
  const { project } = before;
  const deleted = before.states.find((state) => state.id === id);
  if (!project || !deleted) return false;
  const moved = [...before.tasks.values()].filter((task) => task.state === id);
  const tasks = new Map(before.tasks);
  for (const task of moved) tasks.set(task.id, { ...task, state: moveTo });
  const deletions = sectionDeletions(store);
  deletions.begin(id);
  store.set(boardAtom, { ...before, tasks, states: before.states.filter((state) => state.id !== id) });
  try {
    const { deleteState } = await request(deleteStateDocument, { id, moveTo }, { handledByCaller: true });
    deletions.confirm(id);
    keepShownStates(store, project, deleteState);
    return true;
  } catch (error) {
    refused(i18n.t('tasks.errors.sectionDelete'), error);
    // The section itself not found (not `moveTo`): it is gone for the caller, and nothing on its way may bring it back.
    if (isSectionNotFound(error)) deletions.confirm(id);
    // Someone's deletion of the section heard meanwhile: it stays gone, and where its tasks went only the server knows.
    const goneHeard = deletions.refuse(id);
    if (!goneHeard && !isNotFoundError(error)) putBackSection(store, deleted, moved);
    // Only while the space is still open: loading another one would switch the board to it.
    else if (store.get(boardAtom).project === project) await loadBoard(store, project);
    return false;
  }
}

/** Whether a refusal says the section itself is not found (or not visible), not the one its tasks were to go to. */
const isSectionNotFound = (error: unknown): boolean =>
  isNotFoundError(error) && error instanceof RequestError && error.details.reason === 'SECTION_NOT_FOUND';

/**
 * Undoes a refused deletion on screen: the section comes back (unless a live change listed it again already), and
 * each task it moved goes back to it unless the task changed since (a newer version heard live is the server's word;
 * a live relabel into another section, `moveTo` deleted meanwhile, is not: the server kept the task in this one).
 */
function putBackSection(store: AppStore, section: ProjectState, moved: readonly BoardTask[]): void {
  store.set(boardAtom, (board) => {
    if (board.project !== section.project) return board;
    const states = board.states.some((state) => state.id === section.id) ? board.states : sortStates([...board.states, section]);
    const tasks = new Map(board.tasks);
    for (const task of moved) {
      const current = tasks.get(task.id);
      if (current && current.updatedAt === task.updatedAt) tasks.set(task.id, { ...current, state: section.id });
    }
    return { ...board, states, tasks };
  });
}

/** Puts a section at `toIndex` (among the others): one position written, or all of them when they have to be respread. */
export async function reorderSection(store: AppStore, id: string, toIndex: number): Promise<boolean> {
  const { states, project } = store.get(boardAtom);
  const writes = reorderWrites(states, id, toIndex);
  if (writes.length === 0 || !project) return false;
  setStates(store, project, applyWrites(states, writes));
  try {
    const { updateStates } = await request(
      updateStatesDocument,
      { ids: writes.map((write) => write.id), positions: writes.map((write) => write.position) },
      { handledByCaller: true },
    );
    keepShownStates(store, project, updateStates);
    return true;
  } catch (error) {
    keepShownStates(
      store,
      project,
      states.filter((state) => writes.some((write) => write.id === state.id)),
    );
    refused(i18n.t('tasks.errors.sectionMove'), error);
    return false;
  }
}
