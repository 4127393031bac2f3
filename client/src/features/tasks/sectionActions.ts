/** Section (project state) writes (SPEC §4): created, renamed, given an icon, deleted into another section, reordered in bulk. */
import { applyWrites, reorderWrites } from '#shared/reorder';
import { request } from '../../lib/graphql';
import { i18n } from '../../lib/i18n';
import type { AppStore } from '../../lib/store';
import { boardAtom, sortStates } from './atoms';
import { isNotFoundError } from '../spaces/useSpaceLookup';
import { refused } from './boardActions';
import { createStateDocument, deleteStateDocument, updateStateDocument, updateStatesDocument, type ProjectState } from './operations';

function setStates(store: AppStore, project: string, states: readonly ProjectState[]): void {
  store.set(boardAtom, (board) => (board.project === project ? { ...board, states: sortStates(states) } : board));
}

/** Keeps a section the server returned, whether or not its live echo came first. */
function keepState(store: AppStore, state: ProjectState): void {
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

/** Deletes a section; its tasks go to the end of `moveTo` (the server sends their positions live). */
export async function deleteSection(store: AppStore, id: string, moveTo: string): Promise<boolean> {
  const before = store.get(boardAtom);
  if (!before.project) return false;
  const tasks = new Map(before.tasks);
  for (const task of tasks.values()) if (task.state === id) tasks.set(task.id, { ...task, state: moveTo });
  store.set(boardAtom, { ...before, tasks, states: before.states.filter((state) => state.id !== id) });
  try {
    const { deleteState } = await request(deleteStateDocument, { id, moveTo }, { handledByCaller: true });
    keepShownStates(store, before.project, deleteState);
    return true;
  } catch (error) {
    // Refused because someone deleted it first: it stays gone (its live echo may have come already).
    if (!isNotFoundError(error))
      store.set(boardAtom, (board) =>
        board.project === before.project ? { ...board, states: before.states, tasks: before.tasks } : board,
      );
    refused(i18n.t('tasks.errors.sectionDelete'), error);
    return false;
  }
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
