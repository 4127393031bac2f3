import { describe, expect, it } from 'vitest';
import { applyWrites, reorderWrites } from './reorder';

const list = [
  { id: 'a', position: 1024 },
  { id: 'b', position: 2048 },
  { id: 'c', position: 3072 },
];

describe('moving an item in a fractional order', () => {
  it('writes only the moved item, between its new neighbours', () => {
    expect(reorderWrites(list, 'c', 0)).toEqual([{ id: 'c', position: 0 }]);
    expect(reorderWrites(list, 'a', 1)).toEqual([{ id: 'a', position: 2560 }]);
    expect(reorderWrites(list, 'a', 2)).toEqual([{ id: 'a', position: 4096 }]);
  });

  it('writes nothing when the item stays or is unknown', () => {
    expect(reorderWrites(list, 'b', 1)).toEqual([]);
    expect(reorderWrites(list, 'z', 0)).toEqual([]);
  });

  it('respreads the whole list in one bulk write when neighbours are too close', () => {
    const crowded = [
      { id: 'a', position: 1 },
      { id: 'b', position: 1 + 1e-7 },
      { id: 'c', position: 5 },
    ];
    expect(reorderWrites(crowded, 'c', 1)).toEqual([
      { id: 'a', position: 1024 },
      { id: 'c', position: 2048 },
      { id: 'b', position: 3072 },
    ]);
  });

  it('applies writes and sorts again', () => {
    expect(applyWrites(list, [{ id: 'c', position: 0 }]).map((item) => item.id)).toEqual(['c', 'a', 'b']);
  });
});
