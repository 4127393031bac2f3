// `npm test`: type-check, unit and integration tests (Vitest), build, browser tests (Playwright),
// then one summary line in the form CI reads: "tests: N passed, N failed, N skipped".
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const run = (command, args, extraEnvironment = {}) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...extraEnvironment } }).status ?? 1;

/** Runs a command beside others; its output goes to the terminal ('inherit') or to a file. Resolves with its exit status. */
const runAsync = (command, args, extraEnvironment, output) =>
  new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: output === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...extraEnvironment },
    });
    if (output !== 'inherit') {
      const file = createWriteStream(output);
      child.stdout.pipe(file);
      child.stderr.pipe(file);
    }
    child.on('close', (status) => resolve(status ?? 1));
    child.on('error', () => resolve(1));
  });

const accessibilityReport = '.tmp/playwright-accessibility.json';
mkdirSync('.tmp', { recursive: true });
for (const report of ['.tmp/vitest.json', '.tmp/playwright.json', accessibilityReport]) rmSync(report, { force: true });

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
  console.log('\n> Browser tests (the accessibility scans run beside them on a stack of their own; their output follows)');
  const accessibilityLog = '.tmp/accessibility.log';
  const [browserStatus, accessibilityStatus] = await Promise.all([
    runAsync('npx', ['playwright', 'test', '--project=browser'], {}, 'inherit'),
    runAsync(
      'npx',
      ['playwright', 'test', '--project=accessibility', '--output=test-results-accessibility'],
      { E2E_PORT: '3220', E2E_SMTP_PORT: '3221', E2E_MAILBOX_PORT: '3222', E2E_OIDC_PORT: '3223', E2E_JSON_REPORT: accessibilityReport },
      accessibilityLog,
    ),
  ]);
  console.log('\n> Accessibility scans');
  console.log(readFileSync(accessibilityLog, 'utf8'));
  for (const [status, report] of [
    [browserStatus, '.tmp/playwright.json'],
    [accessibilityStatus, accessibilityReport],
  ]) {
    exitCode |= status === 0 ? 0 : 1;
    const stats = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')).stats : null;
    if (stats) {
      totals.passed += stats.expected + stats.flaky;
      totals.failed += stats.unexpected;
      totals.skipped += stats.skipped;
    }
    // A run that failed without a failing test (its servers could not start, say) still counts as a failure.
    if (!stats || (status !== 0 && stats.unexpected === 0)) totals.failed += 1;
  }
}

console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);
