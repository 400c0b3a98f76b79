// The follow measure's servers and load processes: Segue and the bare relay started with what
// tens of thousands of sockets need, their heap and event loop read from inside, and the
// processes holding the phones.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { HELD_MAX } from './follow-shape.mjs';
import { LoadWorker } from './load-workers.mjs';
import { freePort } from './proc.mjs';
import { BENCH_DIR, readHeap, startNodeServer, startSegue } from './servers.mjs';
import { median } from './stats.mjs';

const FOLLOW_WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'follow-worker.mjs');

/** The open files a process of this bench may hold: its soft and hard limits (Linux). */
export function fileLimits(pid = 'self') {
  try {
    const text = readFileSync(`/proc/${pid}/limits`, 'utf8');
    const line = text.split('\n').find((l) => l.startsWith('Max open files'));
    const [soft, hard] = (line ?? '').split(/\s+/).slice(3, 5).map(Number);
    return { soft, hard };
  } catch {
    return { soft: NaN, hard: NaN };
  }
}

/** Open files a server needs to hold `sockets` sockets, with room for the rest of it. */
export const filesFor = (sockets) => sockets + 2000;

/**
 * Segue for the follow measure: its follow limits raised above every count the bench asks
 * (FOLLOW_MAX_SOCKETS, FOLLOW_MAX_PER_ADDRESS: a few load processes' addresses hold them all),
 * and allowed the open files its sockets need.
 */
export function startFollowSegue({ databaseUrl, dataDir, redisUrl, withHeap = false }) {
  const limit = String(Math.max(40_000, 2 * HELD_MAX));
  return startSegue({
    databaseUrl,
    dataDir,
    logLevel: 'warn',
    redisUrl,
    withHeap,
    maxFiles: filesFor(HELD_MAX),
    env: { FOLLOW_MAX_SOCKETS: limit, FOLLOW_MAX_PER_ADDRESS: limit },
  });
}

/** The bare relay, sending the page Segue sent (`pageFile`); on Redis under `redisKey`. */
export async function startBareFollow({ pageFile, withHeap = false, redisUrl, redisKey }) {
  const port = await freePort(4150);
  return startNodeServer({
    script: path.join(BENCH_DIR, 'lib/follow-bare-server.mjs'),
    port,
    readyPath: '/health',
    withHeap,
    maxFiles: filesFor(HELD_MAX),
    env: {
      PORT: String(port),
      NODE_ENV: 'production',
      FOLLOW_STATE_FILE: pageFile,
      ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY: redisKey ?? 'follow.io' } : {}),
    },
  });
}

/** The server's event loop since the last read (serve-with-heap.mjs's /loop). */
export async function readLoop(server) {
  const url = server.heapUrl?.replace(/\/heap$/, '/loop');
  if (!url) throw new Error('server was not started with its heap endpoint');
  const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  if (!res.ok) throw new Error(`loop endpoint answered ${res.status}`);
  return res.json();
}

/** heapUsed and rss, the median of three reads, each after its own gc. */
export async function settledHeap(server) {
  const reads = [];
  for (let i = 0; i < 3; i++) {
    reads.push(await readHeap(server));
    await sleep(300);
  }
  return {
    heapUsed: median(reads.map((r) => r.heapUsed)),
    rss: median(reads.map((r) => r.rss)),
  };
}

// ---------------------------------------------------------------------------------------
// Load processes

/**
 * @typedef {object} Load
 * @property {LoadWorker[]} phones   follow-worker.mjs processes
 * @property {LoadWorker} leader     a live-worker.mjs process
 * @property {string[]} addresses    each phone process's loopback source address ('' for the default)
 */

/**
 * Loopback source addresses, one per phone process, on Linux (where all of 127/8 is the
 * loopback): each has its own ephemeral ports, so the held sockets of both sides (twice
 * the largest count, beside the TIME_WAIT of earlier phases) never run out of them.
 */
const sourceAddress = (w) => (os.platform() === 'linux' ? `127.0.0.${10 + w}` : '');

/** Starts phone processes up to `count` (keeping those there). */
export function growPhones(load, count) {
  while (load.phones.length < count) {
    load.addresses.push(sourceAddress(load.phones.length));
    load.phones.push(new LoadWorker(FOLLOW_WORKER));
  }
}

/**
 * Connects phones spread over the first `processes` phone processes (phone i to process
 * i mod n), at most 50 handshakes in flight in each.
 * @param {Load} load
 * @param {{ token: string, room: string, url: string }[]} phones
 */
export async function connectPhones(load, group, phones, processes = load.phones.length) {
  const workers = load.phones.slice(0, processes);
  const answers = await Promise.all(
    workers.map((worker, w) =>
      worker.request(
        {
          cmd: 'connect',
          group,
          clients: phones.filter((_, i) => i % workers.length === w),
          localAddress: load.addresses[w] || undefined,
          concurrency: 50,
        },
        300_000,
      ),
    ),
  );
  return {
    connected: answers.reduce((n, a) => n + a.connected, 0),
    failed: answers.reduce((n, a) => n + a.failed, 0),
    firstError: answers.find((a) => a.firstError)?.firstError ?? null,
  };
}

export const ask = (workers, message, timeoutMs = 20_000) =>
  Promise.all(workers.map((w) => w.request(message, timeoutMs)));
