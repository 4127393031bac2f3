// `npm test`: type-check and build the client side by side, unit and integration tests (Vitest), browser tests
// (Playwright), then one summary line in the form CI reads: "tests: N passed, N failed, N skipped".
// `npm test -- --lint` (what CI runs) also runs the lint beside the type-check and the build.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';

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

/** A failure's first line, without colours, short enough for the tail CI keeps. */
function firstLine(message) {
  if (!message) return '';
  const escape = String.fromCharCode(27);
  const line =
    message
      .replaceAll(new RegExp(`${escape}\\[[0-9;]*m`, 'g'), '')
      .trim()
      .split('\n')[0] ?? '';
  return `\n      ${line.length > 240 ? `${line.slice(0, 240)}…` : line}`;
}

/** The titles of a Playwright JSON report's tests whose outcome was unexpected, with their file and project. */
function failedPlaywrightTests(report) {
  const names = [];
  const visit = (suite, titles) => {
    const path = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        names.push(`[${test.projectName}] ${spec.file} › ${[...path, spec.title].join(' › ')}${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, path);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  return names;
}

mkdirSync('.tmp', { recursive: true });
rmSync('.tmp/vitest.json', { force: true });
rmSync('.tmp/playwright.json', { force: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;
// The failed tests' names, printed again just above the summary line: CI keeps only the tail of a long run.
const failedNames = [];

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
for (const [index, status] of firstStatuses.entries()) {
  if (status !== 0) {
    totals.failed += 1;
    exitCode = 1;
    failedNames.push(firstSteps[index].title);
  }
}
const built = firstStatuses.at(-1) === 0;

/** Runs Vitest with these arguments and adds its JSON report's figures and failures to the totals. */
function runVitest(title, args, report) {
  console.log(`\n> ${title}`);
  rmSync(report, { force: true });
  exitCode |= run('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${report}`]) === 0 ? 0 : 1;
  if (!existsSync(report)) {
    totals.failed += 1;
    failedNames.push(`${title} (no report)`);
    return;
  }
  const results = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += results.numPassedTests;
  totals.failed += results.numFailedTests;
  totals.skipped += results.numPendingTests + (results.numTodoTests ?? 0);
  if (results.numFailedTestSuites > 0 && results.numFailedTests === 0) totals.failed += results.numFailedTestSuites;
  const prefix = args.includes('postgres') ? '[PostgreSQL] ' : '';
  for (const file of results.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      failedNames.push(`${prefix}${relative(process.cwd(), file.name)} › ${test.fullName}${firstLine(test.failureMessages?.[0])}`);
    }
    if (file.status === 'failed' && failedTests.length === 0)
      failedNames.push(`${prefix}${relative(process.cwd(), file.name)} (could not run)`);
  }
}

runVitest('Unit and integration tests', ['--project', 'client', '--project', 'server'], '.tmp/vitest.json');
// The integration suite again on PostgreSQL (issue 21), in processes of its own: a process picks its tables once.
runVitest('Integration tests on PostgreSQL', ['--project', 'postgres'], '.tmp/vitest-postgres.json');

if (built) {
  console.log('\n> Browser tests');
  const browserStatus = run('npx', ['playwright', 'test']);
  exitCode |= browserStatus === 0 ? 0 : 1;
  const stats = existsSync('.tmp/playwright.json') ? JSON.parse(readFileSync('.tmp/playwright.json', 'utf8')).stats : null;
  if (stats) {
    failedNames.push(...failedPlaywrightTests(JSON.parse(readFileSync('.tmp/playwright.json', 'utf8'))));
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  }
  // A run that failed without a failing test (its servers could not start, say) still counts as a failure.
  if (!stats || (browserStatus !== 0 && stats.unexpected === 0)) totals.failed += 1;
}

if (failedNames.length > 0) console.log(`\nFailed:\n${failedNames.map((name) => `  ✘ ${name}`).join('\n')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);
