// Live fan-out: rooms of followers spread over load processes, one leader per room
// stepping through parts, latency from a leader's send to each follower's receipt.
//
// Three cases, each Segue against a bare socket.io relay: one instance at the current
// pace, one instance at twice that pace, and two instances sharing Redis. Both sides of
// a case stay connected side by side and take turns, three measured runs each; a
// figure is the median of a side's three runs.
import { setTimeout as sleep } from 'node:timers/promises';
import { closeWorkers, connectClients, LoadWorker, startWorkers } from './load-workers.mjs';
import { startBareLive, startSegue } from './servers.mjs';
import { median, round, summarize } from './stats.mjs';

/** What Segue lets one live socket send: 10 events a second on average (LIVE_LIMITS). */
const SOCKET_EVENTS_PER_SECOND = 10;
/**
 * A leader sends a step at most this often. Segue lets one socket send 10 events a
 * second (burst 30), so stepping back-to-back would have steps refused; 120 ms stays
 * under that with room for timer jitter. Both servers get the same pace.
 */
export const STEP_INTERVAL_MS = 120;
/**
 * Twice the pace: 50 steps in 3 s take more than the 10 a second a socket earns, and
 * stay within it only thanks to its burst of 30 (50 ≤ 30 + 10 × 2.94 s). So a leader
 * socket starts such a run with a full budget: see LEADER_REST_MS.
 */
export const FAST_STEP_INTERVAL_MS = 60;
/**
 * Before a run at FAST_STEP_INTERVAL_MS, a server's leaders have been idle at least this
 * long since their previous run: the time an emptied budget of 30 takes to refill at 10
 * a second. The other side's run in between is usually longer, so this rarely waits.
 */
const LEADER_REST_MS = 3000;
/** Measured runs per side and case; a figure is their median. */
export const RUNS_PER_SIDE = 3;
/** Steps per leader before the measured runs, once per server, then forgotten. */
const WARMUP_STEPS = 5;
/** The Redis of the two-instance case (BENCH_REDIS_URL to use another). */
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * The live cases: the id prefixes the figures' ids (`live.p99`, `live2x.p99`, …).
 * @type {{ id: string, title: string, intervalMs: number, instances: 1 | 2, p99Max: number }[]}
 */
export const LIVE_CASES = [
  {
    id: 'live',
    title: `1 instance, a step every ${STEP_INTERVAL_MS} ms`,
    intervalMs: STEP_INTERVAL_MS,
    instances: 1,
    p99Max: 1.5,
  },
  {
    id: 'live2x',
    title: `1 instance, a step every ${FAST_STEP_INTERVAL_MS} ms (2× rate)`,
    intervalMs: FAST_STEP_INTERVAL_MS,
    instances: 1,
    p99Max: 2,
  },
  {
    id: 'liveRedis',
    title: `2 instances + Redis, a step every ${STEP_INTERVAL_MS} ms`,
    intervalMs: STEP_INTERVAL_MS,
    instances: 2,
    p99Max: 2,
  },
];

/**
 * BENCH_LIVE_CASES=liveRedis (ids, comma-separated): run only these cases, for working on
 * one of them; the table then goes to results/partial.* without the others' rows.
 */
const ONLY_CASES = process.env.BENCH_LIVE_CASES
  ? new Set(process.env.BENCH_LIVE_CASES.split(','))
  : null;
/** Whether some live cases are left out (BENCH_LIVE_CASES). */
export const SOME_LIVE_CASES = ONLY_CASES !== null;
/** Whether the live case `id` runs. */
export const liveCaseRuns = (id) => !ONLY_CASES || ONLY_CASES.has(id);

