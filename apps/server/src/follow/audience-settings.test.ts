import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIENCE_SETTINGS_TEXTS,
  FOLLOW_LIMITS,
  FOLLOW_TEXTS,
  SERVER_ERRORS,
  type AudienceSettings,
} from '@segue/shared';
import { team } from '../db/schema.ts';
import type { Change } from '../lib/change-feed.ts';
import {
  backends,
  createTestDatabase,
  multiInstance,
  redisUrl,
  type TestDatabase,
} from '../../test/databases.ts';
import {
  createAccount,
  createSetlist,
  createSong,
  createTeam,
  type FactoryAccount,
} from '../../test/factories.ts';
import {
  createFollowLink,
  followAdmitted,
  followRefusal,
  openFollowClient,
  type FollowClient,
} from '../../test/follow-client.ts';
import { bearer, json, startTestApp, type TestApp } from '../../test/harness.ts';

type Who = 'owner' | 'admin' | 'member' | 'outsider';

/** What a team that never set its own limit answers. */
const DEFAULTS: AudienceSettings = {
  licenceConfirmed: false,
  roomLimit: null,
  roomDefault: FOLLOW_LIMITS.roomDefault,
};

/**
 * The team's room limit for the congregation's phones (docs/DECISIONS.md, "The congregation
 * follows"): every member reads it, the owner and admins set it, and the next phone to join a
 * setlist's room is counted against the new limit.
 */
