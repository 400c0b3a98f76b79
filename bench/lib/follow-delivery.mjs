// The follow measure's delivery and storm: one room of phones on one or two instances, its
// leader stepping (three runs per side, the sides taking turns, as the live measure does), and
// every phone of the room dropped at once and timed back onto the current part.
import { setTimeout as sleep } from 'node:timers/promises';
import { ask, connectPhones } from './follow-load.mjs';
import {
  ROOM_SIZE,
  RUNS_PER_SIDE,
  STEP_INTERVAL_MS,
  STEPS_PER_RUN,
  STORM_WAIT_MS,
  WARMUP_STEPS,
} from './follow-shape.mjs';
import { median, round, summarize } from './stats.mjs';

/**
 * @typedef {object} Side  one server under test (or a pair of instances), its phones connected
 * @property {'segue' | 'baseline'} kind
 * @property {string} group
 * @property {string[]} urls
 * @property {number} offset   a page's version minus the live state's (Segue adds the screen's)
 * @property {number} version  the page's version now
 * @property {number} cursor   the label the room is on
 * @property {number} connectMs
 */

export const DELIVERY_PROCESSES = 4;
/** Which label each kind's room is on, across cases (the seeding's step put Segue's on the first). */
const cursors = { segue: 0, baseline: 0 };

/** The next `count` labels after the room's current one, never the same twice in a row. */
function nextLabels(side, labels, count) {
  const out = [];
  for (let k = 0; k < count; k++) {
    side.cursor = (side.cursor + 1) % labels.length;
    out.push(labels[side.cursor]);
  }
  cursors[side.kind] = side.cursor;
  return out;
}

async function waitForReceipts(workers, group, expected, { quietMs = 1500, maxMs = 15_000 } = {}) {
  const deadline = Date.now() + maxMs;
  let last = -1;
  let lastChange = Date.now();
  while (Date.now() < deadline) {
    const counts = await ask(workers, { cmd: 'count', group }, 10_000);
    const received = counts.reduce((n, c) => n + c.received, 0);
    if (received >= expected) return;
    if (received !== last) {
      last = received;
      lastChange = Date.now();
    } else if (Date.now() - lastChange > quietMs) return;
    await sleep(200);
  }
}

/** The live version of the leader's last step in `led` (its keys are `<setlist>#<version>`). */
const lastLiveVersion = (led) =>
  Math.max(...led.emits.map(([key]) => Number(String(key).split('#').at(-1))));

/**
 * Connects a side: the leader on the first instance, the room's phones alternately on each;
 * warms it up and learns how its pages' versions relate to the leader's.
 * @param {import('./follow-load.mjs').Load} load
 * @param {'segue' | 'baseline'} kind
 * @param {string[]} urls
 * @param {import('./follow-setup.mjs').FollowFixtures} fx
 * @returns {Promise<Side>}
 */
export async function connectSide(load, kind, urls, fx) {
  const group = `${kind}-${urls.length}`;
  const started = Date.now();
  const { setlistId } = fx.room;
  const leader = await load.leader.request(
    {
      cmd: 'connect',
      group,
      url: urls[0],
      clients: [{ token: fx.leaderToken, setlistId }],
      role: 'leader',
      concurrency: 1,
    },
    60_000,
  );
  if (leader.failed) throw new Error(`${kind}: the leader could not connect: ${leader.firstError}`);
  const phones = Array.from({ length: ROOM_SIZE }, (_, i) => ({
    // Segue's phones bring the link's token; the bare relay's, their room's name.
    token: kind === 'segue' ? fx.room.token : setlistId,
    room: 'r0',
    url: urls[i % urls.length],
  }));
  const joined = await connectPhones(load, group, phones, DELIVERY_PROCESSES);
  if (joined.failed)
    throw new Error(
      `${kind}: ${joined.failed} of ${ROOM_SIZE} phones could not connect: ${joined.firstError}`,
    );
  const connectMs = Date.now() - started;
  /** @type {Side} */
  const side = { kind, group, urls, offset: 0, version: 0, cursor: cursors[kind], connectMs };

  const warm = await load.leader.request(
    {
      cmd: 'lead',
      group,
      labels: nextLabels(side, fx.labels, WARMUP_STEPS),
      intervalMs: STEP_INTERVAL_MS,
    },
    60_000,
  );
  if (warm.failures) throw new Error(`${kind}: warm-up steps refused: ${warm.firstError}`);
  const workers = load.phones.slice(0, DELIVERY_PROCESSES);
  await waitForReceipts(workers, group, ROOM_SIZE * WARMUP_STEPS, { maxMs: 8000 });
  const live = lastLiveVersion(warm);
  if (kind === 'segue') {
    // The page's version is the live state's plus the screen's: read both once, here.
    const res = await fetch(`${urls[0]}/api/follow/${fx.room.token}`);
    if (!res.ok) throw new Error(`segue: GET /api/follow answered ${res.status}`);
    side.offset = (await res.json()).version - live;
  }
  side.version = live + side.offset;
  return side;
}

