import { createHash, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  FOLLOW_LIMITS,
  FOLLOW_TEXTS,
  SERVER_ERRORS,
  SETLIST_TEXTS,
  type AudienceLink,
  type AudienceLinkStatus,
  type FollowState,
} from '@segue/shared';
import { audienceLink, setlist, song } from '../db/schema.ts';
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
import { bearer, json, startTestApp, uniqueAddress, type TestApp } from '../../test/harness.ts';
import { askLive, liveConnected, openLiveClient, type LiveClient } from '../../test/live-client.ts';
import { FOLLOW_LOOKUPS_PER_ADDRESS_PER_MINUTE } from './audience-links.service.ts';

/** Today as a setlist's date: its link opens now. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The congregation link over HTTP: drivers turn it on, show it again and withdraw it once the
 * owner confirmed the licence; anyone holding it reads the words, and nothing else.
 */
describe.each(backends)('the congregation link on %s', (backend) => {
  let t: TestApp;
  let url: string;
  let owner: FactoryAccount;
  let admin: FactoryAccount;
  let leader: FactoryAccount;
  let member: FactoryAccount;
  let outsider: FactoryAccount;
  let teamId: string;
  let otherTeam: string;
  let songId: string;
  let setlistId: string;
  const heard: Change[] = [];
  const sockets: LiveClient[] = [];

  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await createAccount(t, { name: 'Olive Owner' });
    admin = await createAccount(t, { name: 'Adam Admin' });
    leader = await createAccount(t, { name: 'Lea Leader' });
    member = await createAccount(t, { name: 'Mia Member' });
    outsider = await createAccount(t, { name: 'Otto Outsider' });
    teamId = await createTeam(t, {
      owner,
      name: 'Follow Band',
      admins: [admin],
      members: [leader, member],
    });
    otherTeam = await createTeam(t, { owner: outsider, name: 'Elsewhere' });
    songId = await createSong(t, {
      teamId,
      by: owner,
      title: 'Morning Song',
      parts: [
        { label: 'Intro', lines: [{ chords: 'Cmaj7/G', lyrics: '' }] },
        {
          label: 'Verse',
          lines: [
            { chords: 'Dsus4', lyrics: 'Morning has broken' },
            { chords: 'F#m7b5', lyrics: '   ' },
          ],
        },
        { label: 'Chorus', lines: [{ chords: 'Bbadd9', lyrics: 'Praise with elation' }] },
      ],
    });
    await t.database.db
      .update(song)
      .set({ copyright: '© 1931 Eleanor Farjeon', ccli: '5678' })
      .where(eq(song.id, songId));
    setlistId = await createSetlist(t, {
      teamId,
      by: owner,
      name: 'Sunday Morning',
      date: today(),
      notes: 'Band secret: meet at eight',
      songs: [{ song: songId, leader: leader.userId, key: 'Eb' }],
      positions: [{ name: 'Keytar', assignedTo: member.userId, status: 'accepted' }],
      items: [
        { title: 'Welcome', notes: 'Item secret: mention the bake sale', duration: 60, at: 0 },
      ],
    });
    const ccli = await t.app.inject({
      method: 'PUT',
      url: `/api/teams/${teamId}/ccli`,
      headers: bearer(owner.jwt),
      payload: { ccliLicence: '998877' },
    });
    expect(ccli.statusCode, ccli.body).toBe(200);
    t.app.changes.on((change) => {
      if (change.kind === 'audience') heard.push(change);
    });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await t?.close();
  });

  const link = (
    method: 'GET' | 'POST' | 'DELETE',
    who: FactoryAccount,
    options: { team?: string; setlist?: string } = {},
  ) =>
    t.app.inject({
      method,
      url: `/api/setlist/${options.setlist ?? setlistId}/audience-link`,
      headers: { ...bearer(who.jwt), 'x-team-id': options.team ?? teamId },
    });
  const confirm = (who: FactoryAccount, team = teamId) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/teams/${team}/audience-licence`,
      headers: bearer(who.jwt),
      payload: { confirmed: true },
    });
  const follow = (token: string, remoteAddress = uniqueAddress()) =>
    t.app.inject({ method: 'GET', url: `/api/follow/${token}`, remoteAddress });
  const errorOf = (res: { json(): unknown }) => (res.json() as { error: string }).error;

  /** The setlist's link turned on by the owner (the licence confirmed first). */
  const shared = async (id = setlistId): Promise<AudienceLink> => {
    expect((await confirm(owner)).statusCode).toBe(204);
    const res = await link('POST', owner, { setlist: id });
    expect([200, 201], res.body).toContain(res.statusCode);
    return json<AudienceLink>(res);
  };
  const withdrawn = async (id = setlistId) =>
    expect((await link('DELETE', owner, { setlist: id })).statusCode).toBe(204);

  /** A driver's live socket in the setlist's room. */
  const driver = async () => {
    const socket = openLiveClient(url, owner.jwt);
    sockets.push(socket);
    await liveConnected(socket);
    expect((await askLive(socket, 'setlist:join', setlistId)).ok).toBe(true);
    return socket;
  };

  describe('before the owner confirms the licence', () => {
    it('refuses to turn the link on, and says so', async () => {
      const res = await link('POST', owner);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toBe(FOLLOW_TEXTS.licenceOwnerOnly);
      const status = await link('GET', admin);
      expect(json<AudienceLinkStatus>(status)).toEqual({ link: null, licenceConfirmed: false });
      expect(await t.database.db.select().from(audienceLink)).toEqual([]);
    });

    it('lets only the owner confirm it', async () => {
      const byAdmin = await confirm(admin);
      expect(byAdmin.statusCode).toBe(403);
      expect(errorOf(byAdmin)).toBe(SERVER_ERRORS.ownerRequired);
      expect((await confirm(member)).statusCode).toBe(403);
      const byOutsider = await confirm(outsider);
      expect(byOutsider.statusCode).toBe(404);
      expect(errorOf(byOutsider)).toBe(SERVER_ERRORS.teamNotFound);
      expect(json<AudienceLinkStatus>(await link('GET', owner)).licenceConfirmed).toBe(false);

      expect((await confirm(owner)).statusCode).toBe(204);
      expect(json<AudienceLinkStatus>(await link('GET', leader)).licenceConfirmed).toBe(true);
      // Once is enough; again changes nothing.
      expect((await confirm(owner)).statusCode).toBe(204);
    });
  });

  describe('its drivers', () => {
    it.each([
      ['the owner', () => owner],
      ['an admin', () => admin],
      ['a member who leads a song of it', () => leader],
    ])('lets %s turn it on, show it again and withdraw it', async (_, who) => {
      await confirm(owner);
      heard.length = 0;
      const created = await link('POST', who());
      expect(created.statusCode, created.body).toBe(201);
      const made = json<AudienceLink>(created);
      expect(made.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(made.url).toMatch(new RegExp(`^https?://[^/]+/follow/${made.token}$`));
      expect(made.validFrom < made.expiresAt).toBe(true);
      expect(heard).toEqual([{ kind: 'audience', id: setlistId, teamId }]);

      // Asked again, the same link: never a second one.
      const again = await link('POST', who());
      expect(again.statusCode).toBe(200);
      expect(json<AudienceLink>(again)).toEqual(made);
      expect(json<AudienceLinkStatus>(await link('GET', who()))).toEqual({
        link: made,
        licenceConfirmed: true,
      });

      const gone = await link('DELETE', who());
      expect(gone.statusCode).toBe(204);
      expect(heard).toContainEqual({ kind: 'audience', id: setlistId, teamId });
      expect(json<AudienceLinkStatus>(await link('GET', who())).link).toBeNull();
      expect((await follow(made.token)).statusCode).toBe(404);
      // Withdrawn twice: still done.
      expect((await link('DELETE', who())).statusCode).toBe(204);
    });

    it('answers two drivers turning it on at once with one link', async () => {
      await confirm(owner);
      const [a, b] = await Promise.all([link('POST', owner), link('POST', admin)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
      expect(json<AudienceLink>(a).token).toBe(json<AudienceLink>(b).token);
      await withdrawn();
    });

    it('refuses a member who leads no song of it', async () => {
      await confirm(owner);
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const res = await link(method, member);
        expect(res.statusCode, method).toBe(403);
        expect(errorOf(res), method).toBe(FOLLOW_TEXTS.notDriver);
      }
      const live = await t.database.db
        .select()
        .from(audienceLink)
        .where(isNull(audienceLink.revokedAt));
      expect(live).toEqual([]);
    });

    it('answers an outsider as for a setlist that does not exist', async () => {
      const made = await shared();
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const own = await link(method, outsider, { team: otherTeam });
        expect(own.statusCode, method).toBe(404);
        expect(errorOf(own), method).toBe(SETLIST_TEXTS.notFound);
        const missing = await link(method, owner, { setlist: randomUUID() });
        expect(missing.statusCode, method).toBe(404);
        expect(errorOf(missing), method).toBe(SETLIST_TEXTS.notFound);
        const theirs = await link(method, outsider);
        expect(theirs.statusCode, method).toBe(404);
        expect(errorOf(theirs), method).toBe(SERVER_ERRORS.teamNotFound);
        const anonymous = await t.app.inject({
          method,
          url: `/api/setlist/${setlistId}/audience-link`,
          headers: { 'x-team-id': teamId },
        });
        expect(anonymous.statusCode, method).toBe(401);
      }
      // The outsider's DELETE withdrew nothing.
      expect((await follow(made.token)).statusCode).toBe(200);
      await withdrawn();
    });

    it('keeps only the token’s hash and a sealed copy, never the token', async () => {
      const made = await shared();
      const rows = await t.database.db
        .select()
        .from(audienceLink)
        .where(eq(audienceLink.setlistId, setlistId));
      const live = rows.find((r) => r.revokedAt === null)!;
      expect(live.tokenHash).toBe(createHash('sha256').update(made.token).digest('hex'));
      expect(JSON.stringify(rows)).not.toContain(made.token);
      expect(live.tokenSealed).not.toContain(made.token);
      await withdrawn();
    });
  });

  describe('the follow page’s answer', () => {
    it('holds the words only: no chords, names, notes, positions or ids, and sets no cookie', async () => {
      const made = await shared();
      const socket = await driver();
      expect((await askLive(socket, 'setlist:updateCurrent', { setlistId, newIndex: 0 })).ok).toBe(
        true,
      );
      const part = await askLive(socket, 'setlist:updatePart', {
        setlistId,
        partIndex: 'Chorus',
        position: 2,
      });
      expect(part.ok).toBe(true);
      const res = await follow(made.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
      const state = json<FollowState>(res);
      expect(state).toEqual({
        setlistName: 'Sunday Morning',
        version: expect.any(Number) as number,
        ccliLicence: '998877',
        screenLanguages: [],
        message: null,
        now: {
          kind: 'song',
          part: 2,
          song: {
            title: 'Morning Song',
            language: null,
            parts: [
              { label: 'Intro', lines: [], translations: [] },
              { label: 'Verse', lines: ['Morning has broken'], translations: [] },
              { label: 'Chorus', lines: ['Praise with elation'], translations: [] },
            ],
            copyright: '© 1931 Eleanor Farjeon',
            ccli: '5678',
          },
        },
      });
      const text = res.body;
      const secrets = [
        // Chords, and the keys they are played in
        'Cmaj7/G',
        'Dsus4',
        'F#m7b5',
        'Bbadd9',
        '"Eb"',
        // People
        'Olive Owner',
        'Adam Admin',
        'Lea Leader',
        'Mia Member',
        owner.person.email,
        // What the band wrote for the band
        'Band secret',
        'Item secret',
        'Keytar',
        // Ids
        setlistId,
        teamId,
        songId,
        owner.userId,
        leader.userId,
        member.userId,
        made.token,
      ];
      for (const secret of secrets) expect(text, secret).not.toContain(secret);
      await withdrawn();
    });

    it('follows the set: an item’s title, and waiting while the projector is dark', async () => {
      const made = await shared();
      const socket = await driver();
      expect(
        (await askLive(socket, 'setlist:updateCurrent', { setlistId, newIndex: 0, item: 0 })).ok,
      ).toBe(true);
      expect(json<FollowState>(await follow(made.token)).now).toEqual({
        kind: 'item',
        title: 'Welcome',
      });
      const before = json<FollowState>(await follow(made.token)).version;
      expect((await askLive(socket, 'setlist:screen', { setlistId, mode: 'black' })).ok).toBe(true);
      const dark = json<FollowState>(await follow(made.token));
      expect(dark.now).toEqual({ kind: 'waiting' });
      expect(dark.version).toBeGreaterThan(before);
      expect((await askLive(socket, 'setlist:screen', { setlistId, mode: 'lyrics' })).ok).toBe(
        true,
      );
      await withdrawn();
    });

    it('answers an unknown, malformed, withdrawn, expired or not yet valid link alike', async () => {
      const made = await shared();
      const ended = async (token: string, what: string) => {
        const res = await follow(token);
        expect(res.statusCode, what).toBe(404);
        expect(res.json(), what).toEqual({
          error: FOLLOW_TEXTS.ended,
          message: FOLLOW_TEXTS.ended,
          code: 'not_found',
        });
        expect(res.headers['set-cookie'], what).toBeUndefined();
      };
      await ended('A'.repeat(FOLLOW_LIMITS.tokenLength), 'unknown');
      await ended('not-a-token', 'malformed');
      await ended('%00'.repeat(10), 'hostile');

      const row = eq(audienceLink.tokenHash, createHash('sha256').update(made.token).digest('hex'));
      const { db } = t.database;
      await db
        .update(audienceLink)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(row);
      await ended(made.token, 'expired');
      await db
        .update(audienceLink)
        .set({
          validFrom: new Date(Date.now() + 60_000),
          expiresAt: new Date(Date.now() + 120_000),
        })
        .where(row);
      await ended(made.token, 'not yet valid');
      await db
        .update(audienceLink)
        .set({ validFrom: new Date(Date.now() - 60_000), expiresAt: new Date(Date.now() + 60_000) })
        .where(row);
      expect((await follow(made.token)).statusCode).toBe(200);

      // A setlist in the trash leads nowhere, and back out of it, its link works again.
      await db.update(setlist).set({ deletedAt: new Date() }).where(eq(setlist.id, setlistId));
      await ended(made.token, 'in the trash');
      await db.update(setlist).set({ deletedAt: null }).where(eq(setlist.id, setlistId));
      expect((await follow(made.token)).statusCode).toBe(200);

      await withdrawn();
      await ended(made.token, 'withdrawn');
    });

    it('opens a far-off service’s link only from the day before it', async () => {
      const later = await createSetlist(t, {
        teamId,
        by: owner,
        name: 'Next year',
        date: `${new Date().getUTCFullYear() + 1}-06-01`,
        songs: [songId],
      });
      const made = await shared(later);
      expect(made.validFrom).toBe(`${new Date().getUTCFullYear() + 1}-05-30T10:00:00.000Z`);
      expect((await follow(made.token)).statusCode).toBe(404);
      await withdrawn(later);
    });

    it('limits look-ups from one address', async () => {
      const address = uniqueAddress();
      // Not a token's shape: counted, then answered without a query.
      const token = 'not-a-token';
      const batch = 250;
      for (let sent = 0; sent < FOLLOW_LOOKUPS_PER_ADDRESS_PER_MINUTE; sent += batch) {
        const answers = await Promise.all(
          Array.from(
            { length: Math.min(batch, FOLLOW_LOOKUPS_PER_ADDRESS_PER_MINUTE - sent) },
            () => follow(token, address),
          ),
        );
        expect(answers.every((r) => r.statusCode === 404)).toBe(true);
      }
      const over = await follow(token, address);
      expect(over.statusCode).toBe(429);
      expect(errorOf(over)).toBe(FOLLOW_TEXTS.addressFull);
      expect((await follow(token)).statusCode).toBe(404);
    }, 60_000);
  });
});

