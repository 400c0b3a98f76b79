// Starting the servers under test as real processes: Segue's built bundle and the
// bare baselines, each optionally wrapped by serve-with-heap.mjs for the memory measure.
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort, spawnTracked, stopChild, waitForHttp } from './proc.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const BENCH_DIR = path.resolve(here, '..');
export const REPO_ROOT = path.resolve(BENCH_DIR, '..');
export const SEGUE_MAIN = path.join(REPO_ROOT, 'apps/server/dist/main.js');
const HEAP_WRAPPER = path.join(BENCH_DIR, 'serve-with-heap.mjs');

/**
 * @typedef {object} RunningServer
 * @property {string} url            base URL, http://127.0.0.1:<port>
 * @property {number} port
 * @property {string | null} heapUrl  GET it for the process's memoryUsage() after gc
 * @property {import('node:child_process').ChildProcess} child
 * @property {(email: string, timeoutMs?: number) => Promise<string>} waitForMail  the link mailed to an address
 * @property {() => string} tail      the last lines of its output, for error messages
 * @property {string[]} errorLines    log lines at level error or worse
 * @property {() => Promise<void>} stop
 */

/**
 * The Node.js flags Segue runs with (`npm start` in package.json, and docs/DEPLOYMENT.md): a
 * young generation of up to 64 MB a semi-space, so what is in flight during a burst of steps
 * dies young instead of being copied and promoted (docs/DECISIONS.md, Live, "Segue runs with
 * a larger young generation"). Every server the bench starts, Segue and the bare baselines
 * alike, runs with them, so the ratios compare the servers, not their garbage collectors'
 * settings.
 */
const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];
/**
 * BENCH_SEGUE_NODE_ARGS: more Node.js flags for Segue's processes only, split on spaces,
 * for looking inside a run (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). Figures taken
 * with it are not comparable to the baselines'.
 */
const SEGUE_NODE_ARGS = (process.env.BENCH_SEGUE_NODE_ARGS ?? '').split(' ').filter(Boolean);

/** The environment of a child: ours, minus anything that would change what is measured. */
function cleanEnv(extra) {
  const env = { ...process.env };
  // S3_URL and MEDIA_QUOTA_MB: recordings go to DATA_DIR/media, up to the default quota.
  for (const key of [
    'REDIS_URL',
    'SMTP_URL',
    'DATABASE_URL',
    'AUTH_SECRET',
    'NODE_OPTIONS',
    'S3_URL',
    'MEDIA_QUOTA_MB',
  ]) {
    delete env[key];
  }
  return { ...env, ...extra };
}

/**
 * Starts a Node.js server script and waits until its readiness URL answers.
 * @param {object} options
 * @param {string} options.script
 * @param {Record<string, string>} options.env   must include PORT
 * @param {number} options.port
 * @param {string} options.readyPath
 * @param {boolean} [options.withHeap]  run it in serve-with-heap.mjs with --expose-gc
 * @param {string[]} [options.nodeArgs]  more Node.js flags
 * @param {number} [options.maxFiles]  open files it may hold (`ulimit -n`), for servers holding
 *   more sockets than the bench's own limit allows; raised as far as the hard limit lets it
 * @returns {Promise<RunningServer>}
 */
