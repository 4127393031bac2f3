import { describe, expect, it } from 'vitest';
import { taskMessages } from '#shared/taskRules';
import {
  decideCreateState,
  decideCreateTag,
  decideDeleteState,
  decideOpenBoard,
  decideReorderStates,
  decideUpdateState,
  decideUpdateTag,
} from './boardCommands';
import type { BoardState } from './commands';

const board: BoardState = {
  projectId: 'p1',
  teamId: 't1',
  prefix: 'ENG',
  lastNumber: 0,
  states: [
    { id: 'todo', value: 'To do', icon: 0, position: 1024 },
    { id: 'doing', value: 'Doing', icon: 1, position: 2048 },
  ],
  tags: [{ id: 'tag', name: 'Backend', isSprint: false }],
};

const failure = (call: () => unknown) => {
  try {
    call();
  } catch (error) {
    return { code: (error as { code: string }).code, message: (error as Error).message, field: (error as { field?: string }).field };
  }
  return null;
};

describe('opening a board', () => {
  it('given a new space, then a prefix unique in the team and its sections in order', () => {
    const events = decideOpenBoard({
      projectId: 'p9',
      teamId: 't1',
      spaceName: 'Engineering',
      takenPrefixes: new Set(['ENG']),
      sections: [
        { stateId: 's1', value: 'To do' },
        { stateId: 's2', value: 'Done' },
      ],
    });
    expect(events).toEqual([
      { type: 'board.created', payload: { projectId: 'p9', teamId: 't1', prefix: 'ENGI' } },
      { type: 'state.created', payload: { stateId: 's1', projectId: 'p9', value: 'To do', icon: 0, position: 1024 } },
      { type: 'state.created', payload: { stateId: 's2', projectId: 'p9', value: 'Done', icon: 1, position: 2048 } },
    ]);
  });
});