/** A link made or withdrawn on one instance is heard on the other, with its setlist and team. */
describe.skipIf(!multiInstance)('the congregation link on two instances', () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const redis = { url: redisUrl!, prefix: `segue-test:${randomUUID()}:` };
    a = await startTestApp('postgres', { database, redis, ownPool: true });
    b = await startTestApp('postgres', { database, redis, ownPool: true });
  }, 60_000);
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    await a?.database.close();
    await b?.database.close();
    await database?.destroy();
  });

  it('tells the other instance’s listeners', async () => {
    const owner = await createAccount(a, { name: 'Olive Owner' });
    const teamId = await createTeam(a, { owner, name: 'Two instances' });
    const songId = await createSong(a, { teamId, by: owner, labels: ['V'] });
    const setlistId = await createSetlist(a, { teamId, by: owner, date: today(), songs: [songId] });
    const heard: Change[] = [];
    b.app.changes.on((change) => {
      if (change.kind === 'audience') heard.push(change);
    });
    const call = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
      a.app.inject({
        method,
        url,
        headers: { ...bearer(owner.jwt), 'x-team-id': teamId },
        ...(payload ? { payload } : {}),
      });
    await a.app.inject({
      method: 'PUT',
      url: `/api/teams/${teamId}/audience-licence`,
      headers: bearer(owner.jwt),
      payload: { confirmed: true },
    });
    expect((await call('POST', `/api/setlist/${setlistId}/audience-link`)).statusCode).toBe(201);
    expect((await call('DELETE', `/api/setlist/${setlistId}/audience-link`)).statusCode).toBe(204);
    const expected = { kind: 'audience', id: setlistId, teamId };
    await expect.poll(() => heard, { timeout: 2_000 }).toEqual([expected, expected]);
  });
});
