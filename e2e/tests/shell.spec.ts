import { createVerifiedPerson, expect, signIn, test } from '../support/fixtures.ts';
import { seriousViolations } from '../support/axe.ts';

test.describe('application shell', () => {
  test('a logged-out visit to a protected route lands on Login', async ({ page }) => {
    for (const path of ['/dashboard', '/songs', '/setlists/live/abc', '/settings']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test('the landing page offers the right buttons by login state', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Segue');
    await expect(page.getByText(/coming soon/i)).toBeVisible();
    await page.getByRole('link', { name: 'Get Started Free' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await page.goto('/');
    await page.getByRole('link', { name: 'Join Now' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);

    const person = await createVerifiedPerson(request, 'Lydia');
    await signIn(page, person);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Get Started Free' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the theme choice survives a reload', async ({ page, request }) => {
    const person = await createVerifiedPerson(request, 'Silas');
    await signIn(page, person);
    await page.goto('/dashboard');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const initial = await page.evaluate(() => localStorage.getItem('theme'));

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Dark mode' }).click();
    const chosen = await page.evaluate(() => localStorage.getItem('theme'));
    expect(chosen).toMatch(/^(light|dark)$/);
    expect(chosen).not.toBe(initial ?? 'light');
    const expected = chosen === 'dark' ? 'rgb(18, 18, 18)' : 'rgb(245, 245, 245)';
    await expect.poll(background, { timeout: 5000 }).toBe(expected);
    // The browser's bar (and an installed app's) takes the theme's colour too.
    const bar = chosen === 'dark' ? '#121212' : '#4a51db';
    const barColours = () =>
      page
        .locator('meta[name="theme-color"]')
        .evaluateAll((metas) => metas.map((m) => m.getAttribute('content')));
    await expect.poll(barColours).toEqual([bar, bar]);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome Silas' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe(chosen);
    await expect.poll(background, { timeout: 5000 }).toBe(expected);
    await expect.poll(barColours).toEqual([bar, bar]);
  });

  test('on a small screen the bar becomes a drawer', async ({ page, request }) => {
    const person = await createVerifiedPerson(request, 'Anna');
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, person);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Songs' }).click();
    await expect(page).toHaveURL(/\/songs$/);
  });

  // The suite runs as a device that asks for less motion (the config's reducedMotion); this
  // checks both answers, since most people's devices ask for none.
  for (const motion of ['reduce', 'no-preference'] as const) {
    test.describe(() => {
      test.use({ reducedMotion: motion, viewport: { width: 390, height: 844 } });
      test(`the drawer ${motion === 'reduce' ? 'appears at once where the device asks for less motion' : 'slides in elsewhere'}`, async ({
        page,
        request,
      }) => {
        const person = await createVerifiedPerson(request, 'Moses');
        await signIn(page, person);
        await page.goto('/dashboard');
        await page.getByRole('button', { name: 'Open navigation' }).click();
        const drawer = page.getByRole('dialog');
        await expect(drawer.getByRole('link', { name: 'Songs' })).toBeVisible();
        const transition = await drawer.evaluate(
          (paper) => getComputedStyle(paper).transitionDuration,
        );
        if (motion === 'reduce') expect(transition).toBe('0s');
        else expect(transition).not.toBe('0s');
      });
    });
  }

  for (const theme of ['light', 'dark'] as const) {
    test(`Landing, Login and Register have no serious accessibility violations (${theme})`, async ({
      page,
    }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      for (const path of ['/', '/login', '/register']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await seriousViolations(page), `${path} in ${theme}`).toEqual([]);
      }
    });
  }
});
