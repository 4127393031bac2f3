import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['client/src/**/*.test.{ts,tsx}', 'server/src/**/*.test.ts', 'shared/src/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Vitest's default is one fewer worker than cores: one file at a time on a 2-core machine, whose other core
    // then mostly waits while a file's servers, sockets and disk syncs wait too. Two files at a time use both.
    maxWorkers: 2,
  },
});
