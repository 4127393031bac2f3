// The Vitest configuration Stryker runs (stryker.config.mjs): the same unit and integration tests as
// `npm run test:unit` (browser tests are Playwright's and never run here), cheapest first.
import { relative } from 'node:path';
import { defineConfig, mergeConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import baseConfig from './vitest.config';

/**
 * Stryker stops a mutant's run at the first failing test, so the tests most likely to fail quickly go first:
 * the mutated file's own tests (taskRules.test.ts for taskRules.ts, eventStore.log.test.ts and the like for
 * eventStore.ts; Stryker names the mutated files as the ones the run relates to), then the other unit tests
 * beside the code, then the integration tests (each starts a server); within each group, the files that took
 * least time earlier in the run.
 */
class CheapestTestsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const ownTestPrefixes = (this.ctx.config.related ?? []).map((file) => file.replace(/\.[cm]?[jt]sx?$/, '.'));
    const isOwnTest = (moduleId: string) =>
      /\.test\.[cm]?[jt]sx?$/.test(moduleId) && ownTestPrefixes.some((prefix) => moduleId.startsWith(prefix));
    const group = (file: TestSpecification) => {
      if (isOwnTest(file.moduleId)) return 0;
      return relative(root, file.moduleId).startsWith('tests/') ? 2 : 1;
    };
    const duration = (file: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${file.project.name}:${relative(root, file.moduleId)}`)?.duration ?? Number.POSITIVE_INFINITY;
    return [...files].sort((a, b) => group(a) - group(b) || duration(a) - duration(b) || a.moduleId.localeCompare(b.moduleId));
  }
}

const config = mergeConfig(
  baseConfig,
  defineConfig({
    // Stryker runs the tests in a copy of the project that reaches its dependencies through links to where they
    // are installed, outside the copy, and Vite would refuse to load files from there (pdf.js assets imported
    // with ?url). This Vite server only feeds the tests and serves nothing over the network.
    server: { fs: { strict: false } },
    test: {
      sequence: { sequencer: CheapestTestsFirst },
      // Stryker runs the tests in worker threads, one file at a time, on a machine that is often busy; a
      // timing-sensitive screen test that fails once and then passes must neither abort the first run nor
      // count as noticing a mutant.
      retry: 2,
    },
  }),
);

// MUTATION_TESTS=unit keeps only the unit tests beside the server and shared code: seconds rather than many
// minutes while writing the tests that kill a file's mutants. The score to report comes from a full run.
if (process.env.MUTATION_TESTS === 'unit') config.test!.include = ['server/src/**/*.test.ts', 'shared/src/**/*.test.ts'];

export default config;
