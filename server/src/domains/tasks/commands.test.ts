import { describe, expect, it } from 'vitest';
import { taskMessages } from '#shared/taskRules';
import { taskColors } from '#shared/tasks';
import {
  checkReferences,
  decideCreateTask,
  decideDeleteTask,
  decideEditTask,
  decideFollow,
  decideRespacing,
  decideUnfollow,
  type BoardState,
  type References,
  type TaskState,
} from './commands';
import type { TaskCreated, TaskUpdated } from './events';

const board: BoardState = {
  projectId: 'p1',
  teamId: 't1',
  prefix: 'ENG',
  lastNumber: 41,
  states: [
    { id: 'todo', value: 'To do', icon: 0, position: 1024 },
    { id: 'done', value: 'Done', icon: 1, position: 2048 },
  ],
  tags: [
    { id: 'tag', name: 'Backend', isSprint: false },
    { id: 'sprint', name: 'Sprint 1', isSprint: true },
  ],
};
const members = new Set(['ann', 'bob']);
const references = (extra: Partial<References> = {}): References => ({ board, canSee: (userId) => members.has(userId), ...extra });
const noPositions = () => ({ section: null, duedate: null, asignee: null });

const task: TaskState = {
  id: 'task',
  projectId: 'p1',
  teamId: 't1',
  number: 7,
  idCode: 'ENG-7',
  authorId: 'ann',
  name: 'Task',
  letter: null,
  color: taskColors[0],
  description: null,
  cover: null,
  priority: 1,
  deadline: null,
  length: null,
  parentTaskId: null,
  sprintId: null,
  stateId: 'todo',
  tagIds: [],
  assigneeIds: ['bob'],
  followerIds: ['ann', 'bob'],
  positionSection: 1024,
  positionDuedate: 1024,
  positionAsignee: 1024,
};

const code = (call: () => unknown) => {
  try {
    call();
  } catch (error) {
    return { code: (error as { code: string }).code, message: (error as Error).message };
  }
  return null;
};

describe('setTask', () => {
  it('given a board, when a task is created, then it gets the next number, the first section and follows its author and assignees', () => {
    const [event] = decideCreateTask(
      {
        taskId: 'new',
        authorId: 'ann',
        fields: { name: 'Ship', assigneeIds: ['bob', 'bob'] },
        lastPositions: () => ({ section: 3000, duedate: null, asignee: 10 }),
      },
      references(),
    );
    const created = event!.payload as TaskCreated;
    expect(event!.type).toBe('task.created');
    expect(created).toMatchObject({
      number: 42,
      idCode: 'ENG-42',
      stateId: 'todo',
      priority: 1,
      color: taskColors[41 % 12],
      assigneeIds: ['bob'],
      followerIds: ['ann', 'bob'],
    });
    expect([created.positionSection, created.positionDuedate, created.positionAsignee]).toEqual([4024, 1024, 1034]);
  });

  it('refuses a section, tag, sprint or assignee that is not the space’s, with NOT_FOUND', () => {
    const create = (fields: object) => () =>
      decideCreateTask({ taskId: 'n', authorId: 'ann', fields: { name: 'x', ...fields }, lastPositions: noPositions }, references());
    expect(code(create({ stateId: 'elsewhere' }))).toEqual({ code: 'NOT_FOUND', message: taskMessages.sectionOtherSpace });
    expect(code(create({ tagIds: ['sprint'] }))).toEqual({ code: 'NOT_FOUND', message: taskMessages.tagOtherSpace });
    expect(code(create({ sprintId: 'tag' }))).toEqual({ code: 'NOT_FOUND', message: taskMessages.sprintOtherSpace });
    expect(code(create({ assigneeIds: ['stranger'] }))).toEqual({ code: 'NOT_FOUND', message: taskMessages.assigneeNotInSpace });
  });
});

describe('parents and cycles', () => {
  it('accepts a parent of the same space that is not below the task', () => {
    expect(
      code(() =>
        checkReferences({ parentTaskId: 'p' }, references({ parent: { id: 'p', projectId: 'p1', ancestorIds: ['root'] } }), 'task'),
      ),
    ).toBeNull();
  });

  it('refuses the task itself, one of its subtasks at any depth, and a parent in another space', () => {
    const withParent = (parent: References['parent']) => () => checkReferences({ parentTaskId: 'x' }, references({ parent }), 'task');
    expect(code(withParent({ id: 'task', projectId: 'p1', ancestorIds: [] }))?.message).toBe(taskMessages.parentCycle);
    expect(code(withParent({ id: 'grandchild', projectId: 'p1', ancestorIds: ['child', 'task', 'root'] }))).toEqual({
      code: 'PARENT_CYCLE',
      message: taskMessages.parentCycle,
    });
    expect(code(withParent({ id: 'far', projectId: 'p2', ancestorIds: [] }))).toEqual({
      code: 'NOT_FOUND',
      message: taskMessages.parentOtherSpace,
    });
    expect(code(withParent(null))?.code).toBe('NOT_FOUND');
  });
});

