import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { findChromium } from './scripts/chromium';

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDirectory = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'workspace-e2e-'));

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
    baseURL: `http://localhost:${port}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: findChromium(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
    },
  },
  webServer: {
    command: 'tsx server/src/main.ts',
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDirectory, NODE_ENV: 'production', LOG_LEVEL: 'warn', SQLITE_SYNCHRONOUS: 'NORMAL', PUBLIC_URL: `http://localhost:${port}` },
  },
});
