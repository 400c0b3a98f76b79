import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_TEXTS, type LiveState } from '@segue/shared';
import { LEASE_BLOCK, LiveEngine } from '../src/live/live-engine.ts';
import type { LiveRecord, StepRequest } from '../src/live/live-steps.ts';
import { LiveRepository } from '../src/live/live.repository.ts';
import {
  backends,
  createTestDatabase,
  multiInstance,
  redisUrl,
  type TestDatabase,
} from './databases.ts';
import {
  createAccount,
  createSetlist,
  createSong,
  createTeam,
  type FactoryAccount,
} from './factories.ts';
import { bearer, startTestApp, type TestApp } from './harness.ts';
import { askLive, liveClients, type LiveAnswer, type LiveClient } from './live-client.ts';

/**
 * A step is ordered and heard before it is written; written behind, coalesced; a
 * restart lands on the last step written and never reuses a version; authorization comes
 * from each room's cached facts, dropped when the setlist, its songs or its team change.
 */

const urlOf = (t: TestApp) => `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
const listening = async (t: TestApp) => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return urlOf(t);
};

/** The position a state is on, to compare states heard, answered and read. */
const positionOf = (s: Partial<LiveState>) => ({
  currentIndex: s.currentIndex,
  currentPartLabel: s.currentPartLabel,
  currentPartPosition: s.currentPartPosition,
  currentItem: s.currentItem,
});

/** The setlist's live state as written. */
async function written(database: TestDatabase, setlistId: string) {
  const [row] = await database.db.query.setlist.findMany({
    where: (s, { eq }) => eq(s.id, setlistId),
  });
  if (!row) throw new Error('no such setlist');
  return {
    version: row.liveVersion,
    position: positionOf({ ...row, currentItem: row.currentItem }),
  };
}

/** A step of a driver's run: song changes and part changes, over two songs' labels. */
function stepOf(setlistId: string, i: number): [string, object] {
  if (i % 5 === 0) return ['setlist:updateCurrent', { setlistId, newIndex: (i / 5) % 2 }];
  return ['setlist:updatePart', { setlistId, partIndex: ['Verse', 'Chorus'][i % 2] }];
}

/** Step `i` of the same run made on an engine directly, by the owner: the state it made. */
async function engineStep(engine: LiveEngine, setlistId: string, teamId: string, i: number) {
  const request: StepRequest =
    i % 5 === 0
      ? { kind: 'song', index: (i / 5) % 2 }
      : { kind: 'part', label: ['Verse', 'Chorus'][i % 2]! };
  const outcome = await engine.step(setlistId, teamId, 'Olive Owner', request);
  if (outcome.kind !== 'written') throw new Error(`step ${i}: ${outcome.kind}`);
  return outcome.state;
}

/** Sends `count` steps at once (none waits for the one before) and answers their acks. */
function fastSteps(socket: LiveClient, setlistId: string, count: number, offset = 0) {
  return Promise.all(
    Array.from({ length: count }, (_, i) => askLive(socket, ...stepOf(setlistId, i + offset))),
  );
}

/** The answer with the highest version: the step ordered last. */
const lastOf = (answers: LiveAnswer[]) =>
  answers
    .filter((a) => a.ok)
    .reduce((a, b) => ((a.state?.version ?? 0) > (b.state?.version ?? 0) ? a : b));

describe.each(backends)('the live engine on %s', (backend) => {
  let t: TestApp;
  let url: string;
  let owner: FactoryAccount;
  let admin: FactoryAccount;
  let songLeader: FactoryAccount;
  let teamId: string;
  let songs: { one: string; two: string; other: string };
  const clients = liveClients();

  beforeAll(async () => {
    t = await startTestApp(backend);
    url = await listening(t);
    owner = await createAccount(t, { name: 'Olive Owner' });
    admin = await createAccount(t, { name: 'Adam Admin' });
    songLeader = await createAccount(t, { name: 'Lea Leader' });
    teamId = await createTeam(t, {
      owner,
      name: 'Engine',
      admins: [admin],
      members: [songLeader],
    });
    const labels = ['Verse', 'Chorus'];
    songs = {
      one: await createSong(t, { teamId, by: owner, title: 'One', labels }),
      two: await createSong(t, { teamId, by: owner, title: 'Two', labels: [...labels, 'Bridge'] }),
      other: await createSong(t, { teamId, by: owner, title: 'Other', labels: ['Tag'] }),
    };
  });
  afterEach(() => clients.disconnectAll());
  afterAll(async () => {
    await t?.close();
  });

  const newSetlist = (leader: string | null = null) =>
    createSetlist(t, {
      teamId,
      by: owner,
      songs: [
        { song: songs.one, leader: null },
        { song: songs.two, leader },
      ],
    });
  const joined = async (who: FactoryAccount, setlistId: string, at = url) => {
    const socket = await clients.connect(at, who.jwt);
    const answer = await askLive(socket, 'setlist:join', setlistId);
    expect(answer.ok, answer.error).toBe(true);
    return { socket, state: answer.state as LiveState };
  };

  it('a server restarted right after 50 fast steps comes back on the last step, and the version keeps growing', async () => {
    const setlistId = await newSetlist();
    // Two sockets of the owner, 25 steps each, all sent at once (each within its burst).
    const first = await joined(owner, setlistId);
    const second = await joined(owner, setlistId);
    const answers = (
      await Promise.all([
        fastSteps(first.socket, setlistId, 25),
        fastSteps(second.socket, setlistId, 25, 25),
      ])
    ).flat();
    expect(answers.filter((a) => !a.ok)).toEqual([]);
    const versions = answers.map((a) => a.state!.version);
    expect(new Set(versions).size).toBe(50);
    const last = lastOf(answers).state!;

    // At once: the writes behind the broadcast may still be under way.
    t = await t.restart();
    url = await listening(t);

    // The state written is the last step's, and a screen joining lands on it.
    expect(await written(t.database, setlistId)).toEqual({
      version: last.version,
      position: positionOf(last),
    });
    const again = await joined(owner, setlistId);
    expect(again.state).toMatchObject({ ...positionOf(last), version: last.version });
    // The next step's version is above every version heard before the restart.
    const next = await askLive(again.socket, 'setlist:updatePart', {
      setlistId,
      partIndex: 'Verse',
    });
    expect(next.ok, next.error).toBe(true);
    expect(next.state!.version).toBeGreaterThan(Math.max(...versions));
  });

  it('after a crash with steps unwritten, lands on the last step written and never reuses a version heard', async () => {
    const setlistId = await newSetlist();
    // An instance that dies halfway: from then on, no write of it ever completes.
    let dead = false;
    class DyingRepository extends LiveRepository {
      override persist(records: Map<string, LiveRecord>) {
        return dead ? new Promise<void>(() => {}) : super.persist(records);
      }
    }
    const dying = new LiveEngine({
      repo: new DyingRepository(t.database.liveStep, t.app.changes),
      changes: t.app.changes,
      onError: () => {},
    });
    const heard: LiveState[] = [];
    const step = (engine: LiveEngine, i: number) => engineStep(engine, setlistId, teamId, i);
    for (let i = 0; i < 25; i++) heard.push(await step(dying, i));
    await dying.flushed();
    dead = true;
    for (let i = 25; i < 50; i++) heard.push(await step(dying, i));

    // Another instance (or the same one, restarted) on the database as the crash left it.
    const stored = await written(t.database, setlistId);
    const lastWritten = heard.find((s) => s.version === stored.version);
    expect(lastWritten, 'the written state is one that was heard').toBeDefined();
    expect(stored.version).toBeLessThan(heard.at(-1)!.version);
    const restarted = new LiveEngine({
      repo: new LiveRepository(t.database.liveStep, t.app.changes),
      changes: t.app.changes,
      onError: (error) => {
        throw error;
      },
    });
    try {
      expect(await restarted.state(setlistId)).toMatchObject({
        ...positionOf(lastWritten!),
        version: stored.version,
      });
      const next = await step(restarted, 1);
      expect(next.version).toBeGreaterThan(Math.max(...heard.map((s) => s.version)));
      await restarted.flushed();
      expect((await written(t.database, setlistId)).version).toBe(next.version);
    } finally {
      await restarted.close();
    }
  });

  /** An engine of its own over `repo`, beside the app's, that fails the test on any error. */
  const engineOver = (repo: LiveRepository) =>
    new LiveEngine({
      repo,
      changes: t.app.changes,
      onError: (error) => {
        throw error;
      },
    });

  it('many fast steps of one setlist are written as the last one, in fewer writes than steps', async () => {
    const setlistId = await newSetlist();
    const writes: number[] = [];
    class CountingRepository extends LiveRepository {
      override persist(records: Map<string, LiveRecord>) {
        const mine = records.get(setlistId);
        if (mine) writes.push(mine.version);
        return super.persist(records);
      }
    }
    const engine = engineOver(new CountingRepository(t.database.liveStep, t.app.changes));
    try {
      const by = 'Olive Owner';
      const outcomes = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          engine.step(setlistId, teamId, by, { kind: 'song', index: i % 2 }),
        ),
      );
      await engine.flushed();
      const versions = outcomes.map((o) => (o.kind === 'written' ? o.state.version : -1));
      expect(writes.length).toBeLessThan(versions.length);
      expect(writes.at(-1)).toBe(Math.max(...versions));
      expect((await written(t.database, setlistId)).version).toBe(Math.max(...versions));
    } finally {
      await engine.close();
    }
  });

  it('a key change is ordered and versioned like a step, and the room keeps its cached facts', async () => {
    const setlistId = await newSetlist();
    let reads = 0;
    class CountingRepository extends LiveRepository {
      override room(id: string) {
        if (id === setlistId) reads += 1;
        return super.room(id);
      }
    }
    const engine = engineOver(new CountingRepository(t.database.liveStep, t.app.changes));
    try {
      const first = await engine.step(setlistId, teamId, 'Olive Owner', { kind: 'song', index: 1 });
      expect(first.kind).toBe('written');
      const keyed = await engine.setKey(setlistId, teamId, 1, 'A');
      // The run's key for the song, for each of its entries; the plan is the setlist's.
      expect(keyed).toMatchObject({
        kind: 'written',
        songId: songs.two,
        keys: { [songs.two]: 'A' },
        indexes: [1],
      });
      if (first.kind !== 'written' || keyed.kind !== 'written') return;
      // One version above the step, the position unchanged.
      expect(keyed.state.version).toBe(first.state.version + 1);
      expect(positionOf(keyed.state)).toEqual(positionOf(first.state));
      // The facts were read once, and are still at hand for the next step, which (arriving,
      // as an event does, in a later turn of the event loop) is made in the tick it arrives.
      expect(engine.cachedFacts(setlistId)).not.toBeNull();
      await new Promise((resolve) => setImmediate(resolve));
      let settled = false;
      const next = engine.step(setlistId, teamId, 'Olive Owner', { kind: 'part', label: 'Chorus' });
      void next.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(true);
      expect((await next).kind).toBe('written');
      expect(reads).toBe(1);
      // A setlist of another team, or an entry that is not there, changes nothing.
      expect(await engine.setKey(setlistId, randomUUID(), 1, 'B')).toEqual({ kind: 'missing' });
      expect(await engine.setKey(setlistId, teamId, 7, 'B')).toEqual({ kind: 'refused' });
    } finally {
      await engine.close();
    }
  });

  /** Saves the setlist's songs through the API, as the planning screen does. */
  const saveSongs = (
    through: TestApp,
    setlistId: string,
    entries: { song: string; leader: string | null }[],
  ) =>
    through.app.inject({
      method: 'PUT',
      url: `/api/setlist/${setlistId}`,
      headers: { ...bearer(owner.jwt), 'x-team-id': teamId },
      payload: { name: 'Cached', date: '2030-01-01', songs: entries },
    });

  it('removing a song leader changes what the cached authorization allows within a second', async () => {
    const setlistId = await newSetlist(songLeader.userId);
    const { socket } = await joined(songLeader, setlistId);
    const stepTo = (partIndex: string) =>
      askLive(socket, 'setlist:updatePart', { setlistId, partIndex });
    expect(await stepTo('Chorus')).toMatchObject({ ok: true });

    const saved = await saveSongs(t, setlistId, [
      { song: songs.one, leader: null },
      { song: songs.two, leader: null },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    await expect
      .poll(() => stepTo('Verse'), { timeout: 1_000, interval: 50 })
      .toEqual({ ok: false, error: LIVE_TEXTS.notDriver });

    // Made the leader again: allowed again.
    await saveSongs(t, setlistId, [
      { song: songs.one, leader: null },
      { song: songs.two, leader: songLeader.userId },
    ]);
    await expect
      .poll(async () => (await stepTo('Chorus')).ok, { timeout: 1_000, interval: 50 })
      .toBe(true);
  });

  it('demoting an admin changes what the cached authorization allows within a second', async () => {
    const deputy = await createAccount(t, { name: 'Dee Deputy' });
    const localTeam = await createTeam(t, { owner, name: 'Demotion', admins: [deputy] });
    const song = await createSong(t, { teamId: localTeam, by: owner, title: 'S', labels: ['A'] });
    const setlistId = await createSetlist(t, { teamId: localTeam, by: owner, songs: [song] });
    const { socket } = await joined(deputy, setlistId);
    const stepTo = () => askLive(socket, 'setlist:updateCurrent', { setlistId, newIndex: 0 });
    expect(await stepTo()).toMatchObject({ ok: true });

    const demoted = await t.app.inject({
      method: 'PUT',
      url: `/api/teams/${localTeam}/role`,
      headers: bearer(owner.jwt),
      payload: { userId: deputy.userId, role: 'member' },
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    await expect
      .poll(stepTo, { timeout: 1_000, interval: 50 })
      .toEqual({ ok: false, error: LIVE_TEXTS.notDriver });
  });

  it('changing the setlist’s songs changes which steps the cached facts allow within a second', async () => {
    const setlistId = await newSetlist();
    const { socket } = await joined(owner, setlistId);
    expect(
      await askLive(socket, 'setlist:updateCurrent', { setlistId, newIndex: 1 }),
    ).toMatchObject({ ok: true, state: { currentIndex: 1, currentPartLabel: 'Verse' } });
    expect(
      await askLive(socket, 'setlist:updatePart', { setlistId, partIndex: 'Bridge' }),
    ).toMatchObject({ ok: true });

    // The second song replaced by one with other parts: its parts are the ones allowed now.
    const saved = await saveSongs(t, setlistId, [
      { song: songs.one, leader: null },
      { song: songs.other, leader: null },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    await expect
      .poll(() => askLive(socket, 'setlist:updatePart', { setlistId, partIndex: 'Tag' }), {
        timeout: 1_000,
        interval: 50,
      })
      .toMatchObject({ ok: true, state: { currentIndex: 1, currentPartLabel: 'Tag' } });
    expect(await askLive(socket, 'setlist:updatePart', { setlistId, partIndex: 'Bridge' })).toEqual(
      { ok: false, error: LIVE_TEXTS.invalid },
    );

    // A song edited in the library: its new part is allowed at once too.
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/songs/${songs.other}`,
      headers: { ...bearer(owner.jwt), 'x-team-id': teamId },
      payload: {
        title: 'Other',
        parts: ['Tag', 'Coda'].map((label) => ({ label, lines: [{ chords: '', lyrics: label }] })),
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await expect
      .poll(
        async () =>
          (await askLive(socket, 'setlist:updatePart', { setlistId, partIndex: 'Coda' })).ok,
        { timeout: 1_000, interval: 50 },
      )
      .toBe(true);
  });

  it('an outsider is refused a step, and a step of a setlist they cannot see writes nothing', async () => {
    const setlistId = await newSetlist();
    const outsider = await createAccount(t, { name: 'Otto Outsider' });
    const socket = await clients.connect(url, outsider.jwt);
    expect(await askLive(socket, 'setlist:join', setlistId)).toEqual({
      ok: false,
      error: LIVE_TEXTS.notFound,
    });
    const before = await written(t.database, setlistId);
    expect(await askLive(socket, 'setlist:updateCurrent', { setlistId, newIndex: 1 })).toEqual({
      ok: false,
      error: LIVE_TEXTS.notJoined,
    });
    await t.app.live.flushed();
    expect(await written(t.database, setlistId)).toEqual(before);
  });
});

