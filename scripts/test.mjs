// `npm test`: every check in order, then one closing line with the counts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'test-results', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const steps = [
  ['chromium', 'node', ['scripts/ensure-chromium.mjs']],
  ['typecheck', 'npm', ['run', 'typecheck', '--silent']],
  ['lint', 'npm', ['run', 'lint', '--silent']],
  [
    'shared unit tests',
    'npx',
    [
      'vitest',
      'run',
      '--root',
      'packages/shared',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reports}/shared.json`,
    ],
  ],
  [
    'web unit tests',
    'npx',
    [
      'vitest',
      'run',
      '--root',
      'apps/web',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reports}/web.json`,
    ],
  ],
  [
    'server tests',
    'npx',
    [
      'vitest',
      'run',
      '--root',
      'apps/server',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reports}/server.json`,
    ],
  ],
  ['build', 'npm', ['run', 'build', '--silent']],
  ['end-to-end tests', 'npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts']],
];

let failedStep = null;
for (const [name, command, args] of steps) {
  console.log(`\n=== ${name}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SEGUE_REPORTS: reports },
  });
  if (result.status !== 0) {
    failedStep = name;
    break;
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of ['shared.json', 'web.json', 'server.json']) {
  const p = path.join(reports, file);
  if (!existsSync(p)) continue;
  const r = JSON.parse(readFileSync(p, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
}
const e2e = path.join(reports, 'e2e.json');
if (existsSync(e2e)) {
  const s = JSON.parse(readFileSync(e2e, 'utf8')).stats;
  passed += s.expected;
  failed += s.unexpected;
  skipped += s.skipped;
  passed += s.flaky;
}
if (failedStep) console.error(`\nFAILED at step: ${failedStep}`);
console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedStep ? 1 : 0);
