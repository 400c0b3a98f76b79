import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_TEXTS, type LiveJoinState, type LiveMeta } from '@segue/shared';
import { backends } from '../../test/databases.ts';
import {
  createAccount,
  createSetlist,
  createSong,
  createTeam,
  type FactoryAccount,
} from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { askLive, liveClients } from '../../test/live-client.ts';

/**
 * A driver changes the key a song is played in for the whole band (`setlist:setKey`): the key
 * holds for this run and every entry of the song (the reprise too), raises the live version,
 * reaches every screen as `setlist:keyChanged`, and a late joiner's `setlist:state` carries
 * every entry's key; the planned keys in the setlist's entries stay as they were until a
 * driver keeps the new key (`PUT /api/setlist/{id}/key`). A new run starts with the plan.
 * Parts are followed by their place in the song as well as by label.
 */
describe.each(backends)('live keys and part positions on %s', (backend) => {
  let t: TestApp;
  let url: string;
  let owner: FactoryAccount;
  let songLeader: FactoryAccount;
  let follower: FactoryAccount;
  let outsider: FactoryAccount;
  let teamId: string;
  let songIds: string[];
  let setlistId: string;
  const clients = liveClients();

  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await createAccount(t, { name: 'Olive Owner' });
    songLeader = await createAccount(t, { name: 'Lea Leader' });
    follower = await createAccount(t, { name: 'Finn Follower' });
    outsider = await createAccount(t, { name: 'Otto Outsider' });
    teamId = await createTeam(t, { owner, name: 'Keys', members: [songLeader, follower] });
    await createTeam(t, { owner: outsider, name: 'Elsewhere' });
    songIds = [
      await createSong(t, { teamId, by: owner, title: 'Amazing', key: 'G', labels: ['Verse'] }),
      await createSong(t, {
        teamId,
        by: owner,
        title: 'Twice',
        key: 'D',
        labels: ['Verse', 'Chorus', 'Bridge', 'Chorus'],
      }),
    ];
    setlistId = await createSetlist(t, {
      teamId,
      by: owner,
      songs: [
        { song: songIds[0] ?? '', leader: songLeader.userId, key: null },
        { song: songIds[1] ?? '', leader: null, key: 'E' },
        // A reprise of the first song, planned in its own key too.
        { song: songIds[0] ?? '', leader: null, key: null },
      ],
    });
  });
  afterEach(() => clients.disconnectAll());
  afterAll(async () => {
    await t?.close();
  });

  const connected = (who: FactoryAccount) => clients.connect(url, who.jwt);
  const joined = async (who: FactoryAccount) => {
    const socket = await connected(who);
    const answer = await askLive(socket, 'setlist:join', setlistId);
    expect(answer.ok).toBe(true);
    return { socket, state: answer.state as LiveJoinState };
  };
  /** The setlist as written, once the live steps heard so far are (issue 19: behind the broadcast). */
  const stored = async () => {
    await t.app.live.flushed();
    const [row] = await t.database.db.query.setlist.findMany({
      where: (s, { eq }) => eq(s.id, setlistId),
    });
    return row!;
  };

  it('sends every entry key to a joining screen', async () => {
    const { state } = await joined(follower);
    expect(state.keys).toEqual([null, 'E', null]);
  });

  it('refuses a key change from a member who leads no song, and from an outsider, changing nothing', async () => {
    const before = await stored();
    const { socket } = await joined(follower);
    const heard: unknown[] = [];
    socket.on('setlist:keyChanged', (...args) => heard.push(args));
    expect(await askLive(socket, 'setlist:setKey', { setlistId, index: 0, key: 'A' })).toEqual({
      ok: false,
      error: LIVE_TEXTS.notDriver,
    });

    const stranger = await connected(outsider);
    expect(await askLive(stranger, 'setlist:join', setlistId)).toEqual({
      ok: false,
      error: LIVE_TEXTS.notFound,
    });
    expect(await askLive(stranger, 'setlist:setKey', { setlistId, index: 0, key: 'A' })).toEqual({
      ok: false,
      error: LIVE_TEXTS.notJoined,
    });

    const after = await stored();
    expect(after.songs).toEqual(before.songs);
    expect(after.liveKeys).toEqual(before.liveKeys);
    expect(after.liveVersion).toBe(before.liveVersion);
    expect(heard).toEqual([]);
  });

  it('takes a song leader’s key change for this run and every entry of the song, leaving the plan', async () => {
    const before = await stored();
    const band = await joined(follower);
    const heard: [number, string | null, LiveMeta][] = [];
    band.socket.on('setlist:keyChanged', (index, key, meta) => heard.push([index, key, meta]));
    const leader = await joined(songLeader);
    const answer = await askLive(leader.socket, 'setlist:setKey', {
      setlistId,
      index: 0,
      key: 'A',
    });
    // The reprise (entry 2) plays in the new key too.
    expect(answer).toMatchObject({ ok: true, state: { keys: ['A', 'E', 'A'] } });

    await expect.poll(() => heard.length).toBe(2);
    expect(heard.map(([index, key]) => [index, key])).toEqual([
      [0, 'A'],
      [2, 'A'],
    ]);
    const meta = heard[0]![2];
    // Ordered with the steps (issue 19): above the written version, and written too.
    expect(meta).toMatchObject({ setlistId, songId: songIds[0] });
    expect(heard[1]![2]).toEqual(meta);
    expect(meta.version).toBeGreaterThan(before.liveVersion);
    expect(answer).toMatchObject({ state: { version: meta.version } });

    const after = await stored();
    expect(after.liveVersion).toBe(meta.version);
    // The plan is untouched; the run's key is kept beside it.
    expect(after.songs).toEqual(before.songs);
    expect(after.liveKeys).toEqual({ [songIds[0]!]: 'A' });
    // The position is not moved by a key change.
    expect([after.currentIndex, after.currentPartLabel]).toEqual([
      before.currentIndex,
      before.currentPartLabel,
    ]);

    const late = await joined(owner);
    expect(late.state.keys).toEqual(['A', 'E', 'A']);

    // The setlist as the API answers it (the print view, the offline copy) keeps the plan,
    // and names the run's key apart.
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/setlist/${setlistId}`,
      headers: { authorization: `Bearer ${owner.jwt}`, 'x-team-id': teamId },
    });
    expect(res.json()).toMatchObject({
      songs: [{ key: null }, { key: 'E' }, { key: null }],
      liveKeys: { [songIds[0]!]: 'A' },
    });

    // Null plays the song in its own key again, also over a planned key.
    expect(
      await askLive(leader.socket, 'setlist:setKey', { setlistId, index: 1, key: null }),
    ).toMatchObject({ ok: true, state: { keys: ['A', null, 'A'] } });
    expect(
      await askLive(leader.socket, 'setlist:setKey', { setlistId, index: 2, key: null }),
    ).toMatchObject({ ok: true, state: { keys: [null, null, null] } });
    expect((await stored()).songs).toEqual(before.songs);
  });

  it('refuses a key that is not a key, and an entry that does not exist', async () => {
    const { socket } = await joined(owner);
    for (const payload of [
      { setlistId, index: 0, key: 'H#' },
      { setlistId, index: 0, key: 7 },
      { setlistId, index: -1, key: 'A' },
      { setlistId, index: 5, key: 'A' },
    ]) {
      expect(await askLive(socket, 'setlist:setKey', payload), JSON.stringify(payload)).toEqual({
        ok: false,
        error: LIVE_TEXTS.invalid,
      });
    }
  });

  it('turns an old plain-id entry into the current shape when its key is set', async () => {
    const old = await createSetlist(t, { teamId, by: owner, songs: [songIds[0] ?? ''] });
    await t.database.db.execute(
      sql`update setlist set songs = ${JSON.stringify([songIds[0]])}::jsonb where id = ${old}`,
    );
    const socket = await connected(owner);
    const join = await askLive(socket, 'setlist:join', old);
    expect((join.state as LiveJoinState).keys).toEqual([null]);
    expect(
      await askLive(socket, 'setlist:setKey', { setlistId: old, index: 0, key: 'Bb' }),
    ).toMatchObject({ ok: true, state: { keys: ['Bb'] } });
    await t.app.live.flushed();
    const [row] = await t.database.db.query.setlist.findMany({
      where: (s, { eq }) => eq(s.id, old),
    });
    // The plan stays as it was stored; keeping the key gives the entry the current shape.
    expect(row?.songs).toEqual([songIds[0]]);
    expect(row?.liveKeys).toEqual({ [songIds[0]!]: 'Bb' });
    const kept = await t.app.inject({
      method: 'PUT',
      url: `/api/setlist/${old}/key`,
      headers: { authorization: `Bearer ${owner.jwt}`, 'x-team-id': teamId },
      payload: { song: songIds[0], key: 'Bb' },
    });
    expect(kept.statusCode).toBe(200);
    const [keptRow] = await t.database.db.query.setlist.findMany({
      where: (s, { eq }) => eq(s.id, old),
    });
    expect(keptRow?.songs).toEqual([{ song: songIds[0], leader: null, key: 'Bb' }]);
  });

  it('follows the second of two parts with one label by its position', async () => {
    const leader = await joined(owner);
    const band = await joined(follower);
    const parts: [string | null, LiveMeta][] = [];
    band.socket.on('setlist:partChanged', (label, meta) => parts.push([label, meta]));

    const moved = await askLive(leader.socket, 'setlist:updateCurrent', { setlistId, newIndex: 1 });
    expect(moved).toMatchObject({ ok: true, state: { currentPartPosition: 0 } });
    const second = await askLive(leader.socket, 'setlist:updatePart', {
      setlistId,
      partIndex: 'Chorus',
      position: 3,
    });
    expect(second).toMatchObject({
      ok: true,
      state: { currentPartLabel: 'Chorus', currentPartPosition: 3 },
    });
    // Without a position (an older client), the first part so labelled.
    const first = await askLive(leader.socket, 'setlist:updatePart', {
      setlistId,
      partIndex: 'Chorus',
    });
    expect(first).toMatchObject({ ok: true, state: { currentPartPosition: 1 } });
    // A position that holds another label falls back to the label's first part.
    const wrong = await askLive(leader.socket, 'setlist:updatePart', {
      setlistId,
      partIndex: 'Chorus',
      position: 2,
    });
    expect(wrong).toMatchObject({ ok: true, state: { currentPartPosition: 1 } });
    // Previous Part across songs lands on the last part, named by label and position.
    await askLive(leader.socket, 'setlist:updateCurrent', { setlistId, newIndex: 0 });
    const back = await askLive(leader.socket, 'setlist:updateCurrent', {
      setlistId,
      newIndex: 1,
      partLabel: 'Chorus',
      partPosition: 3,
    });
    expect(back).toMatchObject({ ok: true, state: { currentPartPosition: 3 } });

    await expect.poll(() => parts.length).toBeGreaterThanOrEqual(6);
    expect(parts.map(([label, meta]) => [label, meta.partPosition])).toEqual([
      ['Verse', 0],
      ['Chorus', 3],
      ['Chorus', 1],
      ['Chorus', 1],
      ['Verse', 0],
      ['Chorus', 3],
    ]);
    const late = await joined(follower);
    expect(late.state).toMatchObject({ currentPartLabel: 'Chorus', currentPartPosition: 3 });
  });

  it('refuses a position that is not a whole number from zero', async () => {
    const { socket } = await joined(owner);
    for (const position of [-1, 1.5, '2']) {
      expect(
        await askLive(socket, 'setlist:updatePart', { setlistId, partIndex: 'Verse', position }),
      ).toEqual({ ok: false, error: LIVE_TEXTS.invalid });
    }
  });
});
