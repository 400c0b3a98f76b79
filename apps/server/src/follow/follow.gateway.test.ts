import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  FOLLOW_SOCKET_PATH,
  FOLLOW_TEXTS,
  type FollowCount,
  type FollowState,
} from '@segue/shared';
import { io as connect } from 'socket.io-client';
import { team } from '../db/schema.ts';
import { scope } from '../lib/change-feed.ts';
import { postgresUrl, redisUrl, rows, type Backend } from '../../test/databases.ts';
import {
  createAccount,
  createSetlist,
  createSong,
  createTeam,
  type FactoryAccount,
} from '../../test/factories.ts';
import {
  askFollow,
  createFollowLink,
  followAdmitted,
  followRefusal,
  howItEnds,
  openFollowClient,
  statesOf,
  type FollowClient,
} from '../../test/follow-client.ts';
import { bearer, startTestApp, uniqueAddress, type TestApp } from '../../test/harness.ts';
import { askLive, liveConnected, openLiveClient, type LiveClient } from '../../test/live-client.ts';
import { FOLLOW_STRIKES } from './follow.gateway.ts';

const setups: { name: string; backend: Backend; redis: boolean }[] = [
  { name: 'PGlite', backend: 'pglite', redis: false },
  ...(postgresUrl
    ? [
        {
          name: redisUrl ? 'PostgreSQL and Redis' : 'PostgreSQL',
          backend: 'postgres' as const,
          redis: Boolean(redisUrl),
        },
      ]
    : []),
];

/** Everything the band writes for itself: none of it may reach a follow page. */
const SECRETS = {
  chords: 'G/B',
  driver: 'Lena Leadwell',
  member: 'Maxi Memberson',
  setlistNotes: 'Band only: capo 2 in the bridge',
  itemNotes: 'Pastor speaks for 20 minutes',
  bandMessage: 'Drums: softer please',
};
const PER_ADDRESS = 3;
const PER_INSTANCE = 8;

/**
 * The congregation's sockets: a link's token lets a phone in, within its limits; it hears the
 * page's state at once and again after every step and screen change, only the messages put on
 * the screen, and `follow:ended` when the link is withdrawn or ends; whatever it sends is
 * refused and changes nothing.
 */
