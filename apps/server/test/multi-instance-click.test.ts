import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CLICK_START_LEAD_MS,
  type ClickAnswer,
  type ClickState,
  type ClockPingAnswer,
  type LiveJoinState,
  type Setlist,
} from '@segue/shared';
import { createTestDatabase, multiInstance, redisUrl, type TestDatabase } from './databases.ts';
import { createAccount, createTeam, partsOf } from './factories.ts';
import { bearer, json, startTestApp, type TestApp } from './harness.ts';
import { askLive, liveConnected, openLiveClient, type LiveClient } from './live-client.ts';

/**
 * The band's click on two Segue instances sharing one PostgreSQL and one Redis, as behind a
 * load balancer: the driver on one, the band on both (docs/DECISIONS.md, "The click").
 */
describe.skipIf(!multiInstance)('the click on two instances', () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  let urlB: string;
  let leader: Awaited<ReturnType<typeof createAccount>>;
  let member: Awaited<ReturnType<typeof createAccount>>;
  let setlistId: string;
  const sockets: LiveClient[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const redis = { url: redisUrl!, prefix: `segue-test:${randomUUID()}:` };
    a = await startTestApp('postgres', { database, redis, ownPool: true });
    b = await startTestApp('postgres', { database, redis, ownPool: true });
    for (const app of [a, b]) await app.app.listen({ port: 0, host: '127.0.0.1' });
    urlA = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
    urlB = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;

    leader = await createAccount(a, { name: 'Leader Click' });
    member = await createAccount(a, { name: 'Member Click' });
    const teamId = await createTeam(a, { owner: leader, name: 'Click Rooms', members: [member] });
    const headers = { ...bearer(leader.jwt), 'x-team-id': teamId };
    const songs: string[] = [];
    for (const [title, tempo, time] of [
      ['Four', 120, '4/4'],
      ['Three', 96, '3/4'],
    ] as const) {
      const res = await a.app.inject({
        method: 'POST',
        url: '/api/songs',
        headers,
        payload: { title, parts: partsOf(['V', 'C']), tempo, time },
      });
      expect(res.statusCode, res.body).toBe(201);
      songs.push(json<{ _id: string }>(res)._id);
    }
    const made = await b.app.inject({
      method: 'POST',
      url: '/api/setlist',
      headers,
      payload: {
        name: 'Clicked',
        date: '2030-07-07',
        songs: songs.map((song) => ({ song, leader: null })),
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    setlistId = json<Setlist>(made)._id;
  }, 60_000);

  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    await a?.database.close();
    await b?.database.close();
    await database?.destroy();
  });

  const joined = async (url: string, jwt: string) => {
    const socket = openLiveClient(url, jwt);
    sockets.push(socket);
    await liveConnected(socket);
    const answer = await askLive(socket, 'setlist:join', setlistId);
    expect(answer.ok, answer.error).toBe(true);
    return { socket, state: answer.state as LiveJoinState };
  };
  const clickHeard = (socket: LiveClient) =>
    new Promise<ClickState>((resolve) => socket.once('setlist:clickChanged', resolve));

  it('a driver on one instance starts the click: the band on both hears one downbeat, and a late joiner lands on it', async () => {
    const driver = await joined(urlA, leader.jwt);
    const followers = await Promise.all(
      [urlA, urlB, urlB].map(async (url) => (await joined(url, member.jwt)).socket),
    );
    const heard = followers.map(clickHeard);
    const answer = (await askLive(driver.socket, 'setlist:click', {
      setlistId,
      action: 'start',
      countInBars: 1,
    })) as ClickAnswer;
    expect(answer.ok).toBe(true);
    if (!answer.ok || !answer.click) return;
    const started = answer.click;
    expect(started).toMatchObject({ running: true, bpm: 120, beatsPerBar: 4, countInBars: 1 });
    for (const click of await Promise.all(heard)) expect(click).toEqual(started);

    // The instances' clocks agree (here one machine's), so the downbeat means one moment on both.
    const ping = (socket: LiveClient) =>
      new Promise<ClockPingAnswer>((resolve) => socket.emit('clock:ping', resolve));
    const onB = await ping(followers[1]!);
    expect(onB.ok).toBe(true);
    if (onB.ok) {
      expect(started.downbeatAt).toBeGreaterThan(onB.serverAt - 1000);
      expect(started.downbeatAt).toBeLessThan(onB.serverAt + CLICK_START_LEAD_MS);
    }

    for (const url of [urlA, urlB]) {
      const late = await joined(url, member.jwt);
      expect(late.state.click, url).toEqual(started);
    }

    // A driver on the other instance steps to the next song: the click follows it there, under
    // the step's version, heard on both instances.
    const other = await joined(urlB, leader.jwt);
    const followed = followers.map(clickHeard);
    const stepped = await askLive(other.socket, 'setlist:updateCurrent', {
      setlistId,
      newIndex: 1,
    });
    expect(stepped.ok, stepped.error).toBe(true);
    const clicks = await Promise.all(followed);
    expect(clicks[0]).toMatchObject({
      running: true,
      bpm: 96,
      beatsPerBar: 3,
      version: stepped.state!.version,
    });
    for (const click of clicks) expect(click).toEqual(clicks[0]);

    // Stopped from the first instance again; a join on either reads it stopped.
    const stopped = followers.map(clickHeard);
    const stop = (await askLive(driver.socket, 'setlist:click', {
      setlistId,
      action: 'stop',
    })) as ClickAnswer;
    expect(stop).toMatchObject({ ok: true, click: { running: false } });
    for (const click of await Promise.all(stopped)) expect(click.running).toBe(false);
    for (const url of [urlA, urlB]) {
      expect((await joined(url, member.jwt)).state.click).toMatchObject({ running: false });
    }
  });
});
