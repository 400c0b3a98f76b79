import { expect, type Page } from '@playwright/test';

/**
 * The page does not scroll sideways. On failure the message names the innermost elements that
 * stick out past the right edge, which is where a fix starts.
 *
 * It waits for the layout to settle: right after a resize, React has not yet re-rendered what
 * depends on the screen's size (the app bar's drawer, hidden columns), and for that moment the
 * page still holds the wider layout a person never sees.
 */
export async function expectNoSidewaysScroll(page: Page, what: string) {
  await expect(async () => {
    const measured = await page.evaluate(() => {
      const width = window.innerWidth;
      const sticksOut = (el: Element) => el.getBoundingClientRect().right > width + 0.5;
      const offenders = Array.from(document.body.querySelectorAll('*'))
        .filter((el) => sticksOut(el) && !Array.from(el.children).some(sticksOut))
        .slice(0, 5)
        .map((el) => {
          const label = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
          return `<${el.tagName.toLowerCase()}> "${label}" right=${Math.round(el.getBoundingClientRect().right)}`;
        });
      return { scrollWidth: document.documentElement.scrollWidth, width, offenders };
    });
    expect(
      measured.scrollWidth,
      `${what} is ${measured.scrollWidth} px wide on a ${measured.width} px screen: ${measured.offenders.join(', ')}`,
    ).toBeLessThanOrEqual(measured.width);
  }).toPass({ timeout: 3_000 });
}
