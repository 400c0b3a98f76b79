import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOW_TEXTS, type FollowCount, type FollowState } from '@segue/shared';
import { team } from '../src/db/schema.ts';
import { scope } from '../src/lib/change-feed.ts';
import { createTestDatabase, multiInstance, redisUrl, type TestDatabase } from './databases.ts';
import { createAccount, createSetlist, createSong, createTeam, partsOf } from './factories.ts';
import {
  createFollowLink,
  followAdmitted,
  followRefusal,
  howItEnds,
  openFollowClient,
  type FollowClient,
} from './follow-client.ts';
import { bearer, startTestApp, uniqueAddress, type TestApp } from './harness.ts';
import { askLive, liveConnected, openLiveClient, type LiveClient } from './live-client.ts';

/**
 * The congregation's phones on two Segue instances sharing one PostgreSQL and one Redis, as
 * behind a load balancer: the band on one, phones on both.
 */
describe.skipIf(!multiInstance)('follow sockets on two instances', () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  let urlB: string;
  let prefix: string;
  let redis: Redis;
  let leader: Awaited<ReturnType<typeof createAccount>>;
  let teamId: string;
  let setlistId: string;
  let token: string;
  const phones: FollowClient[] = [];
  const band: LiveClient[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    prefix = `segue-test:${randomUUID()}:`;
    const shared = { url: redisUrl!, prefix };
    a = await startTestApp('postgres', { database, redis: shared, ownPool: true });
    b = await startTestApp('postgres', { database, redis: shared, ownPool: true });
    for (const app of [a, b]) await app.app.listen({ port: 0, host: '127.0.0.1' });
    urlA = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
    urlB = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;
    redis = new Redis(redisUrl!);

    leader = await createAccount(a, { name: 'Leader Twice' });
    teamId = await createTeam(a, { owner: leader, name: 'Two Rooms' });
    const songs = [];
    for (const title of ['First', 'Second']) {
      songs.push(
        await createSong(a, { teamId, by: leader, title, parts: partsOf(['V', 'C', 'B'], 'D') }),
      );
    }
    setlistId = await createSetlist(a, { teamId, by: leader, name: 'Both', songs });
    token = await createFollowLink(a, { setlistId, teamId });
  }, 60_000);

  afterEach(async () => {
    for (const p of phones.splice(0)) p.disconnect();
    for (const s of band.splice(0)) s.disconnect();
    await expect.poll(() => a.app.follow.size + b.app.follow.size, { timeout: 5000 }).toBe(0);
  });
  afterAll(async () => {
    redis?.disconnect();
    await a?.app.close();
    await b?.app.close();
    await a?.database.close();
    await b?.database.close();
    await database?.destroy();
  });

  const phone = (url: string, link = token) => {
    const socket = openFollowClient(
      url,
      { token: link },
      {
        headers: { 'x-forwarded-for': uniqueAddress() },
      },
    );
    phones.push(socket);
    return socket;
  };
  const leaderOn = async (url: string) => {
    const socket = openLiveClient(url, leader.jwt);
    band.push(socket);
    await liveConnected(socket);
    expect((await askLive(socket, 'setlist:join', setlistId)).ok).toBe(true);
    return socket;
  };
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
  const onPart = (title: string, part: number) => (s: FollowState) =>
    s.now.kind === 'song' && s.now.song.title === title && s.now.part === part;

  it('a step on one instance reaches the phones on both; the band hears their sum', async () => {
    const lead = await leaderOn(urlA);
    const counts: FollowCount[] = [];
    lead.on('setlist:followers', (c) => counts.push(c));
    const onA = phone(urlA);
    const onB = [phone(urlB), phone(urlB)];
    await Promise.all([onA, ...onB].map(followAdmitted));
    await expect.poll(() => counts.at(-1), { timeout: 6000 }).toEqual({ setlistId, followers: 3 });

    for (const [index, label, part, title] of [
      [0, undefined, 0, 'First'],
      [1, 'B', 2, 'Second'],
    ] as const) {
      const heard = [onA, ...onB].map((p) => stateWhere(p, onPart(title, part)));
      const payload = label
        ? { setlistId, newIndex: index, partLabel: label }
        : { setlistId, newIndex: index };
      expect((await askLive(lead, 'setlist:updateCurrent', payload)).ok).toBe(true);
      await Promise.all(heard);
    }
    // A driver on the other instance steps, and changes the screen: heard everywhere too.
    const other = await leaderOn(urlB);
    const chorus = [onA, ...onB].map((p) => stateWhere(p, onPart('Second', 1)));
    expect((await askLive(other, 'setlist:updatePart', { setlistId, partIndex: 'C' })).ok).toBe(
      true,
    );
    await Promise.all(chorus);
    const dark = [onA, ...onB].map((p) => stateWhere(p, (s) => s.now.kind === 'waiting'));
    await askLive(lead, 'setlist:screen', { setlistId, mode: 'logo' });
    await Promise.all(dark);
    // A phone that joins on B after a screen change made on A lands on what the others see.
    const late = phone(urlB);
    expect((await followAdmitted(late)).now).toEqual({ kind: 'waiting' });
    const lit = [onA, ...onB, late].map((p) => stateWhere(p, onPart('Second', 1)));
    await askLive(other, 'setlist:screen', { setlistId, mode: 'lyrics' });
    await Promise.all(lit);

    // On-screen messages cross too; the band's own never reach a phone.
    const texts: string[] = [];
    onB[0]!.on('follow:announce', (m) => texts.push(m.text));
    await askLive(lead, 'setlist:announce', { setlistId, message: 'band only' });
    const shown = new Promise((resolve) => onB[0]!.once('follow:announce', resolve));
    await askLive(lead, 'setlist:announce', { setlistId, message: 'For all', onScreen: true });
    await shown;
    expect(texts).toEqual(['For all']);
  });

  it('a phone that comes after nobody followed for a while lands where the band is', async () => {
    const lead = await leaderOn(urlA);
    const counts: FollowCount[] = [];
    lead.on('setlist:followers', (c) => counts.push(c));
    const first = phone(urlB);
    await followAdmitted(first);
    await expect.poll(() => counts.at(-1)?.followers, { timeout: 6000 }).toBe(1);
    first.disconnect();
    await expect.poll(() => counts.at(-1)?.followers, { timeout: 6000 }).toBe(0);
    // Nobody follows: the room's page is forgotten, and steps are not sent to it.
    expect(await redis.exists(`${prefix}follow:{${setlistId}}:parts`)).toBe(0);
    expect(
      (await askLive(lead, 'setlist:updateCurrent', { setlistId, newIndex: 0, partLabel: 'B' })).ok,
    ).toBe(true);
    const late = phone(urlB);
    expect((await followAdmitted(late)).now).toMatchObject({
      kind: 'song',
      song: { title: 'First' },
      part: 2,
    });
  });

  it('an instance started while phones follow sends them its steps, and tells its band', async () => {
    const onB = phone(urlB);
    await followAdmitted(onB);
    await expect
      .poll(() => redis.hget(`${prefix}follow:{${setlistId}}:told`, 'sum'), { timeout: 6000 })
      .toBe('1');
    const c = await startTestApp('postgres', {
      database,
      redis: { url: redisUrl!, prefix },
      ownPool: true,
    });
    try {
      await c.app.listen({ port: 0, host: '127.0.0.1' });
      const urlC = `http://127.0.0.1:${(c.app.server.address() as AddressInfo).port}`;
      // Its band screen hears the count on joining, though no count changed since it started.
      const lead = openLiveClient(urlC, leader.jwt);
      band.push(lead);
      const told = new Promise<FollowCount>((resolve) => lead.once('setlist:followers', resolve));
      await liveConnected(lead);
      expect((await askLive(lead, 'setlist:join', setlistId)).ok).toBe(true);
      expect(await told).toEqual({ setlistId, followers: 1 });
      const heard = stateWhere(onB, onPart('Second', 0));
      expect((await askLive(lead, 'setlist:updateCurrent', { setlistId, newIndex: 1 })).ok).toBe(
        true,
      );
      await heard;
    } finally {
      await c.app.close();
      await c.database.close();
    }
  });

  it('an instance hears only the rooms it has phones in', async () => {
    const channel = `${prefix}follow.io#/#follow:${setlistId}#`;
    const subscribers = async () =>
      Number(((await redis.call('PUBSUB', 'SHARDNUMSUB', channel)) as [string, number])[1]);
    expect(await subscribers()).toBe(0);
    await followAdmitted(phone(urlB));
    expect(await subscribers()).toBe(1);
    await followAdmitted(phone(urlA));
    expect(await subscribers()).toBe(2);
  });

  it('a room’s limit counts the phones on every instance', async () => {
    await a.database.db.update(team).set({ audienceRoomLimit: 3 }).where(eq(team.id, teamId));
    await a.app.changes.publish(scope.team(teamId));
    // The phones of the tests before are gone from Redis too (each instance writes its count
    // a moment after it changed), and every instance was told so: a sum told before (up to 2 s
    // late) would reach the band on joining and pass for this test's 3 before the counts are
    // shared.
    const counted = `${prefix}follow:{${setlistId}}:count`;
    await expect.poll(() => redis.hlen(counted), { timeout: 5000 }).toBe(0);
    await expect
      .poll(async () => (await redis.hget(`${prefix}follow:{${setlistId}}:told`, 'sum')) ?? '0', {
        timeout: 5000,
      })
      .toBe('0');
    try {
      const lead = await leaderOn(urlB);
      const counts: FollowCount[] = [];
      lead.on('setlist:followers', (c) => counts.push(c));
      await Promise.all([phone(urlA), phone(urlA), phone(urlB)].map(followAdmitted));
      // Once the counts are shared (the band hears the sum), both instances know the room is full.
      await expect.poll(() => counts.at(-1)?.followers, { timeout: 6000 }).toBe(3);
      expect(await followRefusal(phone(urlA))).toBe(FOLLOW_TEXTS.roomFull);
      expect(await followRefusal(phone(urlB))).toBe(FOLLOW_TEXTS.roomFull);
    } finally {
      await a.database.db.update(team).set({ audienceRoomLimit: null }).where(eq(team.id, teamId));
      await a.app.changes.publish(scope.team(teamId));
    }
  });

  it('withdrawing the link on one instance ends its phones on both within a second', async () => {
    const song = await createSong(a, { teamId, by: leader, title: 'Third', labels: ['V'] });
    const other = await createSetlist(a, { teamId, by: leader, songs: [song] });
    const link = await createFollowLink(a, { setlistId: other, teamId });
    const all = [phone(urlA, link), phone(urlB, link), phone(urlB, link)];
    await Promise.all(all.map(followAdmitted));
    const ended = all.map(howItEnds);
    const started = Date.now();
    const withdrawn = await a.app.inject({
      method: 'DELETE',
      url: `/api/setlist/${other}/audience-link`,
      headers: { ...bearer(leader.jwt), 'x-team-id': teamId },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(204);
    expect(await Promise.all(ended)).toEqual(['ended', 'ended', 'ended']);
    expect(Date.now() - started).toBeLessThan(1000);
    // Neither instance lets the link in again (B had it remembered).
    expect(await followRefusal(phone(urlB, link))).toBe(FOLLOW_TEXTS.notFound);
    expect(await followRefusal(phone(urlA, link))).toBe(FOLLOW_TEXTS.notFound);
  });
});
