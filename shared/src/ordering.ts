/**
 * Fractional ordering for boards and lists: every item carries a float, a list is sorted by it,
 * and moving an item writes only that item's new float, halfway between its new neighbours.
 * Halving a gap loses one bit each time, so once neighbours come closer than `minimumPositionGap`
 * the server spreads the whole list out again (one event), long before floats run out of bits.
 */
export const positionSpacing = 1024;

/** About 30 insertions at the same spot with the default spacing; far above float64 precision at board sizes. */
export const minimumPositionGap = 1e-6;

/** The position halfway between two neighbours; null means the start or the end of the list. */
export function positionBetween(before: number | null, after: number | null): number {
  if (before === null && after === null) return positionSpacing;
  if (before === null) return after! - positionSpacing;
  if (after === null) return before + positionSpacing;
  return before + (after - before) / 2;
}

/** Whether an item at `position` sits too close to a neighbour for the next midpoint to be safe. */
export function isCrowded(position: number, before: number | null, after: number | null): boolean {
  return (before !== null && position - before < minimumPositionGap) || (after !== null && after - position < minimumPositionGap);
}

/**
 * The positions a caller may write: finite and within ±1e12. Far inside float64's range, yet at
 * 1e12 a float still tells apart values 1.2e-4 apart, so ordering and crowding checks stay exact
 * enough. Lists are spread out again long before they get there (`respaceBeyondMagnitude`), so
 * a client that computes midpoints and "one spacing past the end" never meets the bound.
 */
export const maximumPositionMagnitude = 1e12;

/** An item placed beyond ±1e9 (float64 still resolves 1.2e-7 there) has its list spread out again. */
export const respaceBeyondMagnitude = 1e9;

export function isAcceptablePosition(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= maximumPositionMagnitude;
}

/** The field error for a position outside the accepted range. */
export function positionOutOfRangeMessage(field: string): string {
  return `${field} must be a finite number between -1e12 and 1e12.`;
}

/**
 * Whether placing an item at `position` calls for spreading its list out again: it crowds a
 * neighbour, or the list has drifted far from zero (items moved to one end many times over).
 */
export function needsRespacing(position: number, before: number | null, after: number | null): boolean {
  return Math.abs(position) > respaceBeyondMagnitude || isCrowded(position, before, after);
}

/**
 * Whether a whole list, in any order, calls for spreading out: two items closer than the
 * minimum gap (or equal) or any item beyond `respaceBeyondMagnitude`.
 */
export function listNeedsRespacing(positions: readonly number[]): boolean {
  const sorted = [...positions].sort((left, right) => left - right);
  return sorted.some(
    (position, index) => Math.abs(position) > respaceBeyondMagnitude || (index > 0 && position - sorted[index - 1]! < minimumPositionGap),
  );
}

/** Evenly spread positions for `count` items in their current order. */
export function spreadPositions(count: number): number[] {
  return Array.from({ length: count }, (_, index) => (index + 1) * positionSpacing);
}

export interface Positioned {
  id: string;
  position: number;
}

/**
 * The list respaced with `moved` placed at its new position. Items sort by position then id; the
 * moved item goes before any item it exactly collides with (it asked for that item's place).
 */
export function respace(others: readonly Positioned[], moved: Positioned): Positioned[] {
  const ordered = others
    .filter((item) => item.id !== moved.id)
    .concat(moved)
    .sort((left, right) => {
      if (left.position !== right.position) return left.position - right.position;
      if (left.id === moved.id) return -1;
      if (right.id === moved.id) return 1;
      return left.id < right.id ? -1 : left.id > right.id ? 1 : 0;
    });
  const positions = spreadPositions(ordered.length);
  return ordered.map((item, index) => ({ id: item.id, position: positions[index]! }));
}
