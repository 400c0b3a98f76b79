// `npm run bench`: builds Segue, measures it against bare baselines in the same run,
// prints the table and writes bench/results/latest.json and latest.md.
//
// Ratios, not absolute times, are the point: shared machines drift, and a
// baseline run minutes apart on the same machine drifts with them.
//
// Everything it starts (servers, load processes, a throwaway PostgreSQL database,
// a temp dir) is stopped or removed on the way out, also when a step fails. A
// failing measure puts its error in its rows; the others still run; the exit code
// is then non-zero. `--strict` also exits non-zero when a target is missed.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { measureApi } from './lib/api.mjs';
import { CLICK_BUDGET_MS, measureClick } from './lib/click.mjs';
import { seedClickBand } from './lib/click-setup.mjs';
import { FIGURES } from './lib/figures.mjs';
import { measureFollow } from './lib/follow-measure.mjs';
import { seedFollowRooms } from './lib/follow-setup.mjs';
import { FOLLOW_BUDGET_MS, followSeedShape } from './lib/follow-shape.mjs';
import { measureLibrary } from './lib/library.mjs';
import { liveCaseRuns, measureLive, SOME_LIVE_CASES } from './lib/live-fanout.mjs';
import { measureMemory } from './lib/memory.mjs';
import { measureRecordings } from './lib/recordings.mjs';
import { measureSongFiles } from './lib/song-files.mjs';
import { createDatabase, dropDatabase, dropStaleDatabases } from './lib/pg-admin.mjs';
import { run, stopAllChildren } from './lib/proc.mjs';
import { machine, makeRow, textTable, writeReport } from './lib/report.mjs';
import { BENCH_DIR, REPO_ROOT, startSegue } from './lib/servers.mjs';
import { registerAccounts, seedApiData, seedLiveRooms, seedRecordings } from './lib/setup.mjs';
import { round } from './lib/stats.mjs';
import { measureWeb } from './lib/web.mjs';

/** The live workload: rooms × followers, each leader stepping through a 50-part song. */
const LIVE = { rooms: 100, perRoom: 10, parts: 50 };
/**
 * Follower accounts: one per follower by default, so each socket has its own session
 * (as on a real Sunday) and the memory figure includes each one's cached session.
 * Fewer makes seeding faster (followers then share accounts): BENCH_FOLLOWER_ACCOUNTS=50 (at least 50: 20 live sockets per account, 30 join requests an hour).
 */
const FOLLOWER_ACCOUNTS = Number(process.env.BENCH_FOLLOWER_ACCOUNTS ?? LIVE.rooms * LIVE.perRoom);
const strict = process.argv.includes('--strict');
/** `--no-build`: measure the builds already in apps/server/dist and apps/web/dist. */
const noBuild = process.argv.includes('--no-build');
/**
 * `--only=live,api`: run just these measures (for working on one figure); the table
 * then goes to results/partial.* and the full results in latest.* stay as they were.
 */
const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const only = onlyArg ? new Set(onlyArg.slice('--only='.length).split(',')) : null;
/**
 * Measures that run only when named in `--only`: the click's (three browsers for three
 * minutes) would take the full run past its time budget.
 */
const NAMED_ONLY = new Set(['click']);
/** Whether the measure `key` runs. */
const runs = (key) => (only ? only.has(key) : !NAMED_ONLY.has(key));
/**
 * The whole run stops by itself after this long, whatever is happening, and prints what it
 * measured: 9.5 minutes for the other measures, plus the follow measure's own budget (and a
 * minute for its seeding and servers) when it runs, and the click's when it runs.
 * BENCH_WATCHDOG_S sets it (shorter, to see a run that gives up).
 */
const WATCHDOG_MS = process.env.BENCH_WATCHDOG_S
  ? Number(process.env.BENCH_WATCHDOG_S) * 1000
  : 570_000 +
    (runs('follow') ? FOLLOW_BUDGET_MS + 60_000 : 0) +
    (runs('click') ? CLICK_BUDGET_MS : 0);

const startedAt = Date.now();
/** Values by figure id, details and errors by measure. */
const values = {};
const details = {};
const errors = {};

const say = (text) =>
  console.log(`[bench ${((Date.now() - startedAt) / 1000).toFixed(0).padStart(3)} s] ${text}`);
const messageOf = (error) =>
  String(error?.message ?? error)
    .split('\n')[0]
    .slice(0, 300);

/**
 * Runs one measure; a failure is recorded against its rows and the bench goes on. A
 * measure may also fail in part: its `errors` (by part) are then recorded beside it,
 * and the rows of that part carry the error in their values. A measure may hand over
 * figures as it goes (`progress`), so a run that gives up still prints them.
 * @param {string} key
 * @param {(progress: (values: object) => void) => Promise<{ values: object, details: object, errors?: Record<string, string> }> | { values: object, details: object }} fn
 */
