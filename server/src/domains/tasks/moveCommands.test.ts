import { describe, expect, it } from 'vitest';
import { taskColors } from '#shared/tasks';
import type { BoardState, TaskState } from './commands';
import type { TaskMoved } from './events';
import { decideMoveToSpace, type MoveToSpace } from './moveCommands';

const target: BoardState = {
  projectId: 'p2',
  teamId: 't1',
  prefix: 'DES',
  lastNumber: 10,
  states: [
    { id: 'backlog', value: 'Backlog', icon: 0, position: 1 },
    { id: 'doing2', value: 'in progress', icon: 1, position: 2 },
  ],
  tags: [
    { id: 'ux2', name: 'UX', isSprint: false },
    { id: 'sprint2', name: 'Sprint 1', isSprint: true },
  ],
};

const base: TaskState = {
  id: 'root',
  projectId: 'p1',
  teamId: 't1',
  number: 3,
  idCode: 'ENG-3',
  authorId: 'ann',
  name: 'Root',
  letter: null,
  color: taskColors[0],
  description: null,
  cover: null,
  priority: 1,
  deadline: null,
  length: null,
  parentTaskId: 'above',
  sprintId: 'sprint1',
  stateId: 'doing1',
  tagIds: ['ux1', 'api1'],
  assigneeIds: ['ann', 'bob'],
  followerIds: ['ann', 'bob', 'cid'],
  positionSection: 5,
  positionDuedate: 5,
  positionAsignee: 5,
};

const command = (extra: Partial<MoveToSpace> = {}): MoveToSpace => ({
  root: base,
  descendants: [{ ...base, id: 'child', parentTaskId: 'root', stateId: 'todo1', idCode: 'ENG-4' }],
  sourceSections: new Map([
    ['doing1', 'In progress'],
    ['todo1', 'To do'],
  ]),
  sourceTags: new Map([
    ['ux1', { name: 'ux', isSprint: false }],
    ['api1', { name: 'API', isSprint: false }],
    ['sprint1', { name: 'Sprint 1', isSprint: true }],
  ]),
  target,
  lastPositions: () => ({ section: 100, duedate: 200, asignee: null }),
  canSeeTarget: (userId) => userId !== 'bob',
  ...extra,
});

const moved = (decided: Map<string, unknown[]>, id: string) => (decided.get(id)![0] as { payload: TaskMoved }).payload;

describe('moving a task to another space', () => {
  it('gives the task and its subtasks the target’s next codes, namesake sections and tags, and people who can see it', () => {
    const decided = decideMoveToSpace(command());
    const root = moved(decided, 'root');
    expect(root).toMatchObject({
      fromProjectId: 'p1',
      toProjectId: 'p2',
      number: 11,
      idCode: 'DES-11',
      previousIdCode: 'ENG-3',
      followerIds: ['ann', 'cid'],
    });
    expect(root.changes).toEqual({
      stateId: 'doing2',
      parentTaskId: null,
      sprintId: 'sprint2',
      tagIds: ['ux2'],
      assigneeIds: ['ann'],
      positionSection: 1124,
      positionDuedate: 1224,
      positionAsignee: 1024,
    });
    const child = moved(decided, 'child');
    expect(child).toMatchObject({
      idCode: 'DES-12',
      changes: { stateId: 'backlog', parentTaskId: 'root', positionDuedate: 2248, positionAsignee: 2048 },
    });
  });

  it('puts the root in the section the caller chose, and refuses a section of another space', () => {
    expect(moved(decideMoveToSpace(command({ requestedStateId: 'backlog' })), 'root').changes.stateId).toBe('backlog');
    expect(() => decideMoveToSpace(command({ requestedStateId: 'doing1' }))).toThrowError(
      expect.objectContaining({ code: 'NOT_FOUND' }) as unknown as Error,
    );
  });

  it('decides nothing when the task is already in the target space', () => {
    expect(decideMoveToSpace(command({ root: { ...base, projectId: 'p2' } })).size).toBe(0);
  });
});
