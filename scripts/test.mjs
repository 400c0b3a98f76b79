// `npm test`: every check, then one closing line with the counts.
// Steps that do not depend on each other run at the same time, in stages; each
// step's output is printed whole when it ends, so the log reads step by step.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'test-results', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const vitest = (workspace, report, ...args) => [
  'npx',
  [
    'vitest',
    'run',
    '--root',
    workspace,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reports}/${report}.json`,
    ...args,
  ],
];

// The scaling test compares how the song readers' time grows with their input. Beside the type
// check, lint and build on two cores, shared caches made small inputs relatively slower and
// sound readers failed it; it runs last with nothing beside it, in two shares (each a file of
// half the shapes), one a core.
const SCALING = 'src/formats/scaling-*.test.ts';

/** Stages run one after another; the steps of a stage run at once. */
const stages = [
  [['chromium', 'node', ['scripts/ensure-chromium.mjs']]],
  [
    ['shared unit tests', ...vitest('packages/shared', 'shared', '--exclude', SCALING)],
    ['web unit tests', ...vitest('apps/web', 'web')],
    ['build', 'npm', ['run', 'build', '--silent']],
  ],
  // The server and end-to-end tests each keep both cores busy, and some of their checks
  // compare timings: run side by side, both took longer in all and such checks failed. With the
  // server tests at nice 10 beside the end-to-end tests, the two took 762 s against 793 s one
  // after the other, and a server process test missed its shutdown time.
  [['server tests', ...vitest('apps/server', 'server')]],
  [['end-to-end tests', 'npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts']]],
  [['reader scaling test', ...vitest('packages/shared', 'scaling', 'scaling-', '--maxWorkers=2')]],
];

/**
 * Steps that only read the code and have no timeouts: they start with the server tests at the
 * lowest CPU priority, and so run on what the tests leave idle (a fifth of two cores: the tests
 * wait on sockets, timers and their browsers), and the scaling test waits for them. First in the
 * stage of the build, they held it up for about 40 s.
 */
const LOW_PRIORITY = { startsWith: 'server tests', endsBefore: 'reader scaling test' };
const lowPriority = [
  ['typecheck', 'npm', ['run', 'typecheck', '--silent']],
  ['lint', 'npm', ['run', 'lint', '--silent']],
];

const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Runs one step with its output kept, and prints it when the step ends. */
function run([name, command, args], { lowest = false } = {}) {
  return new Promise((resolve) => {
    const begun = Date.now();
    const child = spawn(command, args, {
      cwd: root,
      env: {
        ...process.env,
        SEGUE_REPORTS: reports,
        FORCE_COLOR: process.env.FORCE_COLOR ?? '0',
        // Built in the first stage: the server process tests run it as `npm start` does.
        SEGUE_BUILT_SERVER: path.join(root, 'apps/server/dist/main.js'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Inherited by the processes it starts (npm's, then tsc's, ESLint's and Prettier's).
    if (lowest && child.pid !== undefined) setPriority(child.pid, 19);
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const ok = code === 0;
      console.log(`\n=== ${name} (${ok ? 'passed' : 'FAILED'} in ${seconds(Date.now() - begun)})`);
      process.stdout.write(Buffer.concat(output));
      resolve(ok ? null : name);
    });
  });
}

let failedStep = null;
/** @type {Promise<(string | null)[]> | null} */
let lowPriorityRun = null;
/** Waits for the low-priority steps, if they run; the names of those that failed. */
const lowPriorityEnds = async () => {
  const results = lowPriorityRun ? await lowPriorityRun : [];
  lowPriorityRun = null;
  return results.filter(Boolean);
};
for (const stage of stages) {
  const names = stage.map(([name]) => name);
  if (names.includes(LOW_PRIORITY.startsWith)) {
    lowPriorityRun = Promise.all(lowPriority.map((step) => run(step, { lowest: true })));
  }
  const failures = names.includes(LOW_PRIORITY.endsBefore) ? await lowPriorityEnds() : [];
  if (!failures.length) failures.push(...(await Promise.all(stage.map(run))).filter(Boolean));
  if (failures.length) {
    failedStep = failures.join(', ');
    break;
  }
}
// A stage failed before the scaling test: the low-priority checks still say what they found.
if (lowPriorityRun) {
  const failures = await lowPriorityEnds();
  if (failures.length) failedStep = [failedStep, ...failures].filter(Boolean).join(', ');
}

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of ['shared.json', 'scaling.json', 'web.json', 'server.json']) {
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
console.log(`Time: ${seconds(Date.now() - started)}`);
process.exit(failedStep ? 1 : 0);