async function measure(key, fn) {
  if (stopping || !runs(key)) return;
  const t0 = Date.now();
  say(`${key}: running`);
  try {
    const result = await fn((partial) => Object.assign(values, partial));
    Object.assign(values, result.values);
    details[key] = result.details;
    for (const [part, message] of Object.entries(result.errors ?? {})) {
      errors[`${key}.${part}`] = message;
    }
    say(`${key}: done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } catch (error) {
    errors[key] = messageOf(error);
    details[key] = { error: String(error?.stack ?? error) };
    say(`${key}: FAILED: ${String(error?.stack ?? error)}`);
  }
}

// Cleanup, reachable from the normal end, a signal and the watchdog; runs once.
/** @type {{ dbName?: string, tmpDir?: string }} */
const owned = {};
let cleaning = null;
/** Set by a signal or the watchdog: measures not started yet are skipped. */
let stopping = false;
function cleanup() {
  cleaning ??= (async () => {
    await stopAllChildren().catch((e) => say(`stopping processes: ${messageOf(e)}`));
    if (owned.dbName)
      await dropDatabase(owned.dbName).catch((e) =>
        say(`dropping ${owned.dbName}: ${messageOf(e)}`),
      );
    if (owned.tmpDir) await rm(owned.tmpDir, { recursive: true, force: true }).catch(() => {});
  })();
  return cleaning;
}
// Interrupted: clean up and leave the previous results as they were.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    say(`${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}
// Once the bench gives up, what its stopped children still throw (a message to a load
// process already gone) is said and ignored: the table must still be printed.
process.on('uncaughtException', (error) => {
  if (stopping) return say(`after giving up: ${messageOf(error)}`);
  console.error(error);
  process.exit(1);
});
// Too slow: clean up and write what was measured, the rest as errors.
setTimeout(() => {
  stopping = true;
  errors.bench = `not measured: the bench stopped after ${WATCHDOG_MS / 1000} s`;
  say(`still running after ${WATCHDOG_MS / 1000} s: giving up`);
  void cleanup().finally(() => finish());
}, WATCHDOG_MS).unref();

async function main() {
  if (noBuild) say('not building (--no-build): measuring the builds already there');
  else say('building (npm run build)');
  try {
    if (!noBuild) await run('npm', ['run', 'build'], { cwd: REPO_ROOT, timeoutMs: 240_000 });
  } catch (error) {
    // Measures that need the build fail on their own; the run still reports the rest.
    errors.build = messageOf(error);
    details.build = { error: String(error?.message ?? error) };
    say(`build FAILED: ${error?.message ?? error}`);
  }

  // Bytes as Segue's built server sends them (its own process, on a temp embedded database).
  await measure('web', () => measureWeb(REPO_ROOT));

  // One throwaway database and data dir for every Segue server of the run.
  const stale = await dropStaleDatabases().catch(() => []);
  if (stale.length) say(`dropped leftover databases: ${stale.join(', ')}`);
  /** @type {{ url?: string, organizer?: import('./lib/setup.mjs').Account, rooms?: any[], api?: any, recordings?: import('./lib/recordings.mjs').RecordingsFixture, follow?: import('./lib/follow-setup.mjs').FollowFixtures, click?: import('./lib/click-setup.mjs').ClickFixture, error?: Error, roomsError?: Error, apiError?: Error, recordingsError?: Error, followError?: Error, clickError?: Error }} */
  const fixtures = {};
  // Only what the measures that run need is seeded (`--only=follow` seeds one account).
  const liveRoomsNeeded = ['live', 'files', 'memory'].some(runs);
  const accountsNeeded = liveRoomsNeeded
    ? FOLLOWER_ACCOUNTS + LIVE.rooms
    : ['api', 'library', 'recordings'].some(runs)
      ? 1
      : 0;
  let dataDir = '';
  try {
    owned.tmpDir = await mkdtemp(path.join(os.tmpdir(), 'segue-bench-'));
    dataDir = path.join(owned.tmpDir, 'data');
    const db = await createDatabase('main');
    owned.dbName = db.name;
    fixtures.url = db.url;

    // Seeding runs on a server logging at info: that is where it prints the mails.
    say('seeding: starting Segue (info log, for the mailed links)');
    const seeder = await startSegue({ databaseUrl: db.url, dataDir, logLevel: 'info' });
    try {
      // One leader account per room, as each church has its own worship leader: Segue limits
      // live sockets and events per account.
      if (accountsNeeded) {
        say(`seeding: registering ${accountsNeeded} accounts`);
        const accounts = await registerAccounts(seeder, accountsNeeded, 'acct');
        fixtures.organizer = accounts[0];
        if (liveRoomsNeeded) {
          const leaders = accounts.slice(0, LIVE.rooms);
          say(`seeding: ${LIVE.rooms} live rooms`);
          fixtures.rooms = await seedLiveRooms(
            seeder,
            leaders,
            accounts.slice(LIVE.rooms),
            LIVE,
          ).catch((e) => {
            fixtures.roomsError = e;
            return undefined;
          });
        }
        if (runs('api')) {
          say('seeding: API data');
          fixtures.api = await seedApiData(seeder, accounts[0]).catch((e) => {
            fixtures.apiError = e;
            return undefined;
          });
        }
        if (runs('recordings')) {
          // The organizer's own team: the uploads count against no one else's quota.
          say('seeding: a song with a 50 MB recording');
          fixtures.recordings = await seedRecordings(seeder, accounts[0]).catch((e) => {
            fixtures.recordingsError = e;
            return undefined;
          });
        }
      }
      if (runs('follow')) {
        say('seeding: follow rooms (a church, its licence confirmed, links, one step each)');
        fixtures.follow = await seedFollowRooms(seeder, followSeedShape()).catch((e) => {
          fixtures.followError = e;
          return undefined;
        });
      }
      if (runs('click')) {
        say('seeding: a band (a leader, two members) and a song at 120 BPM for the click');
        fixtures.click = await seedClickBand(seeder).catch((e) => {
          fixtures.clickError = e;
          return undefined;
        });
      }
    } finally {
      await seeder.stop();
    }
  } catch (error) {
    fixtures.error = error;
    say(`seeding FAILED: ${error?.stack ?? error}`);
  }
  /** A fixture, or the error that kept it from being made. */
  const need = (name) => {
    if (fixtures[name]) return fixtures[name];
    throw fixtures[`${name}Error`] ?? fixtures.error ?? new Error(`no ${name} fixture`);
  };

  // The measured server: a fresh process, LOG_LEVEL=warn, no Redis (the live measure
  // starts two more, with Redis, for its two-instance case).
  let segue = null;
  let segueError = null;
  if (!fixtures.error && ['live', 'api', 'library', 'files', 'recordings', 'click'].some(runs)) {
    try {
      segue = await startSegue({ databaseUrl: fixtures.url, dataDir, logLevel: 'warn' });
    } catch (error) {
      segueError = error;
    }
  }
  const needSegue = () => {
    if (segue) return segue;
    throw segueError ?? fixtures.error ?? new Error('Segue is not running');
  };

  await measure('live', (progress) =>
    measureLive({
      segue: needSegue(),
      rooms: need('rooms'),
      databaseUrl: fixtures.url ?? '',
      dataDir,
      log: say,
      progress,
    }),
  );

  await measure('api', () =>
    measureApi({ segue: needSegue(), fixtures: need('api'), tmpDir: owned.tmpDir ?? os.tmpdir() }),
  );

  await measure('library', () =>
    measureLibrary({ segue: needSegue(), organizer: need('organizer'), databaseUrl: fixtures.url }),
  );

  await measure('files', () => measureSongFiles({ segue: needSegue(), rooms: need('rooms') }));

  await measure('recordings', () =>
    measureRecordings({ segue: needSegue(), fixture: need('recordings') }),
  );

  await measure('click', () =>
    measureClick({ segue: needSegue(), fixture: need('click'), log: say }),
  );

  await segue?.stop();

  await measure('memory', () =>
    measureMemory({ rooms: need('rooms'), databaseUrl: fixtures.url, dataDir, log: say }),
  );

  // Last, on servers of its own (with its limits raised), within its own time budget.
  await measure('follow', (progress) =>
    measureFollow({
      fixtures: need('follow'),
      databaseUrl: fixtures.url ?? '',
      dataDir,
      tmpDir: owned.tmpDir ?? os.tmpdir(),
      log: say,
      progress,
    }),
  );
}

/** Writes and prints the table, then exits (non-zero if anything failed). */
async function finish() {
  const figures = FIGURES.filter(
    (f) => runs(f.measure) && (!f.liveCase || liveCaseRuns(f.liveCase)),
  );
  // A figure measured before the bench gave up is shown; the others say why they are not.
  const rows = figures.map((f) =>
    makeRow(f, values[f.id], errors[f.measure] ?? (values[f.id] ? undefined : errors.bench)),
  );
  const report = {
    generatedAt: new Date().toISOString(),
    durationSeconds: round((Date.now() - startedAt) / 1000, 0),
    machine: machine(),
    rows: rows.map((r) => ({ ...r, ratio: r.ratio === null ? null : round(r.ratio, 3) })),
    errors,
    details,
  };
  const name = only || SOME_LIVE_CASES ? 'partial' : 'latest';
  await writeReport(path.join(BENCH_DIR, 'results'), report, figures, name);

  console.log(`\n${textTable(rows, figures)}\n`);
  const count = (status) => rows.filter((r) => r.status === status).length;
  const broken = Object.keys(errors);
  console.log(
    `${count('pass')} pass, ${count('fail')} missed targets, ${count('error')} errors` +
      `${broken.length ? ` (failed: ${broken.join(', ')})` : ''}.` +
      ` Written to bench/results/${name}.json and ${name}.md; ${report.durationSeconds} s in all.`,
  );
  process.exit(broken.length || (strict && count('fail')) ? 1 : 0);
}

try {
  await main();
} catch (error) {
  errors.bench = messageOf(error);
  say(`bench FAILED: ${error?.stack ?? error}`);
} finally {
  await cleanup();
}
if (!stopping) await finish();
