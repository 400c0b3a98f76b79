// The shape of the follow measure (follow-measure.mjs): its counts, pace, windows, targets
// and the rows it fills in the results table.

/**
 * BENCH_FOLLOW_SCALE=0.1 shrinks every count of the measure (room, sockets held, storm) by
 * that factor, for working on it on a small machine; the table's names say the counts used.
 */
export const SCALE = Number(process.env.BENCH_FOLLOW_SCALE ?? 1);
const scaled = (n) => Math.max(2, Math.round(n * SCALE));

/** Phones in the measured room (delivery and storm). */
export const ROOM_SIZE = scaled(2000);
/**
 * Idle phones held at each step. BENCH_FOLLOW_HELD_MAX=40000 goes on past the last step, by
 * 10,000 at a time, to find where a target is first missed. BENCH_FOLLOW_HELD_STEPS=5000,10000,18000
 * names the steps instead, for a machine whose open files a process may not raise past 20,000
 * (a step needs 2,000 files more than its sockets).
 */
export const HELD_STEPS = (() => {
  const named = process.env.BENCH_FOLLOW_HELD_STEPS;
  const steps = (named ? named.split(',').map(Number) : [5000, 10_000, 20_000]).map(scaled);
  if (steps.some((n) => !Number.isInteger(n) || n < 2)) {
    throw new Error(`BENCH_FOLLOW_HELD_STEPS: whole counts, comma-separated (got ${named})`);
  }
  const max = Number(process.env.BENCH_FOLLOW_HELD_MAX ?? 0) * SCALE;
  while (max > 0 && steps.at(-1) + scaled(10_000) <= max) steps.push(steps.at(-1) + scaled(10_000));
  return steps;
})();
export const HELD_MAX = HELD_STEPS.at(-1);
/** The held phones' rooms are of this size (a large church), so there are several. */
const HELD_ROOM_SIZE = ROOM_SIZE;
/** How many rooms the held phones are spread over (besides the measured room). */
export const HELD_ROOMS = Math.ceil(HELD_MAX / HELD_ROOM_SIZE);

/**
 * A step every 200 ms: a room's 2,000 deliveries are done well before the next step, so each
 * step's figure is that room's fan-out, not a queue of them (a real leader steps every few
 * seconds). 5 steps a second stays within a socket's 10 live events a second.
 */
export const STEP_INTERVAL_MS = 200;
export const STEPS_PER_RUN = 30;
export const WARMUP_STEPS = 5;
export const RUNS_PER_SIDE = 3;
/**
 * Each held step's window for the event loop: longer than the follow server's heartbeat
 * (socket.io's pingInterval, 25 s, which Segue's follow server keeps), so every socket's
 * heartbeat falls in it. BENCH_FOLLOW_WINDOW_S shortens it for working on the measure.
 */
export const LOOP_WINDOW_MS = Number(process.env.BENCH_FOLLOW_WINDOW_S ?? 30) * 1000;
/** The storm's target, and how long the bench waits for the last phone. */
export const STORM_TARGET_MS = 5000;
export const STORM_WAIT_MS = 20_000;
/** Targets of the held sockets. */
export const HEAP_MAX_KB = 20;
export const LOOP_MAX_MS = 20;
/**
 * The measure's own time budget (BENCH_FOLLOW_BUDGET_S): past it, the phases not started are
 * left out (their rows say so). run.mjs adds it to the bench's watchdog.
 */
export const FOLLOW_BUDGET_MS = Number(process.env.BENCH_FOLLOW_BUDGET_S ?? 420) * 1000;
/** Load processes holding the phones: at most this many sockets each. */
export const PHONES_PER_PROCESS = 5000;

export const fmtCount = (n) => n.toLocaleString('en-US');

/** @type {{ id: string, title: string, instances: 1 | 2 }[]} */
export const FOLLOW_CASES = [
  { id: 'follow', title: `1 room of ${fmtCount(ROOM_SIZE)}, 1 instance`, instances: 1 },
  {
    id: 'followRedis',
    title: `1 room of ${fmtCount(ROOM_SIZE)}, 2 instances + Redis`,
    instances: 2,
  },
];

/** The rows of the results table (figures.mjs lists them). */
export const FOLLOW_FIGURES = [
  ...FOLLOW_CASES.flatMap((c) => [
    ...['p50', 'p95'].map((p) => ({
      measure: 'follow',
      id: `${c.id}.${p}`,
      name: `Follow delivery ${p}, ${c.title}`,
      unit: 'ms',
      digits: 2,
      target: null,
    })),
    {
      measure: 'follow',
      id: `${c.id}.p99`,
      name: `Follow delivery p99, ${c.title}`,
      unit: 'ms',
      digits: 2,
      target: { text: '≤ 2x and ≤ 250 ms', ratioMax: 2, valueMax: 250 },
    },
    {
      measure: 'follow',
      id: `${c.id}.lost`,
      name: `Follow lost per run (of ${fmtCount(ROOM_SIZE * STEPS_PER_RUN)}), ${c.title}`,
      unit: '',
      digits: 0,
      target: { text: '= 0 in every run', valueEquals: 0, everyRun: true },
    },
  ]),
  ...HELD_STEPS.flatMap((n) => [
    {
      measure: 'follow',
      id: `followHeld${n}.heap`,
      name: `Server heap per idle follow socket, ${fmtCount(n)} held`,
      unit: 'KB',
      digits: 2,
      target: { text: `≤ ${HEAP_MAX_KB} KB`, valueMax: HEAP_MAX_KB },
    },
    {
      measure: 'follow',
      id: `followHeld${n}.loop`,
      name: `Server event-loop delay p99, ${fmtCount(n)} idle follow sockets`,
      unit: 'ms',
      digits: 2,
      target: { text: `≤ ${LOOP_MAX_MS} ms`, valueMax: LOOP_MAX_MS },
    },
  ]),
  {
    measure: 'follow',
    id: 'followHeld.max',
    name: `Most idle follow sockets held within both targets (of ${HELD_STEPS.map(fmtCount).join(', ')})`,
    unit: '',
    digits: 0,
    target: null,
  },
  {
    measure: 'follow',
    id: 'followStorm.allBack',
    name: `Reconnect storm: ${fmtCount(ROOM_SIZE)} phones dropped at once, the last back on the current part`,
    unit: 'ms',
    digits: 0,
    target: { text: `≤ ${STORM_TARGET_MS / 1000} s`, valueMax: STORM_TARGET_MS },
  },
  {
    measure: 'follow',
    id: 'followStorm.errors',
    name: 'Reconnect storm: server errors (error log lines, refused reconnects)',
    unit: '',
    digits: 0,
    target: { text: '= 0', valueEquals: 0 },
  },
];

/** The follow measure's seeding needs this many rooms for the held phones. */
export const followSeedShape = () => ({ heldRooms: HELD_ROOMS });
