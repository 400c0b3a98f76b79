// Child processes of the bench: every one is tracked so that it is stopped on the
// way out, whatever went wrong (a failed measure, an exception, Ctrl+C).
import { fork, spawn } from 'node:child_process';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set();

/** @param {import('node:child_process').ChildProcess} child */
function track(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/**
 * Spawns a command whose output we read (stdout/stderr piped).
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} [options]
 */
export function spawnTracked(command, args, options = {}) {
  return track(spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options }));
}

/**
 * Forks a Node.js module with an IPC channel (load workers).
 * @param {string} modulePath
 * @param {string[]} [args]
 * @param {import('node:child_process').ForkOptions} [options]
 */
export function forkTracked(modulePath, args = [], options = {}) {
  return track(
    fork(modulePath, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], ...options }),
  );
}

/** Resolves when the child has exited (at once if it already has). */
export function exited(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve(undefined)));
}

/**
 * Asks a child to stop (SIGTERM, so Segue closes its database cleanly), then kills it
 * if it is still there after `graceMs`.
 * @param {import('node:child_process').ChildProcess | undefined | null} child
 * @param {number} [graceMs]
 */
export async function stopChild(child, graceMs = 5000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const done = await Promise.race([
    exited(child).then(() => true),
    sleep(graceMs, false, { ref: false }),
  ]);
  if (!done) {
    child.kill('SIGKILL');
    await Promise.race([exited(child), sleep(2000, undefined, { ref: false })]);
  }
}

/** Stops every child still running (used in the final `finally`). */
export async function stopAllChildren() {
  await Promise.all([...children].map((child) => stopChild(child)));
}

// Last resort: if the bench dies without reaching its `finally`, no child outlives it.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** True when nothing listens on 127.0.0.1:port. */
function portIsFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Ports handed out in this run, so two servers never get the same one. */
const handedOut = new Set();

/**
 * A free loopback port in 4100-4189 (other work on this machine uses 3000, 3100,
 * 3300-3500 and 2625; 4190 is on fetch's list of blocked ports).
 * @param {number} [preferred]
 */
export async function freePort(preferred = 4100) {
  for (let i = 0; i < 90; i++) {
    const port = 4100 + ((preferred - 4100 + i) % 90);
    if (handedOut.has(port)) continue;
    if (await portIsFree(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error('no free port in 4100-4189');
}

/**
 * Polls a URL until it answers 2xx, the child exits, or the time is up.
 * @param {string} url
 * @param {{ timeoutMs?: number, child?: import('node:child_process').ChildProcess, describe?: () => string }} [options]
 */
export async function waitForHttp(url, { timeoutMs = 30_000, child, describe } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(
        `process exited (${child.exitCode ?? child.signalCode}) before ${url} answered${describe ? `:\n${describe()}` : ''}`,
      );
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(
    `${url} did not answer within ${timeoutMs} ms${describe ? `:\n${describe()}` : ''}`,
  );
}

/**
 * Runs a command to completion with a time limit; rejects with its output tail on failure.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, timeoutMs?: number, env?: NodeJS.ProcessEnv }} [options]
 */
export async function run(command, args, { cwd, timeoutMs = 180_000, env } = {}) {
  const child = spawnTracked(command, args, { cwd, env });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited(child);
  clearTimeout(timer);
  if (child.exitCode !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${child.exitCode ?? child.signalCode}):\n${output.slice(-3000)}`,
    );
  }
  return output;
}
