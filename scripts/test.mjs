// `npm test`: type-check, unit and integration tests (Vitest), build, browser tests (Playwright),
// then one summary line in the form CI reads: "tests: N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const run = (command, args, extraEnvironment = {}) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...extraEnvironment } }).status ?? 1;

mkdirSync('.tmp', { recursive: true });
rmSync('.tmp/vitest.json', { force: true });
rmSync('.tmp/playwright.json', { force: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

console.log('\n> Type-checking');
if (run('npm', ['run', '--silent', 'typecheck']) !== 0) {
  totals.failed += 1;
  exitCode = 1;
}

console.log('\n> Unit and integration tests');
exitCode |= run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=.tmp/vitest.json']) === 0 ? 0 : 1;
if (existsSync('.tmp/vitest.json')) {
  const report = JSON.parse(readFileSync('.tmp/vitest.json', 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  if (report.numFailedTestSuites > 0 && report.numFailedTests === 0) totals.failed += report.numFailedTestSuites;
}

console.log('\n> Building the client');
if (run('npx', ['vite', 'build', '--logLevel', 'warn']) !== 0) {
  totals.failed += 1;
  exitCode = 1;
} else {
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
