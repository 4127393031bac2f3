/**
 * Setup file of the client's test files that share a worker (vitest.config.ts): after each file, puts back what a
 * file may leave behind in the process, so that no file depends on the one before it.
 */
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
