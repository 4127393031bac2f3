/**
 * Moving one item of a fractionally ordered list (sections, cards) to a new index: usually one
 * write (the midpoint between its new neighbours), and the whole list respread in one bulk write
 * only when the neighbours have come too close for another midpoint.
 */
import { isCrowded, positionBetween, spreadPositions, type Positioned } from './ordering';

/**
 * The position writes that put `movingId` at `toIndex` of `items` (sorted by position; the index
 * counts the list without the moving item). Empty when the item is already there or unknown.
 */
export function reorderWrites(items: readonly Positioned[], movingId: string, toIndex: number): Positioned[] {
  const from = items.findIndex((item) => item.id === movingId);
  if (from < 0) return [];
  const others = items.filter((item) => item.id !== movingId);
  const at = Math.max(0, Math.min(toIndex, others.length));
  if (at === from) return [];
  const before = others[at - 1]?.position ?? null;
  const after = others[at]?.position ?? null;
  const position = positionBetween(before, after);
  if (!isCrowded(position, before, after)) return [{ id: movingId, position }];
  const ordered = [...others.slice(0, at), items[from]!, ...others.slice(at)];
  const positions = spreadPositions(ordered.length);
  return ordered.map((item, index) => ({ id: item.id, position: positions[index]! }));
}

/** The list with the writes applied, sorted by position again. */
export function applyWrites<T extends Positioned>(items: readonly T[], writes: readonly Positioned[]): T[] {
  const next = new Map(writes.map((write) => [write.id, write.position]));
  return items
    .map((item) => (next.has(item.id) ? { ...item, position: next.get(item.id)! } : item))
    .sort((left, right) => left.position - right.position);
}
