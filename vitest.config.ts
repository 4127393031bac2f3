import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // expect.poll waits for a state (a mail delivered, a reaction's notification written): its default of one second
    // is a fixed time that a busy CI machine overran. Fifteen seconds stays inside a test's twenty.
    expect: { poll: { timeout: 15_000 } },
    pool: 'forks',
    // Two files at a time: Vitest's default on a 2-core machine is one (a core fewer than there are).
    maxWorkers: 2,
    // Server, shared and integration test files share their modules within a worker (isolate: false): each
    // file used to import the whole server anew, which was most of their time, and none of them mocks modules.
    // The client's files mock modules (vi.mock), so each still gets its own.
    projects: [
      {
        extends: true,
        // rooms.test.ts mocks a module too.
        test: { name: 'client', include: ['client/src/**/*.test.{ts,tsx}', 'server/src/collab/rooms.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'shared/src/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          exclude: ['server/src/collab/rooms.test.ts', '**/node_modules/**'],
          isolate: false,
        },
      },
    ],
  },
});
