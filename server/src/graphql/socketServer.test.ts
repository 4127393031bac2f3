import { describe, expect, it } from 'vitest';
import { fitCloseReason } from './socketServer';

describe('fitCloseReason', () => {
  it('keeps a reason that fits and cuts a longer one to at most 123 bytes, multi-byte characters included', () => {
    expect(fitCloseReason('Subscriber for a already exists')).toBe('Subscriber for a already exists');
    for (const id of ['x'.repeat(500), 'é'.repeat(500), `x${'😀'.repeat(200)}`]) {
      const fitted = fitCloseReason(`Subscriber for ${id} already exists`);
      expect(Buffer.byteLength(fitted)).toBeLessThanOrEqual(123);
      expect(fitted.startsWith('Subscriber for ')).toBe(true);
    }
  });
});