describe.each(setups)('follow sockets on $name', ({ backend, redis }) => {
  let t: TestApp;
  let url: string;
  let leader: FactoryAccount;
  let member: FactoryAccount;
  let outsider: FactoryAccount;
  let teamId: string;
  let setlistId: string;
  let token: string;
  const followers: FollowClient[] = [];
  const band: LiveClient[] = [];

  beforeAll(async () => {
    t = await startTestApp(backend, {
      redis: redis ? { url: redisUrl!, prefix: `segue-test:${randomUUID()}:` } : undefined,
      config: { trustProxy: 1, followMaxPerAddress: PER_ADDRESS, followMaxSockets: PER_INSTANCE },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    leader = await createAccount(t, { name: SECRETS.driver });
    member = await createAccount(t, { name: SECRETS.member });
    outsider = await createAccount(t, { name: 'Otto Outsider' });
    teamId = await createTeam(t, { owner: leader, name: 'Followed', members: [member] });
    const songs = [];
    for (const title of ['Amazing Grace', 'Be Thou My Vision']) {
      songs.push(
        await createSong(t, {
          teamId,
          by: leader,
          title,
          parts: ['Verse 1', 'Chorus', 'Verse 2'].map((label) => ({
            label,
            lines: [
              { chords: SECRETS.chords, lyrics: `${title} ${label} words` },
              { chords: 'C D', lyrics: '' },
            ],
          })),
        }),
      );
    }
    setlistId = await createSetlist(t, {
      teamId,
      by: leader,
      name: 'Sunday Morning',
      notes: SECRETS.setlistNotes,
      songs,
      items: [{ title: 'Sermon', notes: SECRETS.itemNotes, duration: 1200, at: 1 }],
    });
    token = await createFollowLink(t, { setlistId, teamId });
  });

  afterEach(async () => {
    for (const socket of followers.splice(0)) socket.disconnect();
    for (const socket of band.splice(0)) socket.disconnect();
    // Each test starts with every slot free again.
    await expect.poll(() => t.app.follow.size, { timeout: 5000 }).toBe(0);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A follow socket from an address of its own (unless told), not yet connected. */
  const open = (
    auth: unknown = { token },
    options: { address?: string; transports?: ('polling' | 'websocket')[]; origin?: string } = {},
  ) => {
    const headers: Record<string, string> = {
      'x-forwarded-for': options.address ?? uniqueAddress(),
    };
    if (options.origin) headers.origin = options.origin;
    const socket = openFollowClient(url, auth, { headers, transports: options.transports });
    followers.push(socket);
    return socket;
  };
  const follow = async (options: Parameters<typeof open>[1] = {}) => {
    const socket = open({ token }, options);
    const state = await followAdmitted(socket);
    return { socket, state, states: statesOf(socket) };
  };
  const bandSocket = async (who: FactoryAccount) => {
    const socket = openLiveClient(url, who.jwt);
    band.push(socket);
    await liveConnected(socket);
    const answer = await askLive(socket, 'setlist:join', setlistId);
    expect(answer.ok, answer.error).toBe(true);
    return socket;
  };
  /** Resolves with the first state heard from now on that `match` accepts. */
  const stateWhere = (socket: FollowClient, match: (s: FollowState) => boolean) =>
    new Promise<FollowState>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no such follow:state')), 5000);
      const listener = (state: FollowState) => {
        if (!match(state)) return;
        clearTimeout(timer);
        socket.off('follow:state', listener);
        resolve(state);
      };
      socket.on('follow:state', listener);
    });
  const liveRow = async () =>
    (
      await rows<Record<string, unknown>>(
        t.database,
        sql`select current_index, current_part_label, current_item, live_version, screen_mode,
              screen_message, screen_version from setlist where id = ${setlistId}`,
      )
    )[0];

  it('a phone with the link hears the page at once, then every step, with nothing of the band’s', async () => {
    const lead = await bandSocket(leader);
    // Before the first step: the setlist's name, waiting.
    const { socket, state } = await follow();
    expect(state).toMatchObject({ setlistName: 'Sunday Morning', now: { kind: 'waiting' } });

    const heard: FollowState[] = [];
    socket.on('follow:state', (s) => heard.push(s));
    const first = stateWhere(socket, (s) => s.now.kind === 'song');
    expect((await askLive(lead, 'setlist:updateCurrent', { setlistId, newIndex: 0 })).ok).toBe(
      true,
    );
    const onSong = await first;
    expect(onSong.now).toMatchObject({
      kind: 'song',
      part: 0,
      song: { title: 'Amazing Grace' },
    });
    if (onSong.now.kind !== 'song') throw new Error('not on a song');
    // Words only: the line of chords only is left out.
    expect(onSong.now.song.parts[0]).toEqual({
      label: 'Verse 1',
      lines: ['Amazing Grace Verse 1 words'],
      translations: [],
    });

    const chorus = stateWhere(socket, (s) => s.now.kind === 'song' && s.now.part === 1);
    await askLive(lead, 'setlist:updatePart', { setlistId, partIndex: 'Chorus' });
    expect((await chorus).version).toBeGreaterThan(onSong.version);

    const item = stateWhere(socket, (s) => s.now.kind === 'item');
    await askLive(lead, 'setlist:updateCurrent', { setlistId, newIndex: 1, item: 0 });
    expect((await item).now).toEqual({ kind: 'item', title: 'Sermon' });

    const next = stateWhere(
      socket,
      (s) => s.now.kind === 'song' && s.now.song.title !== 'Amazing Grace',
    );
    await askLive(lead, 'setlist:updateCurrent', { setlistId, newIndex: 1 });
    expect((await next).now).toMatchObject({ kind: 'song', song: { title: 'Be Thou My Vision' } });

    // The projector dark: the phones wait too; lyrics again: the song is back.
    const dark = stateWhere(socket, (s) => s.now.kind === 'waiting');
    await askLive(lead, 'setlist:screen', { setlistId, mode: 'black' });
    await dark;
    const back = stateWhere(socket, (s) => s.now.kind === 'song');
    await askLive(lead, 'setlist:screen', { setlistId, mode: 'lyrics' });
    await back;

    const text = JSON.stringify([state, ...heard]);
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
    for (const id of [leader.userId, member.userId, teamId]) expect(text).not.toContain(id);
    expect(text).not.toContain(setlistId);

    // A phone that joins now lands where the band is.
    const late = await follow();
    expect(late.state.now).toMatchObject({ kind: 'song', song: { title: 'Be Thou My Vision' } });
  });

  it('only messages put on the screen reach the phones', async () => {
    const lead = await bandSocket(leader);
    const { socket } = await follow();
    const messages: string[] = [];
    socket.on('follow:announce', (m) => messages.push(m.text));
    expect(
      (await askLive(lead, 'setlist:announce', { setlistId, message: SECRETS.bandMessage })).ok,
    ).toBe(true);
    const onScreen = new Promise((resolve) => socket.once('follow:announce', resolve));
    expect(
      (
        await askLive(lead, 'setlist:announce', {
          setlistId,
          message: 'Welcome, everyone!',
          onScreen: true,
          seconds: 30,
        })
      ).ok,
    ).toBe(true);
    expect(await onScreen).toMatchObject({ text: 'Welcome, everyone!' });
    expect(messages).toEqual(['Welcome, everyone!']);
    // A phone that opens while it shows sees it too.
    const late = open();
    const shown = new Promise<{ text: string; remainingMs: number | null }>((resolve) =>
      late.once('follow:announce', resolve),
    );
    await followAdmitted(late);
    const message = await shown;
    expect(message.text).toBe('Welcome, everyone!');
    expect(message.remainingMs).toBeGreaterThan(20_000);
    await askLive(lead, 'setlist:screen', { setlistId, message: null });
  });

  it('refuses every event a phone sends, changes nothing, and drops a phone that keeps sending', async () => {
    const watcher = await bandSocket(member);
    const bandHeard: string[] = [];
    watcher.onAny((event: string) => bandHeard.push(event));
    // What the earlier tests' steps wrote (behind their broadcasts) is written first.
    await t.app.live.flushed();
    const before = await liveRow();
    const { socket } = await follow();
    const events: [string, unknown][] = [
      ['setlist:join', setlistId],
      ['setlist:leave', setlistId],
      ['setlist:updatePart', { setlistId, partIndex: 'Chorus' }],
      ['setlist:updateCurrent', { setlistId, newIndex: 0 }],
      ['setlist:setKey', { setlistId, index: 0, key: 'D' }],
      ['setlist:announce', { setlistId, message: 'hi', onScreen: true }],
      ['setlist:screen', { setlistId, mode: 'black' }],
      ['follow:state', {}],
      ['no such event', 1],
    ];
    for (const [event, payload] of events) {
      expect(await askFollow(socket, event, payload), event).toEqual({
        ok: false,
        error: FOLLOW_TEXTS.listenOnly,
      });
    }
    // Without an ack too: refused in silence.
    (socket as unknown as { emit(e: string, p: unknown): void }).emit('setlist:updateCurrent', {
      setlistId,
      newIndex: 1,
    });
    await t.app.live.flushed();
    expect(await liveRow()).toEqual(before);
    expect(bandHeard).toEqual([]);

    const gone = new Promise((resolve) => socket.once('disconnect', resolve));
    for (let i = events.length + 1; i < FOLLOW_STRIKES; i++) {
      (socket as unknown as { emit(e: string): void }).emit('again');
    }
    await gone;
    expect(socket.connected).toBe(false);
  });

  it('refuses a bad, unknown, withdrawn, expired or not yet valid link at the handshake', async () => {
    for (const auth of [
      null,
      {},
      { token: '' },
      { token: 'short' },
      { token: `${token.slice(0, 42)}!` },
      { token: [token] },
      { token: 'A'.repeat(43) },
    ]) {
      expect(await followRefusal(open(auth)), JSON.stringify(auth)).toBe(FOLLOW_TEXTS.notFound);
    }

    const { setlistId: other, teamId: otherTeam } = await anotherSetlist();
    const expired = await createFollowLink(t, {
      setlistId: other,
      teamId: otherTeam,
      validFrom: new Date(Date.now() - 3 * 86_400_000),
      expiresAt: new Date(Date.now() - 1000),
    });
    expect(await followRefusal(open({ token: expired }))).toBe(FOLLOW_TEXTS.ended);

    const { setlistId: later, teamId: laterTeam } = await anotherSetlist();
    const notYet = await createFollowLink(t, {
      setlistId: later,
      teamId: laterTeam,
      validFrom: new Date(Date.now() + 86_400_000),
      expiresAt: new Date(Date.now() + 3 * 86_400_000),
    });
    expect(await followRefusal(open({ token: notYet }))).toBe(FOLLOW_TEXTS.notFound);

    // From another site's page: refused before the token is even read.
    expect(await followRefusal(open({ token }, { origin: 'https://evil.example' }))).not.toBe(
      'connected',
    );
    // The band's session token is not a follow link.
    expect(await followRefusal(open({ token: leader.jwt }))).toBe(FOLLOW_TEXTS.notFound);
  });

  it('withdrawing the link ends its phones at once, and lets no phone in after', async () => {
    const { setlistId: other, teamId: otherTeam } = await anotherSetlist();
    const link = await createFollowLink(t, { setlistId: other, teamId: otherTeam });
    const phones = [open({ token: link }), open({ token: link }, { transports: ['polling'] })];
    await Promise.all(phones.map(followAdmitted));
    const ended = phones.map(howItEnds);
    const started = Date.now();
    const withdrawn = await t.app.inject({
      method: 'DELETE',
      url: `/api/setlist/${other}/audience-link`,
      headers: { ...bearer(leader.jwt), 'x-team-id': otherTeam },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(204);
    expect(await Promise.all(ended)).toEqual(['ended', 'ended']);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await followRefusal(open({ token: link }))).toBe(FOLLOW_TEXTS.notFound);
  });

  it('ends its phones when the link expires', async () => {
    const { setlistId: other, teamId: otherTeam } = await anotherSetlist();
    const expiresAt = new Date(Date.now() + 1500);
    const link = await createFollowLink(t, { setlistId: other, teamId: otherTeam, expiresAt });
    const phone = open({ token: link });
    await followAdmitted(phone);
    await new Promise<void>((resolve) => phone.once('follow:ended', resolve));
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt.getTime());
    expect(Date.now()).toBeLessThan(expiresAt.getTime() + 1000);
  });

  it('holds to its limits per address, per room and per instance, each with its reason', async () => {
    // Per address: a church's Wi-Fi is one address (as the proxy saw it).
    const address = uniqueAddress();
    for (let i = 0; i < PER_ADDRESS; i++) await followAdmitted(open({ token }, { address }));
    expect(await followRefusal(open({ token }, { address }))).toBe(FOLLOW_TEXTS.addressFull);
    // What the phone claims at the left of X-Forwarded-For does not count (one proxy trusted).
    expect(
      await followRefusal(open({ token }, { address: `${uniqueAddress()}, ${address}` })),
    ).toBe(FOLLOW_TEXTS.addressFull);
    expect(await followRefusal(open({ token }))).toBe('connected');
    for (const socket of followers.splice(0)) socket.disconnect();
    await expect.poll(() => t.app.follow.size).toBe(0);

    // Per room: the team's own limit.
    const { setlistId: small, teamId: smallTeam } = await anotherSetlist();
    await t.database.db.update(team).set({ audienceRoomLimit: 2 }).where(eq(team.id, smallTeam));
    await t.app.changes.publish(scope.team(smallTeam));
    const link = await createFollowLink(t, { setlistId: small, teamId: smallTeam });
    await followAdmitted(open({ token: link }));
    await followAdmitted(open({ token: link }));
    expect(await followRefusal(open({ token: link }))).toBe(FOLLOW_TEXTS.roomFull);
    // Another setlist is another room.
    expect(await followRefusal(open({ token }))).toBe('connected');
    for (const socket of followers.splice(0)) socket.disconnect();
    await expect.poll(() => t.app.follow.size).toBe(0);
    // A place left is a place taken again.
    expect(await followRefusal(open({ token: link }))).toBe('connected');
    for (const socket of followers.splice(0)) socket.disconnect();
    await expect.poll(() => t.app.follow.size).toBe(0);

    // Per instance.
    for (let i = 0; i < PER_INSTANCE; i++) await followAdmitted(open());
    expect(await followRefusal(open())).toBe(FOLLOW_TEXTS.instanceFull);
  });

  it('works over long-polling, for networks that block WebSockets', async () => {
    const lead = await bandSocket(leader);
    const { socket } = await follow({ transports: ['polling'] });
    expect(socket.io.engine.transport.name).toBe('polling');
    const moved = stateWhere(socket, (s) => s.now.kind === 'song' && s.now.part === 2);
    await askLive(lead, 'setlist:updateCurrent', {
      setlistId,
      newIndex: 0,
      partLabel: 'Verse 2',
      partPosition: 2,
    });
    expect((await moved).now).toMatchObject({ song: { title: 'Amazing Grace' } });
    expect(await askFollow(socket, 'setlist:updatePart', { setlistId, partIndex: 'C' })).toEqual({
      ok: false,
      error: FOLLOW_TEXTS.listenOnly,
    });
    // It sets no cookie.
    const handshake = await fetch(`${url}${FOLLOW_SOCKET_PATH}/?EIO=4&transport=polling`, {
      headers: { 'x-forwarded-for': uniqueAddress() },
    });
    expect(handshake.status).toBe(200);
    expect(handshake.headers.get('set-cookie')).toBeNull();
  });

  it('tells the band how many phones follow, and a band screen that joins hears it too', async () => {
    const lead = await bandSocket(leader);
    const counts: FollowCount[] = [];
    lead.on('setlist:followers', (count) => counts.push(count));
    await follow();
    await follow();
    await expect.poll(() => counts.at(-1), { timeout: 5000 }).toEqual({ setlistId, followers: 2 });

    const late = openLiveClient(url, member.jwt);
    band.push(late);
    const told = new Promise<FollowCount>((resolve) => late.once('setlist:followers', resolve));
    await liveConnected(late);
    await askLive(late, 'setlist:join', setlistId);
    expect(await told).toEqual({ setlistId, followers: 2 });

    // An outsider's band socket hears nothing of it.
    const stranger = openLiveClient(url, outsider.jwt);
    band.push(stranger);
    const strangerHeard: string[] = [];
    stranger.onAny((event: string) => strangerHeard.push(event));
    await liveConnected(stranger);
    expect((await askLive(stranger, 'setlist:join', setlistId)).ok).toBe(false);

    for (const socket of followers.splice(0)) socket.disconnect();
    await expect.poll(() => counts.at(-1), { timeout: 5000 }).toEqual({ setlistId, followers: 0 });
    expect(strangerHeard).toEqual([]);
  });

  it('a follow socket cannot reach the band’s server, nor a band socket the follow server', async () => {
    const wrongPath = connect(url, {
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      forceNew: true,
    });
    const refused = await new Promise<string>((resolve) => {
      wrongPath.once('connect', () => resolve('connected'));
      wrongPath.once('connect_error', (e) => resolve(e.message));
    });
    wrongPath.disconnect();
    expect(refused).not.toBe('connected');
    expect(await followRefusal(open({ token: leader.jwt }))).toBe(FOLLOW_TEXTS.notFound);
  });

  let others = 0;
  /** A setlist of a team of its own, led by the leader. */
  async function anotherSetlist() {
    others += 1;
    const otherTeam = await createTeam(t, { owner: leader, name: `Other ${others}` });
    const song = await createSong(t, { teamId: otherTeam, by: leader, labels: ['V', 'C'] });
    const other = await createSetlist(t, { teamId: otherTeam, by: leader, songs: [song] });
    return { setlistId: other, teamId: otherTeam };
  }
});
