// `npm test`: type-check and build the client side by side, unit and integration tests (Vitest), browser tests
// (Playwright), then one summary line in the form CI reads: "tests: N passed, N failed, N skipped".
// `npm test -- --lint` (what CI runs) also runs the lint beside the type-check and the build.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const run = (command, args, extraEnvironment = {}) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...extraEnvironment } }).status ?? 1;

/**
 * Runs commands at the same time and prints each one's output whole, in the order given, once it has ended, so
 * their lines do not mix. Prettier, ESLint and the schema check use one core each, and the type-check and the build
 * leave a core idle part of the time: side by side they take about as long as the longest of them.
 */
async function runSideBySide(steps) {
  const started = steps.map(
    (step) =>
      new Promise((resolve) => {
        const output = [];
        const child = spawn(step.command, step.args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('error', (error) => {
          output.push(Buffer.from(`${error.message}\n`));
          resolve({ status: 1, output });
        });
        child.on('close', (status) => resolve({ status: status ?? 1, output }));
      }),
  );
  const statuses = [];
  for (const [index, step] of steps.entries()) {
    const { status, output } = await started[index];
    console.log(`\n> ${step.title}${status === 0 ? '' : ' (failed)'}`);
    process.stdout.write(Buffer.concat(output));
    statuses.push(status);
  }
  return statuses;
}

mkdirSync('.tmp', { recursive: true });
rmSync('.tmp/vitest.json', { force: true });
rmSync('.tmp/playwright.json', { force: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

const firstSteps = [
  ...(process.argv.includes('--lint')
    ? [
        { title: 'Formatting (Prettier)', command: 'npx', args: ['prettier', '--check', '.'] },
        {
          title: 'Lint (ESLint)',
          command: 'node',
          args: ['--require', './scripts/eslintTypescript.cjs', 'node_modules/eslint/bin/eslint.js', '.'],
        },
      ]
    : []),
  { title: 'Type-checking', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { title: 'Building the client', command: 'npx', args: ['vite', 'build', '--logLevel', 'warn'] },
];
const firstStatuses = await runSideBySide(firstSteps);
for (const status of firstStatuses) {
  if (status !== 0) {
    totals.failed += 1;
    exitCode = 1;
  }
}
const built = firstStatuses.at(-1) === 0;

console.log('\n> Unit and integration tests');
exitCode |= run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=.tmp/vitest.json']) === 0 ? 0 : 1;
if (existsSync('.tmp/vitest.json')) {
  const report = JSON.parse(readFileSync('.tmp/vitest.json', 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  if (report.numFailedTestSuites > 0 && report.numFailedTests === 0) totals.failed += report.numFailedTestSuites;
}

if (built) {
  console.log('\n> Browser tests');
  const browserStatus = run('npx', ['playwright', 'test']);
  exitCode |= browserStatus === 0 ? 0 : 1;
  const stats = existsSync('.tmp/playwright.json') ? JSON.parse(readFileSync('.tmp/playwright.json', 'utf8')).stats : null;
  if (stats) {
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  }
  // A run that failed without a failing test (its servers could not start, say) still counts as a failure.
  if (!stats || (browserStatus !== 0 && stats.unexpected === 0)) totals.failed += 1;
}

console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);
