// Live fan-out: rooms of followers spread over load processes, one leader per room
// stepping through parts, latency from a leader's send to each follower's receipt.
import { setTimeout as sleep } from 'node:timers/promises';
import { closeWorkers, connectClients, LoadWorker, startWorkers } from './load-workers.mjs';
import { startBareLive } from './servers.mjs';
import { round, summarize } from './stats.mjs';

/**
 * A leader sends a step at most this often. Segue lets one socket send 10 events a
 * second (burst 30), so stepping back-to-back would have steps refused; 120 ms stays
 * under that with room for timer jitter. Both servers get the same pace.
 */
export const STEP_INTERVAL_MS = 120;

/**
 * @typedef {object} Room
 * @property {string} setlistId
 * @property {string} leaderToken
 * @property {string[]} followerTokens
 * @property {string[]} labels
 */

/** Followers of every room, as the clients the load processes connect. */
export function followerClients(rooms) {
  return rooms.flatMap((room) =>
    room.followerTokens.map((token) => ({ token, setlistId: room.setlistId })),
  );
}

/**
 * Waits until the followers have received `expected` events, or nothing more arrives
 * for a while (then the rest are lost), or the time is up.
 */
async function waitForReceipts(workers, expected, { quietMs = 1500, maxMs = 15_000 } = {}) {
  const deadline = Date.now() + maxMs;
  let last = -1;
  let lastChange = Date.now();
  while (Date.now() < deadline) {
    const counts = await Promise.all(workers.map((w) => w.request({ cmd: 'count' }, 10_000)));
    const received = counts.reduce((n, c) => n + c.received, 0);
    if (received >= expected) return;
    if (received !== last) {
      last = received;
      lastChange = Date.now();
    } else if (Date.now() - lastChange > quietMs) return;
    await sleep(200);
  }
}

/**
 * Runs the whole workload against one server and measures it.
 * @param {string} url
 * @param {Room[]} rooms
 * @param {{ workers?: number, intervalMs?: number, warmupSteps?: number }} [options]
 */
