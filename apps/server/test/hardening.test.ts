import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SONG_LIMITS, SONG_TEXTS } from '@segue/shared';
import { ATTEMPT_LIMITS } from '../src/accounts/accounts.service.ts';
import { SessionResolver, tokenKey } from '../src/accounts/sessions.ts';
import { loadConfig } from '../src/config.ts';
import { session } from '../src/db/schema.ts';
import { ChangeFeed } from '../src/lib/change-feed.ts';
import { backends } from './databases.ts';
import { createAccount, createTeam, type FactoryAccount } from './factories.ts';
import { bearer, json, newPerson, startTestApp, uniqueAddress, type TestApp } from './harness.ts';

/** Findings of the attack on the running app (hardening issue), each held shut by a test. */
describe.each(backends)('hardening on %s', (backend) => {
  let t: TestApp;
  let owner: FactoryAccount;
  let teamId: string;

  beforeAll(async () => {
    // One proxy in front, as docs/deploy/nginx.conf sets it up.
    t = await startTestApp(backend, { config: { trustProxy: 1 } });
    owner = await createAccount(t, { name: 'Owner Hardening' });
    teamId = await createTeam(t, { owner, name: 'Hardening' });
  });

  afterAll(async () => {
    await t?.close();
  });

  const login = (email: string, password: string, address = uniqueAddress(), otp?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/sessions/email',
      payload: { email, password, ...(otp ? { otp } : {}) },
      remoteAddress: address,
    });

  it('parallel wrong passwords: no more are checked than the limit allows', async () => {
    const victim = await createAccount(t);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => login(victim.person.email, 'wrong password here')),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBe(ATTEMPT_LIMITS.failedLoginsPerAccount);
    expect(statuses.filter((s) => s === 429).length).toBe(
      40 - ATTEMPT_LIMITS.failedLoginsPerAccount,
    );
    // The right password is refused too until the window ends.
    expect((await login(victim.person.email, victim.person.password)).statusCode).toBe(429);
  });

  it('a successful login gives its attempt back', async () => {
    const person = await createAccount(t);
    const address = uniqueAddress();
    // A few at a time, far fewer than the limit: more successes in all than the limit
    // allows attempts, so every one must have given its attempt back.
    const atOnce = 5;
    for (let i = 0; i < ATTEMPT_LIMITS.failedLoginsPerAddress + 5; i += atOnce) {
      const answers = await Promise.all(
        Array.from({ length: atOnce }, () =>
          login(person.person.email, person.person.password, address),
        ),
      );
      for (const answer of answers) expect(answer.statusCode).toBe(201);
    }
  });

  it('with TRUST_PROXY the counted address is the proxy’s, not the client’s left-most claim', async () => {
    const proxySaw = '203.0.113.50';
    // All at once: each attempt is counted before it is checked, so only the counts matter.
    const answers = await Promise.all(
      Array.from({ length: ATTEMPT_LIMITS.failedLoginsPerAddress + 5 }, (_, i) => {
        const victim = `nobody-${i}-${Date.now()}@example.com`;
        return t.app.inject({
          method: 'POST',
          url: '/api/account/sessions/email',
          // The client made up the first value; the proxy appended what it saw.
          headers: { 'x-forwarded-for': `10.9.${i}.1, ${proxySaw}` },
          remoteAddress: '127.0.0.1',
          payload: { email: victim, password: 'wrong password here' },
        });
      }),
    );
    expect(answers.filter((a) => a.statusCode === 429).length).toBe(5);

    const registrations = await Promise.all(
      Array.from({ length: 22 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/account',
          headers: { 'x-forwarded-for': `10.8.${i}.1, 203.0.113.51` },
          remoteAddress: '127.0.0.1',
          payload: newPerson(),
        }),
      ),
    );
    expect(registrations.filter((r) => r.statusCode === 201).length).toBe(20);
    expect(registrations.filter((r) => r.statusCode === 429).length).toBe(2);
  });

  it('TRUST_PROXY=true means one proxy, not "believe the client"', () => {
    const settings = { authSecret: 'x'.repeat(32), dataDir: '/tmp/segue-test-unused' };
    expect(loadConfig({ TRUST_PROXY: 'true' }, settings).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }, settings).trustProxy).toBe(2);
    expect(loadConfig({}, settings).trustProxy).toBe(0);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' }, settings)).toThrow(/TRUST_PROXY/);
  });

  it('join requests are limited per account', async () => {
    const asker = await createAccount(t);
    const others = await Promise.all(
      Array.from({ length: 32 }, (_, i) => createTeam(t, { owner, name: `Asked ${i}` })),
    );
    const statuses: number[] = [];
    for (const other of others) {
      statuses.push(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/teams/${other}/request`,
            headers: bearer(asker.jwt),
          })
        ).statusCode,
      );
    }
    expect(statuses.filter((s) => s === 201).length).toBe(30);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it('add by e-mail is limited per admin', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const added = await t.app.inject({
        method: 'POST',
        url: `/api/teams/${teamId}/add`,
        headers: bearer(owner.jwt),
        payload: { email: `someone-${i}@example.com` },
      });
      statuses.push(added.statusCode);
    }
    expect(statuses.filter((s) => s === 201).length).toBe(20);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it('an unauthenticated large body is refused before it is read', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string; close?: string }>(
      (resolve, reject) => {
        const req = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/songs/import',
          headers: { 'content-type': 'application/json', 'content-length': 30 * 1024 * 1024 },
        });
        req.on('response', (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, body, close: res.headers.connection });
            req.destroy();
          });
        });
        req.on('error', () => {});
        // Only the start of the 30 MB is ever sent: the answer must come without the rest.
        req.write('{"songs":[');
        setTimeout(() => reject(new Error('no answer without the whole body')), 3_000).unref();
      },
    );
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body).error).toBeTruthy();
    // The rest of the body is never read: the connection closes after the answer.
    expect(answer.close).toBe('close');
  });

  it('a body over the route’s limit is refused at once with 413', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/songs',
      headers: { ...bearer(owner.jwt), 'x-team-id': teamId, 'content-type': 'application/json' },
      payload: JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024), parts: [] }),
    });
    expect(big.statusCode).toBe(413);
    expect(json(big).error).toBe('The request is too large.');
  });

  it('three identical imports at once store each song once', async () => {
    const team = await createTeam(t, { owner, name: 'Imports at once' });
    const songs = Array.from({ length: 30 }, (_, i) => ({
      title: `Same ${i}`,
      artist: 'Everyone',
      parts: [{ label: 'V', lines: [{ chords: '', lyrics: 'la' }] }],
    }));
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/songs/import',
          headers: { ...bearer(owner.jwt), 'x-team-id': team },
          payload: { songs },
        }),
      ),
    );
    const results = answers.map((a) => json<{ imported: number; skipped: number }>(a));
    expect(results.map((r) => r.imported).reduce((a, b) => a + b)).toBe(30);
    expect(results.map((r) => r.skipped).reduce((a, b) => a + b)).toBe(60);
    const library = await t.app.inject({
      method: 'GET',
      url: '/api/songs',
      headers: { ...bearer(owner.jwt), 'x-team-id': team },
    });
    expect(json<unknown[]>(library)).toHaveLength(30);
  });

  it('a full library refuses more songs with a clear error', async () => {
    const team = await createTeam(t, { owner, name: 'Full library' });
    const max = SONG_LIMITS.maxSongsPerTeam;
    await t.database.db.execute(sql`
      insert into song (id, team_id, created_by, title, artist, parts)
      select gen_random_uuid()::text, ${team}, ${owner.userId}, 'Song ' || n, '', '[]'::jsonb
      from generate_series(1, ${max}) as n`);
    const headers = { ...bearer(owner.jwt), 'x-team-id': team };
    const song = {
      title: 'One more',
      parts: [{ label: 'V', lines: [{ chords: '', lyrics: 'x' }] }],
    };
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/songs',
      headers,
      payload: song,
    });
    expect(refused.statusCode).toBe(409);
    expect(json(refused).error).toBe(SONG_TEXTS.libraryFull(max));
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/songs/import',
      headers,
      payload: { songs: [song] },
    });
    expect(imported.statusCode).toBe(409);
    expect(json(imported).error).toBe(SONG_TEXTS.libraryFull(max));
  });

  it('the content security policy connects only to Segue’s own origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    expect(csp).not.toMatch(/connect-src[^;]*(ws:|wss:|\*)/);
  });

  it('a token lookup under way when its session ends does not bring it back', async () => {
    const person = await createAccount(t);
    const feed = new ChangeFeed();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let delayed = 0;
    // The real query, answered late: the logout lands between the read and its answer.
    class LateResolver extends SessionResolver {
      protected override lookup(tokens: string[]) {
        const rows = super.lookup(tokens);
        return delayed++ === 0 ? rows.then(async (r) => (await gate, r)) : rows;
      }
    }
    const resolver = new LateResolver(t.database.db, feed);
    const underWay = resolver.resolve(person.jwt);
    await new Promise((r) => setTimeout(r, 50));
    await t.database.db.delete(session).where(eq(session.token, person.jwt));
    await feed.publish({ kind: 'session', id: tokenKey(person.jwt) });
    release();
    await underWay;
    expect(await resolver.resolve(person.jwt)).toBeNull();
  });
});
