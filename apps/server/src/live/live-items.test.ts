import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  LIVE_TEXTS,
  type LiveJoinState,
  type LiveMeta,
  type LiveState,
  type SetlistDetails,
} from '@segue/shared';
import { backends } from '../../test/databases.ts';
import {
  createAccount,
  createSetlist,
  createSong,
  createTeam,
  purgeTrash,
  type FactoryAccount,
} from '../../test/factories.ts';
import { bearer, startTestApp, type TestApp } from '../../test/harness.ts';
import { askLive, liveClients, type LiveClient } from '../../test/live-client.ts';

/**
 * Issue 18: the live set steps over the items of the order of service (a welcome, a sermon)
 * as entries of their own: `setlist:updateCurrent` with `item`. The state says which item
 * (`currentItem`), the song index is the song after it (what an older screen shows), and
 * there is no part. Only drivers may; a refused step writes nothing.
 */
describe.each(backends)('live items on %s', (backend) => {
  let t: TestApp;
  let url: string;
  let owner: FactoryAccount;
  let songLeader: FactoryAccount;
  let follower: FactoryAccount;
  let outsider: FactoryAccount;
  let teamId: string;
  let first: string;
  let second: string;
  let setlistId: string;
  const clients = liveClients();

  const item = (title: string, at: number) => ({ title, notes: '', duration: 300, at });

  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await createAccount(t, { name: 'Olive Owner' });
    songLeader = await createAccount(t, { name: 'Lea Leader' });
    follower = await createAccount(t, { name: 'Finn Follower' });
    outsider = await createAccount(t, { name: 'Otto Outsider' });
    teamId = await createTeam(t, { owner, name: 'Items', members: [songLeader, follower] });
    await createTeam(t, { owner: outsider, name: 'Elsewhere' });
    first = await createSong(t, { teamId, by: owner, title: 'First', labels: ['Verse', 'Chorus'] });
    second = await createSong(t, { teamId, by: owner, title: 'Second', labels: ['Intro'] });
    // Welcome, First, Sermon, Second, Sending.
    setlistId = await createSetlist(t, {
      teamId,
      by: owner,
      songs: [
        { song: first, leader: songLeader.userId },
        { song: second, leader: null },
      ],
      items: [item('Welcome', 0), item('Sermon', 1), item('Sending', 2)],
    });
  });
  afterEach(() => clients.disconnectAll());
  afterAll(async () => {
    await t?.close();
  });

  const connected = (who: FactoryAccount) => clients.connect(url, who.jwt);
  const joined = async (who: FactoryAccount, id = setlistId) => {
    const socket = await connected(who);
    const answer = await askLive(socket, 'setlist:join', id);
    expect(answer.ok, answer.error).toBe(true);
    return { socket, state: answer.state as LiveJoinState };
  };
  /** Every song and part change a socket hears. */
  const hearing = (socket: LiveClient) => {
    const heard: { event: string; value: number | string | null; meta: LiveMeta }[] = [];
    socket.on('setlist:currentChanged', (value, meta) =>
      heard.push({ event: 'currentChanged', value, meta }),
    );
    socket.on('setlist:partChanged', (value, meta) =>
      heard.push({ event: 'partChanged', value, meta }),
    );
    return heard;
  };
  /** The setlist as written, once the live steps heard so far are (issue 19: behind the broadcast). */
  const stored = async (id = setlistId) => {
    await t.app.live.flushed();
    const [row] = await t.database.db.query.setlist.findMany({
      where: (s, { eq }) => eq(s.id, id),
    });
    return row!;
  };
  const toItem = (socket: LiveClient, index: number, id = setlistId) =>
    askLive(socket, 'setlist:updateCurrent', { setlistId: id, newIndex: 0, item: index });

  it('steps a driver to an item: the song after it, no part, heard by every screen', async () => {
    const before = await stored();
    const driver = await joined(owner);
    const band = await joined(follower);
    const leader = await joined(songLeader);
    const heard = [hearing(band.socket), hearing(leader.socket)];

    const answer = await toItem(driver.socket, 1);
    expect(answer.ok, answer.error).toBe(true);
    // Issue 19: the first step of a room read afresh starts a margin above the written version.
    const version = (answer.state as { version: number }).version;
    expect(version).toBeGreaterThan(before.liveVersion);
    expect(answer.state).toMatchObject({
      setlistId,
      currentItem: 1,
      // The sermon comes before Second: an older screen shows it coming up.
      currentIndex: 1,
      currentPartLabel: null,
      currentPartPosition: null,
      version,
      driver: 'Olive Owner',
    });

    for (const socket of heard) {
      await expect.poll(() => socket.length).toBe(2);
      expect(socket.map((h) => [h.event, h.value, h.meta.item ?? null])).toEqual([
        ['currentChanged', 1, 1],
        ['partChanged', null, 1],
      ]);
      expect(socket[1]!.meta).toMatchObject({
        setlistId,
        version,
        currentIndex: 1,
        partPosition: null,
        driver: 'Olive Owner',
      });
    }

    const after = await stored();
    expect(after).toMatchObject({
      currentItem: 1,
      currentIndex: 1,
      currentPartLabel: null,
      currentPartPosition: null,
      liveVersion: version,
    });

    // The first item comes before the first song; the last, after the last song, keeps the
    // last song. A song leader drives as well.
    expect(await toItem(leader.socket, 0)).toMatchObject({
      ok: true,
      state: { currentItem: 0, currentIndex: 0, currentPartLabel: null },
    });
    expect(await toItem(leader.socket, 2)).toMatchObject({
      ok: true,
      state: { currentItem: 2, currentIndex: 1, currentPartLabel: null },
    });
    expect((await stored()).liveVersion).toBe(version + 2);
  });

  it('refuses a follower, changing nothing', async () => {
    const driver = await joined(owner);
    await toItem(driver.socket, 0);
    const before = await stored();
    const band = await joined(follower);
    const heard = hearing(band.socket);
    expect(await toItem(band.socket, 1)).toEqual({ ok: false, error: LIVE_TEXTS.notDriver });
    const after = await stored();
    expect([after.currentItem, after.currentIndex, after.liveVersion]).toEqual([
      before.currentItem,
      before.currentIndex,
      before.liveVersion,
    ]);
    // Nothing was broadcast: the driver's next step is the first thing heard.
    await askLive(driver.socket, 'setlist:updateCurrent', { setlistId, newIndex: 0 });
    await expect.poll(() => heard.length).toBe(2);
    expect(heard.map((h) => h.meta.version)).toEqual([
      before.liveVersion + 1,
      before.liveVersion + 1,
    ]);
  });

  it('lets no outsider join, nor step', async () => {
    const before = await stored();
    const stranger = await connected(outsider);
    expect(await askLive(stranger, 'setlist:join', setlistId)).toEqual({
      ok: false,
      error: LIVE_TEXTS.notFound,
    });
    expect(await toItem(stranger, 1)).toEqual({ ok: false, error: LIVE_TEXTS.notJoined });
    expect((await stored()).liveVersion).toBe(before.liveVersion);
  });

  it('refuses an item the setlist does not have, writing nothing', async () => {
    const driver = await joined(owner);
    await toItem(driver.socket, 1);
    const before = await stored();
    const heard = hearing(driver.socket);
    for (const index of [3, 10_000, -1, 1.5, '1']) {
      expect(await toItem(driver.socket, index as number), String(index)).toEqual({
        ok: false,
        error: LIVE_TEXTS.invalid,
      });
    }
    const after = await stored();
    expect([after.currentItem, after.currentIndex, after.liveVersion]).toEqual([
      1,
      before.currentIndex,
      before.liveVersion,
    ]);
    expect(heard).toEqual([]);

    // A setlist without items has none to go to.
    const plain = await createSetlist(t, { teamId, by: owner, songs: [first] });
    const socket = await connected(owner);
    await askLive(socket, 'setlist:join', plain);
    expect(await toItem(socket, 0, plain)).toEqual({ ok: false, error: LIVE_TEXTS.invalid });
    expect((await stored(plain)).liveVersion).toBe(0);
  });

  it('leaves the item with the next song or part step, and tells the screens so', async () => {
    const driver = await joined(owner);
    const band = await joined(follower);
    const heard = hearing(band.socket);

    await toItem(driver.socket, 0);
    const song = await askLive(driver.socket, 'setlist:updateCurrent', { setlistId, newIndex: 0 });
    expect(song).toMatchObject({
      ok: true,
      state: { currentItem: null, currentIndex: 0, currentPartLabel: 'Verse' },
    });
    expect((await stored()).currentItem).toBeNull();

    await toItem(driver.socket, 1);
    // A part of the song the set stands on (the one after the item) leaves the item too.
    const part = await askLive(driver.socket, 'setlist:updatePart', {
      setlistId,
      partIndex: 'Intro',
    });
    expect(part).toMatchObject({
      ok: true,
      state: { currentItem: null, currentIndex: 1, currentPartLabel: 'Intro' },
    });
    expect((await stored()).currentItem).toBeNull();

    await expect.poll(() => heard.length).toBe(7);
    expect(heard.map((h) => [h.event, h.value, h.meta.item ?? null])).toEqual([
      ['currentChanged', 0, 0],
      ['partChanged', null, 0],
      ['currentChanged', 0, null],
      ['partChanged', 'Verse', null],
      ['currentChanged', 1, 1],
      ['partChanged', null, 1],
      ['partChanged', 'Intro', null],
    ]);
  });

  it('gives a late screen the item on joining, and the API the same', async () => {
    const driver = await joined(owner);
    const stepped = await toItem(driver.socket, 2);
    const version = (stepped.state as LiveState).version;

    const socket = await connected(follower);
    const state = new Promise<LiveJoinState>((resolve) => socket.once('setlist:state', resolve));
    const answer = await askLive(socket, 'setlist:join', setlistId);
    expect(answer).toMatchObject({
      ok: true,
      state: { currentItem: 2, currentIndex: 1, currentPartLabel: null, version },
    });
    expect(await state).toMatchObject({
      currentItem: 2,
      currentIndex: 1,
      currentPartLabel: null,
      currentPartPosition: null,
      version,
    });

    // The API answers the live state as written: behind the broadcast (issue 19).
    await t.app.live.flushed();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/setlist/${setlistId}`,
      headers: { ...bearer(follower.jwt), 'x-team-id': teamId },
    });
    expect(res.json<SetlistDetails>()).toMatchObject({
      currentItem: 2,
      currentIndex: 1,
      currentPartLabel: null,
    });
  });

  it('answers no item once a save removed the one the set is on', async () => {
    const id = await createSetlist(t, {
      teamId,
      by: owner,
      songs: [first, second],
      items: [item('Welcome', 0), item('Sermon', 1)],
    });
    const socket = await connected(owner);
    await askLive(socket, 'setlist:join', id);
    expect(await toItem(socket, 1, id)).toMatchObject({ ok: true, state: { currentItem: 1 } });
    // The API answers the live state as written: behind the broadcast (issue 19).
    await t.app.live.flushed();
    const headers = { ...bearer(owner.jwt), 'x-team-id': teamId };
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/setlist/${id}`,
      headers,
      payload: {
        name: 'Shorter',
        date: '2030-01-01',
        songs: [
          { song: first, leader: null },
          { song: second, leader: null },
        ],
        items: [item('Welcome', 0)],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The set stays on the song after the sermon, as every screen shows it.
    expect(saved.json<SetlistDetails>()).toMatchObject({ currentItem: null, currentIndex: 1 });
    const read = await t.app.inject({ method: 'GET', url: `/api/setlist/${id}`, headers });
    expect(read.json<SetlistDetails>()).toMatchObject({ currentItem: null, currentIndex: 1 });
    const late = await connected(follower);
    expect(await askLive(late, 'setlist:join', id)).toMatchObject({
      ok: true,
      state: { currentItem: null, currentIndex: 1 },
    });
    expect(
      await askLive(socket, 'setlist:setKey', { setlistId: id, index: 0, key: 'A' }),
    ).toMatchObject({ ok: true, state: { currentItem: null, currentIndex: 1 } });
  });

  it('numbers the song after an item as the views do, past deleted songs and without songs', async () => {
    const gone = await createSong(t, { teamId, by: owner, title: 'Gone' });
    // Stored: Gone, First, [Sermon], Second. The views show First, Sermon, Second.
    const id = await createSetlist(t, {
      teamId,
      by: owner,
      songs: [gone, first, second],
      items: [item('Sermon', 2)],
    });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/songs/${gone}`,
      headers: { ...bearer(owner.jwt), 'x-team-id': teamId },
    });
    expect(deleted.statusCode).toBe(204);
    // Out of the trash for good: a purged song no longer counts among the setlist's songs.
    await purgeTrash(t);
    const socket = await connected(owner);
    await askLive(socket, 'setlist:join', id);
    expect(await toItem(socket, 0, id)).toMatchObject({
      ok: true,
      state: { currentItem: 0, currentIndex: 1 },
    });

    // Only items: the song index stays 0.
    const empty = await createSetlist(t, {
      teamId,
      by: owner,
      songs: [],
      items: [item('Prayer', 0)],
    });
    await askLive(socket, 'setlist:join', empty);
    expect(await toItem(socket, 0, empty)).toMatchObject({
      ok: true,
      state: { currentItem: 0, currentIndex: 0, currentPartLabel: null },
    });
  });
});
