import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_TEXTS, type AudienceLink, type LiveJoinState, type ScreenState } from '@segue/shared';
import { backends } from '../../test/databases.ts';
import {
  createAccount,
  createSetlist,
  createSong,
  createTeam,
  type FactoryAccount,
} from '../../test/factories.ts';
import { bearer, startTestApp, type TestApp } from '../../test/harness.ts';
import { askLive, liveConnected, openLiveClient, type LiveClient } from '../../test/live-client.ts';

/**
 * The congregation's screen from the live view: a driver sets its mode (lyrics, black,
 * background only, logo) and its message; every screen of the room hears it, and a screen
 * that joins later gets it with the state.
 */
describe.each(backends)('the projector driven from the live view on %s', (backend) => {
  let t: TestApp;
  let url: string;
  let owner: FactoryAccount;
  let admin: FactoryAccount;
  let songLeader: FactoryAccount;
  let follower: FactoryAccount;
  let outsider: FactoryAccount;
  let teamId: string;
  let setlistId: string;
  /** A setlist of today, whose congregation link opens now. */
  let todayId: string;
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
      name: 'Screens',
      admins: [admin],
      members: [songLeader, follower],
    });
    const song = await createSong(t, { teamId, by: owner, title: 'One', labels: ['V', 'C'] });
    setlistId = await createSetlist(t, {
      teamId,
      by: owner,
      name: 'Sunday',
      songs: [{ song, leader: songLeader.userId }],
    });
    todayId = await createSetlist(t, {
      teamId,
      by: owner,
      name: 'Today',
      date: new Date().toISOString().slice(0, 10),
      songs: [{ song, leader: songLeader.userId }],
    });
    // Another team's setlist, which the outsider may join.
    const otherTeam = await createTeam(t, { owner: outsider, name: 'Elsewhere' });
    const otherSong = await createSong(t, { teamId: otherTeam, by: outsider, labels: ['V'] });
    await createSetlist(t, { teamId: otherTeam, by: outsider, songs: [otherSong] });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await t?.close();
  });

  const connected = async (who: FactoryAccount, view?: 'presenter') => {
    const socket = openLiveClient(url, who.jwt, undefined, view);
    sockets.push(socket);
    await liveConnected(socket);
    return socket;
  };
  const joined = async (who: FactoryAccount, view?: 'presenter', id = setlistId) => {
    const socket = await connected(who, view);
    const answer = await askLive(socket, 'setlist:join', id);
    expect(answer.ok).toBe(true);
    return { socket, state: answer.state as LiveJoinState };
  };
  const screenHeard = (socket: LiveClient) =>
    new Promise<ScreenState>((resolve) => socket.once('setlist:screenChanged', resolve));
  /** What the setlist row keeps of the screen. */
  const stored = async () => {
    const [row] = await t.database.db.query.setlist.findMany({
      where: (s, { eq }) => eq(s.id, setlistId),
    });
    return { mode: row?.screenMode, version: row?.screenVersion, message: row?.screenMessage };
  };

  it('lets a driver black the screen out: the room hears it and the setlist keeps it', async () => {
    const projector = await joined(follower, 'presenter');
    const phone = await joined(follower);
    const leader = await joined(admin);
    const before = (await stored()).version ?? 0;
    const onProjector = screenHeard(projector.socket);
    const onPhone = screenHeard(phone.socket);
    const answer = (await askLive(leader.socket, 'setlist:screen', {
      setlistId,
      mode: 'black',
    })) as {
      ok: boolean;
      screen?: ScreenState;
    };
    expect(answer).toMatchObject({ ok: true, screen: { setlistId, mode: 'black' } });
    const heard = await onProjector;
    expect(heard).toMatchObject({ setlistId, mode: 'black', version: before + 1 });
    expect(await onPhone).toEqual(heard);
    expect(await stored()).toMatchObject({ mode: 'black', version: before + 1 });
  });

  it('lets a member who leads a song of the setlist drive it too (clear, logo, lyrics)', async () => {
    const { socket } = await joined(songLeader);
    for (const mode of ['clear', 'logo', 'lyrics'] as const) {
      expect(await askLive(socket, 'setlist:screen', { setlistId, mode })).toMatchObject({
        ok: true,
      });
      expect((await stored()).mode).toBe(mode);
    }
  });

  it('refuses a member who leads no song, and changes nothing', async () => {
    const leader = await joined(owner);
    await askLive(leader.socket, 'setlist:screen', { setlistId, mode: 'logo' });
    const before = await stored();
    const { socket } = await joined(follower);
    let heard = false;
    socket.on('setlist:screenChanged', () => (heard = true));
    expect(await askLive(socket, 'setlist:screen', { setlistId, mode: 'black' })).toEqual({
      ok: false,
      error: LIVE_TEXTS.notDriverScreen,
    });
    expect(await askLive(socket, 'setlist:screen', { setlistId, message: null })).toEqual({
      ok: false,
      error: LIVE_TEXTS.notDriverScreen,
    });
    expect(await stored()).toEqual(before);
    expect(heard).toBe(false);
  });

  it('refuses an outsider, who cannot join the setlist either', async () => {
    const socket = await connected(outsider);
    const before = await stored();
    expect(await askLive(socket, 'setlist:join', setlistId)).toEqual({
      ok: false,
      error: LIVE_TEXTS.notFound,
    });
    expect(await askLive(socket, 'setlist:screen', { setlistId, mode: 'black' })).toEqual({
      ok: false,
      error: LIVE_TEXTS.notJoined,
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses a mode it does not know and an event that changes nothing', async () => {
    const { socket } = await joined(owner);
    for (const payload of [
      { setlistId, mode: 'red' },
      { setlistId },
      { setlistId, message: 'hello' },
    ]) {
      expect(await askLive(socket, 'setlist:screen', payload)).toEqual({
        ok: false,
        error: LIVE_TEXTS.invalid,
      });
    }
  });

  it('gives a projector that joins (or re-joins) the mode and the message on screen', async () => {
    const leader = await joined(owner);
    await askLive(leader.socket, 'setlist:screen', { setlistId, mode: 'clear' });
    await askLive(leader.socket, 'setlist:announce', {
      setlistId,
      message: 'Welcome!',
      onScreen: true,
      seconds: null,
    });
    const { state } = await joined(follower, 'presenter');
    expect(state.screen).toMatchObject({
      setlistId,
      mode: 'clear',
      message: { text: 'Welcome!', from: 'Olive Owner', remainingMs: null },
    });
    // Taken off by a driver: the room hears it, and the next join has no message.
    const projector = await joined(follower, 'presenter');
    const cleared = screenHeard(projector.socket);
    expect(
      await askLive(leader.socket, 'setlist:screen', { setlistId, message: null }),
    ).toMatchObject({ ok: true });
    expect(await cleared).toMatchObject({ mode: 'clear', message: null });
    expect((await joined(follower, 'presenter')).state.screen).toMatchObject({ message: null });
  });

  it('shows a message on screen for the time the driver chose, and then no more', async () => {
    const leader = await joined(owner);
    const projector = await joined(follower, 'presenter');
    const heard = screenHeard(projector.socket);
    await askLive(leader.socket, 'setlist:announce', {
      setlistId,
      message: 'Coffee after the service',
      onScreen: true,
      seconds: 1,
    });
    const message = (await heard).message;
    expect(message?.text).toBe('Coffee after the service');
    // The time left when it was sent: the second chosen, less the write's few milliseconds.
    expect(message?.remainingMs).toBeGreaterThan(500);
    expect(message?.remainingMs).toBeLessThanOrEqual(1000);
    const soon = (await joined(follower, 'presenter')).state.screen?.message;
    expect(soon?.remainingMs).toBeGreaterThan(0);
    expect(soon?.remainingMs).toBeLessThanOrEqual(1000);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await joined(follower, 'presenter')).state.screen?.message).toBeNull();
  });

  it('keeps a band message off the screen state', async () => {
    const leader = await joined(owner);
    await askLive(leader.socket, 'setlist:screen', { setlistId, message: null });
    const before = await stored();
    expect(
      await askLive(leader.socket, 'setlist:announce', { setlistId, message: 'Band only' }),
    ).toEqual({ ok: true });
    expect(await stored()).toEqual(before);
  });

  describe('the join code', () => {
    /** The congregation link of today's setlist, turned on by a driver over HTTP. */
    const share = async (): Promise<AudienceLink> => {
      const licence = await t.app.inject({
        method: 'PUT',
        url: `/api/teams/${teamId}/audience-licence`,
        headers: bearer(owner.jwt),
        payload: { confirmed: true },
      });
      expect(licence.statusCode, licence.body).toBe(204);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/setlist/${todayId}/audience-link`,
        headers: { ...bearer(admin.jwt), 'x-team-id': teamId },
      });
      expect([200, 201], res.body).toContain(res.statusCode);
      return res.json<AudienceLink>();
    };
    const withdraw = async () => {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/setlist/${todayId}/audience-link`,
        headers: { ...bearer(admin.jwt), 'x-team-id': teamId },
      });
      expect(res.statusCode, res.body).toBe(204);
    };
    const showJoinCode = (socket: LiveClient, shown: boolean, id = todayId) =>
      askLive(socket, 'setlist:screen', { setlistId: id, joinCode: shown }) as Promise<{
        ok: boolean;
        error?: string;
        screen?: ScreenState;
      }>;
    /** Whether the setlist keeps the join code shown, and its screen's version. */
    const kept = async (id = todayId) => {
      const [row] = await t.database.db.query.setlist.findMany({
        where: (s, { eq }) => eq(s.id, id),
      });
      return { joinCode: row?.screenJoinCode, version: row?.screenVersion };
    };

    afterEach(async () => {
      // Each test starts with the code hidden and no link.
      const leader = await joined(owner, undefined, todayId);
      await showJoinCode(leader.socket, false);
      await withdraw();
    });

    it('lets a driver show the live link on the projector, and hide it again', async () => {
      const link = await share();
      const projector = await joined(follower, 'presenter', todayId);
      expect(projector.state.screen?.joinCode).toBeNull();
      const leader = await joined(songLeader, undefined, todayId);
      const shown = screenHeard(projector.socket);
      const answer = await showJoinCode(leader.socket, true);
      expect(answer).toMatchObject({
        ok: true,
        screen: { setlistId: todayId, joinCode: link.url },
      });
      expect(await shown).toEqual(answer.screen);
      expect(await kept()).toMatchObject({ joinCode: true });
      // A projector that opens now shows it too, over the mode the drivers chose.
      const late = await joined(follower, 'presenter', todayId);
      expect(late.state.screen).toMatchObject({ mode: 'lyrics', joinCode: link.url });

      const hidden = screenHeard(projector.socket);
      expect(await showJoinCode(leader.socket, false)).toMatchObject({
        ok: true,
        screen: { joinCode: null },
      });
      expect((await hidden).joinCode).toBeNull();
      expect(await kept()).toMatchObject({ joinCode: false });
      expect((await joined(follower, 'presenter', todayId)).state.screen?.joinCode).toBeNull();
    });

    it('takes the code off at once when the link is withdrawn, and shows a new link’s', async () => {
      await share();
      const leader = await joined(admin, undefined, todayId);
      await showJoinCode(leader.socket, true);
      const projector = await joined(follower, 'presenter', todayId);
      const before = projector.state.screen!.version;

      const gone = screenHeard(projector.socket);
      await withdraw();
      expect(await gone).toMatchObject({ joinCode: null, mode: 'lyrics' });
      expect((await gone).version).toBeGreaterThan(before);
      // Still shown by the drivers' choice, so the next link's code comes by itself.
      expect(await kept()).toMatchObject({ joinCode: true });

      const again = screenHeard(projector.socket);
      const link = await share();
      expect(await again).toMatchObject({ joinCode: link.url });
    });

    it('shows no code without a live link, though the drivers’ choice is kept', async () => {
      const leader = await joined(owner);
      const answer = await showJoinCode(leader.socket, true, setlistId);
      expect(answer).toMatchObject({ ok: true, screen: { setlistId, joinCode: null } });
      expect(await kept(setlistId)).toMatchObject({ joinCode: true });
      expect((await joined(follower, 'presenter')).state.screen?.joinCode).toBeNull();
      await showJoinCode(leader.socket, false, setlistId);
    });

    it('refuses a member who leads no song, and changes nothing', async () => {
      await share();
      const before = await kept();
      const { socket } = await joined(follower, undefined, todayId);
      let heard = false;
      socket.on('setlist:screenChanged', () => (heard = true));
      expect(await showJoinCode(socket, true)).toEqual({
        ok: false,
        error: LIVE_TEXTS.notDriverScreen,
      });
      expect(await kept()).toEqual(before);
      expect(heard).toBe(false);
    });

    it('refuses an outsider, who cannot join the setlist either', async () => {
      const socket = await connected(outsider);
      const before = await kept();
      expect(await askLive(socket, 'setlist:join', todayId)).toEqual({
        ok: false,
        error: LIVE_TEXTS.notFound,
      });
      expect(await showJoinCode(socket, true)).toEqual({ ok: false, error: LIVE_TEXTS.notJoined });
      expect(await kept()).toEqual(before);
    });
  });
});
