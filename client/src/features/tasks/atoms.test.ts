import { describe, expect, it } from 'vitest';
import { createAppStore, type AppStore } from '../../lib/store';
import {
  allColumnsOf,
  applyTaskChange,
  beginEdit,
  boardAtom,
  columnTasksAtom,
  dropPosition,
  readViewPrefs,
  receiveTaskChange,
  settleEdit,
  taskFilterAtom,
  upsertAnsweredTask,
  upsertTask,
  type BoardData,
} from './atoms';
import { boardTask, taskChange } from './fixtures';
import type { BoardTask, TaskChange } from './operations';

const project = 'p1';
const card = (id: string, state: string, positionSection: number, parentTask: string | null = null) =>
  boardTask({ id, name: id, idCode: id, state, positionSection, parentTask, project });
const board: BoardData = {
  project,
  states: [
    { id: 's1', value: 'A', position: 1, icon: 0, project },
    { id: 's2', value: 'B', position: 2, icon: 0, project },
  ],
  tasks: new Map(
    [card('a', 's1', 1024), card('b', 's1', 2048), card('c', 's2', 1024), card('sub', 's1', 10, 'a')].map((task) => [task.id, task]),
  ),
  tags: [{ id: 'g1', name: 'backend', color: '#16A34A', isSprint: false, project }],
  status: 'ready',
  complete: true,
};
const change = (overrides: Partial<TaskChange>): TaskChange => taskChange({ type: 'task.updated', project, ...overrides });

describe('board columns and positions', () => {
  it('puts top-level tasks in their section in position order', () => {
    const columns = allColumnsOf(board);
    expect(columns.get('s1')?.map((task) => task.id)).toEqual(['a', 'b']);
    expect(columns.get('s2')?.map((task) => task.id)).toEqual(['c']);
  });

  it('places a dropped card between its new neighbours, leaving itself out', () => {
    const column = allColumnsOf(board).get('s1') ?? [];
    expect(dropPosition(column, 'c', 'a')).toBe(0);
    expect(dropPosition(column, 'c', 'b')).toBe(1536);
    expect(dropPosition(column, 'c', null)).toBe(3072);
    expect(dropPosition(column, 'a', null)).toBe(3072);
    expect(dropPosition([], 'a', null)).toBe(1024);
  });
});

describe('column selectors', () => {
  it('keeps a column the same array when a change touched another column', () => {
    const store = createAppStore();
    store.set(boardAtom, board);
    const before = { s1: store.get(columnTasksAtom('s1')), s2: store.get(columnTasksAtom('s2')) };
    upsertTask(store, { ...card('c', 's2', 1024), name: 'renamed' });
    expect(store.get(columnTasksAtom('s1'))).toBe(before.s1);
    expect(store.get(columnTasksAtom('s2'))).not.toBe(before.s2);
  });

  it('applies the filters to the columns', () => {
    const store = createAppStore();
    store.set(boardAtom, { ...board, tasks: new Map(board.tasks).set('b', { ...card('b', 's1', 2048), priority: 3 }) });
    store.set(taskFilterAtom, { tags: [], sprints: [], assignees: [], priorities: [3] });
    expect(store.get(columnTasksAtom('s1')).map((task) => task.id)).toEqual(['b']);
  });
});

