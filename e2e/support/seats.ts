import type { Browser, BrowserContext, Page } from '@playwright/test';
import { signIn, type Person } from './fixtures.ts';

/** One person's device at a live service: a browser context of its own, signed in. */
export interface Seat {
  context: BrowserContext;
  page: Page;
}

/**
 * Devices whose contexts run `initScripts` first (stubs of what a browser would ask the user
 * for: a wake lock, a MIDI controller). Each seat is `person` on a device of their own, from
 * `address` (so each has its own rate limits), at `viewport`. Its page is still blank: the test
 * opens what the seat shows.
 */
export const seatsWith =
  (...initScripts: (() => void)[]) =>
  async (
    browser: Browser,
    baseURL: string | undefined,
    person: Person,
    address: string,
    viewport = { width: 1280, height: 800 },
  ): Promise<Seat> => {
    const context = await browser.newContext({
      baseURL,
      viewport,
      extraHTTPHeaders: { 'x-forwarded-for': address },
    });
    for (const script of initScripts) await context.addInitScript(script);
    const page = await context.newPage();
    await signIn(page, person);
    return { context, page };
  };
