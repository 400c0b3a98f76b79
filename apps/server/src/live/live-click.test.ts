import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  beatTime,
  CLICK_CHANGE_LEAD_MS,
  CLICK_START_LEAD_MS,
  LIVE_LIMITS,
  LIVE_TEXTS,
  startClick,
  type ClickAnswer,
  type ClickState,
  type ClockPingAnswer,
  type LiveJoinState,
  type LiveMeta,
  type LiveViewKind,
  type Setlist,
} from '@segue/shared';
import { backends } from '../../test/databases.ts';
import { createAccount, createTeam, partsOf, type FactoryAccount } from '../../test/factories.ts';
import { bearer, json, startTestApp, type TestApp } from '../../test/harness.ts';
import { askLive, liveConnected, openLiveClient, type LiveClient } from '../../test/live-client.ts';
import { clickAfterStep, clickSettingsOf } from './live-click.ts';
import { NEW_RUN_AFTER_MS, runClick, type LiveRecord, type RoomFacts } from './live-steps.ts';
import { serverClock } from './server-clock.ts';

const FOUR = { beatsPerBar: 4, beatUnit: 4, pulse: 'beat' } as const;

/** The bar of `grid` that `at` is the line of, or null when it is no bar line of it. */
function barLineOf(grid: Parameters<typeof beatTime>[0], at: number): number | null {
  const beat = Math.round(((at - grid.downbeatAt) * grid.bpm) / 60_000);
  if (beatTime(grid, beat) !== at || beat % grid.beatsPerBar !== 0) return null;
  return beat / grid.beatsPerBar;
}

describe('the click’s rules (pure)', () => {
  const facts: RoomFacts = {
    teamId: 't',
    entries: [
      { at: 0, songId: 'a', parts: ['V'], tempo: 120, time: '4/4' },
      { at: 1, songId: 'b', parts: ['V'], tempo: 120, time: null },
      { at: 2, songId: 'c', parts: ['V'], tempo: 90, time: '6/8' },
    ],
    itemAts: [1],
    leaders: new Set(),
    clickOnStep: 'follow',
  };
  const onSong = (index: number) => ({
    currentIndex: index,
    currentPartLabel: 'V',
    currentPartPosition: 0,
    currentItem: null,
  });
  const running = { ...startClick(120, FOUR, 0, 1_000_000), version: 7 };

  it('reads 6/8 as two dotted quarters a bar, and none as 4/4', () => {
    expect(clickSettingsOf(facts.entries[2])).toEqual({
      bpm: 90,
      meter: { beatsPerBar: 2, beatUnit: 8, pulse: 'dotted' },
    });
    expect(clickSettingsOf(facts.entries[1])).toEqual({ bpm: 120, meter: FOUR });
    expect(clickSettingsOf(undefined, 100)).toEqual({ bpm: 100, meter: FOUR });
  });

  it('leaves the click alone on a step to an item, and to a song of the same tempo and meter', () => {
    const item = {
      ...onSong(1),
      currentPartLabel: null,
      currentPartPosition: null,
      currentItem: 0,
    };
    expect(clickAfterStep(facts, onSong(0), item, running, 2_000_000, 8)).toBe(running);
    expect(clickAfterStep(facts, onSong(0), onSong(1), running, 2_000_000, 8)).toBe(running);
    // From the item onto the song after it: another song, so it follows.
    const followed = clickAfterStep(facts, item, onSong(2), running, 2_000_000, 9);
    expect(followed).toMatchObject({ running: true, bpm: 90, beatsPerBar: 2, version: 9 });
  });

  it('reads a click left running as stopped once the set paused long enough for a new run', () => {
    const record: LiveRecord = {
      ...onSong(0),
      version: 7,
      driver: 'Ada',
      startedAt: new Date(0).toISOString(),
      steppedAt: 1_000,
      keys: {},
      click: running,
    };
    expect(runClick(record, 1_000 + NEW_RUN_AFTER_MS - 1)).toBe(running);
    expect(runClick(record, 1_000 + NEW_RUN_AFTER_MS + 1)).toMatchObject({
      running: false,
      previous: null,
      version: 7,
    });
  });
});