describe.each(backends)('the congregation’s room limit on %s', (backend) => {
  let t: TestApp;
  let url: string;
  const people = {} as Record<Who, FactoryAccount>;
  const phones: FollowClient[] = [];

  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    for (const who of ['owner', 'admin', 'member', 'outsider'] as const) {
      people[who] = await createAccount(t, { name: `${who} Person` });
    }
  });
  afterEach(async () => {
    for (const phone of phones.splice(0)) phone.disconnect();
    await expect.poll(() => t.app.follow.size, { timeout: 5000 }).toBe(0);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A team of its own for one check: the owner, an admin and a member. */
  const buildTeam = () =>
    createTeam(t, {
      owner: people.owner,
      name: 'Room Limit Team',
      admins: [people.admin],
      members: [people.member],
    });

  const call = (method: 'GET' | 'PUT', teamId: string, as: Who | null, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/teams/${teamId}/audience`,
      headers: as ? bearer(people[as].jwt) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const read = async (teamId: string, as: Who = 'member') => {
    const res = await call('GET', teamId, as);
    expect(res.statusCode, res.body).toBe(200);
    return json<AudienceSettings>(res);
  };
  const stored = async (teamId: string) => {
    const [row] = await t.database.db
      .select({ limit: team.audienceRoomLimit })
      .from(team)
      .where(eq(team.id, teamId));
    return row?.limit;
  };

  /** A phone following `token`, not yet connected. */
  const phone = (token: string) => {
    const socket = openFollowClient(url, { token });
    phones.push(socket);
    return socket;
  };

  it('answers every member the default until the team sets its own, and the licence as confirmed', async () => {
    const teamId = await buildTeam();
    for (const who of ['member', 'admin', 'owner'] as const) {
      expect(await read(teamId, who), who).toEqual(DEFAULTS);
    }
    const confirmed = await t.app.inject({
      method: 'PUT',
      url: `/api/teams/${teamId}/audience-licence`,
      headers: bearer(people.owner.jwt),
      payload: { confirmed: true },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(204);
    expect(await read(teamId)).toEqual({ ...DEFAULTS, licenceConfirmed: true });
  });

  it('lets the owner and admins set it, and null go back to the default', async () => {
    const teamId = await buildTeam();
    const byOwner = await call('PUT', teamId, 'owner', { roomLimit: 200 });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect(json(byOwner)).toEqual({ ...DEFAULTS, roomLimit: 200 });
    expect(await read(teamId)).toEqual({ ...DEFAULTS, roomLimit: 200 });

    const byAdmin = await call('PUT', teamId, 'admin', { roomLimit: 300 });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(await read(teamId, 'owner')).toEqual({ ...DEFAULTS, roomLimit: 300 });
    expect(await stored(teamId)).toBe(300);

    // Both ends of the range are limits a team may choose.
    for (const roomLimit of [FOLLOW_LIMITS.roomMin, FOLLOW_LIMITS.roomMax]) {
      expect(json(await call('PUT', teamId, 'admin', { roomLimit }))).toMatchObject({ roomLimit });
    }

    const reset = await call('PUT', teamId, 'owner', { roomLimit: null });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(json(reset)).toEqual(DEFAULTS);
    expect(await read(teamId)).toEqual(DEFAULTS);
    expect(await stored(teamId)).toBeNull();
  });

  it('refuses a member, even one who drives a setlist, with the reason', async () => {
    const teamId = await buildTeam();
    const songId = await createSong(t, { teamId, by: people.owner, labels: ['V'] });
    // The member leads a song, so may share that setlist with the congregation: not set its limit.
    await createSetlist(t, {
      teamId,
      by: people.owner,
      songs: [{ song: songId, leader: people.member.userId }],
    });
    await call('PUT', teamId, 'owner', { roomLimit: 50 });
    const refused = await call('PUT', teamId, 'member', { roomLimit: 100_000 });
    expect(refused.statusCode).toBe(403);
    expect(json(refused).error).toBe(SERVER_ERRORS.adminRequired);
    expect(await read(teamId)).toEqual({ ...DEFAULTS, roomLimit: 50 });
  });

  it('answers outsiders as for a missing team, and callers without a session 401', async () => {
    const teamId = await buildTeam();
    await call('PUT', teamId, 'owner', { roomLimit: 40 });
    for (const method of ['GET', 'PUT'] as const) {
      const payload = method === 'PUT' ? { roomLimit: 1 } : undefined;
      const anonymous = await call(method, teamId, null, payload);
      expect(anonymous.statusCode, method).toBe(401);
      expect(json(anonymous).error).toBe(SERVER_ERRORS.unauthorized);

      const outsider = await call(method, teamId, 'outsider', payload);
      expect(outsider.statusCode, method).toBe(404);
      expect(json(outsider).error).toBe(SERVER_ERRORS.teamNotFound);
      // The same answer as for a team that does not exist.
      expect((await call(method, randomUUID(), 'outsider', payload)).body).toBe(outsider.body);
    }
    expect(await stored(teamId)).toBe(40);
  });

  it('refuses a limit that is not a whole number from 1 to 100,000 with 400 and why, saving nothing', async () => {
    const teamId = await buildTeam();
    await call('PUT', teamId, 'owner', { roomLimit: 75 });
    const invalid = AUDIENCE_SETTINGS_TEXTS.roomLimitInvalid;
    expect(invalid).toBe('Phones per setlist must be a whole number from 1 to 100,000.');
    const bad = [
      [{ roomLimit: 0 }, invalid],
      [{ roomLimit: -5 }, invalid],
      [{ roomLimit: FOLLOW_LIMITS.roomMax + 1 }, invalid],
      [{ roomLimit: 2.5 }, invalid],
      [{ roomLimit: 'x' }, invalid],
      [{ roomLimit: '200' }, invalid],
      [{ roomLimit: true }, invalid],
      [{}, AUDIENCE_SETTINGS_TEXTS.roomLimitRequired],
    ] as const;
    for (const [payload, message] of bad) {
      for (const who of ['owner', 'admin'] as const) {
        const res = await call('PUT', teamId, who, payload);
        expect(res.statusCode, `${who} ${JSON.stringify(payload)}`).toBe(400);
        expect(json(res).error, JSON.stringify(payload)).toBe(message);
      }
    }
    expect(await read(teamId)).toEqual({ ...DEFAULTS, roomLimit: 75 });
    expect(await stored(teamId)).toBe(75);
  });

  it('counts the next phones of a room against the limit set through the route', async () => {
    const teamId = await buildTeam();
    const songId = await createSong(t, { teamId, by: people.owner, labels: ['V'] });
    const setlistId = await createSetlist(t, { teamId, by: people.owner, songs: [songId] });
    const token = await createFollowLink(t, { setlistId, teamId });

    // The room's facts are read and kept with the first phone, under the default limit.
    const first = phone(token);
    await followAdmitted(first);
    expect((await call('PUT', teamId, 'admin', { roomLimit: 2 })).statusCode).toBe(200);
    await followAdmitted(phone(token));
    expect(await followRefusal(phone(token))).toBe(FOLLOW_TEXTS.roomFull);

    // A lower limit refuses newcomers; the phones already following stay.
    expect((await call('PUT', teamId, 'owner', { roomLimit: 1 })).statusCode).toBe(200);
    expect(await followRefusal(phone(token))).toBe(FOLLOW_TEXTS.roomFull);
    expect(first.connected).toBe(true);

    // Back to the default: room again.
    expect((await call('PUT', teamId, 'owner', { roomLimit: null })).statusCode).toBe(200);
    expect(await followRefusal(phone(token))).toBe('connected');
  });
});

describe.skipIf(!multiInstance)('the congregation’s room limit on two instances', () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  const phones: FollowClient[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const redis = { url: redisUrl!, prefix: `segue-test:${randomUUID()}:` };
    a = await startTestApp('postgres', { database, redis, ownPool: true });
    b = await startTestApp('postgres', { database, redis, ownPool: true });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    for (const phone of phones.splice(0)) phone.disconnect();
    await a?.app.close();
    await b?.app.close();
    await a?.database.close();
    await b?.database.close();
    await database?.destroy();
  });

  it('holds the phones joining another instance to a limit set on this one', async () => {
    const owner = await createAccount(a, { name: 'Olive Owner' });
    const teamId = await createTeam(a, { owner, name: 'Two instances' });
    const songId = await createSong(a, { teamId, by: owner, labels: ['V'] });
    const setlistId = await createSetlist(a, { teamId, by: owner, songs: [songId] });
    const token = await createFollowLink(a, { setlistId, teamId });
    const url = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;
    const phone = () => {
      const socket = openFollowClient(url, { token });
      phones.push(socket);
      return socket;
    };
    // B keeps the room's facts, read under the default, from its first phone.
    await followAdmitted(phone());
    const heard: Change[] = [];
    b.app.changes.on((change) => {
      if (change.kind === 'team' && change.id === teamId) heard.push(change);
    });

    const res = await a.app.inject({
      method: 'PUT',
      url: `/api/teams/${teamId}/audience`,
      headers: bearer(owner.jwt),
      payload: { roomLimit: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    // B's follow rooms hear the change before this listener, registered after them.
    await expect.poll(() => heard.length, { timeout: 2_000 }).toBeGreaterThan(0);
    expect(await followRefusal(phone())).toBe(FOLLOW_TEXTS.roomFull);
  });
});
