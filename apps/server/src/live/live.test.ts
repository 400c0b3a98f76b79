import { ChangeFeed } from '../lib/change-feed.ts';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import {
  LIVE_TEXTS,
  type ClientToServerEvents,
  type LiveState,
  type ServerToClientEvents,
} from '@segue/shared';
import { backends } from '../../test/databases.ts';
import {
  createAccount,
  createSession,
  createSetlist,
  createSong,
  createTeam,
  purgeTrash,
} from '../../test/factories.ts';
import { bearer, json, startTestApp, type TestApp } from '../../test/harness.ts';
import { eq } from 'drizzle-orm';
import { setlist as setlistTable } from '../db/schema.ts';
import { TeamsRepository } from '../teams/teams.repository.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
interface Person {
  userId: string;
  jwt: string;
}

const song = (title: string, labels: string[]) => ({
  title,
  parts: labels.map((label) => ({
    label,
    lines: [{ chords: 'C', lyrics: `${label} of ${title}` }],
  })),
});

/** Waits for the next event of a name, or fails after a while. */
function next<E extends keyof ServerToClientEvents>(socket: Client, event: E, ms = 5000) {
  return new Promise<Parameters<ServerToClientEvents[E]>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, ((...args: Parameters<ServerToClientEvents[E]>) => {
      clearTimeout(timer);
      resolve(args);
    }) as never);
  });
}

