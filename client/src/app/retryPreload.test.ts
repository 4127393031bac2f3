import { describe, expect, it, vi } from 'vitest';
import { retryUntilLoaded } from './retryPreload';

describe('retryUntilLoaded', () => {
  it('tries again after each failure, waiting longer, until the preload succeeds', async () => {
    const results = [false, false, true];
    const load = vi.fn(async () => results.shift()!);
    const waits: number[] = [];
    await expect(
      retryUntilLoaded(
        load,
        () => true,
        async (attempt) => void waits.push(attempt),
      ),
    ).resolves.toBe(true);
    expect(load).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([0, 1]);
  });

  it('gives up when it should not go on (the person was signed out)', async () => {
    const load = vi.fn(async () => false);
    let signedIn = true;
    const result = retryUntilLoaded(
      load,
      () => signedIn,
      async () => {
        signedIn = false;
      },
    );
    await expect(result).resolves.toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
