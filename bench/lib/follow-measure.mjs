// The congregation's follow sockets: a room of thousands of phones hearing a leader's steps,
// tens of thousands of idle phones held by one instance, and a room's phones all coming back
// at once. Each beside a bare socket.io relay (follow-bare-server.mjs) run in the same way at
// the same time, as the live measure compares the band's fan-out.
//
// Phases, in this order, within the measure's own time budget (what is left out when it runs
// out says so in its rows):
//   1. delivery, one instance: one room of phones; a leader steps; each side three runs;
//   2. the reconnect storm, on the same phones: every transport closed at once;
//   3. sockets held: idle phones added in steps (5,000, 10,000, 20,000), the server's heap and
//      event-loop delay measured inside its process at each;
//   4. delivery, two instances with Redis (the sharded adapter on both sides).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  compare,
  connectSide,
  deliveryValues,
  DELIVERY_PROCESSES,
  storm,
} from './follow-delivery.mjs';
import { heldValues, holdSockets } from './follow-held.mjs';
import { ask, growPhones, startBareFollow, startFollowSegue } from './follow-load.mjs';
import {
  FOLLOW_BUDGET_MS,
  FOLLOW_CASES,
  fmtCount,
  HELD_STEPS,
  ROOM_SIZE,
  SCALE,
  STEP_INTERVAL_MS,
  STEPS_PER_RUN,
} from './follow-shape.mjs';
import { closeWorkers, LoadWorker } from './load-workers.mjs';
import { round } from './stats.mjs';

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

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
 * @param {{ fixtures: import('./follow-setup.mjs').FollowFixtures, databaseUrl: string, dataDir: string, tmpDir: string, log: (text: string) => void, progress?: (values: object) => void }} context
 */
