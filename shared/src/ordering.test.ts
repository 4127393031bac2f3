import { describe, expect, it } from 'vitest';
import {
  isAcceptablePosition,
  isCrowded,
  listNeedsRespacing,
  maximumPositionMagnitude,
  minimumPositionGap,
  needsRespacing,
  positionBetween,
  positionOutOfRangeMessage,
  positionSpacing,
  respace,
  respaceBeyondMagnitude,
  spreadPositions,
} from './ordering';

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
    const list = [
      { id: 'a', position: 1 },
      { id: 'b', position: 1 + 1e-9 },
      { id: 'c', position: 3 },
    ];
    expect(respace(list, { id: 'm', position: 1 + 5e-10 })).toEqual([
      { id: 'a', position: 1024 },
      { id: 'm', position: 2048 },
      { id: 'b', position: 3072 },
      { id: 'c', position: 4096 },
    ]);
  });

  it('puts the moved item before an item it exactly collides with, and ignores its own old entry', () => {
    const list = [
      { id: 'a', position: 10 },
      { id: 'm', position: 99 },
      { id: 'b', position: 20 },
    ];
    expect(respace(list, { id: 'm', position: 20 }).map((item) => item.id)).toEqual(['a', 'm', 'b']);
  });
});

describe('the accepted range', () => {
  it('accepts finite positions within ±1e12 and refuses the rest', () => {
    for (const value of [0, -1, 1536.5, maximumPositionMagnitude, -maximumPositionMagnitude, Number.MIN_VALUE])
      expect(isAcceptablePosition(value), String(value)).toBe(true);
    for (const value of [
      1e308,
      -1e308,
      Number.MAX_VALUE,
      Infinity,
      -Infinity,
      NaN,
      maximumPositionMagnitude * 1.000001,
      '12',
      null,
      undefined,
    ]) {
      expect(isAcceptablePosition(value), String(value)).toBe(false);
    }
  });

  it('still tells midpoints apart at the edge of the respacing threshold', () => {
    const before = respaceBeyondMagnitude;
    const after = before + minimumPositionGap;
    const middle = positionBetween(before, after);
    expect(middle).toBeGreaterThan(before);
    expect(middle).toBeLessThan(after);
  });

  it('respaces a list that drifted beyond the threshold, or crowds, and leaves a healthy one alone', () => {
    expect(needsRespacing(respaceBeyondMagnitude + positionSpacing, respaceBeyondMagnitude, null)).toBe(true);
    expect(needsRespacing(-respaceBeyondMagnitude - 1, null, -respaceBeyondMagnitude)).toBe(true);
    expect(needsRespacing(5, 5, null)).toBe(true);
    expect(needsRespacing(2048, 1024, 3072)).toBe(false);
    expect(listNeedsRespacing([3072, 1024, 2048])).toBe(false);
    expect(listNeedsRespacing([1024, 1024 + minimumPositionGap / 2])).toBe(true);
    expect(listNeedsRespacing([1024, 2 * respaceBeyondMagnitude])).toBe(true);
    expect(listNeedsRespacing([])).toBe(false);
  });

  it('brings a list of extreme positions back to small, evenly spaced ones in the same order', () => {
    const list = [
      { id: 'a', position: -1e12 },
      { id: 'b', position: 0 },
      { id: 'c', position: 1e12 },
    ];
    expect(respace(list, { id: 'm', position: 5e11 })).toEqual([
      { id: 'a', position: 1024 },
      { id: 'b', position: 2048 },
      { id: 'm', position: 3072 },
      { id: 'c', position: 4096 },
    ]);
  });
});

describe('the edges of the rules', () => {
  it('counts a gap of exactly the minimum as room enough', () => {
    expect(isCrowded(minimumPositionGap, 0, null)).toBe(false);
    expect(isCrowded(0, null, minimumPositionGap)).toBe(false);
    expect(listNeedsRespacing([0, minimumPositionGap])).toBe(false);
  });

  it('respaces only past the threshold, not at it', () => {
    expect(needsRespacing(respaceBeyondMagnitude, 0, null)).toBe(false);
    expect(needsRespacing(-respaceBeyondMagnitude, null, 0)).toBe(false);
    expect(listNeedsRespacing([-respaceBeyondMagnitude, respaceBeyondMagnitude])).toBe(false);
  });

  it('orders items at the same position by id when respacing, the moved item elsewhere', () => {
    const list = [
      { id: 'b', position: 5 },
      { id: 'c', position: 5 },
      { id: 'a', position: 5 },
    ];
    expect(respace(list, { id: 'm', position: 1 }).map((item) => item.id)).toEqual(['m', 'a', 'b', 'c']);
    expect(respace(list, { id: 'm', position: 9 }).map((item) => item.id)).toEqual(['a', 'b', 'c', 'm']);
  });

  it('names the field and the range in the refusal', () => {
    expect(positionOutOfRangeMessage('position')).toBe('position must be a finite number between -1e12 and 1e12.');
  });
});