describe('ediTask', () => {
  it('records only what differs, with the values it replaced', () => {
    expect(decideEditTask(task, { name: 'Task', assigneeIds: ['bob'], priority: 1 }, references())).toEqual([]);
    const [event] = decideEditTask(task, { name: 'Renamed', stateId: 'done', tagIds: ['tag'] }, references());
    expect(event!.payload as TaskUpdated).toEqual({
      taskId: 'task',
      projectId: 'p1',
      followersAdded: [],
      changes: { name: 'Renamed', stateId: 'done', tagIds: ['tag'] },
      previous: { name: 'Task', stateId: 'todo', tagIds: [] },
    });
  });

  it('makes new assignees followers, and compares lists as sets', () => {
    expect(decideEditTask({ ...task, assigneeIds: ['bob', 'ann'] }, { assigneeIds: ['ann', 'bob'] }, references())).toEqual([]);
    const [event] = decideEditTask({ ...task, followerIds: ['bob'] }, { assigneeIds: ['bob', 'ann'] }, references());
    expect((event!.payload as TaskUpdated).followersAdded).toEqual(['ann']);
  });
});

describe('following (SPEC §4)', () => {
  it('lets anyone follow once; following again changes nothing', () => {
    expect(decideFollow(task, 'cid')).toEqual([{ type: 'task.followed', payload: { taskId: 'task', projectId: 'p1', userId: 'cid' } }]);
    expect(decideFollow(task, 'ann')).toEqual([]);
  });

  it('lets a follower unfollow, but never an assignee', () => {
    expect(decideUnfollow(task, 'ann')).toEqual([{ type: 'task.unfollowed', payload: { taskId: 'task', projectId: 'p1', userId: 'ann' } }]);
    expect(code(() => decideUnfollow(task, 'bob'))).toEqual({ code: 'UNFOLLOW_ASSIGNEE', message: taskMessages.unfollowAssignee });
    expect(decideUnfollow(task, 'nobody')).toEqual([]);
  });
});

describe('delTask', () => {
  const subtasks = [
    { id: 'child', projectId: 'p1', idCode: 'ENG-8', name: 'Child', parentTaskId: 'task' },
    { id: 'grandchild', projectId: 'p1', idCode: 'ENG-9', name: 'Grandchild', parentTaskId: 'child' },
  ];

  it('deletes every level of subtasks with the task when asked', () => {
    const decided = decideDeleteTask(task, subtasks, true);
    expect([...decided.keys()]).toEqual(['task', 'child', 'grandchild']);
    expect(decided.get('grandchild')![0]).toMatchObject({ type: 'task.deleted', payload: { withParent: 'task' } });
  });

  it('otherwise makes only the direct subtasks top-level tasks', () => {
    const decided = decideDeleteTask(task, subtasks, false);
    expect([...decided.keys()]).toEqual(['task', 'child']);
    expect(decided.get('child')![0]).toMatchObject({
      type: 'task.updated',
      payload: { changes: { parentTaskId: null }, previous: { parentTaskId: 'task' } },
    });
  });
});

describe('respacing', () => {
  const list = [
    { id: 'a', position: 1 },
    { id: 'b', position: 1 + 1e-7 },
  ];

  it('writes nothing while the gap to both neighbours is wide enough', () => {
    expect(decideRespacing('p1', 'positionSection', { id: 'm', position: 1.5 }, { before: 1, after: 2 }, () => list)).toEqual([]);
  });

  it('spreads the list out in one event once a neighbour is too close', () => {
    const [event] = decideRespacing('p1', 'positionSection', { id: 'm', position: 1 + 5e-8 }, { before: 1, after: 1 + 1e-7 }, () => list);
    expect(event).toEqual({
      type: 'tasks.respaced',
      payload: {
        projectId: 'p1',
        field: 'positionSection',
        positions: [
          { taskId: 'a', position: 1024 },
          { taskId: 'm', position: 2048 },
          { taskId: 'b', position: 3072 },
        ],
      },
    });
  });
});
