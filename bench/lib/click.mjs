// The band's click (issue 33's figure): three browser contexts as three devices of one band, each
// with a clock seconds off and a live socket that waits and wavers, play the click the leader
// starts. Each device's spied Web Audio starts say when it makes each beat heard, on the real
// clock, which on this machine is the server's: the spread between the devices' beats, their
// drift against the server's grid, and each device's offset estimate against the shift injected.
// The baseline is the same three devices with no shift and no delay.
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadClickDevices } from './click-devices.mjs';
import { CLICK_BPM, CLICK_SONG_TITLE } from './click-setup.mjs';
import { benchAddress } from './http.mjs';
import { summarize } from './stats.mjs';

const BEAT_MS = 60_000 / CLICK_BPM;
/** The two minutes; BENCH_CLICK_S shortens it for working on the measure. */
const BAND_MS = Number(process.env.BENCH_CLICK_S ?? 120) * 1000;
/** The bare run: a minute (or the band's run, when shorter) is plenty for a floor. */
const BARE_MS = Math.min(60_000, BAND_MS);
/** run.mjs adds this to the bench's watchdog when the measure runs. */
export const CLICK_BUDGET_MS = BAND_MS + BARE_MS + 120_000;
/**
 * A beat due this long before the records are read must have been queued by then: the
 * scheduler queues 120 ms ahead, waking every 25 ms (docs/DECISIONS.md, "The click").
 */
const QUEUED_BY_MS = 300;

/**
 * The three devices: the leader first (it starts the click). Clocks seconds apart, the shift
 * split between `timeOrigin` and `performance.now()` as the end-to-end test does; one-way delays
 * of 0, 15 and 30 ms plus 0–10 ms each way, so round trips span 0 to 80 ms.
 * @type {import('./click-devices.mjs').DeviceQuirks[]}
 */
const BAND = [
  { clockShiftMs: 3_712.3, nowShiftMs: 1_250, networkBaseMs: 15, networkJitterMs: 10 },
  { clockShiftMs: -5_203.9, nowShiftMs: -800, networkBaseMs: 0, networkJitterMs: 10 },
  { clockShiftMs: 11_317.6, nowShiftMs: 0, networkBaseMs: 30, networkJitterMs: 10 },
].map((quirks) => ({ ...quirks, clickOn: true }));
const BARE = BAND.map(() => ({
  clockShiftMs: 0,
  nowShiftMs: 0,
  networkBaseMs: 0,
  networkJitterMs: 0,
  clickOn: true,
}));

/** Debian's Chromium, as the end-to-end tests launch it (e2e/playwright.config.ts). */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // The click's AudioContext runs without a tap (the run still taps, as a musician would).
  '--autoplay-policy=no-user-gesture-required',
];
/** The password registerAccounts (setup.mjs) gives every bench account. */
const PASSWORD = 'correct horse battery';

/** @type {(import('./report.mjs').Figure & { measure: string })[]} */
export const CLICK_FIGURES = [
  ['p50', null],
  ['p95', { text: '≤ 5 ms', valueMax: 5 }],
  ['p99', { text: '≤ 10 ms', valueMax: 10 }],
  ['max', null],
].map(([what, target]) => ({
  measure: 'click',
  id: `click.${what}`,
  name: `Click spread ${what}: 3 devices' beats, clocks seconds apart, round trips 0–80 ms (baseline: neither)`,
  unit: 'ms',
  digits: 2,
  target,
}));
CLICK_FIGURES.push(
  {
    measure: 'click',
    id: 'click.drift',
    name: "Click drift against the server's grid, worst device (least-squares slope)",
    unit: 'ms/min',
    digits: 2,
    target: { text: '≤ 1 ms/min', valueMax: 1 },
  },
  {
    measure: 'click',
    id: 'click.driftHeld',
    name: 'Click drift while an offset estimate holds (its changes left out), worst device',
    unit: 'ms/min',
    digits: 2,
    target: null,
  },
  {
    measure: 'click',
    id: 'click.offsetError',
    name: "Click offset estimate's error (Timing readout vs. the shift), worst device and reading",
    unit: 'ms',
    digits: 1,
    target: null,
  },
  {
    measure: 'click',
    id: 'click.missed',
    name: 'Click beats skipped (grid beats a device did not queue), all devices',
    unit: '',
    digits: 0,
    target: null,
  },
);

