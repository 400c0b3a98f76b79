import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Waits until the service worker serves the app, as it does for an installed app. The worker
 * registers once the first screen is idle and then precaches the whole app (about 330 files,
 * 3 MB) before it activates: on a busy two-core machine that took more than the 10 s an
 * assertion waits (two fresh-clone runs failed on it), so it has 30.
 */
export async function installed(page: Page) {
  await expect
    .poll(
      () => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state ?? null),
      { timeout: 30_000 },
    )
    .toBe('activated');
}
