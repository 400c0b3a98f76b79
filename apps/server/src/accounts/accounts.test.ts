import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ERROR_CODES, SERVER_ERRORS } from '@segue/shared';
import { ATTEMPT_LIMITS } from './accounts.service.ts';
import { backends, rows } from '../../test/databases.ts';
import {
  bearer,
  json,
  newPerson,
  registerVerified,
  startTestApp,
  uniqueAddress,
  type TestApp,
} from '../../test/harness.ts';

describe.each(backends)('accounts on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const register = (payload: unknown, remoteAddress = uniqueAddress()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account',
      payload: payload as object,
      remoteAddress,
    });
  const login = (email: string, password: string, remoteAddress = uniqueAddress()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/sessions/email',
      payload: { email, password },
      remoteAddress,
    });
  const me = (jwt: string) =>
    t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(jwt) });
  const verify = (userId: string | null, secret: string | null) =>
    t.app.inject({ method: 'PUT', url: '/api/account/verification', payload: { userId, secret } });

  describe('register', () => {
    it('creates an unverified, logged-in account and mails a verification link', async () => {
      const person = newPerson({ name: 'Ada Lovelace', email: 'Ada.Register@Example.com' });
      const res = await register(person);
      expect(res.statusCode).toBe(201);
      const body = json<{ user: Record<string, unknown>; jwt: string }>(res);
      expect(body.user).toMatchObject({
        name: 'Ada Lovelace',
        email: 'ada.register@example.com',
        phone: person.phone,
        emailVerification: false,
        teams: [],
      });
      expect(body.jwt).toEqual(expect.any(String));
      expect(String(res.headers['set-cookie'])).toContain('HttpOnly');

      expect(json(await me(body.jwt))).toMatchObject({
        email: 'ada.register@example.com',
        emailVerification: false,
      });

      const link = t.inbox.lastLinkTo('ada.register@example.com');
      expect(link.pathname).toBe('/verify');
      expect(link.searchParams.get('userId')).toBe(body.user.$id);
      expect(link.searchParams.get('secret')?.length).toBeGreaterThanOrEqual(32);
    });

    it('refuses a password under 8 characters with a clear message', async () => {
      const res = await register(newPerson({ password: 'short7!' }));
      expect(res.statusCode).toBe(400);
      expect(json(res).error).toBe(SERVER_ERRORS.passwordTooShort);
    });

    it('refuses a second account for the same address', async () => {
      const person = newPerson();
      expect((await register(person)).statusCode).toBe(201);
      const again = await register({ ...person, email: person.email.toUpperCase() });
      expect(again.statusCode).toBe(409);
      expect(json(again).error).toBe(SERVER_ERRORS.emailTaken);
    });

    it('answers malformed bodies with 400 and an error message', async () => {
      const cases: { payload: string; contentType?: string; error: string | RegExp }[] = [
        { payload: '{"name": ', error: SERVER_ERRORS.invalidJson },
        { payload: '[]', error: /./ },
        { payload: '{}', error: SERVER_ERRORS.nameRequired },
        {
          payload: JSON.stringify({ ...newPerson(), email: 'not-an-address' }),
          error: SERVER_ERRORS.invalidEmail,
        },
        {
          payload: JSON.stringify({ ...newPerson(), password: 12345678 }),
          error: SERVER_ERRORS.passwordTooShort,
        },
        {
          payload: JSON.stringify({ ...newPerson(), name: '   ' }),
          error: SERVER_ERRORS.nameRequired,
        },
        {
          payload: JSON.stringify({ ...newPerson(), phone: 'call me<script>' }),
          error: /Phone number/,
        },
        { payload: 'name=x', contentType: 'application/x-www-form-urlencoded', error: /./ },
      ];
      for (const c of cases) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/account',
          payload: c.payload,
          headers: { 'content-type': c.contentType ?? 'application/json' },
          remoteAddress: uniqueAddress(),
        });
        expect(res.statusCode, c.payload).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, c.payload).toBeLessThan(500);
        expect(json(res).error, c.payload).toMatch(c.error);
      }
    });
  });

  describe('e-mail verification', () => {
    it('verifies with the mailed link, once', async () => {
      const person = newPerson();
      const { jwt, user } = json<{ jwt: string; user: { $id: string } }>(await register(person));
      const link = t.inbox.lastLinkTo(person.email);

      const first = await verify(link.searchParams.get('userId'), link.searchParams.get('secret'));
      expect(first.statusCode).toBe(200);
      expect(json(await me(jwt)).emailVerification).toBe(true);

      const second = await verify(user.$id, link.searchParams.get('secret'));
      expect(second.statusCode).toBe(400);
      expect(json(second).error).toBe('Verification failed. Link may be expired or invalid.');
    });

    it('refuses an expired link', async () => {
      const person = newPerson();
      const { user } = json<{ user: { $id: string } }>(await register(person));
      const link = t.inbox.lastLinkTo(person.email);
      await t.database.db.execute(
        sql`update verification set expires_at = now() - interval '1 minute' where value = ${user.$id}`,
      );
      const res = await verify(user.$id, link.searchParams.get('secret'));
      expect(res.statusCode).toBe(400);
      expect(json(res).error).toBe('Verification failed. Link may be expired or invalid.');
    });

    it("refuses another account's secret and a made-up one", async () => {
      const a = newPerson();
      const b = newPerson();
      const aId = json<{ user: { $id: string } }>(await register(a)).user.$id;
      await register(b);
      const bSecret = t.inbox.lastLinkTo(b.email).searchParams.get('secret');
      expect((await verify(aId, bSecret)).statusCode).toBe(400);
      expect((await verify(aId, 'x'.repeat(43))).statusCode).toBe(400);
      expect((await verify('', '')).statusCode).toBe(400);
    });

    it('links expire within 24 hours', async () => {
      const person = newPerson();
      const { user } = json<{ user: { $id: string } }>(await register(person));
      const [row] = await rows<{ expires_at: string | Date }>(
        t.database,
        sql`select expires_at from verification where value = ${user.$id}`,
      );
      const expiresAt = new Date(row!.expires_at).getTime();
      expect(expiresAt - Date.now()).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
      expect(expiresAt - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);
    });

    it('resends for a signed-in unverified account, and refuses once verified', async () => {
      const person = newPerson();
      const { jwt } = json<{ jwt: string }>(await register(person));
      const before = t.inbox.mails.length;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/verification',
        headers: bearer(jwt),
      });
      expect(res.statusCode).toBe(202);
      expect(t.inbox.mails.length).toBe(before + 1);

      const link = t.inbox.lastLinkTo(person.email);
      expect(
        (await verify(link.searchParams.get('userId'), link.searchParams.get('secret'))).statusCode,
      ).toBe(200);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/account/verification',
        headers: bearer(jwt),
      });
      expect(again.statusCode).toBe(409);
    });

    it('resends by address without a session, answering alike for unknown addresses', async () => {
      const person = newPerson();
      await register(person);
      const before = t.inbox.mails.length;
      const known = await t.app.inject({
        method: 'POST',
        url: '/api/account/verification',
        payload: { email: person.email },
      });
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/account/verification',
        payload: { email: 'nobody-here@example.com' },
      });
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(unknown.body).toBe(known.body);
      await t.app.mailQueue.idle();
      expect(t.inbox.mails.length).toBe(before + 1);
    });

    it('keeps the product API closed to an unverified account', async () => {
      const probe = (token: string) =>
        t.app.inject({ method: 'GET', url: '/api/test/verified-only', headers: bearer(token) });
      const person = newPerson();
      const { jwt } = json<{ jwt: string }>(await register(person));
      const refused = await probe(jwt);
      expect(refused.statusCode).toBe(403);
      expect(json(refused)).toMatchObject({
        error: SERVER_ERRORS.verifyFirst,
        code: ERROR_CODES.emailNotVerified,
      });
      expect((await probe('no-such-token')).statusCode).toBe(401);

      const link = t.inbox.lastLinkTo(person.email);
      await verify(link.searchParams.get('userId'), link.searchParams.get('secret'));
      expect((await probe(jwt)).statusCode).toBe(200);
    });
  });

  describe('login and logout', () => {
    it('refuses login before verification without creating a session', async () => {
      const person = newPerson();
      const { user } = json<{ user: { $id: string } }>(await register(person));
      const count = async () =>
        (
          await rows<{ n: number }>(
            t.database,
            sql`select count(*)::int as n from session where user_id = ${user.$id}`,
          )
        )[0]!.n;
      const sessionsBefore = await count();
      const res = await login(person.email, person.password);
      expect(res.statusCode).toBe(403);
      expect(json(res)).toMatchObject({
        error: SERVER_ERRORS.emailNotVerified,
        code: ERROR_CODES.emailNotVerified,
      });
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await count()).toBe(sessionsBefore);
    });

    it('logs a verified account in, case-insensitively by address', async () => {
      const { person } = await registerVerified(t);
      const res = await login(person.email.toUpperCase(), person.password);
      expect(res.statusCode).toBe(201);
      const { jwt, user } = json<{ jwt: string; user: { email: string } }>(res);
      expect(user.email).toBe(person.email);
      expect((await me(jwt)).statusCode).toBe(200);
    });

    it('answers a wrong password and an unknown address alike', async () => {
      const { person } = await registerVerified(t);
      const wrong = await login(person.email, 'not the password');
      const unknown = await login('nobody@example.com', 'not the password');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(json(wrong).error).toBe(SERVER_ERRORS.invalidCredentials);
      expect(wrong.body).toBe(unknown.body);
    });

    it('logout invalidates the token at once', async () => {
      const { person } = await registerVerified(t);
      const { jwt } = json<{ jwt: string }>(await login(person.email, person.password));
      expect((await me(jwt)).statusCode).toBe(200);
      const out = await t.app.inject({
        method: 'DELETE',
        url: '/api/account/sessions/current',
        headers: bearer(jwt),
      });
      expect(out.statusCode).toBe(204);
      const after = await me(jwt);
      expect(after.statusCode).toBe(401);
      expect(json(after).error).toBe(SERVER_ERRORS.unauthorized);
    });

    it('refuses calls without a token or with a made-up one', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/account' })).statusCode).toBe(401);
      expect((await me('made-up-token')).statusCode).toBe(401);
      expect(
        (await t.app.inject({ method: 'DELETE', url: '/api/account/sessions/current' })).statusCode,
      ).toBe(401);
    });

    it('gives a new tab a token from the session cookie, and none without it', async () => {
      const person = newPerson();
      const res = await register(person);
      const cookie = String(res.headers['set-cookie']).split(';')[0]!;
      const restored = await t.app.inject({
        method: 'POST',
        url: '/api/account/jwts',
        headers: { cookie },
      });
      expect(restored.statusCode).toBe(201);
      expect(json(restored).jwt).toBe(json(res).jwt);
      expect((await t.app.inject({ method: 'POST', url: '/api/account/jwts' })).statusCode).toBe(
        401,
      );
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/account/jwts',
            headers: { cookie: 'segue.session_token=forged.sig' },
          })
        ).statusCode,
      ).toBe(401);
    });
  });

  describe('rate limits', () => {
    it('slows repeated failed logins on one account with 429', async () => {
      const { person } = await registerVerified(t);
      // At once: each attempt is counted before it is checked, so the order does not matter.
      const wrong = await Promise.all(
        Array.from({ length: ATTEMPT_LIMITS.failedLoginsPerAccount }, (_, i) =>
          login(person.email, `wrong-${i}-password`),
        ),
      );
      for (const answer of wrong) expect(answer.statusCode).toBe(401);
      const blocked = await login(person.email, person.password);
      expect(blocked.statusCode).toBe(429);
      expect(json(blocked)).toMatchObject({
        error: SERVER_ERRORS.tooManyAttempts,
        code: 'rate_limited',
      });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('slows repeated failed logins from one address across accounts', async () => {
      const address = uniqueAddress();
      const guesses = await Promise.all(
        Array.from({ length: ATTEMPT_LIMITS.failedLoginsPerAddress }, (_, i) =>
          login(`guess-${i}@example.com`, 'guessing-password', address),
        ),
      );
      for (const answer of guesses) expect(answer.statusCode).toBe(401);
      expect((await login('another@example.com', 'guessing-password', address)).statusCode).toBe(
        429,
      );
      expect(
        (await login('another@example.com', 'guessing-password', uniqueAddress())).statusCode,
      ).toBe(401);
    });

    it('limits registrations from one address', async () => {
      const address = uniqueAddress();
      const registered = await Promise.all(
        Array.from({ length: ATTEMPT_LIMITS.registrationsPerAddress }, () =>
          register(newPerson(), address),
        ),
      );
      for (const answer of registered) expect(answer.statusCode).toBe(201);
      const blocked = await register(newPerson(), address);
      expect(blocked.statusCode).toBe(429);
      expect(json(blocked).error).toBe(SERVER_ERRORS.tooManyAttempts);
    });

    it('limits verification resends for one account', async () => {
      const person = newPerson();
      const { jwt } = json<{ jwt: string }>(await register(person));
      const resend = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/account/verification',
          headers: bearer(jwt),
          remoteAddress: uniqueAddress(),
        });
      for (let i = 0; i < ATTEMPT_LIMITS.resendsPerAccount; i++)
        expect((await resend()).statusCode).toBe(202);
      expect((await resend()).statusCode).toBe(429);
    });
  });

  describe('server basics', () => {
    it('answers health with the database reachable', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ status: 'ok', database: backend });
    });

    it('answers unknown API paths with a JSON 404', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
      expect(res.statusCode).toBe(404);
      expect(json(res).error).toBe(SERVER_ERRORS.notFound);
    });

    it('sends security headers on every answer', async () => {
      for (const url of ['/api/health', '/api/no-such-thing']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.headers['content-security-policy']).toContain("default-src 'self'");
        // Scripts from Segue alone; WebAssembly (practice mode's time-stretch) may compile.
        expect(res.headers['content-security-policy']).toContain(
          "script-src 'self' 'wasm-unsafe-eval';",
        );
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(res.headers['referrer-policy']).toBe('no-referrer');
      }
    });

    it('refuses a body over the size limit with 413, not 500', async () => {
      const res = await register({ ...newPerson(), name: 'x'.repeat(2 * 1024 * 1024) });
      expect(res.statusCode).toBe(413);
      expect(json(res).error).toEqual(expect.any(String));
    });
  });
});
