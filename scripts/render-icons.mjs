// Renders the app's PNG icons (manifest) from its SVGs in Debian's Chromium: node scripts/render-icons.mjs
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
for (const [src, out, size] of [
  ['apps/web/public/favicon.svg', 'apps/web/public/icon-192.png', 192],
  ['apps/web/public/favicon.svg', 'apps/web/public/icon-512.png', 512],
  ['apps/web/icons/maskable.svg', 'apps/web/public/icon-maskable-512.png', 512],
]) {
  const svg = readFileSync(src, 'utf8');
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html><body style="margin:0;background:transparent"><img style="display:block;width:${size}px;height:${size}px" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}"></body></html>`,
  );
  await page.screenshot({ path: out, omitBackground: true });
}
await browser.close();
