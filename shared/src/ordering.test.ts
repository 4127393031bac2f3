import { describe, expect, it } from 'vitest';
import { isCrowded, minimumPositionGap, positionBetween, positionSpacing, respace, spreadPositions } from './ordering';

describe('fractional positions', () => {
  it('puts an item halfway between its neighbours, or a spacing beyond the first or last', () => {
    expect(positionBetween(1024, 2048)).toBe(1536);
    expect(positionBetween(null, 1024)).toBe(1024 - positionSpacing);
    expect(positionBetween(2048, null)).toBe(2048 + positionSpacing);
    expect(positionBetween(null, null)).toBe(positionSpacing);
  });

  it('keeps inserting between the same two neighbours in order until the gap gets too small', () => {
    let after = 2048;
    const before = 1024;
    let insertions = 0;
    while (!isCrowded(positionBetween(before, after), before, after)) {
      const position = positionBetween(before, after);
      expect(position).toBeGreaterThan(before);
      expect(position).toBeLessThan(after);
      after = position;
      insertions += 1;
    }
    expect(insertions).toBeGreaterThanOrEqual(25);
    expect(after - before).toBeGreaterThan(0);
  });

  it('sees a collision or a gap below the minimum as crowded, and an open gap as not', () => {
    expect(isCrowded(5, 5, 10)).toBe(true);
    expect(isCrowded(5, 5 - minimumPositionGap / 2, null)).toBe(true);
    expect(isCrowded(5, null, 5 + minimumPositionGap / 2)).toBe(true);
    expect(isCrowded(5, 4, 6)).toBe(false);
    expect(isCrowded(5, null, null)).toBe(false);
  });
});

describe('rebalancing', () => {
  it('spreads positions evenly', () => {
    expect(spreadPositions(3)).toEqual([1024, 2048, 3072]);
  });

  it('respaces a crowded list keeping its order, the moved item placed where it asked', () => {
    const list = [{ id: 'a', position: 1 }, { id: 'b', position: 1 + 1e-9 }, { id: 'c', position: 3 }];
    expect(respace(list, { id: 'm', position: 1 + 5e-10 })).toEqual([
      { id: 'a', position: 1024 },
      { id: 'm', position: 2048 },
      { id: 'b', position: 3072 },
      { id: 'c', position: 4096 },
    ]);
  });

  it('puts the moved item before an item it exactly collides with, and ignores its own old entry', () => {
    const list = [{ id: 'a', position: 10 }, { id: 'm', position: 99 }, { id: 'b', position: 20 }];
    expect(respace(list, { id: 'm', position: 20 }).map((item) => item.id)).toEqual(['a', 'm', 'b']);
  });
});
