import type { Page } from '@playwright/test';

/** The titles in the Selected Song Order list, top to bottom. */
export async function songOrder(page: Page): Promise<string[]> {
  const handles = page.getByRole('button', { name: /^Reorder / });
  const names = await handles.evaluateAll((els) =>
    els.map((el) => el.getAttribute('aria-label') ?? ''),
  );
  return names.map((n) => n.replace(/^Reorder /, ''));
}