export async function startNodeServer({
  script,
  env,
  port,
  readyPath,
  withHeap = false,
  nodeArgs = [],
  maxFiles,
}) {
  const heapPort = withHeap ? await freePort(port + 1) : null;
  const args = [
    ...SERVER_NODE_FLAGS,
    ...nodeArgs,
    ...(withHeap ? ['--expose-gc', HEAP_WRAPPER] : []),
    script,
  ];
  const options = {
    cwd: REPO_ROOT,
    env: cleanEnv({ ...env, ...(heapPort ? { HEAP_PORT: String(heapPort) } : {}) }),
  };
  // Node.js cannot raise its own limit: a shell does, then becomes the server (same pid).
  const child = maxFiles
    ? spawnTracked(
        'sh',
        [
          '-c',
          `ulimit -n ${Number(maxFiles)} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$@"`,
          'sh',
          process.execPath,
          ...args,
        ],
        options,
      )
    : spawnTracked(process.execPath, args, options);

  /** @type {string[]} */
  const lines = [];
  /** @type {string[]} */
  const errorLines = [];
  /** @type {Map<string, string>} */
  const mails = new Map();
  /** @type {Map<string, (link: string) => void>} */
  const mailWaiters = new Map();

  const onLine = (line) => {
    lines.push(line);
    if (lines.length > 60) lines.shift();
    if (!line.startsWith('{')) return;
    try {
      const entry = JSON.parse(line);
      if (entry.level >= 50 && errorLines.length < 20) errorLines.push(line.slice(0, 500));
      // Without SMTP, Segue logs each mail with its link (pino: { mail: { to, link } }).
      const to = entry.mail?.to;
      const link = entry.mail?.link;
      if (to && link) {
        mails.set(to, link);
        mailWaiters.get(to)?.(link);
      }
    } catch {
      // not a log line of ours
    }
  };
  readline.createInterface({ input: child.stdout }).on('line', onLine);
  readline.createInterface({ input: child.stderr }).on('line', onLine);

  const tail = () => lines.slice(-25).join('\n');
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(url + readyPath, { child, describe: tail });
    if (heapPort) await waitForHttp(`http://127.0.0.1:${heapPort}/heap`, { child, describe: tail });
  } catch (error) {
    await stopChild(child);
    throw error;
  }

  return {
    url,
    port,
    heapUrl: heapPort ? `http://127.0.0.1:${heapPort}/heap` : null,
    child,
    tail,
    errorLines,
    waitForMail(email, timeoutMs = 10_000) {
      const known = mails.get(email);
      if (known) return Promise.resolve(known);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          mailWaiters.delete(email);
          reject(new Error(`no mail to ${email} within ${timeoutMs} ms`));
        }, timeoutMs);
        mailWaiters.set(email, (link) => {
          clearTimeout(timer);
          mailWaiters.delete(email);
          resolve(link);
        });
      });
    },
    stop: () => stopChild(child, 12_000),
  };
}

/**
 * Starts Segue's built server (apps/server/dist/main.js) on PostgreSQL, without Redis
 * unless `redisUrl` is given (one of several instances).
 * @param {object} options
 * @param {string} options.databaseUrl
 * @param {string} options.dataDir
 * @param {string} [options.logLevel]  'info' while seeding (mails are logged at info), 'warn' while measuring
 * @param {boolean} [options.withHeap]
 * @param {string} [options.redisUrl]  REDIS_URL: Segue's keys and channels are then named `segue:…`
 * @param {Record<string, string>} [options.env]  more settings (the follow measure's limits)
 * @param {number} [options.maxFiles]  see startNodeServer
 */
export async function startSegue({
  databaseUrl,
  dataDir,
  logLevel = 'warn',
  withHeap = false,
  redisUrl,
  env = {},
  maxFiles,
}) {
  const port = await freePort(4110);
  return startNodeServer({
    script: SEGUE_MAIN,
    nodeArgs: SEGUE_NODE_ARGS,
    port,
    readyPath: '/api/health',
    withHeap,
    maxFiles,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: logLevel,
      // Registrations are limited per address; the bench gives each its own X-Forwarded-For.
      TRUST_PROXY: '1',
      NODE_ENV: 'production',
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    },
  });
}

/**
 * Starts the bare socket.io baseline; with `redisUrl`, on socket.io's Redis adapter
 * under the adapter key `redisKey`.
 * @param {{ withHeap?: boolean, redisUrl?: string, redisKey?: string }} [options]
 */
export async function startBareLive({ withHeap = false, redisUrl, redisKey } = {}) {
  const port = await freePort(4120);
  return startNodeServer({
    script: path.join(BENCH_DIR, 'lib/bare-live-server.mjs'),
    port,
    readyPath: '/health',
    withHeap,
    env: {
      PORT: String(port),
      NODE_ENV: 'production',
      ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY: redisKey ?? 'socket.io' } : {}),
    },
  });
}

/** Starts the bare node:http baseline serving fixed bodies. */
export async function startBareHttp({ routesFile }) {
  const port = await freePort(4130);
  return startNodeServer({
    script: path.join(BENCH_DIR, 'lib/bare-http-server.mjs'),
    port,
    readyPath: '/health',
    env: { PORT: String(port), ROUTES_FILE: routesFile, NODE_ENV: 'production' },
  });
}

/**
 * The server's heap after garbage collection (serve-with-heap.mjs).
 * @param {RunningServer} server
 */
export async function readHeap(server) {
  if (!server.heapUrl) throw new Error('server was not started with its heap endpoint');
  const res = await fetch(server.heapUrl, { signal: AbortSignal.timeout(30_000) });
  if (!res.ok) throw new Error(`heap endpoint answered ${res.status}`);
  return /** @type {NodeJS.MemoryUsage} */ (await res.json());
}
