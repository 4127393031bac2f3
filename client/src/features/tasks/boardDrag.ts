/**
 * Pure rules of moving a card on the board (issue 25): where a dragged card would land, how the
 * arrow keys move that place, and what a screen reader is told. The board's columns are the
 * visible cards of each section, in order; a place is counted among the other cards of the
 * target column (the moving card left out), so index 0 is the top and `others.length` the end.
 */
import type { NavDirection } from './keyboardNav';

export interface DropSlot {
  state: string;
  index: number;
}

/** The board as the drag sees it: section ids in board order, and each section's visible card ids. */
export interface DragColumns {
  states: readonly string[];
  cards: ReadonlyMap<string, readonly string[]>;
}

/** Droppable ids of columns are prefixed, so they never collide with a task id. */
export const columnDropPrefix = 'column:';
export const columnDropId = (state: string) => `${columnDropPrefix}${state}`;

export function othersIn(columns: DragColumns, state: string, movingId: string): readonly string[] {
  return (columns.cards.get(state) ?? []).filter((id) => id !== movingId);
}

/** Where the card is now. */
export function originSlot(columns: DragColumns, movingId: string): DropSlot | null {
  for (const state of columns.states) {
    const index = (columns.cards.get(state) ?? []).indexOf(movingId);
    if (index >= 0) return { state, index };
  }
  return null;
}

/** The place a pointer points at: before the card it is over, at the end of the column it is over, or nowhere. */
export function slotFromOver(columns: DragColumns, movingId: string, overId: string | null): DropSlot | null {
  if (overId === null) return null;
  if (overId === movingId) return originSlot(columns, movingId);
  if (overId.startsWith(columnDropPrefix)) {
    const state = overId.slice(columnDropPrefix.length);
    return columns.cards.has(state) ? { state, index: othersIn(columns, state, movingId).length } : null;
  }
  for (const state of columns.states) {
    const index = othersIn(columns, state, movingId).indexOf(overId);
    if (index >= 0) return { state, index };
  }
  return null;
}

/**
 * The place one arrow key leads to: up and down move within the column, stopping at its ends;
 * left and right go to the neighbouring section at the same height (or its end), stopping at the
 * board's edges.
 */
export function slotAfterKey(columns: DragColumns, movingId: string, current: DropSlot, direction: NavDirection): DropSlot {
  const length = othersIn(columns, current.state, movingId).length;
  if (direction === 'up') return { ...current, index: Math.max(0, current.index - 1) };
  if (direction === 'down') return { ...current, index: Math.min(length, current.index + 1) };
  const from = columns.states.indexOf(current.state);
  const to = columns.states[from + (direction === 'left' ? -1 : 1)];
  if (from < 0 || to === undefined) return current;
  return { state: to, index: Math.min(current.index, othersIn(columns, to, movingId).length) };
}

/** The card the moving one would be dropped before; null for the end of the column. */
export function beforeIdOf(columns: DragColumns, movingId: string, slot: DropSlot): string | null {
  return othersIn(columns, slot.state, movingId)[slot.index] ?? null;
}

export const sameSlot = (left: DropSlot | null, right: DropSlot | null) =>
  left === right || (left !== null && right !== null && left.state === right.state && left.index === right.index);

/** One-based position and the column's size with the moving card in it, as announced. */
export function spokenPosition(columns: DragColumns, movingId: string, slot: DropSlot): { position: number; count: number } {
  return { position: slot.index + 1, count: othersIn(columns, slot.state, movingId).length + 1 };
}

/** Arrow keys by KeyboardEvent.code, as dnd-kit's keyboard sensor reads them. */
export const dragDirections: Readonly<Record<string, NavDirection>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};