describe('sections', () => {
  it('adds a section after the last one', () => {
    expect(decideCreateState(board, { stateId: 'new', value: 'Review', icon: 4 })[0]!.payload).toMatchObject({ position: 3072 });
  });

  it('records a rename or a new icon with what it replaced, and nothing when unchanged', () => {
    expect(decideUpdateState(board, 'todo', { value: 'To do', icon: 0 })).toEqual([]);
    expect(decideUpdateState(board, 'todo', { value: 'Backlog' })).toEqual([
      { type: 'state.updated', payload: { stateId: 'todo', projectId: 'p1', changes: { value: 'Backlog' }, previous: { value: 'To do' } } },
    ]);
  });

  it('moves the deleted section’s tasks after the target’s last task, keeping their order', () => {
    const [event] = decideDeleteState(board, 'doing', 'todo', { lastInTarget: () => 5000, firstInDeleted: 100 });
    expect(event!.payload).toEqual({
      stateId: 'doing',
      projectId: 'p1',
      value: 'Doing',
      moveTo: 'todo',
      positionOffset: 5000 + 1024 - 100,
    });
    expect(decideDeleteState(board, 'doing', undefined, { lastInTarget: () => null, firstInDeleted: null })[0]!.payload).toMatchObject({
      moveTo: 'todo',
      positionOffset: 0,
    });
  });

  it('refuses to delete the last section, to move tasks into the deleted one, or nowhere', () => {
    const alone = { ...board, states: [board.states[0]!] };
    expect(failure(() => decideDeleteState(alone, 'todo', undefined, { lastInTarget: () => null, firstInDeleted: 1 }))?.message).toBe(
      taskMessages.lastSection,
    );
    expect(failure(() => decideDeleteState(board, 'todo', 'todo', { lastInTarget: () => null, firstInDeleted: 1 }))?.message).toBe(
      taskMessages.moveToSameSection,
    );
    expect(failure(() => decideDeleteState(board, 'todo', undefined, { lastInTarget: () => null, firstInDeleted: 1 }))?.message).toBe(
      taskMessages.moveToMissing,
    );
    expect(failure(() => decideDeleteState(board, 'todo', 'elsewhere', { lastInTarget: () => null, firstInDeleted: 1 }))).toEqual({
      code: 'NOT_FOUND',
      message: taskMessages.sectionOtherSpace,
    });
  });

  it('reorders in one event with only the sections that moved', () => {
    expect(decideReorderStates(board, ['todo', 'doing'], [1024, 10])).toEqual([
      { type: 'states.reordered', payload: { projectId: 'p1', positions: [{ stateId: 'doing', position: 10 }] } },
    ]);
    expect(failure(() => decideReorderStates(board, ['todo', 'other'], [1, 2]))?.code).toBe('NOT_FOUND');
    expect(failure(() => decideReorderStates(board, ['todo', 'todo'], [1, 2]))?.code).toBe('SECTION_REPEATED');
    expect(failure(() => decideReorderStates(board, ['todo'], [1, 2]))?.code).toBe('SECTION_POSITIONS_MISMATCH');
  });

  it('refuses positions outside ±1e12, naming the field', () => {
    for (const position of [1e308, -1e308, Infinity, -Infinity, NaN, 1e12 + 1e6]) {
      const refused = failure(() => decideReorderStates(board, ['doing'], [position]));
      expect(refused?.code, String(position)).toBe('POSITION_OUT_OF_RANGE');
      expect(refused?.field).toBe('positions');
    }
    expect(decideReorderStates(board, ['doing'], [-1e9])).toHaveLength(1);
  });

  it('spreads every section out again when a reorder crowds two or lands far from zero', () => {
    const spread = {
      type: 'states.reordered',
      payload: {
        projectId: 'p1',
        positions: [
          { stateId: 'doing', position: 1024 },
          { stateId: 'todo', position: 2048 },
        ],
      },
    };
    expect(decideReorderStates(board, ['doing'], [1024])).toEqual([spread]);
    expect(decideReorderStates(board, ['doing'], [1024 - 1e-7])).toEqual([spread]);
    expect(decideReorderStates(board, ['doing'], [-5e11])).toEqual([spread]);
    expect(decideReorderStates(board, ['todo', 'doing'], [5e11, 6e11])).toEqual([
      {
        type: 'states.reordered',
        payload: {
          projectId: 'p1',
          positions: [
            { stateId: 'todo', position: 1024 },
            { stateId: 'doing', position: 2048 },
          ],
        },
      },
    ]);
  });

  it('adds a section after sections that drifted far out, and spreads them out again', () => {
    const drifted: BoardState = { ...board, states: [{ id: 'todo', value: 'To do', icon: 0, position: 1e9 }] };
    const events = decideCreateState(drifted, { stateId: 'new', value: 'Review', icon: 0 });
    expect(events.map((event) => event.type)).toEqual(['state.created', 'states.reordered']);
    expect(events[1]!.payload).toEqual({
      projectId: 'p1',
      positions: [
        { stateId: 'todo', position: 1024 },
        { stateId: 'new', position: 2048 },
      ],
    });
  });
});

describe('tags', () => {
  it('refuses a name already used in the space, whatever its case', () => {
    expect(failure(() => decideCreateTag(board, { tagId: 'n', name: 'backend', color: '#000000', isSprint: true }))?.message).toBe(
      taskMessages.tagNameTaken,
    );
    expect(decideCreateTag(board, { tagId: 'n', name: 'Frontend', color: '#3B82F6', isSprint: false })).toHaveLength(1);
  });

  it('records renames and recolours only when something changes', () => {
    const tag = { id: 'tag', name: 'Backend', color: '#000000' };
    expect(decideUpdateTag(board, tag, { name: 'Backend', color: '#000000' })).toEqual([]);
    expect(decideUpdateTag(board, tag, { color: '#FFFFFF' })[0]!.payload).toEqual({
      tagId: 'tag',
      projectId: 'p1',
      changes: { color: '#FFFFFF' },
      previous: { color: '#000000' },
    });
  });
});
