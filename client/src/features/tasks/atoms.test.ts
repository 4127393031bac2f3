import { describe, expect, it } from 'vitest';
import { applyTaskChange, columnsOf, dropPosition, type BoardData } from './atoms';
import type { BoardTask, TaskChange } from './operations';

const project = 'p1';
const card = (id: string, state: string, positionSection: number, parentTask: string | null = null): BoardTask => ({
  id, idCode: id, name: id, color: '', priority: 1, positionSection, state, deadline: null, project, parentTask, canEdit: true, canDelete: true, users: [], tags: [],
});
const board: BoardData = {
  project,
  states: [{ id: 's1', value: 'A', position: 1, icon: 0, project }, { id: 's2', value: 'B', position: 2, icon: 0, project }],
  tasks: new Map([card('a', 's1', 1024), card('b', 's1', 2048), card('c', 's2', 1024), card('sub', 's1', 10, 'a')].map((task) => [task.id, task])),
  status: 'ready',
};
const change = (overrides: Partial<TaskChange>): TaskChange => ({
  type: 'task.updated', seq: 1, project, taskId: null, task: null, stateId: null, moveTo: null, states: null, positionField: null, positions: null, ...overrides,
});

describe('board columns and positions', () => {
  it('puts top-level tasks in their section in position order', () => {
    const columns = columnsOf(board);
    expect(columns.get('s1')?.map((task) => task.id)).toEqual(['a', 'b']);
    expect(columns.get('s2')?.map((task) => task.id)).toEqual(['c']);
  });

  it('places a dropped card between its new neighbours, leaving itself out', () => {
    const column = columnsOf(board).get('s1') ?? [];
    expect(dropPosition(column, 'c', 'a')).toBe(0);
    expect(dropPosition(column, 'c', 'b')).toBe(1536);
    expect(dropPosition(column, 'c', null)).toBe(3072);
    expect(dropPosition(column, 'a', null)).toBe(3072);
    expect(dropPosition([], 'a', null)).toBe(1024);
  });
});

describe('live changes', () => {
  it('upserts by id and removes deleted or moved-away tasks', () => {
    const renamed = applyTaskChange(board, change({ taskId: 'a', task: { ...card('a', 's2', 5000), name: 'renamed' } }));
    expect(renamed.tasks.get('a')).toMatchObject({ name: 'renamed', state: 's2' });
    expect(applyTaskChange(board, change({ type: 'task.deleted', taskId: 'b' })).tasks.has('b')).toBe(false);
    expect(applyTaskChange(board, change({ taskId: 'b', task: { ...card('b', 's1', 1), project: 'other' } })).tasks.has('b')).toBe(false);
  });

  it('ignores other spaces', () => {
    expect(applyTaskChange(board, change({ project: 'other', taskId: 'a' }))).toBe(board);
  });

  it('moves the tasks of a deleted section and applies respaced positions', () => {
    const states = [board.states[1]!];
    const deleted = applyTaskChange(board, change({ type: 'state.deleted', stateId: 's1', moveTo: 's2', states, positionField: 'positionSection', positions: [{ id: 'a', position: 3000 }] }));
    expect(deleted.states).toEqual(states);
    expect(deleted.tasks.get('a')).toMatchObject({ state: 's2', positionSection: 3000 });
    expect(deleted.tasks.get('b')?.state).toBe('s2');
  });
});
