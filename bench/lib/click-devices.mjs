// The band's devices for the click measure: the end-to-end test's own init script
// (e2e/support/click-devices.ts: a clock of its own, a wavering live socket, a spy on every Web
// Audio start) compiled at the bench's start, so the test and the bench shift, delay and record
// alike from one source.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from './servers.mjs';

const SOURCE = path.join(REPO_ROOT, 'e2e/support/click-devices.ts');

/**
 * @typedef {object} DeviceQuirks  see DeviceQuirks in e2e/support/click-devices.ts
 * @property {number} clockShiftMs
 * @property {number} nowShiftMs
 * @property {number} networkBaseMs
 * @property {number} networkJitterMs
 * @property {boolean} clickOn
 *
 * @typedef {object} ClickDevices
 * @property {(quirks: DeviceQuirks) => void} clickDevice  the init script (`context.addInitScript(clickDevice, quirks)`)
 * @property {(record: object) => number[]} heardClicks  the clicks a device made heard, as real epoch ms
 */

/**
 * Compiles e2e/support/click-devices.ts with esbuild (Vite's and the server build's, in the
 * workspace's node_modules) and imports it. The types go and nothing else changes: the init
 * script is sent to the page as its source text, and needs no helper esbuild could add.
 * @returns {Promise<ClickDevices>}
 */
export async function loadClickDevices() {
  const { transform } = await import('esbuild');
  const { code } = await transform(await readFile(SOURCE, 'utf8'), {
    loader: 'ts',
    format: 'esm',
    target: 'es2022',
    sourcefile: SOURCE,
  });
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}