/**
 * Signs an account in over the API and answers its session cookies for a browser context.
 * @param {string} url
 * @param {import('./setup.mjs').Account} account
 * @param {string} address
 */
async function sessionCookies(url, account, address) {
  const res = await fetch(`${url}/api/account/sessions/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email: account.email, password: PASSWORD }),
    signal: AbortSignal.timeout(30_000),
  });
  if (res.status !== 201) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return res.headers.getSetCookie().map((header) => {
    const [pair, ...flags] = header.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    return {
      name: pair.slice(0, at),
      value: pair.slice(at + 1),
      url,
      httpOnly: flags.some((flag) => flag.toLowerCase() === 'httponly'),
    };
  });
}

/** Polls `check` (in the bench) until it answers true, or throws `what` after `timeoutMs`. */
async function until(check, what, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`click: ${what} within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

/** What the spy recorded on a page (e2e's DeviceRecord). */
const recordOf = (page) =>
  page.evaluate(() => {
    const record = globalThis.__clickDevice;
    return {
      realTimeOrigin: record.realTimeOrigin,
      sounds: record.sounds.map((sound) => ({ ...sound })),
      contextStates: [...record.contextStates],
      delayedMessages: record.delayedMessages,
    };
  });

/**
 * Keeps every text the Timing readout shows from now on, with the real time it showed
 * (the page's own clock is shifted by `shiftMs`), in `globalThis.__clickBenchReadings`.
 */
const watchReadout = (page, shiftMs) =>
  page.getByText(/^Offset to the server: /).evaluate((element, shift) => {
    const readings = [];
    const read = () => readings.push({ at: Date.now() - shift, text: element.textContent });
    read();
    new globalThis.MutationObserver(read).observe(element, {
      childList: true,
      characterData: true,
      subtree: true,
    });
    globalThis.__clickBenchReadings = readings;
  }, shiftMs);

/** "Offset to the server: −3712.3 ms · round trip 24 ms" as numbers (a real minus sign). */
function parseReading({ at, text }) {
  const match = /^Offset to the server: (−?)([\d.]+) ms · round trip ([\d.]+) ms$/.exec(text);
  if (!match) return null;
  const offsetMs = Number(match[2]) * (match[1] ? -1 : 1);
  return { at, offsetMs, roundTripMs: Number(match[3]) };
}

/**
 * Least-squares slope of the points' y against x; with `groupOf`, one slope shared by lines of
 * their own height for each group (a step between groups does not count as a slope).
 * @param {{ x: number, y: number }[]} points
 * @param {(point: { x: number, y: number }) => unknown} [groupOf]
 */
function slope(points, groupOf = () => 0) {
  /** @type {Map<unknown, { x: number, y: number }[]>} */
  const groups = new Map();
  for (const point of points) {
    const key = groupOf(point);
    groups.set(key, [...(groups.get(key) ?? []), point]);
  }
  let num = 0;
  let den = 0;
  for (const group of groups.values()) {
    const mx = group.reduce((sum, p) => sum + p.x, 0) / group.length;
    const my = group.reduce((sum, p) => sum + p.y, 0) / group.length;
    for (const p of group) {
      num += (p.x - mx) * (p.y - my);
      den += (p.x - mx) ** 2;
    }
  }
  return den ? num / den : NaN;
}

/**
 * A device opens the live view with My view open (its Timing readout watched), its click's
 * AudioContext running.
 * @param {import('playwright').Page} page
 * @param {import('./click-setup.mjs').ClickFixture} fixture
 * @param {import('./click-devices.mjs').DeviceQuirks} quirks
 */
async function openLiveView(page, fixture, quirks) {
  await page.goto(`/setlists/live/${fixture.setlistId}`);
  await page.getByRole('heading', { level: 1, name: CLICK_SONG_TITLE }).waitFor();
  await page.getByRole('button', { name: 'My view' }).click();
  await page.getByText(/^Offset to the server: /).waitFor();
  await watchReadout(page, quirks.clockShiftMs);
  // The click's AudioContext exists once its player loaded; a tap lets it sound.
  await until(
    async () => (await recordOf(page)).contextStates.length > 0,
    'no AudioContext on a device',
  );
  if ((await recordOf(page)).contextStates.at(-1) !== 'running') {
    await page.getByRole('heading', { level: 1 }).first().click();
  }
  await until(
    async () => (await recordOf(page)).contextStates.at(-1) === 'running',
    "a device's AudioContext did not run",
  );
}

/**
 * One run: the three devices open the live view (My view open, for its Timing readout), the
 * leader starts the click, the devices play it for `listenMs` from its first beat, then the
 * records are read and the leader stops it.
 * @param {{ browser: import('playwright').Browser, url: string, fixture: import('./click-setup.mjs').ClickFixture, devices: ClickDevicesInRun, quirks: import('./click-devices.mjs').DeviceQuirks[], listenMs: number }} options
 * @typedef {{ clickDevice: Function, cookies: object[][], addresses: string[] }} ClickDevicesInRun
 */
async function listen({ browser, url, fixture, devices, quirks, listenMs }) {
  const contexts = [];
  try {
    const seats = [];
    /** Click states as the server sent them, off every device's socket (the real network's frames). */
    const sent = [];
    for (const [i, deviceQuirks] of quirks.entries()) {
      const context = await browser.newContext({
        baseURL: url,
        extraHTTPHeaders: { 'x-forwarded-for': devices.addresses[i] },
        serviceWorkers: 'block',
        reducedMotion: 'reduce',
      });
      contexts.push(context);
      await context.addCookies(devices.cookies[i]);
      await context.addInitScript(devices.clickDevice, deviceQuirks);
      const page = await context.newPage();
      page.on('websocket', (socket) =>
        socket.on('framereceived', ({ payload }) => {
          const text = String(payload);
          if (text.startsWith('42["setlist:clickChanged"')) sent.push(JSON.parse(text.slice(2))[1]);
        }),
      );
      seats.push(page);
    }
    for (const [i, page] of seats.entries()) {
      await openLiveView(page, fixture, quirks[i]).catch(async (error) => {
        // What the page shows instead, for whoever reads the failed row.
        const shown = await page
          .locator('body')
          .innerText({ timeout: 5000 })
          .catch(() => '');
        const text = shown.replace(/\s+/g, ' ').slice(0, 200) || '(nothing)';
        throw new Error(
          `device ${i + 1} at ${page.url()}: ${error.message.split('\n')[0]}; the page shows: ${text}`,
          { cause: error },
        );
      });
    }

    const leader = seats[0].getByRole('group', { name: 'Click', exact: true });
    const pressedAt = Date.now();
    await leader.getByRole('button', { name: 'Start click' }).click();
    await leader
      .getByRole('status')
      .filter({ hasText: `${CLICK_BPM} BPM · 4/4` })
      .waitFor();
    const started = () =>
      sent
        .filter((s) => s.running && s.bpm === CLICK_BPM && s.downbeatAt > pressedAt)
        .sort((a, b) => b.version - a.version)[0];
    await until(() => Boolean(started()), 'no setlist:clickChanged of the started click');
    const grid = started();
    await sleep(grid.downbeatAt + listenMs - Date.now());
    const readAt = Date.now();
    const load = os.loadavg();
    const records = await Promise.all(seats.map(recordOf));
    const readings = await Promise.all(
      seats.map((page) => page.evaluate(() => globalThis.__clickBenchReadings)),
    );
    await leader.getByRole('button', { name: 'Stop click' }).click();
    await leader.getByRole('status').filter({ hasText: 'Stopped' }).waitFor();
    return { grid, readAt, records, readings, load, states: sent.length };
  } finally {
    for (const context of contexts) await context.close().catch(() => {});
  }
}

/**
 * The figures of one run: the spread of each beat (by its index on the server's grid) over the
 * devices that all made it heard, each device's error against the grid and its slope, the
 * beats skipped, and the offset estimates against the shifts.
 */
function analyze(run, quirks, heardClicks) {
  const { grid, readAt } = run;
  if (grid.previous !== null) throw new Error('click: the started click changed tempo');
  const expected = Math.floor((readAt - QUEUED_BY_MS - grid.downbeatAt) / BEAT_MS) + 1;
  const devices = run.records.map((record, i) => {
    const sounds = record.sounds.filter((sound) => sound.when !== null && !sound.cancelled);
    /** @type {Map<number, { at: number, queuedAt: number }>} beat index → when it is heard and was queued */
    const beats = new Map();
    let doubled = 0;
    for (const sound of sounds) {
      // Each sound alone, mapped by the pairing of the clocks taken when it was queued: under
      // load the audio output now and then loses a buffer (its clock steps by 10 ms against the
      // real one), which the app follows, and one pairing for the whole run would not.
      const [at] = heardClicks({ ...record, sounds: [sound] });
      const n = Math.round((at - grid.downbeatAt) / BEAT_MS);
      if (beats.has(n)) doubled += 1;
      else beats.set(n, { at, queuedAt: record.realTimeOrigin + sound.realNow });
    }
    // The audio clock's steps against the real one between one queued sound and the next.
    const pairings = sounds.map(
      (sound) => sound.stampPerformanceTime - sound.stampContextTime * 1000,
    );
    const audioClockSteps = pairings
      .slice(1)
      .map((gap, k) => gap - pairings[k])
      .filter((step) => Math.abs(step) > 1);
    const indexes = [...beats.keys()].filter((n) => n >= 0 && n < expected);
    const parsed = run.readings[i].map(parseReading).filter(Boolean);
    // Each beat's error against the grid, by minute of the run, and the reading it was queued by.
    const points = indexes.map((n) => ({
      x: (n * BEAT_MS) / 60_000,
      y: beats.get(n).at - (grid.downbeatAt + n * BEAT_MS),
      reading: parsed.findLastIndex((r) => r.at <= beats.get(n).queuedAt),
    }));
    const errors = points.map((p) => p.y);
    // The readings the device played by: the one it had at the first beat, and every later one.
    const firstUsed = parsed.findLastIndex((r) => r.at <= grid.downbeatAt);
    const used = parsed.slice(Math.max(0, firstUsed)).filter((r) => r.at <= readAt);
    const trueOffsetMs = -quirks[i].clockShiftMs;
    // The beats each reading scheduled, and their mean error: the steps the drift is made of.
    const byReading = [...new Set(points.map((p) => p.reading))].map((k) => {
      const ys = points.filter((p) => p.reading === k).map((p) => p.y);
      return {
        readingAt: parsed[k]?.at ?? null,
        offsetErrorMs: parsed[k] ? parsed[k].offsetMs - trueOffsetMs : null,
        beats: ys.length,
        meanErrorMs: ys.reduce((a, b) => a + b, 0) / ys.length,
      };
    });
    const offsetErrors = used.map((r) => Math.abs(r.offsetMs - trueOffsetMs));
    return {
      beats,
      heard: indexes.length,
      missed: expected - indexes.length,
      doubled,
      outsideRun: beats.size - indexes.length,
      gridError: summarize(errors.map(Math.abs)),
      meanErrorMs: errors.reduce((a, b) => a + b, 0) / errors.length,
      driftMsPerMin: slope(points),
      // The clocks' own drift: the slope while one estimate holds, its changes left out.
      driftHeldMsPerMin: slope(points, (p) => p.reading),
      trueOffsetMs,
      readings: used,
      byReading,
      withoutOutputTimestamp: sounds.filter((s) => !(s.stampContextTime > 0)).length,
      audioClockSteps,
      offsetErrorMs: { max: Math.max(...offsetErrors), last: offsetErrors.at(-1) },
      roundTripsMs: used.map((r) => r.roundTripMs),
      delayedMessages: record.delayedMessages,
      late: record.sounds.filter((s) => s.when !== null && s.when < s.currentTime).length,
    };
  });
  const spreads = [];
  for (let n = 0; n < expected; n++) {
    const times = devices.map((d) => d.beats.get(n)?.at);
    if (times.every((t) => t !== undefined)) spreads.push(Math.max(...times) - Math.min(...times));
  }
  const spread = summarize(spreads);
  return {
    spread,
    driftMsPerMin: Math.max(...devices.map((d) => Math.abs(d.driftMsPerMin))),
    driftHeldMsPerMin: Math.max(...devices.map((d) => Math.abs(d.driftHeldMsPerMin))),
    offsetErrorMs: Math.max(...devices.map((d) => d.offsetErrorMs.max)),
    missed: devices.reduce((sum, d) => sum + d.missed, 0),
    details: {
      grid,
      expectedBeats: expected,
      beatsOnAll: spreads.length,
      spreadMs: spread,
      loadAverage: run.load,
      clickStatesSent: run.states,
      devices: devices.map(({ beats: _beats, ...device }, i) => ({ quirks: quirks[i], ...device })),
    },
  };
}

/**
 * The click measure: the bare run, then the band's.
 * @param {{ segue: import('./servers.mjs').RunningServer, fixture: import('./click-setup.mjs').ClickFixture, log: (text: string) => void }} options
 */
export async function measureClick({ segue, fixture, log }) {
  const { clickDevice, heardClicks } = await loadClickDevices();
  const accounts = [fixture.leader, ...fixture.members];
  // Addresses of their own, past those the seeding registered from.
  const addresses = accounts.map((_, i) => benchAddress(60_000 + i));
  const cookies = await Promise.all(
    accounts.map((account, i) => sessionCookies(segue.url, account, addresses[i])),
  );
  const devices = { clickDevice, cookies, addresses };
  const { chromium } = await import('playwright');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const run = async (quirks, listenMs) =>
      analyze(
        await listen({ browser, url: segue.url, fixture, devices, quirks, listenMs }),
        quirks,
        heardClicks,
      );
    log(`click: bare run (no shift, no delay), ${BARE_MS / 1000} s`);
    const bare = await run(BARE, BARE_MS);
    log(`click: the band (clocks seconds apart, round trips 0–80 ms), ${BAND_MS / 1000} s`);
    const band = await run(BAND, BAND_MS);
    const pair = (pick) => ({ segue: pick(band), baseline: pick(bare) });
    return {
      values: {
        'click.p50': pair((r) => r.spread.p50),
        'click.p95': pair((r) => r.spread.p95),
        'click.p99': pair((r) => r.spread.p99),
        'click.max': pair((r) => r.spread.max),
        'click.drift': pair((r) => r.driftMsPerMin),
        'click.driftHeld': pair((r) => r.driftHeldMsPerMin),
        'click.offsetError': pair((r) => r.offsetErrorMs),
        'click.missed': pair((r) => r.missed),
      },
      details: {
        browser: { executablePath: CHROMIUM, version: browser.version() },
        bpm: CLICK_BPM,
        band: { listenMs: BAND_MS, ...band.details },
        bare: { listenMs: BARE_MS, ...bare.details },
      },
    };
  } finally {
    await browser.close();
  }
}
