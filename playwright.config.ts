import { defineConfig } from '@playwright/test';
import { findChromium } from './scripts/chromium';
import { e2ePorts } from './tests/e2e/ports';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  // One test at a time, but for the accessibility scans (see projects).
  workers: 2,
  // A test passes on its first run or fails: a retry would hide a flaky test or a stuck page.
  retries: 0,
  // Budget of one test: two browsers signing up through the mail take a third of 30 s on a busy machine.
  timeout: 60_000,
  // Waits for states end as soon as the state is reached: a longer limit only gives a busy machine
  // (CI, a laptop compiling) time to get there, it never slows a run where things work.
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT ?? '.tmp/playwright.json' }]],
  // The browser tests one at a time; then the accessibility scans two at a time: axe keeps a core busy while the
  // stack is idle, so two scans use the machine's two cores (beside the other tests, both sets ran several times
  // slower). Scans that come after a failed browser test are not run.
  projects: [
    { name: 'browser', testIgnore: /accessibility\.spec\.ts$/, workers: 1 },
    {
      name: 'accessibility',
      testMatch: /accessibility\.spec\.ts$/,
      dependencies: ['browser'],
      fullyParallel: true,
      workers: 2,
    },
  ],
  use: {
    baseURL: `http://localhost:${e2ePorts.app}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: findChromium(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-quic',
        '--disable-sync',
        // Calls: a fake camera (moving test pattern), microphone (beeps) and screen, given without a permission prompt.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        // Browsers of one test machine call each other: their host candidates carry real addresses, not mDNS
        // names that need a multicast responder the machine may not have, and loopback counts as a network.
        '--disable-features=WebRtcHideLocalIpsWithMdns',
        '--allow-loopback-in-peer-connection',
      ],
    },
  },
  webServer: {
    command: 'tsx tests/e2e/stack.ts',
    url: `http://localhost:${e2ePorts.app}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
