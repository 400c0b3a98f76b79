import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The names of the rows in the Selected Song Order list, top to bottom: each song's title
 * ("<title> (reprise)" when played again) and each item's title, as the rows' drag handles
 * ("Reorder <name>") say them.
 */
export async function songOrder(page: Page): Promise<string[]> {
  const handles = page.getByRole('button', { name: /^Reorder / });
  const names = await handles.evaluateAll((els) =>
    els.map((el) => el.getAttribute('aria-label') ?? ''),
  );
  return names.map((n) => n.replace(/^Reorder /, ''));
}

/**
 * Drags one handle onto another with the mouse, past dnd-kit's 5 px activation distance. The
 * handle is brought to the middle of the screen first, as a person would scroll to it: near the
 * screen's edge the drag scrolls the page, and the target would no longer be where it was.
 */
export async function dragOnto(page: Page, from: Locator, to: Locator) {
  await from.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 10, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 + 5, { steps: 15 });
  await page.mouse.up();
}

/**
 * Moves a row up with the keyboard, as a screen reader user does: Space lifts its handle,
 * each ArrowUp moves it one place, Space drops it. Each key waits for what the list
 * announces after the one before, as such a user hears it: a key pressed before the lift
 * has taken is lost.
 */
export async function moveUpWithKeyboard(page: Page, name: string, places: number) {
  const announced = page.locator('[id^="DndLiveRegion"]');
  await page.getByRole('button', { name: `Reorder ${name}` }).focus();
  await page.keyboard.press('Space');
  // Lifted: "Picked up …", then at once "… is over position <its own> of …".
  const quoted = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(announced).toHaveText(
    new RegExp(`^(Picked up ${quoted},|${quoted} is over position)`),
  );
  for (let i = 0; i < places; i++) {
    const before = (await announced.textContent()) ?? '';
    if (i === 0) {
      // dnd-kit's keyboard sensor starts listening for keys a timer after the lift is announced:
      // on a busy machine the first arrow can come before it and be lost (seen once in CI). A
      // lost key moves nothing, so it is pressed again until the list answers.
      await expect(async () => {
        await page.keyboard.press('ArrowUp');
        await expect(announced).not.toHaveText(before, { timeout: 2000 });
      }).toPass({ timeout: 10_000 });
    } else {
      await page.keyboard.press('ArrowUp');
      await expect(announced).not.toHaveText(before);
    }
  }
  await page.keyboard.press('Space');
  await expect(announced).toContainText(`${name} dropped at position`);
}