/**
 * @typedef {object} Room
 * @property {string} setlistId
 * @property {string} leaderToken
 * @property {string[]} followerTokens
 * @property {string[]} labels
 *
 * @typedef {object} Load  the load processes, shared by every server of the measure
 * @property {LoadWorker[]} followers
 * @property {LoadWorker} leader
 *
 * @typedef {object} Side  one server under test (or a pair of instances), its clients connected
 * @property {'segue' | 'baseline'} kind
 * @property {string} group      the load processes' group holding its clients
 * @property {string[]} urls     one per instance
 * @property {number} restUntil  performance.now() before which a fast run must not start
 * @property {number} connectAndJoinMs
 */

/** Followers of every room, as the clients the load processes connect. */
export function followerClients(rooms) {
  return rooms.flatMap((room) =>
    room.followerTokens.map((token) => ({ token, setlistId: room.setlistId })),
  );
}

/**
 * Waits until the group's followers have received `expected` events, or nothing more
 * arrives for a while (then the rest are lost), or the time is up.
 */
async function waitForReceipts(workers, group, expected, { quietMs = 1500, maxMs = 15_000 } = {}) {
  const deadline = Date.now() + maxMs;
  let last = -1;
  let lastChange = Date.now();
  while (Date.now() < deadline) {
    const counts = await Promise.all(
      workers.map((w) => w.request({ cmd: 'count', group }, 10_000)),
    );
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
 * Connects a side's followers and leaders and warms it up. With two instances, the
 * leader of room r is on instance r mod 2 and its follower j on instance (r + j) mod 2:
 * each room has followers on both, half of them on the other instance than its leader.
 * @param {Load} load
 * @param {'segue' | 'baseline'} kind
 * @param {string[]} urls
 * @param {Room[]} rooms
 * @returns {Promise<Side>}
 */
async function connectSide(load, kind, urls, rooms) {
  const group = `${kind}-${urls.length}`;
  const started = Date.now();
  const followers = rooms.flatMap((room, r) =>
    room.followerTokens.map((token, j) => ({
      token,
      setlistId: room.setlistId,
      url: urls[(r + j) % urls.length],
    })),
  );
  const joined = await connectClients(load.followers, urls[0], followers, 'follower', group);
  if (joined.failed)
    throw new Error(
      `${joined.failed} of ${followers.length} followers could not connect and join: ${joined.firstError}`,
    );
  const leaders = await load.leader.request(
    {
      cmd: 'connect',
      group,
      url: urls[0],
      clients: rooms.map((room, r) => ({
        token: room.leaderToken,
        setlistId: room.setlistId,
        url: urls[r % urls.length],
      })),
      role: 'leader',
      concurrency: 25,
    },
    120_000,
  );
  if (leaders.failed)
    throw new Error(
      `${leaders.failed} of ${rooms.length} leaders could not connect and join: ${leaders.firstError}`,
    );
  const connectAndJoinMs = Date.now() - started;

  // Warm-up: a few steps per room, so code is compiled and pools are open, then forget them.
  const warm = await load.leader.request(
    {
      cmd: 'lead',
      group,
      labels: rooms[0].labels.slice(0, WARMUP_STEPS),
      intervalMs: STEP_INTERVAL_MS,
    },
    60_000,
  );
  const warmReceipts = (followers.length * warm.emits.length) / rooms.length;
  await waitForReceipts(load.followers, group, warmReceipts, { maxMs: 5000 });
  return {
    kind,
    group,
    urls,
    restUntil: performance.now() + LEADER_REST_MS,
    connectAndJoinMs,
  };
}

/**
 * One measured run on a connected side: every leader steps through every part.
 * @param {Load} load
 * @param {Side} side
 * @param {Room[]} rooms
 * @param {number} intervalMs
 */
async function leadRun(load, side, rooms, intervalMs) {
  const { group } = side;
  const rest = side.restUntil - performance.now();
  if (intervalMs < 1000 / SOCKET_EVENTS_PER_SECOND && rest > 0) await sleep(rest);
  await Promise.all(load.followers.map((w) => w.request({ cmd: 'reset', group }, 10_000)));
  const labels = rooms[0].labels;
  const followers = rooms.reduce((n, room) => n + room.followerTokens.length, 0);

  const runStarted = Date.now();
  const led = await load.leader.request({ cmd: 'lead', group, labels, intervalMs }, 120_000);
  const runMs = Date.now() - runStarted;
  side.restUntil = performance.now() + LEADER_REST_MS;
  const expected = followers * labels.length;
  await waitForReceipts(load.followers, group, expected);
  const collected = await Promise.all(
    load.followers.map((w) => w.request({ cmd: 'collect', group }, 30_000)),
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
  const behind = summarize(led.emits.map((e) => e[3]));
  const lost = expected - latencies.length;
  return {
    p50: latency.p50,
    p95: latency.p95,
    p99: latency.p99,
    lost,
    details: {
      instances: side.urls.length,
      rooms: rooms.length,
      followers,
      leaders: rooms.length,
      followerProcesses: load.followers.length,
      stepsPerLeader: labels.length,
      stepIntervalMs: intervalMs,
      expectedReceipts: expected,
      received: latencies.length,
      lost,
      unmatchedReceipts: unmatched,
      failedSteps: led.failures,
      firstStepError: led.firstError,
      // Since this side connected: a client that dropped misses what follows.
      disconnects,
      latencyMs: Object.fromEntries(Object.entries(latency).map(([k, v]) => [k, round(v, 3)])),
      ackRoundTripMs: Object.fromEntries(Object.entries(ack).map(([k, v]) => [k, round(v, 3)])),
      // How late the steps went out against the leaders' schedule: latencies are from the
      // actual send, so a server that cannot keep the pace shows it here and in the run's length.
      behindScheduleMs: Object.fromEntries(
        Object.entries(behind).map(([k, v]) => [k, round(v, 3)]),
      ),
      connectAndJoinMs: side.connectAndJoinMs,
      measuredRunMs: runMs,
      // Planned: steps × interval. Much longer means the server could not keep the pace.
      plannedRunMs: labels.length * intervalMs,
      stepsPerSecond: round((led.emits.length / runMs) * 1000, 1),
    },
  };
}

/**
 * Segue against its baseline in some cases, both connected at once: each round runs
 * every case on both sides, the baseline first in the first and third rounds, Segue first
 * in the second (one instance: 120 ms bare, Segue, 60 ms bare, Segue; then 120 ms Segue,
 * bare, 60 ms Segue, bare; …). A slow stretch of the machine thus hits both sides, and a
 * server runs at 60 ms only after the other side's run.
 * @param {Load} load
 * @param {{ segue: Side, baseline: Side }} sides
 * @param {typeof LIVE_CASES} cases
 * @param {Room[]} rooms
 * @param {(text: string) => void} log
 * @param {Record<string, { segue: any[], baseline: any[] }>} runs  filled in by case id
 * @param {string[]} order  the runs as they went, filled in
 */
async function compare(load, sides, cases, rooms, log, runs, order, onRun) {
  for (let k = 0; k < RUNS_PER_SIDE; k++) {
    const turns = k % 2 === 0 ? ['baseline', 'segue'] : ['segue', 'baseline'];
    for (const liveCase of cases) {
      for (const kind of /** @type {('segue' | 'baseline')[]} */ (turns)) {
        const run = await leadRun(load, sides[kind], rooms, liveCase.intervalMs);
        runs[liveCase.id][kind].push(run);
        order.push(`${liveCase.id} ${kind}`);
        onRun();
        log(
          `live: ${liveCase.title}, ${kind === 'segue' ? 'Segue' : 'baseline'} run ${k + 1}: p99 ${round(run.p99, 2)} ms, lost ${run.lost}`,
        );
      }
    }
  }
}

/** Starts servers one after the other; stops those started if one fails. */
async function startAll(starters) {
  const started = [];
  try {
    for (const start of starters) started.push(await start());
    return started;
  } catch (error) {
    await Promise.all(started.map((s) => s.stop()));
    throw error;
  }
}

/**
 * The live figures: each the median of its case's runs per side. `measuredOnly` leaves out
 * the cases without a run on both sides yet (the table then says they were not measured).
 * @param {Record<string, { segue: any[], baseline: any[] }>} runs
 * @param {Record<string, string>} failed
 * @returns {Record<string, import('./report.mjs').Value>}
 */
function liveValues(runs, failed, { measuredOnly = false } = {}) {
  /** @type {Record<string, import('./report.mjs').Value>} */
  const values = {};
  for (const c of LIVE_CASES) {
    const { segue, baseline } = runs[c.id];
    if (measuredOnly && !failed[c.id] && (segue.length === 0 || baseline.length === 0)) continue;
    for (const key of ['p50', 'p95', 'p99', 'lost']) {
      const id = `${c.id}.${key}`;
      if (failed[c.id]) {
        values[id] = { error: failed[c.id] };
        continue;
      }
      const s = figure(segue, key);
      const b = figure(baseline, key);
      values[id] = {
        segue: s.median,
        baseline: b.median,
        runs: { segue: s.values, baseline: b.values },
      };
    }
  }
  return values;
}

/** One figure over a side's runs: their median, and each run's value. */
function figure(runs, key) {
  const values = runs.map((r) => r[key]);
  return { median: median(values), values };
}

/**
 * A sentence for under the table when a side could not keep the pace in some case (a run
 * more than 10% longer than planned), or null. A leader sends its next step only after
 * the previous ack, so a server that falls behind slows its leaders down instead of
 * letting work pile up, and its latencies alone would flatter it.
 * @param {Record<string, { segue: any[], baseline: any[] }>} runs
 */
function paceNote(runs) {
  const s = (ms) => (ms / 1000).toFixed(1);
  const parts = [];
  for (const c of LIVE_CASES) {
    const sides = /** @type {const} */ ([
      ['segue', 'Segue'],
      ['baseline', 'baseline'],
    ])
      .filter(([kind]) => runs[c.id][kind].length > 0)
      .map(([kind, name]) => {
        const details = runs[c.id][kind].map((r) => r.details);
        const lengths = details.map((d) => d.measuredRunMs);
        const late = Math.max(...details.map((d) => d.behindScheduleMs.p99));
        return { name, lengths, planned: details[0].plannedRunMs, late };
      });
    if (!sides.some((d) => d.lengths.some((ms) => ms > d.planned * 1.1))) continue;
    const sideText = (d) =>
      `${d.name} ${s(Math.min(...d.lengths))}–${s(Math.max(...d.lengths))} s (steps up to ${Math.round(d.late).toLocaleString('en-US')} ms late, p99)`;
    parts.push(
      `${c.title}: ${sides.map(sideText).join(', ')}, of ${s(sides[0].planned)} s planned`,
    );
  }
  if (parts.length === 0) return null;
  return `Pace not kept (runs more than 10% longer than planned): ${parts.join('; ')}. A leader steps again only after the previous step's ack, so a server that falls behind slows its leaders instead of piling up work, and latencies count from each step's actual send: there, the server could not keep that pace at all, and its latencies understate what a band would see.`;
}

/**
 * The live measure. One instance: the bare relay and Segue (the `segue` given, without
 * Redis) connected side by side, three rounds of both paces. Two instances: two Segue
 * processes with REDIS_URL on the same database and data dir, against two bare relays on
 * socket.io's Redis adapter (a fresh key per run), three rounds. A case that fails has its
 * error in its rows; the others still count.
 * @param {{ segue: import('./servers.mjs').RunningServer, rooms: Room[], databaseUrl: string, dataDir: string, log: (text: string) => void }} context
 */
export async function measureLive({ segue, rooms, databaseUrl, dataDir, log, progress }) {
  /** @type {Record<string, { segue: any[], baseline: any[] }>} */
  const runs = Object.fromEntries(LIVE_CASES.map((c) => [c.id, { segue: [], baseline: [] }]));
  /** @type {string[]} */
  const order = [];
  /** @type {Record<string, string>} error by case id */
  const failed = {};
  /** @type {import('./servers.mjs').RunningServer[]} */
  const segueInstances = [segue];
  const load = { followers: startWorkers(4), leader: new LoadWorker() };
  const say = (text) => log(`live: ${text}`);
  try {
    for (const instances of [1, 2]) {
      const cases = LIVE_CASES.filter((c) => c.instances === instances && liveCaseRuns(c.id));
      if (cases.length === 0) continue;
      /** @type {import('./servers.mjs').RunningServer[]} */
      const servers = [];
      try {
        let segueUrls = [segue.url];
        if (instances === 1) {
          say('one instance: starting the bare socket.io relay');
          servers.push(...(await startAll([() => startBareLive()])));
        } else {
          say(
            'two instances: starting two bare relays on the Redis adapter and two Segue on Redis',
          );
          const redisKey = `segue-bench-${process.pid}-${Date.now().toString(36)}`;
          const bare = () => startBareLive({ redisUrl: REDIS_URL, redisKey });
          // One after the other, as a rolling start would (each runs the migrations, under a lock).
          const segueOnRedis = () =>
            startSegue({ databaseUrl, dataDir, logLevel: 'warn', redisUrl: REDIS_URL });
          servers.push(...(await startAll([bare, bare, segueOnRedis, segueOnRedis])));
          segueInstances.push(...servers.slice(2));
          segueUrls = servers.slice(2).map((s) => s.url);
        }
        const bareUrls = servers.slice(0, instances).map((s) => s.url);
        say(`${instances === 1 ? 'one instance' : 'two instances'}: connecting both sides`);
        const sides = {
          baseline: await connectSide(load, 'baseline', bareUrls, rooms),
          segue: await connectSide(load, 'segue', segueUrls, rooms),
        };
        // What is measured so far reaches the table even if the bench gives up later.
        await compare(load, sides, cases, rooms, log, runs, order, () =>
          progress?.(liveValues(runs, failed, { measuredOnly: true })),
        );
      } catch (error) {
        for (const c of cases) failed[c.id] = String(error?.message ?? error).split('\n')[0];
        say(`FAILED (${cases.map((c) => c.id).join(', ')}): ${error?.stack ?? error}`);
      } finally {
        // Every group of the load processes; a process that does not answer is stopped at the end.
        await Promise.allSettled(
          [...load.followers, load.leader].map((w) => w.request({ cmd: 'close' }, 10_000)),
        );
        await Promise.all(servers.map((s) => s.stop()));
      }
    }
  } finally {
    await closeWorkers([...load.followers, load.leader]);
  }

  return {
    values: liveValues(runs, failed),
    errors: failed,
    details: {
      method: `each figure the median of ${RUNS_PER_SIDE} runs per side (rows: runs' values in runs.segue / runs.baseline); both sides connected at once, taking turns`,
      order,
      cases: Object.fromEntries(
        LIVE_CASES.map((c) => [
          c.id,
          {
            title: c.title,
            ...(failed[c.id] ? { error: failed[c.id] } : {}),
            // p99 of Segue / p99 of the baseline, round by round.
            p99RatioByRound: runs[c.id].segue.map((s, i) =>
              runs[c.id].baseline[i] ? round(s.p99 / runs[c.id].baseline[i].p99, 3) : null,
            ),
            segue: runs[c.id].segue.map((r) => r.details),
            baseline: runs[c.id].baseline.map((r) => r.details),
          },
        ]),
      ),
      pace: paceNote(runs),
      redis: { url: REDIS_URL, segueKey: 'segue:socket.io (fixed in Segue)' },
      segueErrorLog: segueInstances.flatMap((s) => s.errorLines.slice()),
    },
  };
}