/** One measured run: the leader steps STEPS_PER_RUN times; each phone's receipts matched. */
async function leadRun(load, side, fx) {
  const { group } = side;
  const workers = load.phones.slice(0, DELIVERY_PROCESSES);
  await ask(workers, { cmd: 'reset', group }, 10_000);
  const labels = nextLabels(side, fx.labels, STEPS_PER_RUN);
  const runStarted = Date.now();
  const led = await load.leader.request(
    { cmd: 'lead', group, labels, intervalMs: STEP_INTERVAL_MS },
    120_000,
  );
  const runMs = Date.now() - runStarted;
  const expected = ROOM_SIZE * labels.length;
  await waitForReceipts(workers, group, expected);
  const collected = await ask(workers, { cmd: 'collect', group }, 30_000);

  /** @type {Map<string, number>} a page's key -> when its step was sent */
  const sentAt = new Map(
    led.emits.map(([key, sent]) => [
      `r0#${Number(String(key).split('#').at(-1)) + side.offset}`,
      sent,
    ]),
  );
  if (led.emits.length) side.version = lastLiveVersion(led) + side.offset;
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
  const lost = expected - latencies.length;
  const ms = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, round(v, 3)]));
  return {
    p50: latency.p50,
    p95: latency.p95,
    p99: latency.p99,
    lost,
    details: {
      instances: side.urls.length,
      phones: ROOM_SIZE,
      phoneProcesses: DELIVERY_PROCESSES,
      steps: labels.length,
      stepIntervalMs: STEP_INTERVAL_MS,
      expectedReceipts: expected,
      received: latencies.length,
      lost,
      // Pages heard that no step of this run explains (a version skipped or sent twice).
      unmatchedReceipts: unmatched,
      failedSteps: led.failures,
      firstStepError: led.firstError,
      disconnects,
      versionOffset: side.offset,
      latencyMs: ms(latency),
      ackRoundTripMs: ms(summarize(led.emits.map((e) => e[2]))),
      behindScheduleMs: ms(summarize(led.emits.map((e) => e[3]))),
      connectMs: side.connectMs,
      measuredRunMs: runMs,
      plannedRunMs: labels.length * STEP_INTERVAL_MS,
    },
  };
}

/** Both sides take turns, baseline first in rounds 1 and 3, Segue first in round 2. */
export async function compare(load, sides, fx, caseId, runs, say, onRun) {
  for (let k = 0; k < RUNS_PER_SIDE; k++) {
    const turns = k % 2 === 0 ? ['baseline', 'segue'] : ['segue', 'baseline'];
    for (const kind of /** @type {('segue' | 'baseline')[]} */ (turns)) {
      const run = await leadRun(load, sides[kind], fx);
      runs[caseId][kind].push(run);
      onRun();
      say(
        `${caseId}, ${kind === 'segue' ? 'Segue' : 'baseline'} run ${k + 1}: p99 ${round(run.p99, 2)} ms, lost ${run.lost}`,
      );
    }
  }
}

export function deliveryValues(caseId, runs) {
  /** @type {Record<string, import('./report.mjs').Value>} */
  const values = {};
  const { segue, baseline } = runs[caseId];
  if (!segue.length || !baseline.length) return values;
  for (const key of ['p50', 'p95', 'p99', 'lost']) {
    const s = segue.map((r) => r[key]);
    const b = baseline.map((r) => r[key]);
    values[`${caseId}.${key}`] = {
      segue: median(s),
      baseline: median(b),
      runs: { segue: s, baseline: b },
    };
  }
  return values;
}

// ---------------------------------------------------------------------------------------
// The storm

/**
 * Every phone of a side dropped at once; the time until each is back on the current part.
 * @param {import('./follow-load.mjs').Load} load
 * @param {Side} side
 * @param {import('./servers.mjs').RunningServer[]} servers  the side's servers (their error logs)
 */
export async function storm(load, side, servers) {
  const workers = load.phones.slice(0, DELIVERY_PROCESSES);
  const errorsBefore = servers.reduce((n, s) => n + s.errorLines.length, 0);
  const dropped = await ask(workers, { cmd: 'drop', group: side.group, target: side.version });
  const phones = dropped.reduce((n, d) => n + d.dropped, 0);
  const deadline = Date.now() + STORM_WAIT_MS;
  let states = [];
  for (;;) {
    await sleep(250);
    states = await ask(workers, { cmd: 'storm', group: side.group });
    const back = states.reduce((n, s) => n + s.back, 0);
    if (back >= phones || Date.now() > deadline) break;
  }
  // A moment more, for an error logged just after the last phone came back.
  await sleep(500);
  const backMs = states.flatMap((s) => s.backMs);
  const summary = summarize(backMs);
  const notBack = phones - backMs.length;
  const refusals = states.reduce((n, s) => n + s.refusals, 0);
  const errorLines = servers.reduce((n, s) => n + s.errorLines.length, 0) - errorsBefore;
  return {
    allBackMs: notBack === 0 ? summary.max : Infinity,
    errors: errorLines + refusals,
    details: {
      phones,
      back: backMs.length,
      notBackWithin: notBack ? { phones: notBack, waitedMs: STORM_WAIT_MS } : null,
      targetVersion: side.version,
      backMs: Object.fromEntries(Object.entries(summary).map(([k, v]) => [k, round(v, 1)])),
      serverErrorLines: errorLines,
      refusedReconnects: refusals,
      firstRefusal: states.find((s) => s.firstRefusal)?.firstRefusal ?? null,
      reconnection: "socket.io retries from 1 s, ±50%, at most 5 s (the follow page's)",
    },
  };
}