export async function measureFollow({ fixtures: fx, databaseUrl, dataDir, tmpDir, log, progress }) {
  const say = (text) => log(`follow: ${text}`);
  const deadline = Date.now() + FOLLOW_BUDGET_MS;
  const outOfTime = 'not measured: the follow measure ran out of its time budget';
  /** @type {Record<string, { segue: any[], baseline: any[] }>} */
  const runs = Object.fromEntries(FOLLOW_CASES.map((c) => [c.id, { segue: [], baseline: [] }]));
  /** @type {Record<string, string>} error by part */
  const failed = {};
  /** @type {Record<string, import('./report.mjs').Value>} */
  const values = {};
  const details = {
    scale: SCALE,
    roomSize: ROOM_SIZE,
    heldSteps: HELD_STEPS,
    heldRooms: fx.heldRooms.length,
    stepIntervalMs: STEP_INTERVAL_MS,
    stepsPerRun: STEPS_PER_RUN,
    pageBytes: Buffer.byteLength(JSON.stringify(fx.page)),
    transport: 'websocket (the page tries it first)',
    budgetMs: FOLLOW_BUDGET_MS,
    phases: {},
    segueErrorLog: /** @type {string[]} */ ([]),
  };
  // A case that failed keeps its error in its rows, whatever runs it had.
  const publish = () => {
    for (const c of FOLLOW_CASES)
      if (!failed[c.id]) Object.assign(values, deliveryValues(c.id, runs));
    progress?.({ ...values });
  };
  // A delivery case's rows all carry the error; the held sockets keep the steps measured.
  const fail = (part, ids, error, { keepMeasured = false } = {}) => {
    const message = String(error?.message ?? error).split('\n')[0];
    failed[part] = message;
    for (const id of ids) {
      if (!keepMeasured || !values[id] || values[id].error) values[id] = { error: message };
    }
    say(`${part} FAILED: ${error?.stack ?? error}`);
  };
  const caseIds = (id) => ['p50', 'p95', 'p99', 'lost'].map((k) => `${id}.${k}`);
  const heldIds = [
    ...HELD_STEPS.flatMap((n) => [`followHeld${n}.heap`, `followHeld${n}.loop`]),
    'followHeld.max',
  ];
  const stormIds = ['followStorm.allBack', 'followStorm.errors'];

  const pageFile = path.join(tmpDir, 'follow-page.json');
  await writeFile(pageFile, JSON.stringify(fx.page));
  /** @type {import('./follow-load.mjs').Load} */
  const load = { phones: [], leader: new LoadWorker(), addresses: [] };
  growPhones(load, DELIVERY_PROCESSES);
  /** @type {import('./servers.mjs').RunningServer[]} */
  const allSegue = [];
  try {
    // One instance: delivery, the storm, then the sockets held, on the same two servers.
    /** @type {import('./servers.mjs').RunningServer[]} */
    let servers = [];
    try {
      say('one instance: starting Segue and the bare relay (each with its heap and loop probe)');
      servers = await startAll([
        () => startBareFollow({ pageFile, withHeap: true }),
        () => startFollowSegue({ databaseUrl, dataDir, withHeap: true }),
      ]);
      const [bare, segue] = servers;
      allSegue.push(segue);
      /** @type {{ segue?: import('./follow-delivery.mjs').Side, baseline?: import('./follow-delivery.mjs').Side }} */
      const sides = {};
      try {
        say(`one instance: connecting ${fmtCount(ROOM_SIZE)} phones to each side`);
        sides.baseline = await connectSide(load, 'baseline', [bare.url], fx);
        sides.segue = await connectSide(load, 'segue', [segue.url], fx);
        await compare(load, sides, fx, 'follow', runs, say, publish);
      } catch (error) {
        fail('follow', caseIds('follow'), error);
      }
      details.phases.follow = runs.follow;

      if (sides.segue && sides.baseline && Date.now() < deadline) {
        try {
          say(`storm: ${fmtCount(ROOM_SIZE)} phones dropped at once, each side in turn`);
          const bareStorm = await storm(load, sides.baseline, [bare]);
          const segueStorm = await storm(load, sides.segue, [segue]);
          values['followStorm.allBack'] = {
            segue: segueStorm.allBackMs,
            baseline: bareStorm.allBackMs,
          };
          values['followStorm.errors'] = { segue: segueStorm.errors, baseline: bareStorm.errors };
          details.phases.storm = { segue: segueStorm.details, baseline: bareStorm.details };
          say(
            `storm: the last phone back after ${round(segueStorm.allBackMs, 0)} ms (baseline ${round(bareStorm.allBackMs, 0)} ms), ${segueStorm.errors} errors`,
          );
          publish();
        } catch (error) {
          fail('storm', stormIds, error);
        }
      } else if (!failed.follow) fail('storm', stormIds, outOfTime);
      else fail('storm', stormIds, 'not measured: the room could not be connected');
      await ask([...load.phones, load.leader], { cmd: 'close' }, 20_000).catch(() => {});

      if (Date.now() < deadline) {
        try {
          say(`sockets held: ${HELD_STEPS.map(fmtCount).join(', ')} idle phones on each side`);
          const held = await holdSockets(load, { segue, baseline: bare }, fx, {
            say,
            deadline,
            onStep: (steps) => {
              Object.assign(values, heldValues(steps));
              progress?.({ ...values });
            },
          });
          details.phases.held = held;
          Object.assign(values, heldValues(held.steps));
        } catch (error) {
          fail('held', heldIds, error, { keepMeasured: true });
        }
      } else fail('held', heldIds, outOfTime);
    } catch (error) {
      // The servers did not start: nothing of the one-instance phases was measured.
      for (const [part, ids] of [
        ['follow', caseIds('follow')],
        ['storm', stormIds],
        ['held', heldIds],
      ]) {
        fail(part, ids, error);
      }
    } finally {
      await ask([...load.phones, load.leader], { cmd: 'close' }, 20_000).catch(() => {});
      await Promise.all(servers.map((s) => s.stop()));
    }

    // Two instances on Redis: two Segue processes, two bare relays on the sharded adapter.
    servers = [];
    if (Date.now() < deadline) {
      try {
        say('two instances: starting two bare relays and two Segue on Redis (sharded adapter)');
        const redisKey = `segue-bench-follow-${process.pid}-${Date.now().toString(36)}`;
        const bare = () => startBareFollow({ pageFile, redisUrl: REDIS_URL, redisKey });
        const seg = () => startFollowSegue({ databaseUrl, dataDir, redisUrl: REDIS_URL });
        servers = await startAll([bare, bare, seg, seg]);
        allSegue.push(...servers.slice(2));
        const sides = {
          baseline: await connectSide(load, 'baseline', [servers[0].url, servers[1].url], fx),
          segue: await connectSide(load, 'segue', [servers[2].url, servers[3].url], fx),
        };
        await compare(load, sides, fx, 'followRedis', runs, say, publish);
      } catch (error) {
        fail('followRedis', caseIds('followRedis'), error);
      } finally {
        await ask([...load.phones, load.leader], { cmd: 'close' }, 20_000).catch(() => {});
        await Promise.all(servers.map((s) => s.stop()));
      }
      details.phases.followRedis = runs.followRedis;
    } else fail('followRedis', caseIds('followRedis'), outOfTime);
  } finally {
    await closeWorkers([...load.phones, load.leader]);
  }
  details.segueErrorLog = allSegue.flatMap((s) => s.errorLines.slice());
  publish();
  return { values, errors: failed, details };
}