/**
 * The band's click from the live view (docs/DECISIONS.md, "The click"): a driver starts, stops
 * and taps its tempo; the server stamps its beats in its own time and tells the band's screens;
 * a step takes it on to the next song; devices measure the server's clock with pings.
 */
describe.each(backends)('the band’s click on %s', (backend) => {
  let t: TestApp;
  let url: string;
  let owner: FactoryAccount;
  let admin: FactoryAccount;
  let songLeader: FactoryAccount;
  let follower: FactoryAccount;
  let outsider: FactoryAccount;
  let teamId: string;
  const songs = {} as Record<'steady' | 'waltz' | 'jig' | 'free' | 'fast' | 'odd', string>;
  const sockets: LiveClient[] = [];

  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await createAccount(t, { name: 'Olive Owner' });
    admin = await createAccount(t, { name: 'Adam Admin' });
    songLeader = await createAccount(t, { name: 'Lea Leader' });
    follower = await createAccount(t, { name: 'Finn Follower' });
    outsider = await createAccount(t, { name: 'Otto Outsider' });
    teamId = await createTeam(t, {
      owner,
      name: 'Clicks',
      admins: [admin],
      members: [songLeader, follower],
    });
    // Each song as the library keeps it: a tempo and a time signature, or none.
    const song = async (title: string, details: { tempo?: number; time?: string }) => {
      const res = await call('POST', '/api/songs', {
        title,
        parts: partsOf(['Verse', 'Chorus']),
        ...details,
      });
      expect(res.statusCode, res.body).toBe(201);
      return json<{ _id: string }>(res)._id;
    };
    songs.steady = await song('Steady', { tempo: 120, time: '4/4' });
    songs.waltz = await song('Waltz', { tempo: 90, time: '3/4' });
    songs.jig = await song('Jig', { tempo: 80, time: '6/8' });
    songs.free = await song('Free', {});
    songs.fast = await song('Fast', { tempo: 350 });
    songs.odd = await song('Odd', { tempo: 100, time: '7/16' });
    // Another team, which the outsider owns.
    await createTeam(t, { owner: outsider, name: 'Elsewhere' });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await t?.close();
  });

  function call(method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) {
    return t.app.inject({
      method,
      url: path,
      headers: { ...bearer(owner.jwt), 'x-team-id': teamId },
      ...(payload ? { payload } : {}),
    });
  }

  /**
   * A setlist of these songs (the first led by the song leader), each entry with its own tempo
   * where given, and what the click does on a song change.
   */
  async function setlistOf(
    entries: { song: keyof typeof songs; tempo?: number }[],
    clickOnStep?: 'follow' | 'stop',
    items: object[] = [],
  ): Promise<string> {
    const res = await call('POST', '/api/setlist', {
      name: 'Click set',
      date: '2030-06-01',
      songs: entries.map((e, i) => ({
        song: songs[e.song],
        leader: i === 0 ? songLeader.userId : null,
        ...(e.tempo === undefined ? {} : { tempo: e.tempo }),
      })),
      items,
      ...(clickOnStep ? { clickOnStep } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
    return json<Setlist>(res)._id;
  }

  const connected = async (who: FactoryAccount, view?: LiveViewKind) => {
    const socket = openLiveClient(url, who.jwt, undefined, view);
    sockets.push(socket);
    await liveConnected(socket);
    return socket;
  };
  const joined = async (who: FactoryAccount, setlistId: string, view?: LiveViewKind) => {
    const socket = await connected(who, view);
    const answer = await askLive(socket, 'setlist:join', setlistId);
    expect(answer.ok, answer.error).toBe(true);
    return { socket, state: answer.state as LiveJoinState };
  };
  const click = (socket: LiveClient, payload: object) =>
    askLive(socket, 'setlist:click', payload) as Promise<ClickAnswer>;
  const clickHeard = (socket: LiveClient) =>
    new Promise<[ClickState, LiveMeta]>((resolve) =>
      socket.once('setlist:clickChanged', (state, meta) => resolve([state, meta])),
    );
  /** Every click event a socket hears from now on. */
  const clicksOn = (socket: LiveClient) => {
    const heard: ClickState[] = [];
    socket.on('setlist:clickChanged', (state) => heard.push(state));
    return heard;
  };
  /** The setlist's row once the live state heard so far is written. */
  const stored = async (setlistId: string) => {
    await t.app.live.flushed();
    const [row] = await t.database.db.query.setlist.findMany({
      where: (s, { eq }) => eq(s.id, setlistId),
    });
    return { click: row?.liveClick ?? null, version: row?.liveVersion };
  };
  const ok = (answer: ClickAnswer): ClickState => {
    expect(answer.ok, answer.ok ? '' : answer.error).toBe(true);
    if (!answer.ok || !answer.click) throw new Error('no click');
    return answer.click;
  };

  describe('the clock ping', () => {
    it('answers the server’s time, read between the ping and its answer', async () => {
      const socket = await connected(follower);
      for (let i = 0; i < 8; i++) {
        const sent = serverClock();
        const answer = await new Promise<ClockPingAnswer>((resolve) =>
          socket.emit('clock:ping', resolve),
        );
        const received = serverClock();
        expect(answer.ok).toBe(true);
        if (!answer.ok) return;
        expect(answer.serverAt).toBeGreaterThanOrEqual(sent);
        expect(answer.serverAt).toBeLessThanOrEqual(received);
      }
    });

    it('has a budget of its own: a flood of pings is slowed down, the socket’s events are not', async () => {
      const socket = await connected(follower);
      const answers = await Promise.all(
        Array.from(
          { length: LIVE_LIMITS.clockPingBurst + 8 },
          () => new Promise<ClockPingAnswer>((resolve) => socket.emit('clock:ping', resolve)),
        ),
      );
      expect(answers.slice(0, LIVE_LIMITS.clockPingBurst).every((a) => a.ok)).toBe(true);
      expect(answers).toContainEqual({ ok: false, error: LIVE_TEXTS.slowDown });
      const setlistId = await setlistOf([{ song: 'steady' }]);
      expect(await askLive(socket, 'setlist:join', setlistId)).toMatchObject({ ok: true });
    });

    it('answers only a socket that signed in', async () => {
      const socket = openLiveClient(url, 'not-a-session');
      sockets.push(socket);
      await expect(liveConnected(socket)).rejects.toThrow(LIVE_TEXTS.unauthorized);
    });
  });

  it('a driver starts the click: every band screen hears one downbeat 1.5 s ahead, the projector none', async () => {
    const setlistId = await setlistOf([{ song: 'steady' }, { song: 'waltz' }]);
    const leader = await joined(songLeader, setlistId);
    const phone = await joined(follower, setlistId);
    const stage = await joined(follower, setlistId, 'stage');
    const projector = await joined(follower, setlistId, 'presenter');
    expect(leader.state.click).toBeNull();
    const onProjector = clicksOn(projector.socket);
    const heard = [phone, stage, leader].map(({ socket }) => clickHeard(socket));

    const before = serverClock();
    const answer = await click(leader.socket, { setlistId, action: 'start', countInBars: 1 });
    const after = serverClock();
    const started = ok(answer);
    expect(started).toMatchObject({
      running: true,
      bpm: 120,
      ...FOUR,
      countInBars: 1,
      previous: null,
    });
    expect(started.downbeatAt).toBeGreaterThanOrEqual(before + CLICK_START_LEAD_MS);
    expect(started.downbeatAt).toBeLessThanOrEqual(after + CLICK_START_LEAD_MS);
    for (const [state, meta] of await Promise.all(heard)) {
      expect(state).toEqual(started);
      expect(meta).toEqual({ setlistId, version: started.version });
    }
    // Ordered like a step: its version is the set's next one, and the row keeps it.
    expect(started.version).toBeGreaterThan(leader.state.version);
    expect(await stored(setlistId)).toEqual({ click: started, version: started.version });
    expect(onProjector).toEqual([]);

    // A late joiner (a reload, a reconnect) comes in on the same grid.
    const late = await joined(follower, setlistId, 'stage');
    expect(late.state.click).toEqual(started);
  });

  it('refuses a member who leads no song and an outsider, and changes nothing', async () => {
    const setlistId = await setlistOf([{ song: 'steady' }]);
    const leader = await joined(admin, setlistId);
    const started = ok(await click(leader.socket, { setlistId, action: 'start', countInBars: 0 }));
    const before = await stored(setlistId);
    const phone = await joined(follower, setlistId);
    const heard = clicksOn(phone.socket);
    for (const payload of [
      { setlistId, action: 'start', countInBars: 2 },
      { setlistId, action: 'stop' },
      { setlistId, action: 'tempo', bpm: 60 },
    ]) {
      expect(await click(phone.socket, payload)).toEqual({
        ok: false,
        error: LIVE_TEXTS.notDriverClick,
      });
    }
    const stranger = await connected(outsider);
    expect(await askLive(stranger, 'setlist:join', setlistId)).toEqual({
      ok: false,
      error: LIVE_TEXTS.notFound,
    });
    expect(await click(stranger, { setlistId, action: 'stop' })).toEqual({
      ok: false,
      error: LIVE_TEXTS.notJoined,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual([]);
    expect(await stored(setlistId)).toEqual(before);
    expect(before.click).toEqual(started);
  });

  it('stops the click for everyone; stopping it again changes nothing', async () => {
    const setlistId = await setlistOf([{ song: 'steady' }]);
    const leader = await joined(owner, setlistId);
    const started = ok(await click(leader.socket, { setlistId, action: 'start', countInBars: 1 }));
    const phone = await joined(follower, setlistId);
    const heard = clicksOn(phone.socket);
    const stopped = ok(await click(leader.socket, { setlistId, action: 'stop' }));
    expect(stopped).toMatchObject({ running: false, bpm: 120, version: started.version + 1 });
    await expect.poll(() => heard).toEqual([stopped]);
    expect(await click(leader.socket, { setlistId, action: 'stop' })).toEqual({
      ok: true,
      click: stopped,
    });
    expect(await click(leader.socket, { setlistId, action: 'tempo', bpm: 90 })).toEqual({
      ok: false,
      error: LIVE_TEXTS.clickNotRunning,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual([stopped]);
    expect((await stored(setlistId)).click).toEqual(stopped);
    expect((await joined(follower, setlistId)).state.click).toEqual(stopped);
  });

  it('takes the tempo the driver gives, and refuses a song it cannot count without one', async () => {
    const setlistId = await setlistOf([
      { song: 'free' },
      { song: 'fast' },
      { song: 'odd' },
      { song: 'steady', tempo: 132 },
    ]);
    const leader = await joined(owner, setlistId);
    const start = { setlistId, action: 'start', countInBars: 2 };
    const step = (newIndex: number) =>
      askLive(leader.socket, 'setlist:updateCurrent', { setlistId, newIndex });
    const refusals: [number, string][] = [
      [0, LIVE_TEXTS.clickNeedsTempo],
      [1, LIVE_TEXTS.clickTooFast],
      [2, LIVE_TEXTS.clickUncountable],
    ];
    for (const [index, error] of refusals) {
      await step(index);
      expect(await click(leader.socket, start), `song ${index}`).toEqual({ ok: false, error });
    }
    expect((await stored(setlistId)).click).toBeNull();
    // With a tempo of the driver's: no tempo or one too fast is no obstacle.
    await step(0);
    expect(ok(await click(leader.socket, { ...start, bpm: 72.5 }))).toMatchObject({ bpm: 72.5 });
    await step(1);
    expect(ok(await click(leader.socket, { ...start, bpm: 175 }))).toMatchObject({ bpm: 175 });
    // The entry's tempo wins over the song's.
    await step(3);
    expect(ok(await click(leader.socket, start))).toMatchObject({ bpm: 132, countInBars: 2 });
    // What the schema does not take is not a click.
    for (const payload of [
      { ...start, countInBars: 3 },
      { ...start, bpm: 301 },
      { setlistId, action: 'tempo' },
      { setlistId, action: 'pause' },
    ]) {
      expect(await click(leader.socket, payload)).toEqual({
        ok: false,
        error: LIVE_TEXTS.invalid,
      });
    }
  });

  it('changes the tempo (tap tempo) and follows a step onto the next song, each on a bar line', async () => {
    // The next song: its entry's tempo (100) over the song's (80), in 6/8 (dotted quarters).
    const setlistId = await setlistOf([{ song: 'steady' }, { song: 'jig', tempo: 100 }]);
    const leader = await joined(songLeader, setlistId);
    const phone = await joined(follower, setlistId);
    const started = ok(await click(leader.socket, { setlistId, action: 'start', countInBars: 0 }));
    // Once it sounds: a change lands on a bar line of what plays, far enough ahead to reach
    // every device.
    while (serverClock() < started.downbeatAt + 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const tapped = clickHeard(phone.socket);
    const tapAt = serverClock();
    const faster = ok(await click(leader.socket, { setlistId, action: 'tempo', bpm: 150 }));
    expect(faster).toMatchObject({ running: true, bpm: 150, ...FOUR, countInBars: 0 });
    expect(faster.previous).toMatchObject({ bpm: 120, downbeatAt: started.downbeatAt });
    expect(barLineOf(started, faster.downbeatAt)).not.toBeNull();
    expect(faster.downbeatAt).toBeGreaterThanOrEqual(tapAt + CLICK_CHANGE_LEAD_MS);
    expect(faster.downbeatAt).toBeLessThan(tapAt + CLICK_CHANGE_LEAD_MS + 2000 + 50);
    expect((await tapped)[0]).toEqual(faster);

    // The step: heard first, then the click under the step's version.
    const events: string[] = [];
    phone.socket.onAny((event: string, ...args: unknown[]) => {
      const meta = args.at(-1) as { version?: number };
      events.push(`${event} ${meta.version}`);
    });
    const followed = clickHeard(phone.socket);
    const stepped = await askLive(leader.socket, 'setlist:updateCurrent', {
      setlistId,
      newIndex: 1,
    });
    const [next, meta] = await followed;
    const version = stepped.state!.version;
    expect(events).toEqual([
      `setlist:currentChanged ${version}`,
      `setlist:partChanged ${version}`,
      `setlist:clickChanged ${version}`,
    ]);
    expect(meta).toEqual({ setlistId, version });
    expect(next).toMatchObject({
      running: true,
      bpm: 100,
      beatsPerBar: 2,
      beatUnit: 8,
      pulse: 'dotted',
      countInBars: 0,
      version,
    });
    // Before the tapped tempo's bar line the step replaces it there; after it, on a bar line
    // of the tapped tempo.
    if (next.downbeatAt === faster.downbeatAt) expect(next.previous).toEqual(faster.previous);
    else expect(barLineOf(faster, next.downbeatAt)).not.toBeNull();
    expect((await stored(setlistId)).click).toEqual(next);

    // A part step keeps the click as it is.
    const heard = clicksOn(phone.socket);
    await askLive(leader.socket, 'setlist:updatePart', { setlistId, partIndex: 'Chorus' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual([]);
  });

  it('follows an item’s next song, keeps going over the item, and stops on a song it cannot count', async () => {
    const setlistId = await setlistOf(
      [{ song: 'steady' }, { song: 'waltz' }, { song: 'free' }],
      'follow',
      [{ title: 'Prayer', notes: '', duration: null, at: 1 }],
    );
    const leader = await joined(owner, setlistId);
    const phone = await joined(follower, setlistId);
    const heard = clicksOn(phone.socket);
    const started = ok(await click(leader.socket, { setlistId, action: 'start', countInBars: 1 }));
    // To the item: the band may play under the prayer; the click goes on as it is.
    await askLive(leader.socket, 'setlist:updateCurrent', { setlistId, newIndex: 0, item: 0 });
    // On to the song after it: its tempo and meter.
    const onWaltz = await askLive(leader.socket, 'setlist:updateCurrent', {
      setlistId,
      newIndex: 1,
    });
    // To a song without a tempo: nothing to count, so it stops.
    const onFree = await askLive(leader.socket, 'setlist:updateCurrent', {
      setlistId,
      newIndex: 2,
    });
    await expect.poll(() => heard.length).toBe(3);
    expect(heard[0]).toEqual(started);
    expect(heard[1]).toMatchObject({
      running: true,
      bpm: 90,
      beatsPerBar: 3,
      version: onWaltz.state!.version,
    });
    expect(heard[2]).toMatchObject({ running: false, version: onFree.state!.version });
  });

  it('two drivers stepping and clicking at once: the band hears one order, and the row keeps its last click', async () => {
    const setlistId = await setlistOf([
      { song: 'steady' },
      { song: 'waltz' },
      { song: 'jig', tempo: 100 },
    ]);
    const stepper = await joined(owner, setlistId);
    const clicker = await joined(admin, setlistId);
    const phone = await joined(follower, setlistId);
    const heard = clicksOn(phone.socket);
    const clicks = [
      { setlistId, action: 'start', countInBars: 1 },
      { setlistId, action: 'tempo', bpm: 128 },
      { setlistId, action: 'stop' },
      { setlistId, action: 'start', countInBars: 0, bpm: 77 },
      { setlistId, action: 'tempo', bpm: 140 },
    ];
    // Sent without waiting: each socket's events in order, the two sockets' side by side.
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) =>
        askLive(stepper.socket, 'setlist:updateCurrent', { setlistId, newIndex: (i + 1) % 3 }),
      ),
      ...clicks.map((payload) => click(clicker.socket, payload)),
    ]);
    expect(answers.every((a) => a.ok || a.error === LIVE_TEXTS.clickNotRunning)).toBe(true);
    const { click: kept } = await stored(setlistId);
    await expect.poll(() => heard.at(-1)).toEqual(kept);
    // One instance orders them all: heard in the order of their versions, none twice.
    const versions = heard.map((c) => c.version);
    expect(versions).toEqual([...new Set(versions)].sort((a, b) => a - b));
    expect((await joined(follower, setlistId)).state.click).toEqual(kept);
  });

  it('stops on a song change when the setlist says so', async () => {
    const setlistId = await setlistOf([{ song: 'steady' }, { song: 'waltz' }], 'stop');
    const leader = await joined(owner, setlistId);
    const phone = await joined(follower, setlistId);
    const started = clickHeard(phone.socket);
    ok(await click(leader.socket, { setlistId, action: 'start', countInBars: 1 }));
    await started;
    const stopped = clickHeard(phone.socket);
    const stepped = await askLive(leader.socket, 'setlist:updateCurrent', {
      setlistId,
      newIndex: 1,
    });
    expect((await stopped)[0]).toMatchObject({
      running: false,
      bpm: 120,
      version: stepped.state!.version,
    });
    // Started again on the new song: its own tempo and meter.
    expect(
      ok(await click(leader.socket, { setlistId, action: 'start', countInBars: 1 })),
    ).toMatchObject({ running: true, bpm: 90, beatsPerBar: 3 });
  });
});
