/** The open space's board: its sections and tasks, kept live by subTask (SPEC §4, §7). */
import { positionBetween } from '#shared/ordering';
import { atom, type AppStore } from '../../lib/store';
import type { BoardTask, ProjectState, TaskChange } from './operations';

export interface BoardData {
  /** The space the board belongs to; null before the first load. */
  project: string | null;
  states: ProjectState[];
  tasks: ReadonlyMap<string, BoardTask>;
  status: 'idle' | 'loading' | 'ready' | 'error';
}

export const emptyBoard: BoardData = { project: null, states: [], tasks: new Map(), status: 'idle' };

export const boardAtom = atom<BoardData>(emptyBoard);

/** Top-level tasks of each section, sorted by position. */
export const boardColumnsAtom = atom((get) => columnsOf(get(boardAtom)));

export function columnsOf(board: BoardData): Map<string, BoardTask[]> {
  const columns = new Map<string, BoardTask[]>(board.states.map((state) => [state.id, []]));
  for (const task of board.tasks.values()) {
    if (task.parentTask) continue;
    columns.get(task.state)?.push(task);
  }
  for (const list of columns.values()) list.sort((a, b) => a.positionSection - b.positionSection);
  return columns;
}

export function sortStates(states: readonly ProjectState[]): ProjectState[] {
  return [...states].sort((a, b) => a.position - b.position);
}

export function upsertTask(store: AppStore, task: BoardTask): void {
  store.set(boardAtom, (board) => {
    if (board.project !== task.project) return board;
    const tasks = new Map(board.tasks);
    tasks.set(task.id, task);
    return { ...board, tasks };
  });
}

export function removeTask(store: AppStore, id: string): void {
  store.set(boardAtom, (board) => {
    if (!board.tasks.has(id)) return board;
    const tasks = new Map(board.tasks);
    tasks.delete(id);
    return { ...board, tasks };
  });
}

/** Applies one live change of the board (upsert by id, drop when deleted or moved away). */
export function applyTaskChange(board: BoardData, change: TaskChange): BoardData {
  if (board.project !== change.project) return board;
  let { tasks, states } = board;
  if (change.taskId && change.type.startsWith('task.')) {
    const next = new Map(tasks);
    if (change.task && change.task.project === board.project) next.set(change.task.id, change.task);
    else next.delete(change.taskId);
    tasks = next;
  }
  if (change.states) states = sortStates(change.states);
  if (change.type === 'state.deleted' && change.stateId && change.moveTo) {
    const next = new Map(tasks);
    for (const task of next.values()) if (task.state === change.stateId) next.set(task.id, { ...task, state: change.moveTo });
    tasks = next;
  }
  if (change.positions && change.positionField === 'positionSection') {
    const next = new Map(tasks);
    for (const { id, position } of change.positions) {
      const task = next.get(id);
      if (task) next.set(id, { ...task, positionSection: position });
    }
    tasks = next;
  }
  return tasks === board.tasks && states === board.states ? board : { ...board, tasks, states };
}

/**
 * The positionSection for a card dropped into `column` just before `beforeId` (at the end when
 * null), between its new neighbours; the moving card itself is left out of the neighbours.
 */
export function dropPosition(column: readonly BoardTask[], movingId: string, beforeId: string | null): number {
  const others = column.filter((task) => task.id !== movingId);
  const index = beforeId === null ? others.length : others.findIndex((task) => task.id === beforeId);
  const at = index < 0 ? others.length : index;
  return positionBetween(others[at - 1]?.positionSection ?? null, others[at]?.positionSection ?? null);
}

export type TaskView = 'board' | 'list';

/** How the tasks area shows a space's tasks. */
export const taskViewAtom = atom<TaskView>('board');
