import { describe, expect, it } from 'vitest';
import { isId, newId, randomHex } from './ids';

describe('newId', () => {
  it('is 24 hex characters starting with the seconds, and ids drawn past the random pool stay distinct', () => {
    const now = Date.UTC(2026, 10, 26, 7, 0, 0);
    const ids = Array.from({ length: 2000 }, () => newId(now));
    expect(ids.every(isId)).toBe(true);
    expect(ids[0]!.slice(0, 8)).toBe(Math.floor(now / 1000).toString(16));
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('randomHex', () => {
  it('gives as many bytes as asked, across refills of its pool', () => {
    const drawn = Array.from({ length: 1000 }, () => randomHex(6));
    expect(drawn.every((hex) => /^[0-9a-f]{12}$/.test(hex))).toBe(true);
    expect(new Set(drawn).size).toBe(drawn.length);
  });
});
