import { describe, expect, it } from 'vitest';
import { beforeIdOf, columnDropId, originSlot, slotAfterKey, slotFromOver, spokenPosition, type DragColumns } from './boardDrag';

const columns: DragColumns = {
  states: ['todo', 'doing', 'done'],
  cards: new Map([
    ['todo', ['a', 'b', 'c']],
    ['doing', ['x']],
    ['done', []],
  ]),
};

describe('where a moved card lands', () => {
  it('starts where the card is and goes back there over itself', () => {
    expect(originSlot(columns, 'b')).toEqual({ state: 'todo', index: 1 });
    expect(slotFromOver(columns, 'b', 'b')).toEqual({ state: 'todo', index: 1 });
    expect(originSlot(columns, 'missing')).toBeNull();
  });

  it('lands before the card a pointer is over, at the end of the column it is over, or nowhere', () => {
    expect(slotFromOver(columns, 'b', 'c')).toEqual({ state: 'todo', index: 1 });
    expect(slotFromOver(columns, 'b', 'x')).toEqual({ state: 'doing', index: 0 });
    expect(slotFromOver(columns, 'b', columnDropId('doing'))).toEqual({ state: 'doing', index: 1 });
    expect(slotFromOver(columns, 'b', columnDropId('gone'))).toBeNull();
    expect(slotFromOver(columns, 'b', null)).toBeNull();
  });

  it('moves with the arrows within a column, stopping at its ends, and across columns at the same height or the end', () => {
    const start = { state: 'todo', index: 1 };
    expect(slotAfterKey(columns, 'b', start, 'up')).toEqual({ state: 'todo', index: 0 });
    expect(slotAfterKey(columns, 'b', { state: 'todo', index: 0 }, 'up')).toEqual({ state: 'todo', index: 0 });
    expect(slotAfterKey(columns, 'b', start, 'down')).toEqual({ state: 'todo', index: 2 });
    expect(slotAfterKey(columns, 'b', { state: 'todo', index: 2 }, 'down')).toEqual({ state: 'todo', index: 2 });
    expect(slotAfterKey(columns, 'b', start, 'right')).toEqual({ state: 'doing', index: 1 });
    expect(slotAfterKey(columns, 'b', { state: 'doing', index: 1 }, 'right')).toEqual({ state: 'done', index: 0 });
    expect(slotAfterKey(columns, 'b', { state: 'done', index: 0 }, 'right')).toEqual({ state: 'done', index: 0 });
    expect(slotAfterKey(columns, 'b', start, 'left')).toEqual(start);
  });

  it('names the card it goes before, and its spoken position among the column with it', () => {
    expect(beforeIdOf(columns, 'b', { state: 'todo', index: 1 })).toBe('c');
    expect(beforeIdOf(columns, 'b', { state: 'todo', index: 2 })).toBeNull();
    expect(beforeIdOf(columns, 'b', { state: 'doing', index: 0 })).toBe('x');
    expect(spokenPosition(columns, 'b', { state: 'doing', index: 1 })).toEqual({ position: 2, count: 2 });
    expect(spokenPosition(columns, 'b', { state: 'todo', index: 0 })).toEqual({ position: 1, count: 3 });
  });
});
