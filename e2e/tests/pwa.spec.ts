import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../support/fixtures.ts';
import { installed } from '../support/service-worker.ts';

/** Issue 17, first part: Segue installs as an app, precached, and offers a new version. */
test.use({ serviceWorkers: 'allow' });
// The second test rewrites the built service worker on disk, which the first installs: one at a time.
test.describe.configure({ mode: 'default' });

const SERVICE_WORKER = fileURLToPath(new URL('../../apps/web/dist/sw.js', import.meta.url));
const ASSETS = fileURLToPath(new URL('../../apps/web/dist/assets', import.meta.url));

interface Manifest {
  name: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

test('the manifest and the service worker make Segue installable, with everything precached', async ({
  page,
  context,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = (await (await page.request.get(href!)).json()) as Manifest;
  expect(manifest).toMatchObject({ name: 'Segue', display: 'standalone', theme_color: '#4a51db' });
  for (const [sizes, purpose] of [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ]) {
    const icon = manifest.icons.find((i) => i.sizes === sizes && i.purpose === purpose);
    expect(icon, `${sizes} ${purpose}`).toBeDefined();
    const res = await page.request.get(icon!.src);
    expect(res.headers()['content-type']).toBe('image/png');
  }

  // The service worker is installed with every asset of the app shell, and serves the next visit.
  await installed(page);
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    const urls = await Promise.all(
      names.map(async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)),
    );
    return urls.flat();
  });
  expect(cached.some((url) => url.endsWith('/index.html') || url.includes('index.html?'))).toBe(
    true,
  );
  expect(cached.filter((url) => /\/assets\/live-page-[^/]+\.js/.test(url))).toHaveLength(1);
  // Every script and style of the build is kept, so any page opens offline, except the follow
  // page's own (`follow-page-*`): it is for phones without the app. A chunk of the app that a
  // looser pattern left out once made the setlist view fail to open offline.
  const paths = new Set(cached.map((url) => new URL(url).pathname));
  const built = readdirSync(ASSETS).filter((file) => /\.(js|css)$/.test(file));
  expect(built.filter((file) => file.startsWith('follow-page-')).length).toBeGreaterThan(0);
  expect(built.filter((file) => !paths.has(`/assets/${file}`))).toEqual(
    built.filter((file) => file.startsWith('follow-page-')),
  );

  // Chromium's own installability check finds nothing missing.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  // Playwright's contexts are off the record, where Chromium never offers an install: that is
  // the one error it may name. Anything the app lacks (manifest, icons, worker) would be another.
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
  expect(installabilityErrors.map((e) => e.errorId)).toEqual(['in-incognito']);
});

test('a new version waits until the page offers "Update available – reload"', async ({ page }) => {
  await page.goto('/');
  await installed(page);
  // The next visit runs under the service worker, as an installed app does.
  await page.reload();
  const controller = () =>
    page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
  expect(await controller()).toMatch(/\/sw\.js$/);
  await expect(page.getByRole('button', { name: 'Update available – reload' })).toHaveCount(0);

  // A new build: another service worker script at the same address.
  const original = `${SERVICE_WORKER}.original`;
  copyFileSync(SERVICE_WORKER, original);
  try {
    writeFileSync(SERVICE_WORKER, `${readFileSync(original, 'utf8')}\n// a new build\n`);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      await registration.update();
    });
    const prompt = page.getByRole('button', { name: 'Update available – reload' });
    await expect(prompt).toBeVisible({ timeout: 15_000 });
    // Until accepted, the page runs the version it started with; accepting reloads into the new.
    const reloaded = page.waitForEvent('load');
    await prompt.click();
    await reloaded;
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return [registration?.waiting ?? null, navigator.serviceWorker.controller?.state];
        }),
      )
      .toEqual([null, 'activated']);
    await expect(page.getByRole('button', { name: 'Update available – reload' })).toHaveCount(0);
  } finally {
    copyFileSync(original, SERVICE_WORKER);
  }
});
