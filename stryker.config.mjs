// Mutation testing of the core (`npm run test:mutation`): Stryker changes the code of the files listed in
// scripts/mutationTargets.mjs one small change (mutant) at a time and runs the tests that reach it; a
// mutant no test notices is a behaviour no test states. Not part of `npm test`: a run takes many minutes.
// One file: `npx stryker run --mutate server/src/core/sqlite/eventStore.ts --concurrency 1`; with
// MUTATION_TESTS=unit only the unit tests beside the code run (vitest.mutation.config.ts), for quick loops.
// No mutant is excluded: every one either is killed by a test or shows a behaviour left to state. An
// exclusion, should one ever be needed, is a `// Stryker disable next-line <mutator>: <reason>` comment on
// the line, and is listed here with its one-line reason.
import { mutationTargets } from './scripts/mutationTargets.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: mutationTargets,
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  // Each mutant runs only the tests that reached its code in the first, instrumented run.
  coverageAnalysis: 'perTest',
  // Mutants whose code and tests did not change since the last run keep their result. The file stays on
  // the machine that ran it (reports/ is not committed): CI does not run mutation testing.
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: 90 },
  // Two workers at most: each runs its tests one file at a time, and the machines have two cores. On a
  // machine others are using, pass `--concurrency 1`.
  concurrency: 2,
  // The sandbox lives where ESLint, Prettier and git already look away.
  tempDirName: '.tmp/stryker',
  // Stryker reads this file with TypeScript's JavaScript API only to rewrite `extends` and `references`
  // that would point outside its sandbox. Ours has neither, and TypeScript 7 has no JavaScript API (its
  // import crashes the run), so it is pointed at a file that does not exist and nothing is rewritten.
  tsconfigFile: 'tsconfig.not-rewritten-by-stryker.json',
  // Stryker would prepend `// @ts-nocheck` to the TypeScript files of the sandbox, the generated schema types
  // included, which the schema files test then finds out of date. Vitest only strips types, so none is needed.
  disableTypeChecks: false,
  // The first run goes through every related integration test once, one file at a time.
  dryRunTimeoutMinutes: 60,
  // The machine is shared: a slow run is not an endless loop.
  timeoutFactor: 3,
  timeoutMS: 30_000,
};
