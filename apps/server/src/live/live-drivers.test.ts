import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_TEXTS, type AnnouncementMeta, type LiveState } from '@segue/shared';
import { backends } from '../../test/databases.ts';
import {
  createAccount,
  createSetlist,
  createSong,
  createTeam,
  type FactoryAccount,
} from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { askLive, liveConnected, openLiveClient, type LiveClient } from '../../test/live-client.ts';
import { SetlistsRepository } from '../setlists/setlists.repository.ts';

/**
 * Issue 14: only the drivers (the team's owner and admins, and whoever leads a song of
 * the setlist) move the live setlist for everyone; band messages pass the presenter by
 * unless a driver sends them `onScreen`.
 */
describe.each(backends)('live drivers on %s', (backend) => {
  let t: TestApp;
  let url: string;
  let owner: FactoryAccount;
  let admin: FactoryAccount;
  let songLeader: FactoryAccount;
  let follower: FactoryAccount;
  let teamId: string;
  let songIds: string[];
  let setlistId: string;
  const sockets: LiveClient[] = [];

  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await createAccount(t, { name: 'Olive Owner' });
    admin = await createAccount(t, { name: 'Adam Admin' });
    songLeader = await createAccount(t, { name: 'Lea Leader' });
    follower = await createAccount(t, { name: 'Finn Follower' });
    teamId = await createTeam(t, {
      owner,
      name: 'Drivers',
      admins: [admin],
      members: [songLeader, follower],
    });
    songIds = [
      await createSong(t, { teamId, by: owner, title: 'One', labels: ['Verse', 'Chorus'] }),
      await createSong(t, { teamId, by: owner, title: 'Two', labels: ['Intro', 'Verse', 'End'] }),
    ];
    setlistId = await createSetlist(t, {
      teamId,
      by: owner,
      name: 'Sunday',
      songs: [
        { song: songIds[0] ?? '', leader: null },
        { song: songIds[1] ?? '', leader: songLeader.userId },
      ],
    });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await t?.close();
  });

  const joined = async (who: FactoryAccount, view?: 'presenter' | 'stage') => {
    const socket = openLiveClient(url, who.jwt, undefined, view);
    sockets.push(socket);
    await liveConnected(socket);
    const answer = await askLive(socket, 'setlist:join', setlistId);
    expect(answer.ok).toBe(true);
    return { socket, state: answer.state as LiveState };
  };

  /** Everything a socket hears of these events from now on. */
  const heard = (socket: LiveClient) => {
    const events: string[] = [];
    for (const event of ['setlist:currentChanged', 'setlist:partChanged'] as const) {
      socket.on(event, () => events.push(event));
    }
    const announcements: { message: string; meta: AnnouncementMeta }[] = [];
    socket.on('setlist:announceBroadcast', (message, meta) =>
      announcements.push({ message, meta }),
    );
    return { events, announcements };
  };

  /** The live state as written, once the steps heard so far are (issue 19: behind the broadcast). */
  const stateNow = async () => {
    await t.app.live.flushed();
    const [row] = await t.database.db.query.setlist.findMany({
      where: (s, { eq }) => eq(s.id, setlistId),
    });
    return { index: row?.currentIndex, label: row?.currentPartLabel, version: row?.liveVersion };
  };

  it('refuses every state change from a member who leads no song, leaving state and version as they were', async () => {
    const lead = await joined(owner);
    await askLive(lead.socket, 'setlist:updateCurrent', { setlistId, newIndex: 0 });
    const before = await stateNow();
    const { socket } = await joined(follower);
    const watcher = heard(lead.socket);

    for (const [event, payload] of [
      ['setlist:updatePart', { setlistId, partIndex: 'Chorus' }],
      ['setlist:updateCurrent', { setlistId, newIndex: 1 }],
      ['setlist:updateCurrent', { setlistId, newIndex: 1, partLabel: 'End' }],
    ] as const) {
      const answer = await askLive(socket, event, payload);
      expect(answer, event).toEqual({ ok: false, error: LIVE_TEXTS.notDriver });
    }
    // Without an acknowledgement, the refusal comes as live:error.
    const error = new Promise<{ message: string }>((resolve) => socket.once('live:error', resolve));
    socket.emit('setlist:updatePart', { setlistId, partIndex: 'Chorus' });
    expect(await error).toEqual({ message: 'Only the leader can change the live setlist.' });

    expect(await stateNow()).toEqual(before);
    expect(watcher.events).toEqual([]);
  });

  it('accepts a song’s leader, an admin and the owner, and tells everyone who moved the set', async () => {
    const follow = await joined(follower);
    for (const [who, name] of [
      [songLeader, 'Lea Leader'],
      [admin, 'Adam Admin'],
      [owner, 'Olive Owner'],
    ] as const) {
      const { socket } = await joined(who);
      const part = new Promise<unknown[]>((resolve) =>
        follow.socket.once('setlist:partChanged', (...args) => resolve(args)),
      );
      const answer = await askLive(socket, 'setlist:updateCurrent', { setlistId, newIndex: 1 });
      expect(answer, name).toMatchObject({ ok: true, state: { currentIndex: 1, driver: name } });
      expect(await part).toEqual([
        'Intro',
        expect.objectContaining({ setlistId, currentIndex: 1, driver: name }),
      ]);
      const step = await askLive(socket, 'setlist:updatePart', { setlistId, partIndex: 'Verse' });
      expect(step, name).toMatchObject({ ok: true, state: { currentPartLabel: 'Verse' } });
    }
    // A screen joining later learns who moved the set last, and when the run began.
    const late = await joined(follower);
    expect(late.state).toMatchObject({ driver: 'Olive Owner', currentPartLabel: 'Verse' });
    expect(Date.parse(late.state.startedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('a member stops driving the moment the setlist no longer names them leader', async () => {
    const { socket } = await joined(songLeader);
    expect(
      await askLive(socket, 'setlist:updateCurrent', { setlistId, newIndex: 0 }),
    ).toMatchObject({ ok: true });
    const setlists = new SetlistsRepository(t.database.db, t.app.changes);
    const [row] = await t.database.db.query.setlist.findMany({
      where: (s, { eq }) => eq(s.id, setlistId),
    });
    const update = (leader: string | null) =>
      setlists.update(teamId, setlistId, {
        name: row?.name ?? 'Sunday',
        date: row?.date ?? '2030-01-01',
        notes: '',
        songs: [
          { song: songIds[0] ?? '', leader: null },
          { song: songIds[1] ?? '', leader },
        ],
        positions: [],
      });
    await update(null);
    try {
      expect(await askLive(socket, 'setlist:updateCurrent', { setlistId, newIndex: 1 })).toEqual({
        ok: false,
        error: LIVE_TEXTS.notDriver,
      });
    } finally {
      await update(songLeader.userId);
    }
    expect(
      await askLive(socket, 'setlist:updateCurrent', { setlistId, newIndex: 1 }),
    ).toMatchObject({ ok: true });
  });

  it('Previous Part across songs: a song change may land on a named part, else the first', async () => {
    const { socket } = await joined(admin);
    const back = await askLive(socket, 'setlist:updateCurrent', {
      setlistId,
      newIndex: 1,
      partLabel: 'End',
    });
    expect(back).toMatchObject({ ok: true, state: { currentIndex: 1, currentPartLabel: 'End' } });
    const unknown = await askLive(socket, 'setlist:updateCurrent', {
      setlistId,
      newIndex: 0,
      partLabel: 'End',
    });
    expect(unknown).toMatchObject({
      ok: true,
      state: { currentIndex: 0, currentPartLabel: 'Verse' },
    });
  });

  it('band messages reach the live views and the stage, not the presenter; onScreen ones reach all', async () => {
    const band = await joined(follower);
    const stage = await joined(follower, 'stage');
    const presenter = await joined(owner, 'presenter');
    const onBand = heard(band.socket);
    const onStage = heard(stage.socket);
    const onPresenter = heard(presenter.socket);

    // Anyone in the team may message the band.
    expect(
      await askLive(band.socket, 'setlist:announce', { setlistId, message: 'Capo 2 please' }),
    ).toEqual({ ok: true });
    // Only a driver may put a message on the screen.
    expect(
      await askLive(band.socket, 'setlist:announce', {
        setlistId,
        message: 'Shown?',
        onScreen: true,
      }),
    ).toEqual({ ok: false, error: LIVE_TEXTS.notDriverOnScreen });
    const leader = await joined(songLeader);
    expect(
      await askLive(leader.socket, 'setlist:announce', {
        setlistId,
        message: 'Please stand',
        onScreen: true,
      }),
    ).toEqual({ ok: true });
    const admins = await joined(admin);
    expect(
      await askLive(admins.socket, 'setlist:announce', {
        setlistId,
        message: 'Welcome',
        onScreen: true,
      }),
    ).toEqual({ ok: true });
    // A last band message, so everything before it has surely arrived everywhere.
    expect(
      await askLive(admins.socket, 'setlist:announce', { setlistId, message: 'Last' }),
    ).toEqual({ ok: true });
    await expect.poll(() => onStage.announcements.length).toBe(4);
    await expect.poll(() => onBand.announcements.length).toBe(4);

    const texts = (list: typeof onBand.announcements) => list.map((a) => a.message);
    expect(texts(onBand.announcements)).toEqual([
      'Capo 2 please',
      'Please stand',
      'Welcome',
      'Last',
    ]);
    expect(texts(onStage.announcements)).toEqual(texts(onBand.announcements));
    expect(onBand.announcements.map((a) => a.meta.onScreen)).toEqual([false, true, true, false]);
    expect(texts(onPresenter.announcements)).toEqual(['Please stand', 'Welcome']);
    expect(onPresenter.announcements.every((a) => a.meta.onScreen)).toBe(true);
  });

  it('a socket naming an unknown view is an ordinary live view', async () => {
    const socket = openLiveClient(url, follower.jwt, undefined, 'projector' as never);
    sockets.push(socket);
    await liveConnected(socket);
    await askLive(socket, 'setlist:join', setlistId);
    const { announcements } = heard(socket);
    const { socket: admins } = await joined(admin);
    await askLive(admins, 'setlist:announce', { setlistId, message: 'Band only' });
    await expect.poll(() => announcements.length).toBe(1);
  });
});
