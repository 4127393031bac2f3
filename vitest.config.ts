import { defineConfig } from 'vitest/config';

/**
 * Integration test files the PostgreSQL run leaves out, and why: what they test is SQLite's alone, or they run on
 * PostgreSQL already. Every other integration file runs on both databases.
 */
const postgresExcluded = [
  // Each starts its own cluster and compares the two databases, or tests PostgreSQL's own adapter.
  '*-postgres.test.ts',
  'postgres-*.test.ts',
  // Several app processes on one PostgreSQL and one Redis of their own (issue 22), started by the file itself.
  'cluster-*.test.ts',
  // What only SQLite has (its file, WAL, FTS5 index, backup of the file): files named so hold those tests alone.
  '*-sqlite.test.ts',
  // The same, named before that rule: the SQLite file's backup and restore, a writer of the file killed and its WAL's
  // fsync (PostgreSQL's crash tests: postgres-crash.test.ts), the space directory's memory of SQLite's tables.
  'backup.test.ts',
  'durability.test.ts',
  'durability-wal-sync.test.ts',
  'space-access-memory.test.ts',
  // SQLite's migration 0023 filling an older file's search index with the calendar's events: a PostgreSQL database's
  // index is built by the move's replay of the log, calendar events included, so it has no such upgrade.
  'search-event-backfill.test.ts',
];

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
        // The integration suite again on PostgreSQL (issue 21): DATABASE_URL makes this project's processes pick the
        // pg-core tables (db/pickTable.ts); each test server gets its own database on one throw-away cluster
        // (tests/support/postgresSuite.ts, tests/integration/harness.ts). `npm test` runs it after the others, in
        // processes of its own, since a process's tables are picked once.
        test: {
          name: 'postgres',
          include: ['tests/integration/**/*.test.ts'],
          exclude: postgresExcluded.map((file) => `tests/integration/${file}`).concat('**/node_modules/**'),
          env: { DATABASE_URL: 'postgres://integration-suite.invalid/each-test-server-has-its-own' },
          globalSetup: ['tests/support/postgresSuite.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'shared/src/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          // Two app processes in this one (its tables picked for PostgreSQL): the postgres project runs it.
          exclude: ['server/src/collab/rooms.test.ts', 'tests/integration/files-pdf-text-processes.test.ts', '**/node_modules/**'],
          isolate: false,
        },
      },
    ],
  },
});
