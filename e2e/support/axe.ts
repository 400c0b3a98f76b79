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
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => ({
    impact: v.impact,
    line: `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  }));
}
