import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where the end-to-end run's server, mail server and mailbox live. */
export const E2E = {
  port: Number(process.env.E2E_PORT ?? 3100),
  smtpPort: Number(process.env.E2E_SMTP_PORT ?? 2625),
  get baseUrl() {
    return `http://localhost:${this.port}`;
  },
  dataDir: path.join(tmpdir(), `segue-e2e-data-${process.env.E2E_PORT ?? 3100}`),
  mailDir: path.join(tmpdir(), `segue-e2e-mail-${process.env.E2E_PORT ?? 3100}`),
};

/** Debian's Chromium: the full browser and its headless shell (scripts/ensure-chromium.mjs). */
export const CHROMIUM = {
  full: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  shell: process.env.CHROMIUM_SHELL_PATH ?? '/usr/bin/chromium-headless-shell',
};