/**
 * Two instances on one PostgreSQL and one Redis: the steps of two drivers, one on each,
 * ordered in Redis; and cached facts dropped on both when one of them changes a setlist.
 */
describe.skipIf(!multiInstance)('the live engine on two instances', () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  let urlB: string;
  let owner: FactoryAccount;
  let admin: FactoryAccount;
  let songLeader: FactoryAccount;
  let follower: FactoryAccount;
  let teamId: string;
  let songIds: string[];
  const clients = liveClients();

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const redis = { url: redisUrl!, prefix: `segue-test:${randomUUID()}:` };
    a = await startTestApp('postgres', { database, redis, ownPool: true });
    b = await startTestApp('postgres', { database, redis, ownPool: true });
    urlA = await listening(a);
    urlB = await listening(b);
    owner = await createAccount(a, { name: 'Olive Owner' });
    admin = await createAccount(a, { name: 'Adam Admin' });
    songLeader = await createAccount(a, { name: 'Lea Leader' });
    follower = await createAccount(a, { name: 'Finn Follower' });
    teamId = await createTeam(a, {
      owner,
      name: 'Two instances',
      admins: [admin],
      members: [songLeader, follower],
    });
    songIds = [
      await createSong(a, { teamId, by: owner, title: 'One', labels: ['Verse', 'Chorus'] }),
      await createSong(a, { teamId, by: owner, title: 'Two', labels: ['Verse', 'Chorus', 'End'] }),
    ];
  }, 60_000);
  afterEach(() => clients.disconnectAll());
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    await a?.database.close();
    await b?.database.close();
    await database?.destroy();
  });

  const newSetlist = () =>
    createSetlist(a, {
      teamId,
      by: owner,
      songs: [
        { song: songIds[0]!, leader: null },
        { song: songIds[1]!, leader: songLeader.userId },
      ],
    });
  const joined = async (who: FactoryAccount, setlistId: string, url: string) => {
    const socket = await clients.connect(url, who.jwt);
    const answer = await askLive(socket, 'setlist:join', setlistId);
    expect(answer.ok, answer.error).toBe(true);
    return { socket, state: answer.state as LiveState };
  };

  it('two drivers stepping one setlist at once on two instances never share a version, and every screen converges', async () => {
    const setlistId = await newSetlist();
    const screens = await Promise.all([
      joined(follower, setlistId, urlA),
      joined(follower, setlistId, urlB),
      joined(songLeader, setlistId, urlB),
    ]);
    /** Each screen's broadcasts: version → position (a step is one partChanged). */
    const heard = screens.map(({ socket }) => {
      const seen: { version: number; position: ReturnType<typeof positionOf> }[] = [];
      socket.on('setlist:partChanged', (label, meta) =>
        seen.push({
          version: meta.version,
          position: {
            currentIndex: meta.currentIndex,
            currentPartLabel: label,
            currentPartPosition: meta.partPosition ?? null,
            currentItem: meta.item ?? null,
          },
        }),
      );
      return seen;
    });
    const onA = await joined(owner, setlistId, urlA);
    const onB = await joined(admin, setlistId, urlB);

    // Three rounds of 9 steps per driver, each sent at once (all within a socket's burst).
    for (let round = 0; round < 3; round++) {
      const answers = (
        await Promise.all([
          fastSteps(onA.socket, setlistId, 9, round),
          fastSteps(onB.socket, setlistId, 9, round + 3),
        ])
      ).flat();
      expect(answers.filter((x) => !x.ok)).toEqual([]);
      const versions = answers.map((x) => x.state!.version);
      expect(new Set(versions).size, 'versions answered').toBe(versions.length);
      const last = lastOf(answers).state!;

      // Every screen hears each step once, under its own version, and ends on the last one.
      await expect
        .poll(() => heard.map((seen) => seen.filter((h) => versions.includes(h.version)).length))
        .toEqual(screens.map(() => versions.length));
      for (const seen of heard) {
        const these = seen.filter((h) => versions.includes(h.version));
        expect(new Set(these.map((h) => h.version)).size, 'versions broadcast').toBe(these.length);
        const highest = these.reduce((x, y) => (x.version > y.version ? x : y));
        expect(highest).toEqual({ version: last.version, position: positionOf(last) });
      }
      // A screen joining on either instance lands there, and so does the database.
      for (const url of [urlA, urlB]) {
        expect((await joined(follower, setlistId, url)).state).toMatchObject({
          ...positionOf(last),
          version: last.version,
        });
      }
      await Promise.all([a.app.live.flushed(), b.app.live.flushed()]);
      expect(await written(database, setlistId)).toEqual({
        version: last.version,
        position: positionOf(last),
      });
    }
  });

  it('a driver removed or a song replaced through one instance is refused on the other within a second', async () => {
    const setlistId = await newSetlist();
    const leader = await joined(songLeader, setlistId, urlB);
    const stepTo = (partIndex: string) =>
      askLive(leader.socket, 'setlist:updatePart', { setlistId, partIndex });
    expect(
      await askLive(leader.socket, 'setlist:updateCurrent', { setlistId, newIndex: 1 }),
    ).toMatchObject({ ok: true });
    expect(await stepTo('End')).toMatchObject({ ok: true });

    const save = (entries: { song: string; leader: string | null }[]) =>
      a.app.inject({
        method: 'PUT',
        url: `/api/setlist/${setlistId}`,
        headers: { ...bearer(owner.jwt), 'x-team-id': teamId },
        payload: { name: 'Two instances', date: '2030-01-01', songs: entries },
      });
    // The second song's leader removed through A: B refuses their next step.
    expect(
      (
        await save([
          { song: songIds[0]!, leader: null },
          { song: songIds[1]!, leader: null },
        ])
      ).statusCode,
    ).toBe(200);
    await expect
      .poll(() => stepTo('Verse'), { timeout: 1_000, interval: 50 })
      .toEqual({ ok: false, error: LIVE_TEXTS.notDriver });

    // The admin on B, on the second song: once it is swapped for the first through A,
    // "End" is no part of the song the set is on.
    const deputy = await joined(admin, setlistId, urlB);
    expect(
      await askLive(deputy.socket, 'setlist:updatePart', { setlistId, partIndex: 'End' }),
    ).toMatchObject({ ok: true });
    expect(
      (
        await save([
          { song: songIds[1]!, leader: null },
          { song: songIds[0]!, leader: null },
        ])
      ).statusCode,
    ).toBe(200);
    await expect
      .poll(() => askLive(deputy.socket, 'setlist:updatePart', { setlistId, partIndex: 'End' }), {
        timeout: 1_000,
        interval: 50,
      })
      .toEqual({ ok: false, error: LIVE_TEXTS.invalid });

    // The admin demoted through A: B refuses them too.
    expect(
      (
        await a.app.inject({
          method: 'PUT',
          url: `/api/teams/${teamId}/role`,
          headers: bearer(owner.jwt),
          payload: { userId: admin.userId, role: 'member' },
        })
      ).statusCode,
    ).toBe(200);
    await expect
      .poll(() => askLive(deputy.socket, 'setlist:updatePart', { setlistId, partIndex: 'Verse' }), {
        timeout: 1_000,
        interval: 50,
      })
      .toEqual({ ok: false, error: LIVE_TEXTS.notDriver });
  });

  /**
   * Engines as instances run them, on their own Redis connections under one prefix: the
   * instance a step reaches orders it once it holds the setlist's lease.
   */
  describe('the lease on a setlist’s steps', () => {
    const connections: Redis[] = [];
    const engines: LiveEngine[] = [];
    afterEach(async () => {
      await Promise.allSettled(engines.splice(0).map((engine) => engine.close()));
      for (const connection of connections.splice(0)) connection.disconnect();
    });

    const connect = async () => {
      const connection = new Redis(redisUrl!, { maxRetriesPerRequest: 1 });
      connection.on('error', () => {});
      connections.push(connection);
      if (connection.status !== 'ready')
        await new Promise((ready) => connection.once('ready', ready));
      return connection;
    };
    /** An instance's engine (on A's database pool and change feed), and its connections. */
    const instance = async (prefix: string) => {
      const [commands, publisher, subscriber] = [await connect(), await connect(), await connect()];
      const engine = new LiveEngine({
        repo: new LiveRepository(a.database.liveStep, a.app.changes),
        changes: a.app.changes,
        redis: { commands, publisher, subscriber, prefix },
        onError: () => {},
      });
      engines.push(engine);
      // Subscribed before the first step, so it hears requests to hand over.
      await expect
        .poll(async () => Number((await commands.pubsub('NUMSUB', `${prefix}live-handover`))[1]))
        .toBeGreaterThan(engines.length - 1);
      return { engine, commands, publisher };
    };
    const step = (engine: LiveEngine, setlistId: string, i: number) =>
      engineStep(engine, setlistId, teamId, i);
    /** A new setlist, and two instances under a prefix of their own. */
    const twoInstances = async () => {
      const prefix = `segue-test:${randomUUID()}:`;
      const setlistId = await newSetlist();
      return { prefix, setlistId, x: await instance(prefix), y: await instance(prefix) };
    };

    it('steps alternating between two instances go on from each other’s last state, one version each', async () => {
      const { setlistId, x, y } = await twoInstances();
      const heard: LiveState[] = [];
      for (let turn = 0; turn < 6; turn++) {
        const engine = turn % 2 === 0 ? x.engine : y.engine;
        for (let i = 0; i < 4; i++) heard.push(await step(engine, setlistId, turn * 4 + i));
      }
      const versions = heard.map((s) => s.version);
      // In the order made: each above the one before (so never one twice).
      expect(versions).toEqual([...versions].sort((p, q) => p - q));
      expect(new Set(versions).size).toBe(versions.length);
      // A handover goes on from the last version: no block left unused in between.
      expect(versions.at(-1)! - versions[0]!).toBeLessThan(heard.length + LEASE_BLOCK);
      // Both instances answer a joining screen with the last state, once its store has reached
      // Redis: a step does not wait for it, but sends it before the broadcast on the same
      // connection, so an instance has it by the time it hears the step (a PING behind it here).
      // Read at once, the other instance once answered the state before its last four (under load).
      await Promise.all([x.publisher.ping(), y.publisher.ping()]);
      for (const engine of [x.engine, y.engine]) {
        expect(await engine.state(setlistId)).toMatchObject({
          ...positionOf(heard.at(-1)!),
          version: heard.at(-1)!.version,
        });
      }
    });

    it('an instance that dies holding the lease holds the setlist up only until it lapses, and its versions are never used again', async () => {
      const prefix = `segue-test:${randomUUID()}:`;
      const setlistId = await newSetlist();
      const dying = await instance(prefix);
      const heard: LiveState[] = [];
      for (let i = 0; i < 10; i++) heard.push(await step(dying.engine, setlistId, i));
      // Gone without handing anything back: its connections drop, its lease stays in Redis.
      for (const connection of connections.splice(0)) connection.disconnect();
      engines.splice(0);
      const other = await instance(prefix);
      const next = await step(other.engine, setlistId, 10);
      expect(next.version).toBeGreaterThan(Math.max(...heard.map((s) => s.version)));
      // It went on from the dead instance's last state.
      expect(await other.engine.state(setlistId)).toMatchObject({ version: next.version });
    });

    it('an instance that stops hands its leases back at once, with its last state', async () => {
      const prefix = `segue-test:${randomUUID()}:`;
      const setlistId = await newSetlist();
      const x = await instance(prefix);
      const heard: LiveState[] = [];
      for (let i = 0; i < 6; i++) heard.push(await step(x.engine, setlistId, i));
      expect(await x.commands.exists(`${prefix}live-lease:${setlistId}`)).toBe(1);
      await x.engine.close();
      expect(await x.commands.exists(`${prefix}live-lease:${setlistId}`)).toBe(0);
      const stored = JSON.parse(
        (await x.commands.get(`${prefix}live:${setlistId}`))!,
      ) as LiveRecord;
      expect(stored).toMatchObject({
        ...positionOf(heard.at(-1)!),
        version: heard.at(-1)!.version,
      });
      // The next instance goes on from there.
      const y = await instance(prefix);
      expect((await step(y.engine, setlistId, 6)).version).toBe(heard.at(-1)!.version + 1);
    });

    it('an instance that lost its lease without knowing never uses a version another instance uses', async () => {
      const { prefix, setlistId, x, y } = await twoInstances();
      const versions: number[] = [];
      for (let i = 0; i < 3; i++) versions.push((await step(x.engine, setlistId, i)).version);
      // Redis forgets the lease (as after a restart that kept the rest): x still uses its own.
      await x.commands.del(`${prefix}live-lease:${setlistId}`);
      for (let i = 3; i < 8; i++) versions.push((await step(y.engine, setlistId, i)).version);
      for (let i = 8; i < 11; i++) versions.push((await step(x.engine, setlistId, i)).version);
      expect(new Set(versions).size).toBe(versions.length);
      // Once x's lease lapses, its next step goes on above everything y made.
      const yHighest = Math.max(...versions.slice(3, 8));
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const later = await step(x.engine, setlistId, 11);
      expect(later.version).toBeGreaterThan(Math.max(...versions, yHighest));
    });
  });
});
