import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM, E2E } from './support/env.ts';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Debian's Chromium in two builds. Most specs run in the headless shell, which drew the same
 * pages in about two thirds of the full browser's time on two cores. Its service worker never
 * activates and it has no install check, so the specs of the offline copy and the installed
 * app run in the full browser.
 */
const WITH_SERVICE_WORKER = [
  '**/offline.spec.ts',
  '**/offline-logout.spec.ts',
  '**/offline-recordings.spec.ts',
  '**/live-keep-key.spec.ts',
  '**/pwa.spec.ts',
];
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // No optimizing compiler past Maglev: a test's page lives seconds, too short for TurboFan's
  // background compiles to pay for themselves. On two cores, seven specs (axe on every screen,
  // songs, setlists, live, chart, phone, projector) took 77 s instead of 98-101 s; the whole
  // suite used 668 CPU-s instead of 682 and took 395 s instead of 404 s.
  '--js-flags=--max-opt=2',
];
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
  // all workers; a file whose tests share something outside the app says so itself.
  fullyParallel: true,
  // Three on two cores: a test spends part of its time waiting (for the app to answer, for an
  // assertion's next poll), which the third fills. Measured on two cores: 484 s with two, 414 s
  // with three, every test passing. Four gained 5-10 s in the full run on a 2-core EPYC
  // (332-338 s against 342 s) but left the cores too busy for the click's first beat and the
  // service workers' installs, which then failed now and then.
  workers: 3,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: path.join(reports, 'e2e.json') }]],
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: E2E.baseUrl,
    // Snapshots of the page at each step, without the screencast: encoding every open page's
    // frames for a trace that is kept only on failure took about a third of the suite's time.
    // Under CI nobody opens a trace, and recording the snapshots took another 7% of the tests'
    // time (the browsers' and the workers' CPU), so CI records none.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // The app's service worker would serve pages from its cache: each test sees
    // the network as it is, except the specs of WITH_SERVICE_WORKER, which allow it.
    serviceWorkers: 'block',
    // A device that asks for less motion: menus and dialogs appear at once, so a click waits for
    // no slide to settle and no ripple is drawn (about 13% of the suite's time). shell.spec.ts
    // checks the drawer with motion too.
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: WITH_SERVICE_WORKER,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        launchOptions: { executablePath: CHROMIUM.shell, args: CHROMIUM_ARGS },
      },
    },
    {
      name: 'chromium with service worker',
      testMatch: WITH_SERVICE_WORKER,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        launchOptions: { executablePath: CHROMIUM.full, args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: {
    // The built server as `npm start` runs it, on a throwaway data folder, and on a throwaway
    // PostgreSQL database when DATABASE_URL names a server (support/web-server.mjs).
    command: `node '${path.join(root, 'e2e/support/web-server.mjs')}'`,
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
      SEGUE_E2E_POSTGRES_URL: process.env.DATABASE_URL ?? '',
      REDIS_URL: '',
    },
  },
});
