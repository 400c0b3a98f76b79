import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E } from './support/env.ts';

const root = path.resolve(import.meta.dirname, '..');
const reports = process.env.SEGUE_REPORTS ?? path.join(root, 'test-results', 'reports');

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(root, 'test-results', 'e2e'),
  // A test that opens several devices (leader, phones, projector) takes about a minute on a
  // 2-core Xeon and twice that on the slower 2-core EPYC machines CI also runs on; a hung test
  // still fails. Tests that need more say so with test.setTimeout.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // Each test makes its own people, teams and songs, so the tests of one file may run at once on
  // both workers; a file whose tests share something outside the app says so itself.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: path.join(reports, 'e2e.json') }]],
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: E2E.baseUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The app's service worker would serve pages from its cache: each test sees
    // the network as it is, except the PWA spec, which allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The built server exactly as `npm start` runs it, on a throwaway data folder.
    // Playwright starts it before globalSetup, so it clears its own data folder.
    command: `rm -rf '${E2E.dataDir}' && node --max-semi-space-size=64 '${path.join(root, 'apps/server/dist/main.js')}'`,
    url: `${E2E.baseUrl}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(E2E.port),
      APP_URL: E2E.baseUrl,
      DATA_DIR: E2E.dataDir,
      SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
      MAIL_FROM: 'Segue <no-reply@segue.test>',
      TRUST_PROXY: 'true',
      // Only warnings and errors reach the test output.
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
  },
});