describe.each(backends)('live channel on %s', (backend) => {
  let t: TestApp;
  let url: string;
  let leader: Person;
  let follower: Person;
  let outsider: Person;
  let teamId: string;
  let setlistId: string;
  let otherSetlistId: string;
  const sockets: Client[] = [];

  const listen = async (app: TestApp) => {
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
  };

  const open = async (token: string | null, extra: { origin?: string } = {}): Promise<Client> => {
    const socket: Client = connect(url, {
      transports: ['websocket'],
      auth: token ? { token } : {},
      reconnection: false,
      forceNew: true,
      extraHeaders: extra.origin ? { origin: extra.origin } : {},
    });
    sockets.push(socket);
    return socket;
  };

  const connected = (socket: Client) =>
    new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(error));
    });

  const join = (socket: Client, id: string) =>
    new Promise<{ ok: boolean; state?: LiveState; error?: string }>((resolve) =>
      socket.emit('setlist:join', id, (answer) => resolve(answer as never)),
    );

  beforeAll(async () => {
    t = await startTestApp(backend, { liveRecheckMs: 300 });
    url = await listen(t);
    const people = await Promise.all(
      ['Lead', 'Follow', 'Out'].map((n) => createAccount(t, { name: `${n} Live` })),
    );
    [leader, follower, outsider] = people as unknown as [Person, Person, Person];
    teamId = await createTeam(t, { owner: leader, name: 'Live Team', members: [follower] });
    const otherTeam = await createTeam(t, { owner: outsider, name: 'Other' });

    const ids: string[] = [];
    for (const s of [
      song('First', ['Verse 1', 'Chorus', 'Bridge']),
      song('Second', ['Intro', 'Verse 1']),
    ]) {
      ids.push(await createSong(t, { teamId, by: leader, ...s }));
    }
    setlistId = await createSetlist(t, { teamId, by: leader, name: 'Live Set', songs: ids });
    const otherSong = await createSong(t, {
      teamId: otherTeam,
      by: outsider,
      ...song('Theirs', ['V']),
    });
    otherSetlistId = await createSetlist(t, {
      teamId: otherTeam,
      by: outsider,
      name: 'Theirs',
      songs: [otherSong],
    });
  });

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t?.close();
  });

  describe('the handshake', () => {
    it('refuses a socket without a token, with a made-up one, or from a foreign origin', async () => {
      await expect(connected(await open(null))).rejects.toThrow(LIVE_TEXTS.unauthorized);
      await expect(connected(await open('made-up'))).rejects.toThrow(LIVE_TEXTS.unauthorized);
      await expect(
        connected(await open(leader.jwt, { origin: 'https://evil.example' })),
      ).rejects.toThrow();
      const ok = await open(leader.jwt, { origin: 'http://localhost:3000' });
      await connected(ok);
      ok.disconnect();
    });

    it('refuses an unverified account', async () => {
      const { jwt } = await createAccount(t, { verified: false });
      await expect(connected(await open(jwt))).rejects.toThrow(LIVE_TEXTS.unauthorized);
    });
  });

  describe('joining', () => {
    it("refuses an outsider, another team's setlist and a forged id alike", async () => {
      const socket = await open(outsider.jwt);
      await connected(socket);
      expect(await join(socket, setlistId)).toEqual({ ok: false, error: LIVE_TEXTS.notFound });
      expect(await join(socket, randomUUID())).toEqual({ ok: false, error: LIVE_TEXTS.notFound });
      expect(await join(socket, { $ne: '' } as never)).toEqual({
        ok: false,
        error: LIVE_TEXTS.invalid,
      });
      const member = await open(follower.jwt);
      await connected(member);
      expect(await join(member, otherSetlistId)).toEqual({ ok: false, error: LIVE_TEXTS.notFound });
    });

    it('refuses updates and announcements before joining, and invalid payloads after', async () => {
      const socket = await open(leader.jwt);
      await connected(socket);
      const ask = (
        event: 'setlist:updatePart' | 'setlist:updateCurrent' | 'setlist:announce',
        payload: unknown,
      ) =>
        new Promise<{ ok: boolean; error?: string }>((resolve) =>
          socket.emit(event as 'setlist:announce', payload as never, (a) => resolve(a)),
        );
      expect(await ask('setlist:updatePart', { setlistId, partIndex: 'Chorus' })).toEqual({
        ok: false,
        error: LIVE_TEXTS.notJoined,
      });
      expect(await ask('setlist:updateCurrent', { setlistId, newIndex: 1 })).toEqual({
        ok: false,
        error: LIVE_TEXTS.notJoined,
      });
      expect(await ask('setlist:announce', { setlistId, message: 'hi' })).toEqual({
        ok: false,
        error: LIVE_TEXTS.notJoined,
      });
      expect((await join(socket, setlistId)).ok).toBe(true);
      for (const [event, payload] of [
        ['setlist:updatePart', { setlistId, partIndex: 'No Such Part' }],
        ['setlist:updatePart', { setlistId, partIndex: 42 }],
        ['setlist:updateCurrent', { setlistId, newIndex: 'two' }],
        ['setlist:updateCurrent', null],
        ['setlist:announce', { setlistId, message: { text: 'x' } }],
      ] as const) {
        expect(await ask(event, payload), JSON.stringify(payload)).toEqual({
          ok: false,
          error: LIVE_TEXTS.invalid,
        });
      }
      expect(await ask('setlist:announce', { setlistId, message: '   ' })).toEqual({
        ok: false,
        error: LIVE_TEXTS.emptyAnnouncement,
      });
    });
  });

  describe('following the leader', () => {
    it('every step reaches every member; songs reset to their first part and are clamped', async () => {
      const lead = await open(leader.jwt);
      const follow = await open(follower.jwt);
      await Promise.all([connected(lead), connected(follow)]);
      const stateOnJoin = next(follow, 'setlist:state');
      await join(lead, setlistId);
      await join(follow, setlistId);
      const initial = (await stateOnJoin)[0];
      expect(initial.setlistId).toBe(setlistId);

      const part = next(follow, 'setlist:partChanged');
      lead.emit('setlist:updatePart', { setlistId, partIndex: 'Chorus' });
      const [label, meta] = await part;
      expect(label).toBe('Chorus');
      expect(meta.version).toBeGreaterThan(initial.version);

      const song = next(follow, 'setlist:currentChanged');
      const songPart = next(follow, 'setlist:partChanged');
      lead.emit('setlist:updateCurrent', { setlistId, newIndex: 1 });
      expect((await song)[0]).toBe(1);
      expect((await songPart)[0]).toBe('Intro');

      const clamped = next(follow, 'setlist:currentChanged');
      lead.emit('setlist:updateCurrent', { setlistId, newIndex: 99 });
      expect((await clamped)[0]).toBe(1);
      const low = next(follow, 'setlist:currentChanged');
      lead.emit('setlist:updateCurrent', { setlistId, newIndex: -5 });
      expect((await low)[0]).toBe(0);

      // A follower who leads no song only follows (issue 14): the step is refused.
      const refused = await new Promise<{ ok: boolean; error?: string }>((resolve) =>
        follow.emit('setlist:updatePart', { setlistId, partIndex: 'Bridge' }, resolve),
      );
      expect(refused).toEqual({ ok: false, error: 'Only the leader can change the live setlist.' });

      const announcement = next(follow, 'setlist:announceBroadcast');
      lead.emit('setlist:announce', { setlistId, message: '  Key change to D  ' });
      const [message, from] = await announcement;
      expect(message).toBe('Key change to D');
      expect(from.from).toBe('Lead Live');

      // Someone in another setlist's room hears none of it.
      const stranger = await open(outsider.jwt);
      await connected(stranger);
      await join(stranger, otherSetlistId);
      let leaked = false;
      stranger.on('setlist:partChanged', () => (leaked = true));
      stranger.on('setlist:announceBroadcast', () => (leaked = true));
      lead.emit('setlist:updatePart', { setlistId, partIndex: 'Verse 1' });
      lead.emit('setlist:announce', { setlistId, message: 'private' });
      await next(follow, 'setlist:announceBroadcast');
      expect(leaked).toBe(false);
    });

    it('a reconnecting member receives the current state at once', async () => {
      const lead = await open(leader.jwt);
      await connected(lead);
      await join(lead, setlistId);
      const follow = await open(follower.jwt);
      await connected(follow);
      await join(follow, setlistId);
      follow.disconnect();

      const acks: Promise<unknown>[] = [];
      for (const [event, payload] of [
        ['setlist:updateCurrent', { setlistId, newIndex: 0 }],
        ['setlist:updatePart', { setlistId, partIndex: 'Chorus' }],
        ['setlist:updateCurrent', { setlistId, newIndex: 1 }],
        ['setlist:updatePart', { setlistId, partIndex: 'Verse 1' }],
      ] as const) {
        acks.push(
          new Promise((r) => lead.emit(event as 'setlist:updatePart', payload as never, r)),
        );
        await acks[acks.length - 1];
      }

      const again = await open(follower.jwt);
      await connected(again);
      const state = next(again, 'setlist:state');
      await join(again, setlistId);
      expect((await state)[0]).toMatchObject({
        setlistId,
        currentIndex: 1,
        currentPartLabel: 'Verse 1',
      });
    });

    it('throttles a flood from one socket without hurting the others', async () => {
      // A member of its own: the flood also spends its account's budget, which the
      // leader's sockets in the other tests must not share.
      const flooder = await createAccount(t, { name: 'Flood Live' });
      await new TeamsRepository(t.database.db, t.app.changes).addMember(teamId, flooder.userId, {
        requireRequest: false,
      });
      const flood = await open(flooder.jwt);
      const calm = await open(follower.jwt);
      await Promise.all([connected(flood), connected(calm)]);
      await join(flood, setlistId);
      await join(calm, setlistId);
      const answers = await Promise.all(
        Array.from(
          { length: 80 },
          () =>
            new Promise<{ ok: boolean; error?: string }>((resolve) =>
              flood.emit('setlist:announce', { setlistId, message: 'spam' }, resolve),
            ),
        ),
      );
      expect(answers.filter((a) => a.error === LIVE_TEXTS.slowDown).length).toBeGreaterThan(20);
      const calmAnswer = await new Promise<{ ok: boolean }>((resolve) =>
        calm.emit('setlist:announce', { setlistId, message: 'still here' }, resolve),
      );
      expect(calmAnswer.ok).toBe(true);
    });

    it('a logged-out session loses the live channel', async () => {
      // A session of its own, as a second login makes it.
      const { token: jwt } = await createSession(t, follower.userId);
      const socket = await open(jwt);
      await connected(socket);
      const gone = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
      await t.app.inject({
        method: 'DELETE',
        url: '/api/account/sessions/current',
        headers: bearer(jwt),
      });
      await gone;
      expect(socket.connected).toBe(false);
    });
  });

  it('numbers only the songs still in the setlist, old plain-id entries too', async () => {
    const headers = { ...bearer(leader.jwt), 'x-team-id': teamId };
    const ids: string[] = [];
    for (const s of [
      song('Gone', ['G1']),
      song('Legacy', ['L1', 'L2']),
      song('Kept', ['K1', 'K2']),
    ]) {
      ids.push(await createSong(t, { teamId, by: leader, ...s }));
    }
    const [goneId, legacyId, keptId] = ids as [string, string, string];
    const id = await createSetlist(t, {
      teamId,
      by: leader,
      name: 'Mixed',
      date: '2030-01-02',
      songs: ids,
    });
    // An entry kept as a plain id, the way older setlists stored it, and a song deleted since.
    await t.database.db
      .update(setlistTable)
      .set({ songs: [{ song: goneId, leader: null }, legacyId, { song: keptId, leader: null }] })
      .where(eq(setlistTable.id, id));
    await t.app.inject({ method: 'DELETE', url: `/api/songs/${goneId}`, headers });
    // Out of the trash for good, as 30 days later: the song is gone from the setlist too.
    await purgeTrash(t);

    const lead = await open(leader.jwt);
    await connected(lead);
    await join(lead, id);
    const ask = (event: 'setlist:updatePart' | 'setlist:updateCurrent', payload: unknown) =>
      new Promise<{ ok: boolean; state?: LiveState; error?: string }>((resolve) =>
        lead.emit(event as 'setlist:updatePart', payload as never, (a) => resolve(a as never)),
      );
    expect(
      (await ask('setlist:updateCurrent', { setlistId: id, newIndex: 0 })).state,
    ).toMatchObject({
      currentIndex: 0,
      currentPartLabel: 'L1',
    });
    expect((await ask('setlist:updatePart', { setlistId: id, partIndex: 'L2' })).ok).toBe(true);
    // The deleted song's part is no part of any song here, the next song's not of this one.
    for (const label of ['G1', 'K2']) {
      expect(await ask('setlist:updatePart', { setlistId: id, partIndex: label })).toEqual({
        ok: false,
        error: LIVE_TEXTS.invalid,
      });
    }
    expect(
      (await ask('setlist:updateCurrent', { setlistId: id, newIndex: 7 })).state,
    ).toMatchObject({
      currentIndex: 1,
      currentPartLabel: 'K1',
    });
    const stepped = await ask('setlist:updatePart', { setlistId: id, partIndex: 'K2' });
    expect(stepped.state).toMatchObject({ currentIndex: 1, currentPartLabel: 'K2' });
    // The API answers the live state as written: behind the broadcast (issue 19).
    await t.app.live.flushed();
    const details = json<{ songs: { song: { title: string } }[]; currentPartLabel: string }>(
      await t.app.inject({ method: 'GET', url: `/api/setlist/${id}`, headers }),
    );
    expect(details.songs.map((e) => e.song.title)).toEqual(['Legacy', 'Kept']);
    expect(details.currentPartLabel).toBe('K2');
  });

  it('a member removed from the team stops hearing the setlist', async () => {
    const removed = await createAccount(t, { name: 'Removed Live' });
    // A feed of its own, which the app does not hear: the removal reaches the socket only
    // through the periodic re-check, which is what this test is about.
    const teams = new TeamsRepository(t.database.db, new ChangeFeed());
    await teams.addMember(teamId, removed.userId, { requireRequest: false });
    const lead = await open(leader.jwt);
    const gone = await open(removed.jwt);
    await Promise.all([connected(lead), connected(gone)]);
    await join(lead, setlistId);
    expect((await join(gone, setlistId)).ok).toBe(true);
    const heard = next(gone, 'setlist:partChanged');
    // Acknowledged first: a refused step fails here with its reason, not as silence below.
    const stepped = await new Promise<{ ok: boolean; error?: string }>((resolve) =>
      lead.emit('setlist:updatePart', { setlistId, partIndex: 'Verse 1' }, resolve),
    );
    expect(stepped.error).toBeUndefined();
    expect(stepped.ok).toBe(true);
    expect((await heard)[0]).toBe('Verse 1');

    await teams.removeMember(teamId, removed.userId);
    // The re-check runs every 300 ms here: after it, steps no longer reach the removed member.
    await new Promise((r) => setTimeout(r, 900));
    let leaked = false;
    gone.on('setlist:partChanged', () => (leaked = true));
    const refused = await new Promise<{ ok: boolean; error?: string }>((resolve) =>
      gone.emit('setlist:updatePart', { setlistId, partIndex: 'Chorus' }, (a) => resolve(a)),
    );
    expect(refused).toEqual({ ok: false, error: LIVE_TEXTS.notJoined });
    await new Promise((r) =>
      lead.emit('setlist:updatePart', { setlistId, partIndex: 'Chorus' }, r),
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(leaked).toBe(false);
    expect(gone.connected).toBe(true);
  });

  it('the state survives a server restart', async () => {
    const lead = await open(leader.jwt);
    await connected(lead);
    await join(lead, setlistId);
    await new Promise((r) => lead.emit('setlist:updateCurrent', { setlistId, newIndex: 0 }, r));
    await new Promise((r) =>
      lead.emit('setlist:updatePart', { setlistId, partIndex: 'Bridge' }, r),
    );
    lead.disconnect();

    t = await t.restart();
    url = await listen(t);
    const socket = await open(follower.jwt);
    await connected(socket);
    const answer = await join(socket, setlistId);
    expect(answer.state).toMatchObject({ currentIndex: 0, currentPartLabel: 'Bridge' });
    const details = json<{ currentIndex: number; currentPartLabel: string }>(
      await t.app.inject({
        method: 'GET',
        url: `/api/setlist/${setlistId}`,
        headers: { ...bearer(follower.jwt), 'x-team-id': teamId },
      }),
    );
    expect(details).toMatchObject({ currentIndex: 0, currentPartLabel: 'Bridge' });
  });
});
