import { defineConfig } from '@playwright/test';
import { findChromium } from './scripts/chromium';
import { e2ePorts } from './tests/e2e/ports';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright.json' }]],
  use: {
    baseURL: `http://localhost:${e2ePorts.app}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: findChromium(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
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