export async function runFanout(
  url,
  rooms,
  { workers: workerCount = 4, intervalMs = STEP_INTERVAL_MS, warmupSteps = 5 } = {},
) {
  const followers = startWorkers(workerCount);
  const leaderProcess = new LoadWorker();
  const started = Date.now();
  try {
    const clients = followerClients(rooms);
    const joined = await connectClients(followers, url, clients, 'follower');
    if (joined.failed)
      throw new Error(
        `${joined.failed} of ${clients.length} followers could not connect and join: ${joined.firstError}`,
      );
    const leaders = await leaderProcess.request(
      {
        cmd: 'connect',
        url,
        clients: rooms.map((r) => ({ token: r.leaderToken, setlistId: r.setlistId })),
        role: 'leader',
        concurrency: 25,
      },
      120_000,
    );
    if (leaders.failed)
      throw new Error(
        `${leaders.failed} of ${rooms.length} leaders could not connect and join: ${leaders.firstError}`,
      );
    const connectMs = Date.now() - started;

    const labels = rooms[0].labels;
    // Warm-up: a few steps per room, so code is compiled and pools are open, then forget them.
    const warm = await leaderProcess.request(
      { cmd: 'lead', labels: labels.slice(0, warmupSteps), intervalMs },
      60_000,
    );
    await waitForReceipts(followers, (clients.length * warm.emits.length) / rooms.length, {
      maxMs: 5000,
    });
    await sleep(300);
    await Promise.all(followers.map((w) => w.request({ cmd: 'reset' }, 10_000)));

    // The measured run: every leader steps through every part.
    const runStarted = Date.now();
    const led = await leaderProcess.request({ cmd: 'lead', labels, intervalMs }, 120_000);
    const runMs = Date.now() - runStarted;
    const expected = clients.length * labels.length;
    await waitForReceipts(followers, expected);
    const collected = await Promise.all(
      followers.map((w) => w.request({ cmd: 'collect' }, 30_000)),
    );

    // Match each receipt to its step by setlist and live version (unique per step).
    /** @type {Map<string, number>} */
    const sentAt = new Map(led.emits.map(([key, sent]) => [key, sent]));
    const latencies = [];
    let unmatched = 0;
    let disconnects = 0;
    for (const { keys, times, disconnects: d } of collected) {
      disconnects += d;
      for (let i = 0; i < keys.length; i++) {
        const sent = sentAt.get(keys[i]);
        if (sent === undefined) unmatched += 1;
        else latencies.push((times[i] - sent) / 1000);
      }
    }
    const latency = summarize(latencies);
    const ack = summarize(led.emits.map((e) => e[2]));
    return {
      p50: latency.p50,
      p95: latency.p95,
      p99: latency.p99,
      details: {
        rooms: rooms.length,
        followers: clients.length,
        leaders: rooms.length,
        followerProcesses: workerCount,
        stepsPerLeader: labels.length,
        stepIntervalMs: intervalMs,
        expectedReceipts: expected,
        received: latencies.length,
        lost: expected - latencies.length,
        unmatchedReceipts: unmatched,
        failedSteps: led.failures,
        firstStepError: led.firstError,
        disconnects,
        latencyMs: Object.fromEntries(Object.entries(latency).map(([k, v]) => [k, round(v, 3)])),
        ackRoundTripMs: Object.fromEntries(Object.entries(ack).map(([k, v]) => [k, round(v, 3)])),
        connectAndJoinMs: connectMs,
        measuredRunMs: runMs,
        // Planned: steps × interval. Much longer means the server could not keep the pace.
        plannedRunMs: labels.length * intervalMs,
        stepsPerSecond: round((led.emits.length / runMs) * 1000, 1),
      },
    };
  } finally {
    await closeWorkers([...followers, leaderProcess]);
  }
}

/**
 * The live measure: the bare baseline and Segue in turns, never at the same time:
 * bare, Segue, Segue, bare, so that a slow stretch of a shared machine hits both.
 * Each side's figures come from its run with the lower p99; events lost count
 * over every run.
 * @param {{ segue: import('./servers.mjs').RunningServer, rooms: Room[], log: (text: string) => void }} context
 */
export async function measureLive({ segue, rooms, log }) {
  /** @type {Record<'bare' | 'segue', Awaited<ReturnType<typeof runFanout>>[]>} */
  const runs = { bare: [], segue: [] };
  for (const side of /** @type {const} */ (['bare', 'segue', 'segue', 'bare'])) {
    log(
      `live: ${side === 'bare' ? 'bare socket.io baseline' : 'Segue'}, run ${runs[side].length + 1}`,
    );
    if (side === 'segue') {
      runs.segue.push(await runFanout(segue.url, rooms));
      continue;
    }
    const bare = await startBareLive();
    try {
      runs.bare.push(await runFanout(bare.url, rooms));
    } finally {
      await bare.stop();
    }
  }
  const best = (list) => list.reduce((a, b) => (b.p99 < a.p99 ? b : a));
  const lost = (list) => list.reduce((n, r) => n + r.details.lost, 0);
  const s = best(runs.segue);
  const b = best(runs.bare);
  return {
    values: {
      'live.p50': { segue: s.p50, baseline: b.p50 },
      'live.p95': { segue: s.p95, baseline: b.p95 },
      'live.p99': { segue: s.p99, baseline: b.p99 },
      'live.lost': { segue: lost(runs.segue), baseline: lost(runs.bare) },
    },
    details: {
      order:
        "bare, Segue, Segue, bare; figures from each side's run with the lower p99; lost summed over both runs",
      segue: runs.segue.map((r) => r.details),
      baseline: runs.bare.map((r) => r.details),
      segueErrorLog: segue.errorLines.slice(),
    },
  };
}
