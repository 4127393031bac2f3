import { describe, expect, it } from 'vitest';
import { ReadPositions } from './readPosition';

describe('ReadPositions', () => {
  it('knows nothing before an answer named a position, nor while a read sent then is on its way', () => {
    const positions = new ReadPositions();
    expect(positions.startingPoint()).toBeNull();
    const early = positions.sending();
    positions.answered(positions.sending(), '10');
    expect(positions.startingPoint()).toBeNull();
    positions.answered(early, '9');
    expect(positions.startingPoint()).toBe(9);
  });

  it('starts no later than the earliest read on its way, and follows the last position heard once none is', () => {
    const positions = new ReadPositions();
    positions.answered(positions.sending(), '4');
    const slow = positions.sending();
    positions.heard(20);
    const later = positions.sending();
    expect(positions.startingPoint()).toBe(4);
    positions.answered(slow, '5');
    expect(positions.startingPoint()).toBe(5);
    positions.answered(later, '21');
    expect(positions.startingPoint()).toBe(21);
  });

  it('keeps the last position, lower or not (a restored log), and ignores an answer without one', () => {
    const positions = new ReadPositions();
    positions.answered(positions.sending(), '30');
    positions.answered(positions.sending(), '3');
    expect(positions.startingPoint()).toBe(3);
    for (const value of [null, undefined, '', 'abc', '-1', '1.5']) positions.answered(positions.sending(), value);
    expect(positions.startingPoint()).toBe(3);
  });

  it('settles a starting point once the reads sent before any position was known are answered, at the lowest of their answers', async () => {
    const positions = new ReadPositions();
    const first = positions.sending();
    const second = positions.sending();
    const settled = positions.settledStartingPoint();
    expect(settled).toBeInstanceOf(Promise);
    const later = positions.sending();
    positions.answered(second, '12');
    positions.answered(later, '14');
    positions.answered(first, '10');
    await expect(settled).resolves.toBe(10);
    expect(positions.settledStartingPoint()).toBe(10);
  });

  it('settles on the position known then when the reads it waited for failed without one', async () => {
    const positions = new ReadPositions();
    const failing = positions.sending();
    const settled = positions.settledStartingPoint();
    positions.heard(6);
    positions.answered(failing, null);
    await expect(settled).resolves.toBe(6);
  });
});
