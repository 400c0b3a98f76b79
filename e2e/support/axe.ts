import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Axe's serious and critical violations on the page as it is now, one line each. Colours are
 * measured once no animation or transition that ends still runs (a slide, a fade-in, the
 * theme's colour change); endless ones (a spinner) are left spinning.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  return (await violations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => v.line);
}

/** Every violation axe finds on the page as it is now, whatever its impact, one line each. */
export async function allViolations(page: Page): Promise<string[]> {
  return (await violations(page)).map((v) => v.line);
}

async function violations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  // Every rule runs on every element; what is left out is overhead. Legacy mode runs `axe.run`
  // in the page itself: the default runs each frame apart and then opens a blank page to merge
  // the results, which the app (no iframes) does not need. And only the violations are
  // described: axe builds a selector for each node it reports, passes included unless told.
  // Together about half of a scan's time in Chromium here.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.map((v) => ({
    impact: v.impact,
    line: `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  }));
}
