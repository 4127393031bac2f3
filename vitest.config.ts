import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * The client's test files, sorted by what a file needs of its worker. A file that replaces modules (vi.mock) needs
 * a module graph of its own: in a shared one its mocks would reach the files after it, and a module an earlier file
 * already loaded would stay unmocked. The others share their worker's modules, as the server's do: each file used to
 * import React, the store, the design system and i18n anew, which was most of its time. Read from the files
 * themselves, so that a new file lands in the right group without anyone listing it.
 */
function clientTestFiles() {
  const mocking: string[] = [];
  const sharedBrowserLike: string[] = [];
  const sharedNode: string[] = [];
  for (const entry of readdirSync('client/src', { recursive: true, encoding: 'utf8' })) {
    if (!/\.test\.tsx?$/.test(entry)) continue;
    const path = `client/src/${entry}`;
    const source = readFileSync(path, 'utf8');
    if (/\bvi\.(mock|doMock)\(/.test(source)) mocking.push(path);
    else if (/@vitest-environment happy-dom/.test(source)) sharedBrowserLike.push(path);
    else sharedNode.push(path);
  }
  return { mocking, sharedBrowserLike, sharedNode };
}

const client = clientTestFiles();

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Two files at a time: Vitest's default on a 2-core machine is one (a core fewer than there are).
    maxWorkers: 2,
    // Server, shared and integration test files share their modules within a worker (isolate: false): each
    // file used to import the whole server anew, which was most of their time, and none of them mocks modules.
    projects: [
      {
        extends: true,
        // rooms.test.ts mocks a module too.
        test: { name: 'client', include: [...client.mocking, 'server/src/collab/rooms.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'client-dom',
          include: client.sharedBrowserLike,
          environment: 'happy-dom',
          isolate: false,
          // Puts back, after each file, what a file may leave in the worker it shares (the page, timers, globals).
          setupFiles: ['client/src/test/sharedWorkerDom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'client-node',
          include: client.sharedNode,
          isolate: false,
          setupFiles: ['client/src/test/sharedWorker.ts'],
        },
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
