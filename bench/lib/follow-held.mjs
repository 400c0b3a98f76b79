// The follow measure's sockets held: idle phones added in steps to both servers at once, each
// server's event-loop delay and heap read from inside its process at every step.
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ask,
  connectPhones,
  fileLimits,
  filesFor,
  growPhones,
  readLoop,
  settledHeap,
} from './follow-load.mjs';
import { DELIVERY_PROCESSES } from './follow-delivery.mjs';
import {
  fmtCount,
  HEAP_MAX_KB,
  HELD_MAX,
  HELD_STEPS,
  LOOP_MAX_MS,
  LOOP_WINDOW_MS,
  PHONES_PER_PROCESS,
} from './follow-shape.mjs';
import { round } from './stats.mjs';

/**
 * Idle phones added in steps to both sides at once, each server in serve-with-heap.mjs; at
 * each step, after the connections settle, a window of LOOP_WINDOW_MS in which each server's
 * event loop is probed from inside its process, then its heap after gc.
 * @param {import('./follow-load.mjs').Load} load
 * @param {{ segue: import('./servers.mjs').RunningServer, baseline: import('./servers.mjs').RunningServer }} servers
 * @param {import('./follow-setup.mjs').FollowFixtures} fx
 */
export async function holdSockets(load, servers, fx, { say, deadline, onStep }) {
  const kinds = /** @type {const} */ (['segue', 'baseline']);
  const limits = Object.fromEntries(kinds.map((k) => [k, fileLimits(servers[k].child.pid)]));
  // Both sides' phones at once, at most PHONES_PER_PROCESS per process (and its open files).
  const own = fileLimits();
  const perProcess = Math.min(PHONES_PER_PROCESS, (own.soft || PHONES_PER_PROCESS) - 500);
  growPhones(load, Math.max(DELIVERY_PROCESSES, Math.ceil((2 * HELD_MAX) / perProcess)));

  await sleep(1500);
  const empty = {};
  for (const k of kinds) empty[k] = await settledHeap(servers[k]);
  const held = { segue: 0, baseline: 0 };
  /** @type {any[]} */
  const steps = [];
  for (const n of HELD_STEPS) {
    if (Date.now() > deadline) {
      steps.push({
        count: n,
        error: 'not measured: the follow measure ran out of its time budget',
      });
      continue;
    }
    const step = { count: n, segue: {}, baseline: {} };
    const t0 = Date.now();
    for (const k of kinds) {
      const server = servers[k];
      const need = filesFor(n);
      if (limits[k].soft < need) {
        step[k].error =
          `needs ${fmtCount(need)} open files, the server may hold ${fmtCount(limits[k].soft)} (raise ulimit -n)`;
        continue;
      }
      const phones = [];
      for (let j = held[k]; j < n; j++) {
        const room = fx.heldRooms[j % fx.heldRooms.length];
        phones.push({
          token: k === 'segue' ? room.token : room.setlistId,
          room: `h${j % fx.heldRooms.length}`,
          url: server.url,
        });
      }
      const joined = await connectPhones(load, `held-${k}`, phones);
      held[k] += joined.connected;
      if (joined.failed) {
        step[k].connectError =
          `${joined.failed} of ${phones.length} could not connect: ${joined.firstError}`;
      }
    }
    step.connectMs = Date.now() - t0;
    await sleep(3000);
    for (const k of kinds) if (!step[k].error) await readLoop(servers[k]);
    await sleep(LOOP_WINDOW_MS);
    // Both windows end together, before either server collects its garbage for the heap read.
    const loops = {};
    for (const k of kinds) if (!step[k].error) loops[k] = await readLoop(servers[k]);
    for (const k of kinds) {
      if (step[k].error) continue;
      const loop = loops[k];
      const counts = await ask(load.phones, { cmd: 'count', group: `held-${k}` });
      const connected = counts.reduce((c, x) => c + x.held, 0);
      const heap = await settledHeap(servers[k]);
      Object.assign(step[k], {
        held: connected,
        kbPerSocket: (heap.heapUsed - empty[k].heapUsed) / connected / 1000,
        rssKbPerSocket: (heap.rss - empty[k].rss) / connected / 1000,
        heapUsedMb: round(heap.heapUsed / 1e6, 1),
        loop: Object.fromEntries(Object.entries(loop).map(([key, v]) => [key, round(v, 3)])),
        disconnects: counts.reduce((c, x) => c + x.disconnects, 0),
      });
    }
    steps.push(step);
    onStep(steps);
    say(
      `held ${fmtCount(n)}: Segue ${round(step.segue.kbPerSocket, 2)} KB/socket, loop p99 ${round(step.segue.loop?.p99, 2)} ms; baseline ${round(step.baseline.kbPerSocket, 2)} KB, ${round(step.baseline.loop?.p99, 2)} ms`,
    );
    // Past the server's open files, or refused: the next step would only repeat it.
    if (step.segue.error || step.segue.connectError) break;
  }
  const memory = await ask(load.phones, { cmd: 'memory' }).catch(() => []);
  return {
    steps,
    empty,
    fileLimits: { ...limits, loadProcess: own },
    loadProcesses: load.phones.length,
    loadRssMb: round(memory.reduce((n, m) => n + m.rss, 0) / 1e6, 0),
    windowMs: LOOP_WINDOW_MS,
  };
}

/** The held sockets' rows from their steps. */
export function heldValues(steps) {
  /** @type {Record<string, import('./report.mjs').Value>} */
  const values = {};
  const within = { segue: 0, baseline: 0 };
  const stopped = { segue: false, baseline: false };
  for (const n of HELD_STEPS) {
    const step = steps.find((s) => s.count === n);
    if (!step) continue;
    if (step.error || step.segue.error) {
      const error = step.error ?? step.segue.error;
      values[`followHeld${n}.heap`] = { error };
      values[`followHeld${n}.loop`] = { error };
      stopped.segue = true;
      continue;
    }
    const side = (k, key) => (step[k].error ? undefined : key(step[k]));
    values[`followHeld${n}.heap`] = {
      segue: step.segue.kbPerSocket,
      baseline: side('baseline', (s) => s.kbPerSocket),
    };
    values[`followHeld${n}.loop`] = {
      segue: step.segue.loop?.p99,
      baseline: side('baseline', (s) => s.loop?.p99),
    };
    for (const k of /** @type {const} */ (['segue', 'baseline'])) {
      const s = step[k];
      const ok =
        !s.error &&
        !s.connectError &&
        s.kbPerSocket <= HEAP_MAX_KB &&
        (s.loop?.p99 ?? Infinity) <= LOOP_MAX_MS;
      if (!ok) stopped[k] = true;
      else if (!stopped[k]) within[k] = s.held;
    }
  }
  values['followHeld.max'] = { segue: within.segue, baseline: within.baseline };
  return values;
}
