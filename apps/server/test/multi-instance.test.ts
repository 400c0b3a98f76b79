import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, LiveState, ServerToClientEvents } from '@segue/shared';
import { sql } from 'drizzle-orm';
import { ATTEMPT_LIMITS } from '../src/accounts/accounts.service.ts';
import { openDatabase } from '../src/db/client.ts';
import { TeamsRepository } from '../src/teams/teams.repository.ts';
import {
  createTestDatabase,
  multiInstance,
  postgresUrl,
  redisUrl,
  type TestDatabase,
} from './databases.ts';
import { createAccount, createSetlist, createSong, createTeam, partsOf } from './factories.ts';
import { bearer, json, startTestApp, type TestApp } from './harness.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Two Segue instances on one PostgreSQL and one Redis, as behind a load
 * balancer: a leader on one, followers on the other.
 */
describe.skipIf(!multiInstance)('two instances on PostgreSQL and Redis', () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  let urlB: string;
  let leaderJwt: string;
  let followerJwt: string;
  let setlistId: string;
  let teamId: string;
  let followerId: string;
  let songIds: string[];
  const sockets: Client[] = [];
  const labels = ['Intro', 'Verse 1', 'Chorus', 'Verse 2', 'Bridge', 'Outro'];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const redis = { url: redisUrl!, prefix: `segue-test:${randomUUID()}:` };
    a = await startTestApp('postgres', { database, redis, ownPool: true });
    b = await startTestApp('postgres', { database, redis, ownPool: true });
    for (const app of [a, b]) await app.app.listen({ port: 0, host: '127.0.0.1' });
    urlA = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
    urlB = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;

    // Both instances read one database: people and data written once serve both.
    const leader = await createAccount(a, { name: 'Leader Multi' });
    const follower = await createAccount(a, { name: 'Follower Multi' });
    leaderJwt = leader.jwt;
    followerJwt = follower.jwt;
    followerId = follower.userId;
    teamId = await createTeam(a, { owner: leader, name: 'Multi', members: [follower] });
    const songs: string[] = [];
    for (const title of ['One', 'Two', 'Three']) {
      songs.push(await createSong(a, { teamId, by: leader, title, parts: partsOf(labels) }));
    }
    setlistId = await createSetlist(b, {
      teamId,
      by: follower,
      name: 'Multi Set',
      date: '2030-05-05',
      songs,
    });
    songIds = songs;
  }, 60_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await a?.app.close();
    await b?.app.close();
    await a?.database.close();
    await b?.database.close();
    await database?.destroy();
  });

  const open = (url: string, token: string) =>
    new Promise<Client>((resolve, reject) => {
      const socket: Client = connect(url, {
        transports: ['websocket'],
        auth: { token },
        forceNew: true,
      });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  const join = (socket: Client) =>
    new Promise<{ ok: boolean; state?: LiveState }>((resolve) =>
      socket.emit('setlist:join', setlistId, (answer) => resolve(answer as never)),
    );

  it('every step of a leader on one instance reaches followers on the other; late joiners converge', async () => {
    const leader = await open(urlA, leaderJwt);
    const followers = await Promise.all([1, 2, 3].map(() => open(urlB, followerJwt)));
    await join(leader);
    for (const f of followers) await join(f);

    const seen = followers.map(() => [] as string[]);
    followers.forEach((f, i) => {
      f.on('setlist:partChanged', (label, meta) => seen[i]!.push(`${meta.version}:${label}`));
    });

    const expected: string[] = [];
    for (let song = 0; song < 3; song++) {
      const changed = await new Promise<{ ok: boolean; state?: LiveState }>((resolve) =>
        leader.emit('setlist:updateCurrent', { setlistId, newIndex: song }, (x) =>
          resolve(x as never),
        ),
      );
      expected.push(`${changed.state!.version}:${changed.state!.currentPartLabel}`);
      for (const label of labels.slice(1)) {
        const answer = await new Promise<{ ok: boolean; state?: LiveState }>((resolve) =>
          leader.emit('setlist:updatePart', { setlistId, partIndex: label }, (x) =>
            resolve(x as never),
          ),
        );
        expect(answer.ok).toBe(true);
        expected.push(`${answer.state!.version}:${label}`);
      }
    }
    await expect.poll(() => seen.map((s) => s.length), { timeout: 10_000 }).toEqual([18, 18, 18]);
    for (const s of seen) expect(s).toEqual(expected);

    // A late joiner on either instance lands on the leader's part.
    for (const url of [urlA, urlB]) {
      const late = await open(url, followerJwt);
      const answer = await join(late);
      expect(answer.state).toMatchObject({ currentIndex: 2, currentPartLabel: 'Outro' });
    }

    // Announcements cross instances too.
    const heard = new Promise<string>((resolve) =>
      followers[0]!.once('setlist:announceBroadcast', resolve),
    );
    leader.emit('setlist:announce', { setlistId, message: 'Last song!' });
    expect(await heard).toBe('Last song!');
  });

  it('a change made through one instance is what the other answers next, cached or not', async () => {
    const leaderHeaders = { ...bearer(leaderJwt), 'x-team-id': teamId };
    const followerHeaders = { ...bearer(followerJwt), 'x-team-id': teamId };
    const setlistOnB = async () =>
      json<{ currentPartLabel: string | null; songs: { song: { title: string } }[] }>(
        await b.app.inject({
          method: 'GET',
          url: `/api/setlist/${setlistId}`,
          headers: followerHeaders,
        }),
      );
    const titlesOnB = async () =>
      json<{ title: string }[]>(
        await b.app.inject({ method: 'GET', url: '/api/songs', headers: followerHeaders }),
      ).map((s) => s.title);

    // B reads (and keeps) both answers.
    expect((await setlistOnB()).songs.map((e) => e.song.title)).toEqual(['One', 'Two', 'Three']);
    expect(await titlesOnB()).toEqual(['One', 'Three', 'Two']);

    // A song renamed through A: B's next answers show it.
    const renamed = await a.app.inject({
      method: 'PUT',
      url: `/api/songs/${songIds[0]}`,
      headers: leaderHeaders,
      payload: {
        title: 'Uno',
        parts: labels.map((label) => ({ label, lines: [{ chords: '', lyrics: label }] })),
      },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await setlistOnB()).songs.map((e) => e.song.title)).toEqual(['Uno', 'Two', 'Three']);
    expect(await titlesOnB()).toEqual(['Three', 'Two', 'Uno']);

    // A live step taken on A: B's populated setlist shows the part.
    const leader = await open(urlA, leaderJwt);
    await join(leader);
    await new Promise((r) =>
      leader.emit('setlist:updatePart', { setlistId, partIndex: 'Bridge' }, r),
    );
    // Written behind the broadcast (issue 19): once written, B's answer shows it.
    await a.app.live.flushed();
    expect((await setlistOnB()).currentPartLabel).toBe('Bridge');

    // The follower removed through A: B refuses them at once.
    const removed = await a.app.inject({
      method: 'DELETE',
      url: `/api/teams/${teamId}/member`,
      headers: bearer(leaderJwt),
      payload: { userId: followerId },
    });
    expect(removed.statusCode).toBe(200);
    const refused = await b.app.inject({
      method: 'GET',
      url: `/api/setlist/${setlistId}`,
      headers: followerHeaders,
    });
    expect(refused.statusCode).toBe(404);
    expect(
      (await b.app.inject({ method: 'GET', url: '/api/songs', headers: followerHeaders }))
        .statusCode,
    ).toBe(404);
    await new TeamsRepository(a.database.db, a.app.changes).addMember(teamId, followerId, {
      requireRequest: false,
    });
  });

  it('a session ended on one instance is refused by the other at once', async () => {
    const person = await createAccount(a, { name: 'Short Session' });
    const asked = () =>
      b.app.inject({ method: 'GET', url: '/api/account', headers: bearer(person.jwt) });
    expect((await asked()).statusCode).toBe(200);
    const out = await a.app.inject({
      method: 'DELETE',
      url: '/api/account/sessions/current',
      headers: bearer(person.jwt),
    });
    expect(out.statusCode).toBeLessThan(300);
    // The feed crosses Redis: give it a moment, far less than the 30 s the cache would keep it.
    await new Promise((r) => setTimeout(r, 200));
    expect((await asked()).statusCode).toBe(401);
  });

  it('rate limits count across instances', async () => {
    const person = await createAccount(a);
    const login = (app: TestApp, i: number) =>
      app.app.inject({
        method: 'POST',
        url: '/api/account/sessions/email',
        payload: { email: person.person.email, password: `wrong-${i}-password` },
        remoteAddress: `198.51.100.${(i % 200) + 1}`,
      });
    // At once: each attempt is counted (in Redis) before it is checked.
    const answers = await Promise.all(
      Array.from({ length: ATTEMPT_LIMITS.failedLoginsPerAccount }, (_, i) =>
        login(i % 2 === 0 ? a : b, i),
      ),
    );
    for (const answer of answers) expect(answer.statusCode).toBe(401);
    expect((await login(a, 99)).statusCode).toBe(429);
    expect((await login(b, 98)).statusCode).toBe(429);
  });
});

describe.skipIf(!postgresUrl)('instances starting together', () => {
  it('take turns on the migrations of a fresh database', async () => {
    const fresh = await createTestDatabase('postgres');
    // createTestDatabase migrated it; start over from an empty schema.
    await fresh.db.execute(sql`drop schema public cascade`);
    await fresh.db.execute(sql`drop schema if exists drizzle cascade`);
    await fresh.db.execute(sql`create schema public`);
    const opened = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: fresh.url })));
    for (const d of opened) {
      await d.ping();
      await d.close();
    }
    await fresh.destroy();
  });
});