describe('live changes', () => {
  it('upserts by id and removes deleted or moved-away tasks', () => {
    const renamed = applyTaskChange(board, change({ taskId: 'a', task: { ...card('a', 's2', 5000), name: 'renamed' } }));
    expect(renamed.tasks.get('a')).toMatchObject({ name: 'renamed', state: 's2' });
    expect(applyTaskChange(board, change({ type: 'task.deleted', taskId: 'b' })).tasks.has('b')).toBe(false);
    expect(applyTaskChange(board, change({ taskId: 'b', task: { ...card('b', 's1', 1), project: 'other' } })).tasks.has('b')).toBe(false);
  });

  it('never duplicates a card when the echo of one’s own create arrives, and ignores an overtaken echo', () => {
    const created = card('n', 's1', 4096);
    const once = applyTaskChange(board, change({ type: 'task.created', taskId: 'n', task: created }));
    const twice = applyTaskChange(once, change({ type: 'task.created', taskId: 'n', task: created }));
    expect([...twice.tasks.keys()].filter((id) => id === 'n')).toHaveLength(1);
    const newer = { ...created, name: 'newer', updatedAt: '2025-01-02T00:00:00.000Z' };
    const withNewer = { ...twice, tasks: new Map(twice.tasks).set('n', newer) };
    expect(applyTaskChange(withNewer, change({ taskId: 'n', task: created })).tasks.get('n')?.name).toBe('newer');
  });

  it('drops the temporary card of one’s own create when its live echo comes before the answer', () => {
    const temporary = { ...card('temp-7', 's1', 4096), name: 'Write the launch post' };
    const pending = { ...board, tasks: new Map(board.tasks).set(temporary.id, temporary) };
    const created = { ...card('n', 's1', 4096), name: 'Write the launch post' };
    const echoed = applyTaskChange(pending, change({ type: 'task.created', taskId: 'n', task: created }));
    expect(
      allColumnsOf(echoed)
        .get('s1')
        ?.map((task) => task.id),
    ).toEqual(['a', 'b', 'n']);
    const elsewhere = applyTaskChange(pending, change({ type: 'task.created', taskId: 'n', task: { ...created, state: 's2' } }));
    expect(elsewhere.tasks.has('temp-7')).toBe(true);
    const otherName = applyTaskChange(pending, change({ type: 'task.created', taskId: 'n', task: { ...created, name: 'Other' } }));
    expect(otherName.tasks.has('temp-7')).toBe(true);
  });

  it('ignores other spaces', () => {
    expect(applyTaskChange(board, change({ project: 'other', taskId: 'a' }))).toBe(board);
  });

  it('moves the tasks of a deleted section and applies respaced positions', () => {
    const states = [board.states[1]!];
    const deleted = applyTaskChange(
      board,
      change({
        type: 'state.deleted',
        stateId: 's1',
        moveTo: 's2',
        states,
        positionField: 'positionSection',
        positions: [{ id: 'a', position: 3000 }],
      }),
    );
    expect(deleted.states).toEqual(states);
    expect(deleted.tasks.get('a')).toMatchObject({ state: 's2', positionSection: 3000 });
    expect(deleted.tasks.get('b')?.state).toBe('s2');
  });

  it('renames and removes tags on every task when the space’s tags change', () => {
    const tagged = {
      ...board,
      tasks: new Map(board.tasks).set('a', { ...card('a', 's1', 1024), tags: [{ id: 'g1', name: 'backend', color: '#16A34A' }] }),
    };
    const renamed = applyTaskChange(tagged, change({ type: 'tag.updated', tags: [{ ...board.tags[0]!, name: 'api' }] }));
    expect(renamed.tasks.get('a')?.tags).toEqual([{ id: 'g1', name: 'api', color: '#16A34A' }]);
    expect(applyTaskChange(tagged, change({ type: 'tag.deleted', tags: [] })).tasks.get('a')?.tags).toEqual([]);
  });
});

describe('a write’s answer and a live echo of the same millisecond', () => {
  // Two units of one group commit: A's assignee and B's priority on task a, both at the same updatedAt. The echo is
  // read after both committed; A's answer shows the task as A's unit left it.
  const at = '2025-01-02T00:00:00.000Z';
  const ada = { id: 'u1', firstname: 'Ada', lastname: 'Lovelace', profileImg: null };
  const answered = { ...card('a', 's1', 1024), users: [ada], updatedAt: at };
  const echoed = { ...answered, priority: 3 };
  const heard = (task: BoardTask) => change({ taskId: task.id, task });
  const shownTask = (store: AppStore) => store.get(boardAtom).tasks.get('a');

  it('keeps the echo of an edit whichever of it and the answer comes first', () => {
    for (const echoFirst of [true, false]) {
      const store = createAppStore();
      store.set(boardAtom, board);
      const key = beginEdit(store, 'a', { users: [ada] });
      expect(key).not.toBeNull();
      if (echoFirst) receiveTaskChange(store, heard(echoed));
      settleEdit(store, 'a', key ?? 0, answered);
      if (!echoFirst) receiveTaskChange(store, heard(echoed));
      expect(shownTask(store)).toEqual(echoed);
    }
  });

  it('keeps the echo of a create whichever of it and the answer comes first', () => {
    const created = { ...card('n', 's1', 4096), updatedAt: at };
    const renamedMeanwhile = { ...created, name: 'Renamed by a teammate' };
    for (const echoFirst of [true, false]) {
      const store = createAppStore();
      store.set(boardAtom, board);
      if (echoFirst) receiveTaskChange(store, heard(renamedMeanwhile));
      upsertAnsweredTask(store, created);
      if (!echoFirst) receiveTaskChange(store, heard(renamedMeanwhile));
      expect(store.get(boardAtom).tasks.get('n')).toEqual(renamedMeanwhile);
    }
  });

  it('still shows an answer of the same millisecond as a version that was not heard live', () => {
    const store = createAppStore();
    store.set(boardAtom, { ...board, tasks: new Map(board.tasks).set('a', { ...card('a', 's1', 1024), updatedAt: at }) });
    const key = beginEdit(store, 'a', { users: [ada] });
    settleEdit(store, 'a', key ?? 0, answered);
    expect(shownTask(store)).toEqual(answered);
    upsertAnsweredTask(store, { ...answered, name: 'Second answer' });
    expect(shownTask(store)?.name).toBe('Second answer');
  });
});

describe('remembered view', () => {
  it('reads the user’s saved view and grouping, falling back on anything unreadable', () => {
    const storage = (value: string | null) => ({ getItem: () => value });
    expect(readViewPrefs('u1', storage('{"view":"list","grouping":"priority"}'))).toEqual({ view: 'list', grouping: 'priority' });
    expect(readViewPrefs('u1', storage('{"view":"gantt","grouping":"colour"}'))).toEqual({ view: 'board', grouping: 'section' });
    expect(readViewPrefs('u1', storage('not json'))).toEqual({ view: 'board', grouping: 'section' });
  });
});
