import { ATTEMPT_LIMITS } from './accounts.service.ts';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_SETTINGS_TEXTS, ERROR_CODES } from '@segue/shared';
import { backends, rows } from '../../test/databases.ts';
import { createAccount, createSession, createTeam } from '../../test/factories.ts';
import {
  bearer,
  json,
  newPerson,
  startTestApp,
  uniqueAddress,
  type TestApp,
} from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Mail, Mailer } from '../lib/mailer.ts';
import { TeamsRepository } from '../teams/teams.repository.ts';
import { ChangeFeed } from '../lib/change-feed.ts';
import { MailQueue } from '../lib/mail-queue.ts';
import { MemoryRateLimiter } from '../lib/rate-limit.ts';
import { AccountSettingsService, AUTH_SECRET_CHANGED_MESSAGE } from './account-settings.service.ts';
import { AccountsRepository } from './accounts.repository.ts';
import { createAuth } from './auth.ts';
import { SessionResolver } from './sessions.ts';
import { TwoFactorRepository } from './two-factor.repository.ts';
import { totp } from './totp.ts';

/** The code an authenticator shows in the next 30 s step: still accepted (clock drift). */
const nextCode = (secret: string) => totp(secret, Date.now() + 30_000);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** A mail server that answers after `ms`, or throws after it. */
function slowMailer(ms: number, fails = false) {
  const sent: Mail[] = [];
  const mailer: Mailer & { sent: Mail[] } = {
    sent,
    async send(mail) {
      await new Promise((resolve) => setTimeout(resolve, ms));
      if (fails) throw new Error('SMTP server not answering');
      sent.push(mail);
    },
    close() {},
  };
  return mailer;
}

describe.each(backends)('account settings on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = (email: string, password: string, otp?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/sessions/email',
      payload: { email, password, ...(otp ? { otp } : {}) },
      remoteAddress: uniqueAddress(),
    });
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    jwt: string | null,
    payload?: object,
  ) =>
    t.app.inject({ method, url, headers: jwt ? bearer(jwt) : {}, ...(payload ? { payload } : {}) });
  const me = (jwt: string) => call('GET', '/api/account', jwt);

  /** Another instance on the same database, with its own mailer or AUTH_SECRET; closed after `use`. */
  async function withSideApp(
    options: { mailer?: Mailer; authSecret?: string; logLines?: Record<string, unknown>[] },
    use: (app: FastifyInstance) => Promise<void>,
  ) {
    const config = loadConfig(
      {},
      {
        authSecret: options.authSecret ?? 'test-secret-test-secret-test-secret-0123',
        dataDir: '/tmp/segue-test-unused',
        port: 3000,
      },
    );
    const lines = options.logLines;
    const app = await buildApp({
      config,
      database: t.database,
      mailer: options.mailer,
      logger: lines
        ? {
            level: 'warn',
            stream: {
              write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>),
            },
          }
        : false,
    });
    await app.ready();
    try {
      await use(app);
    } finally {
      await app.close();
    }
  }

  /** A verified person who turned two-factor on (with the current code). */
  async function withTwoFactor() {
    const { person, jwt, userId } = await createAccount(t);
    const setup = await call('POST', '/api/account/mfa/authenticators/totp', jwt, {
      password: person.password,
    });
    const { secret } = json<{ secret: string }>(setup);
    const enablingCode = totp(secret);
    const confirmed = await call('PUT', '/api/account/mfa/authenticators/totp', jwt, {
      otp: enablingCode,
    });
    expect(confirmed.statusCode).toBe(200);
    const { backupCodes } = json<{ backupCodes: string[] }>(confirmed);
    return { person, jwt, userId, secret, enablingCode, backupCodes };
  }

  /**
   * The settings service on the test's database, built as src/admin.ts builds it (no
   * mail goes out): for what no route reaches, or to call a check straight.
   */
  function settingsService(authSecret = 'test-secret-test-secret-test-secret-0123') {
    const { db } = t.database;
    const config = loadConfig({}, { authSecret, dataDir: '/tmp/segue-test-unused' });
    const quiet = { warn() {}, error() {} };
    const feed = new ChangeFeed();
    const teams = new TeamsRepository(db, feed);
    return new AccountSettingsService({
      accounts: new AccountsRepository(db),
      twoFactor: new TwoFactorRepository(db),
      auth: createAuth({ db, secret: config.authSecret, appUrl: config.appUrl }),
      mailer: new MailQueue(slowMailer(0), { log: quiet }),
      limiter: new MemoryRateLimiter(),
      sessions: new SessionResolver(db, feed),
      config,
      log: quiet,
      teamIdsOf: (userId) => teams.teamIdsOf(userId),
      teamsOwnedBy: (userId) => teams.namesOwnedBy(userId),
    });
  }

  /** Asks for a reset link and waits for its mail. */
  async function resetLink(email: string) {
    expect((await call('POST', '/api/account/recovery', null, { email })).statusCode).toBe(202);
    await t.app.mailQueue.idle();
    const link = t.inbox.lastLinkTo(email);
    expect(link.pathname).toBe('/reset-password');
    return link;
  }
  const useResetLink = (link: URL, password: string) =>
    call('PUT', '/api/account/recovery', null, {
      userId: link.searchParams.get('userId')!,
      secret: link.searchParams.get('secret')!,
      password,
    });

  /** Asks to move the account to a new address and answers the mailed confirmation link. */
  async function emailChangeLink(jwt: string, password: string) {
    const email = `moving-${randomUUID().slice(0, 8)}@example.com`;
    expect((await call('PATCH', '/api/account/email', jwt, { email, password })).statusCode).toBe(
      202,
    );
    return t.inbox.lastLinkTo(email);
  }
  const useEmailChangeLink = (link: URL) =>
    call('PUT', '/api/account/email', null, {
      userId: link.searchParams.get('userId')!,
      secret: link.searchParams.get('secret')!,
    });

  it('every settings call needs a signed-in account', async () => {
    for (const [method, url] of [
      ['PATCH', '/api/account/name'],
      ['PATCH', '/api/account/phone'],
      ['PUT', '/api/account/locale'],
      ['PATCH', '/api/account/email'],
      ['PATCH', '/api/account/password'],
      ['GET', '/api/account/sessions'],
      ['DELETE', '/api/account/sessions'],
      ['DELETE', '/api/account/sessions/x'],
      ['GET', '/api/account/mfa'],
      ['POST', '/api/account/mfa/authenticators/totp'],
      ['PUT', '/api/account/mfa/authenticators/totp'],
      ['DELETE', '/api/account/mfa/authenticators/totp'],
      ['DELETE', '/api/account'],
    ] as const) {
      expect((await call(method, url, null, {})).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('changes name and phone', async () => {
    const { jwt } = await createAccount(t);
    const named = await call('PATCH', '/api/account/name', jwt, { name: '  Deborah Judge ' });
    expect(json(named).name).toBe('Deborah Judge');
    expect(json(await me(jwt)).name).toBe('Deborah Judge');
    expect((await call('PATCH', '/api/account/name', jwt, { name: ' ' })).statusCode).toBe(400);
    await call('PATCH', '/api/account/phone', jwt, { phone: '+44 20 7946 0000' });
    expect(json(await me(jwt)).phone).toBe('+44 20 7946 0000');
  });

  it("keeps the interface's language with the account, for every device", async () => {
    const { person, jwt } = await createAccount(t);
    expect(json(await me(jwt)).locale).toBeNull();
    const chosen = await call('PUT', '/api/account/locale', jwt, { locale: 'pt-BR' });
    expect(chosen.statusCode).toBe(200);
    expect(json(chosen).locale).toBe('pt-BR');
    expect(json(await me(jwt)).locale).toBe('pt-BR');
    // A sign-in on another device takes it from the account.
    const signedIn = await login(person.email, person.password);
    expect(json<{ user: { locale: string } }>(signedIn).user.locale).toBe('pt-BR');
    // null: follow the browser again.
    await call('PUT', '/api/account/locale', jwt, { locale: null });
    expect(json(await me(jwt)).locale).toBeNull();
  });

  it('refuses a language that is not offered', async () => {
    const { jwt } = await createAccount(t);
    for (const body of [{ locale: 'pt' }, { locale: 'xx' }, { locale: 3 }, {}]) {
      const res = await call('PUT', '/api/account/locale', jwt, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(json(await me(jwt)).locale).toBeNull();
  });

  it('changes the password with the current one, refusing common ones, signing out other sessions', async () => {
    const { person, jwt, userId } = await createAccount(t);
    const other = (await createSession(t, userId)).token;
    const wrong = await call('PATCH', '/api/account/password', jwt, {
      oldPassword: 'nope-nope',
      password: 'a brand new secret',
    });
    expect(wrong.statusCode).toBe(403);
    expect(json(wrong)).toMatchObject({
      error: ACCOUNT_SETTINGS_TEXTS.wrongPassword,
      code: 'wrong_password',
    });
    const common = await call('PATCH', '/api/account/password', jwt, {
      oldPassword: person.password,
      password: 'Password123',
    });
    expect(common.statusCode).toBe(400);
    expect(json(common).error).toBe(ACCOUNT_SETTINGS_TEXTS.commonPassword);
    const short = await call('PATCH', '/api/account/password', jwt, {
      oldPassword: person.password,
      password: 'short',
    });
    expect(json(short).error).toBe('Password must be at least 8 characters.');

    const ok = await call('PATCH', '/api/account/password', jwt, {
      oldPassword: person.password,
      password: 'a brand new secret',
    });
    expect(ok.statusCode).toBe(200);
    expect((await me(jwt)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(person.email, person.password)).statusCode).toBe(401);
    expect((await login(person.email, 'a brand new secret')).statusCode).toBe(201);
  });

  it('refuses common passwords at registration too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account',
      payload: newPerson({ password: 'iloveyou' }),
      remoteAddress: uniqueAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toBe(ACCOUNT_SETTINGS_TEXTS.commonPassword);
  });

  it('resets a forgotten password once, within the hour, signing out every session', async () => {
    const { person, jwt } = await createAccount(t);
    const known = await call('POST', '/api/account/recovery', null, { email: person.email });
    const unknown = await call('POST', '/api/account/recovery', null, {
      email: 'nobody-at-all@example.com',
    });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    // The mail goes out after the answer.
    await t.app.mailQueue.idle();
    const link = t.inbox.lastLinkTo(person.email);
    expect(link.pathname).toBe('/reset-password');
    const reset = (password: string) =>
      call('PUT', '/api/account/recovery', null, {
        userId: link.searchParams.get('userId')!,
        secret: link.searchParams.get('secret')!,
        password,
      });
    expect((await reset('qwertyuiop')).statusCode).toBe(400);
    expect((await reset('my reset password')).statusCode).toBe(200);
    expect((await me(jwt)).statusCode).toBe(401);
    expect((await login(person.email, 'my reset password')).statusCode).toBe(201);
    const again = await reset('another reset pass');
    expect(again.statusCode).toBe(400);
    expect(json(again).error).toBe(ACCOUNT_SETTINGS_TEXTS.linkInvalid);

    await call('POST', '/api/account/recovery', null, { email: person.email });
    await t.app.mailQueue.idle();
    const late = t.inbox.lastLinkTo(person.email);
    await t.database.db.execute(
      // A reset link's row holds `password-reset:<userId>` (account-settings.service.ts).
      sql`update verification set expires_at = now() - interval '1 second' where value = ${`password-reset:${late.searchParams.get('userId')}`}`,
    );
    const expired = await call('PUT', '/api/account/recovery', null, {
      userId: late.searchParams.get('userId')!,
      secret: late.searchParams.get('secret')!,
      password: 'too late password',
    });
    expect(expired.statusCode).toBe(400);
  });

  it('changes the e-mail only after the link sent to the new address, telling the old one', async () => {
    const { person, jwt } = await createAccount(t);
    const newEmail = `moved-${randomUUID().slice(0, 8)}@example.com`;
    const wrong = await call('PATCH', '/api/account/email', jwt, {
      email: newEmail,
      password: 'not mine at all',
    });
    expect(wrong.statusCode).toBe(403);
    const asked = await call('PATCH', '/api/account/email', jwt, {
      email: newEmail,
      password: person.password,
    });
    expect(asked.statusCode).toBe(202);
    expect(json(await me(jwt)).email).toBe(person.email);
    // The notice to the old address is sent by the mail queue, after the answer.
    await t.app.mailQueue.idle();
    expect(
      t.inbox.mails.some((m) => m.to === person.email && /being changed/.test(m.subject)),
    ).toBe(true);
    const link = t.inbox.lastLinkTo(newEmail);
    expect(link.pathname).toBe('/confirm-email');
    const confirm = () =>
      call('PUT', '/api/account/email', null, {
        userId: link.searchParams.get('userId')!,
        secret: link.searchParams.get('secret')!,
      });
    expect((await confirm()).statusCode).toBe(200);
    expect(json(await me(jwt)).email).toBe(newEmail);
    expect((await confirm()).statusCode).toBe(400);
    expect((await login(newEmail, person.password)).statusCode).toBe(201);

    // A link older than 24 hours no longer works.
    const later = `later-${randomUUID().slice(0, 8)}@example.com`;
    await call('PATCH', '/api/account/email', jwt, { email: later, password: person.password });
    const stale = t.inbox.lastLinkTo(later);
    await t.database.db.execute(
      sql`update verification set expires_at = now() - interval '1 second' where value like ${'%' + later + '%'}`,
    );
    const expired = await call('PUT', '/api/account/email', null, {
      userId: stale.searchParams.get('userId')!,
      secret: stale.searchParams.get('secret')!,
    });
    expect(expired.statusCode).toBe(400);
    expect(json(await me(jwt)).email).toBe(newEmail);
  });

  it('lists sessions with this one marked, and signs out one or all others', async () => {
    const { jwt, userId } = await createAccount(t);
    const second = (await createSession(t, userId)).token;
    const third = (await createSession(t, userId)).token;
    const list = json<{ $id: string; current: boolean; ip: string; lastActiveAt: string }[]>(
      await call('GET', '/api/account/sessions', jwt),
    );
    expect(list.length).toBe(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.every((s) => s.ip !== '')).toBe(true);

    const secondId = json<{ $id: string; current: boolean }[]>(
      await call('GET', '/api/account/sessions', second),
    ).find((s) => s.current)!.$id;
    expect((await call('DELETE', `/api/account/sessions/${secondId}`, jwt)).statusCode).toBe(204);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(third)).statusCode).toBe(200);

    const stranger = await createAccount(t);
    const theirs = json<{ $id: string }[]>(
      await call('GET', '/api/account/sessions', stranger.jwt),
    )[0]!.$id;
    expect((await call('DELETE', `/api/account/sessions/${theirs}`, jwt)).statusCode).toBe(404);
    expect((await me(stranger.jwt)).statusCode).toBe(200);

    expect((await call('DELETE', '/api/account/sessions', jwt)).statusCode).toBe(204);
    expect((await me(third)).statusCode).toBe(401);
    expect((await me(jwt)).statusCode).toBe(200);
  });

  it('two-factor: set up with a code, log in with a code or a backup code (once), disable', async () => {
    const { person, jwt } = await createAccount(t);
    const setup = await call('POST', '/api/account/mfa/authenticators/totp', jwt, {
      password: person.password,
    });
    expect(setup.statusCode).toBe(201);
    const { secret, uri } = json<{ secret: string; uri: string }>(setup);
    expect(uri).toContain(`secret=${secret}`);
    expect(
      (await call('PUT', '/api/account/mfa/authenticators/totp', jwt, { otp: '000000' }))
        .statusCode,
    ).toBe(400);
    const confirmed = await call('PUT', '/api/account/mfa/authenticators/totp', jwt, {
      otp: totp(secret),
    });
    const { backupCodes } = json<{ backupCodes: string[] }>(confirmed);
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);

    const noCode = await login(person.email, person.password);
    expect(noCode.statusCode).toBe(401);
    expect(json(noCode)).toMatchObject({
      code: ERROR_CODES.mfaRequired,
      error: ACCOUNT_SETTINGS_TEXTS.mfaRequired,
    });
    expect(noCode.headers['set-cookie']).toBeUndefined();
    expect(json(await login(person.email, person.password, '123456')).error).toBe(
      ACCOUNT_SETTINGS_TEXTS.mfaInvalid,
    );
    // The code that turned two-factor on is used up: the app's next one logs in.
    expect((await login(person.email, person.password, nextCode(secret))).statusCode).toBe(201);
    expect((await login(person.email, person.password, backupCodes[0])).statusCode).toBe(201);
    expect((await login(person.email, person.password, backupCodes[0])).statusCode).toBe(401);
    expect(json(await call('GET', '/api/account/mfa', jwt))).toEqual({
      totp: true,
      backupCodesLeft: 9,
    });
    const stored = await rows<{ backup_codes: string[] }>(
      t.database,
      sql`select backup_codes from two_factor`,
    );
    expect(JSON.stringify(stored)).not.toContain(backupCodes[1]!);

    expect(
      (
        await call('DELETE', '/api/account/mfa/authenticators/totp', jwt, {
          password: 'wrong password',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call('DELETE', '/api/account/mfa/authenticators/totp', jwt, {
          password: person.password,
        })
      ).statusCode,
    ).toBe(204);
    expect((await login(person.email, person.password)).statusCode).toBe(201);
  });

  it('deletes an account after the typed e-mail, never while it owns a team, keeping team songs', async () => {
    const owner = await createAccount(t);
    const member = await createAccount(t);
    const teamId = await createTeam(t, { owner, name: 'Kept Team', members: [member] });
    const song = await t.app.inject({
      method: 'POST',
      url: '/api/songs',
      headers: { ...bearer(member.jwt), 'x-team-id': teamId },
      payload: { title: 'Stays', parts: [{ label: 'V', lines: [{}] }] },
    });
    expect(song.statusCode).toBe(201);

    const mismatch = await call('DELETE', '/api/account', member.jwt, {
      email: 'someone-else@example.com',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(json(mismatch).error).toBe(ACCOUNT_SETTINGS_TEXTS.confirmEmailMismatch);
    const owns = await call('DELETE', '/api/account', owner.jwt, { email: owner.person.email });
    expect(owns.statusCode).toBe(409);
    expect(json(owns).error).toBe(ACCOUNT_SETTINGS_TEXTS.ownsTeams(['Kept Team']));

    expect(
      (
        await call('DELETE', '/api/account', member.jwt, {
          email: member.person.email.toUpperCase(),
        })
      ).statusCode,
    ).toBe(204);
    expect((await me(member.jwt)).statusCode).toBe(401);
    expect((await login(member.person.email, member.person.password)).statusCode).toBe(401);
    const team = json<{ members: string[]; stats: { songs: number } }>(
      await call('GET', `/api/teams/${teamId}`, owner.jwt),
    );
    expect(team.members).not.toContain(member.userId);
    expect(team.stats.songs).toBe(1);
  });

  describe('two-factor codes are used up', () => {
    it('40 wrong codes at once: no more are checked than the attempt limit allows', async () => {
      const { person, secret } = await withTwoFactor();
      const valid = new Set([-30_000, 0, 30_000].map((d) => totp(secret, Date.now() + d)));
      const wrong = ['000000', '111111', '222222'].find((c) => !valid.has(c))!;
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => login(person.email, person.password, wrong)),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 401).length).toBe(ATTEMPT_LIMITS.failedLoginsPerAccount);
      expect(statuses.filter((s) => s === 429).length).toBe(
        40 - ATTEMPT_LIMITS.failedLoginsPerAccount,
      );
      // Even the right code waits for the window to end.
      expect((await login(person.email, person.password, nextCode(secret))).statusCode).toBe(429);
    });

    it('a code logs in once; the code that turned two-factor on does not log in', async () => {
      const { person, secret, enablingCode } = await withTwoFactor();
      const enabling = await login(person.email, person.password, enablingCode);
      expect(enabling.statusCode).toBe(401);
      expect(json(enabling).error).toBe(ACCOUNT_SETTINGS_TEXTS.mfaInvalid);
      const code = nextCode(secret);
      expect((await login(person.email, person.password, code)).statusCode).toBe(201);
      const replayed = await login(person.email, person.password, code);
      expect(replayed.statusCode).toBe(401);
      expect(json(replayed)).toMatchObject({
        error: ACCOUNT_SETTINGS_TEXTS.mfaInvalid,
        code: ERROR_CODES.mfaRequired,
      });
      expect(replayed.headers['set-cookie']).toBeUndefined();
    });

    it('two logins racing with the same code: exactly one gets in', async () => {
      const { person, secret } = await withTwoFactor();
      const codeAt = Date.now() + 30_000;
      const code = totp(secret, codeAt);
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => login(person.email, person.password, code)),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 401, 401, 401]);
      const [stored] = await rows<{ last_totp_step: number }>(
        t.database,
        sql`select last_totp_step from two_factor where user_id = (select id from "user" where email = ${person.email})`,
      );
      expect(Number(stored!.last_totp_step)).toBe(Math.floor(codeAt / 30_000));
    });

    it('two logins racing with the same backup code: exactly one gets in', async () => {
      const { person, jwt, backupCodes } = await withTwoFactor();
      const code = backupCodes[0]!;
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => login(person.email, person.password, code)),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 401, 401, 401]);
      for (const refused of answers.filter((a) => a.statusCode === 401)) {
        expect(json(refused)).toMatchObject({
          error: ACCOUNT_SETTINGS_TEXTS.mfaInvalid,
          code: ERROR_CODES.mfaRequired,
        });
        expect(refused.headers['set-cookie']).toBeUndefined();
      }
      expect(json(await call('GET', '/api/account/mfa', jwt))).toEqual({
        totp: true,
        backupCodesLeft: 9,
      });
      // Used up for good: a later try is refused too.
      expect((await login(person.email, person.password, code)).statusCode).toBe(401);
    });

    it('two-factor checks racing with the same backup code: exactly one passes', async () => {
      const { userId, backupCodes } = await withTwoFactor();
      const checks = settingsService();
      const code = backupCodes[1]!;
      // Straight at the check login and turning two-factor off rely on, so the uses
      // overlap on the database's connections rather than behind password hashing.
      const passed = await Promise.all(
        Array.from({ length: 8 }, () => checks.checkSecondFactor(userId, code)),
      );
      expect(passed.filter(Boolean)).toHaveLength(1);
    });

    it('different backup codes used at once all pass, each once', async () => {
      const { userId, backupCodes } = await withTwoFactor();
      const checks = settingsService();
      const codes = backupCodes.slice(2, 6);
      const passed = await Promise.all(codes.map((code) => checks.checkSecondFactor(userId, code)));
      expect(passed).toEqual([true, true, true, true]);
      const again = await Promise.all(codes.map((code) => checks.checkSecondFactor(userId, code)));
      expect(again).toEqual([false, false, false, false]);
    });
  });

  describe('turning two-factor on and changing the password shut out whoever else was in', () => {
    it('enabling two-factor ends the other sessions and voids reset links', async () => {
      const { person, jwt, userId } = await createAccount(t);
      const other = (await createSession(t, userId)).token;
      const link = await resetLink(person.email);
      const { secret } = json<{ secret: string }>(
        await call('POST', '/api/account/mfa/authenticators/totp', jwt, {
          password: person.password,
        }),
      );
      expect((await me(other)).statusCode).toBe(200);
      const enabled = await call('PUT', '/api/account/mfa/authenticators/totp', jwt, {
        otp: totp(secret),
      });
      expect(enabled.statusCode).toBe(200);
      expect((await me(jwt)).statusCode).toBe(200);
      expect((await me(other)).statusCode).toBe(401);
      const reset = await useResetLink(link, 'around the second factor');
      expect(reset.statusCode).toBe(400);
      expect(json(reset).error).toBe(ACCOUNT_SETTINGS_TEXTS.linkInvalid);
      expect((await login(person.email, 'around the second factor')).statusCode).toBe(401);
    });

    it('a password change ends the other sessions even unticked, and voids reset and e-mail change links', async () => {
      const { person, jwt, userId } = await createAccount(t);
      const other = (await createSession(t, userId)).token;
      const reset = await resetLink(person.email);
      const moving = await emailChangeLink(jwt, person.password);
      const changed = await call('PATCH', '/api/account/password', jwt, {
        oldPassword: person.password,
        password: 'a fresh password here',
        signOutOthers: false,
      });
      expect(changed.statusCode).toBe(200);
      expect((await me(jwt)).statusCode).toBe(200);
      expect((await me(other)).statusCode).toBe(401);
      expect((await useResetLink(reset, 'the attacker password')).statusCode).toBe(400);
      expect((await useEmailChangeLink(moving)).statusCode).toBe(400);
      expect(json(await me(jwt)).email).toBe(person.email);
      expect((await login(person.email, 'a fresh password here')).statusCode).toBe(201);
    });

    it('a reset through the link voids the other reset and e-mail change links', async () => {
      const { person, jwt } = await createAccount(t);
      const first = await resetLink(person.email);
      const second = await resetLink(person.email);
      const moving = await emailChangeLink(jwt, person.password);
      expect((await useResetLink(second, 'the newer link works')).statusCode).toBe(200);
      expect((await me(jwt)).statusCode).toBe(401);
      const older = await useResetLink(first, 'the older link is void');
      expect(older.statusCode).toBe(400);
      expect(json(older).error).toBe(ACCOUNT_SETTINGS_TEXTS.linkInvalid);
      expect((await useEmailChangeLink(moving)).statusCode).toBe(400);
      expect((await login(person.email, 'the newer link works')).statusCode).toBe(201);
    });

    it('leaves other accounts’ links alone', async () => {
      const changer = await createAccount(t);
      const bystander = await createAccount(t);
      const link = await resetLink(bystander.person.email);
      const moving = await emailChangeLink(bystander.jwt, bystander.person.password);
      await call('PATCH', '/api/account/password', changer.jwt, {
        oldPassword: changer.person.password,
        password: 'only my own links go',
      });
      expect((await useEmailChangeLink(moving)).statusCode).toBe(200);
      expect((await useResetLink(link, 'still my own link')).statusCode).toBe(200);
    });
  });

  describe('a changed AUTH_SECRET', () => {
    it('refuses authenticator codes with 401 and a clear log line, and lets backup codes in', async () => {
      const { person, jwt, secret, backupCodes } = await withTwoFactor();
      const pending = await createAccount(t);
      const started = json<{ secret: string }>(
        await call('POST', '/api/account/mfa/authenticators/totp', pending.jwt, {
          password: pending.person.password,
        }),
      );
      const logLines: Record<string, unknown>[] = [];
      await withSideApp(
        { authSecret: 'another-secret-another-secret-0123456789', logLines },
        async (app) => {
          const loginThere = (code: string) =>
            app.inject({
              method: 'POST',
              url: '/api/account/sessions/email',
              payload: { email: person.email, password: person.password, otp: code },
              remoteAddress: uniqueAddress(),
            });
          const refused = await loginThere(nextCode(secret));
          expect(refused.statusCode).toBe(401);
          expect(json(refused).error).toBe(ACCOUNT_SETTINGS_TEXTS.mfaInvalid);
          const cause = logLines.filter((l) => l.msg === AUTH_SECRET_CHANGED_MESSAGE);
          expect(cause).toHaveLength(1);
          expect(cause[0]).toMatchObject({ level: 50 });
          expect(String(cause[0]!.msg)).toContain('AUTH_SECRET has changed');

          expect((await loginThere(backupCodes[0]!)).statusCode).toBe(201);
          expect((await loginThere(backupCodes[0]!)).statusCode).toBe(401);

          // A setup begun under the old secret cannot be finished: refused, not a 500.
          const confirm = await app.inject({
            method: 'PUT',
            url: '/api/account/mfa/authenticators/totp',
            headers: bearer(pending.jwt),
            payload: { otp: totp(started.secret) },
          });
          expect(confirm.statusCode).toBe(400);
          expect(json(confirm).error).toBe(ACCOUNT_SETTINGS_TEXTS.mfaInvalid);
        },
      );
      // Under the secret it was set up with, the authenticator works as before.
      expect((await login(person.email, person.password, nextCode(secret))).statusCode).toBe(201);
      expect((await me(jwt)).statusCode).toBe(200);
    });

    it('the admin reset turns two-factor off and ends every session', async () => {
      const { person, jwt, userId } = await withTwoFactor();
      const admin = settingsService('lost');
      expect(await admin.resetTwoFactor(person.email.toUpperCase())).toEqual({
        userId,
        hadTwoFactor: true,
        sessionsEnded: 1,
      });
      expect(await admin.resetTwoFactor('nobody-by-that-address@example.com')).toBeNull();
      // Another instance's cache holds a token for at most 30 s; this one is told at once below.
      await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(jwt) });
      const rowsLeft = await rows<{ n: number }>(
        t.database,
        sql`select count(*)::int as n from session where user_id = ${userId}`,
      );
      expect(rowsLeft[0]!.n).toBe(0);
      expect((await login(person.email, person.password)).statusCode).toBe(201);
    });
  });

  describe('forgot password and resend verification answer alike for every address', () => {
    const recover = (app: FastifyInstance, email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/account/recovery',
        payload: { email },
        remoteAddress: uniqueAddress(),
      });
    const resend = (app: FastifyInstance, email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/account/verification',
        payload: { email },
        remoteAddress: uniqueAddress(),
      });
    const unknownAddress = () => `nobody-${randomUUID().slice(0, 12)}@example.com`;

    it('the same status and body, and no 502, when the mail server is down', async () => {
      const known = await createAccount(t);
      const unverified = (await createAccount(t, { verified: false })).person;
      const down = slowMailer(0, true);
      await withSideApp({ mailer: down }, async (app) => {
        const pairs = [
          [await recover(app, known.person.email), await recover(app, unknownAddress())],
          [await resend(app, unverified.email), await resend(app, unknownAddress())],
        ] as const;
        for (const [forKnown, forUnknown] of pairs) {
          expect(forKnown.statusCode).toBe(202);
          expect(forUnknown.statusCode).toBe(forKnown.statusCode);
          expect(forUnknown.body).toBe(forKnown.body);
          expect(forUnknown.headers['content-type']).toBe(forKnown.headers['content-type']);
        }
        expect(json(pairs[0][0])).toEqual({ message: ACCOUNT_SETTINGS_TEXTS.recoverySent });
      });
    });

    it('retries a mail that failed, and it arrives', async () => {
      const { person } = await createAccount(t);
      let tries = 0;
      const flaky: Mailer & { sent: Mail[] } = {
        sent: [],
        async send(mail) {
          tries += 1;
          if (tries === 1) throw new Error('421 try again later');
          this.sent.push(mail);
        },
        close() {},
      };
      const logLines: Record<string, unknown>[] = [];
      await withSideApp({ mailer: flaky, logLines }, async (app) => {
        expect((await recover(app, person.email)).statusCode).toBe(202);
        await app.mailQueue.idle();
      });
      expect(tries).toBe(2);
      expect(flaky.sent.map((m) => [m.to, m.subject])).toEqual([
        [person.email, 'Reset your Segue password'],
      ]);
      expect(logLines.map((l) => [l.level, l.msg])).toEqual([
        [40, `mail to ${person.email} not sent; trying again in 1 s`],
      ]);
    });

    it('in the same time: the lookup and the mail happen after the answer', async () => {
      const slow = slowMailer(200);
      const people = await Promise.all([0, 1, 2].map(() => createAccount(t)));
      const unverified = (
        await Promise.all([0, 1, 2].map(() => createAccount(t, { verified: false })))
      ).map((p) => p.person);
      const timings: Record<string, { known: number[]; unknown: number[] }> = {};
      await withSideApp({ mailer: slow }, async (app) => {
        const time = async (ask: Promise<{ statusCode: number }>) => {
          const started = performance.now();
          expect((await ask).statusCode).toBe(202);
          return performance.now() - started;
        };
        for (const [name, ask, knownAddresses] of [
          ['recovery', recover, people.map((p) => p.person.email)],
          ['resend', resend, unverified.map((p) => p.email)],
        ] as const) {
          for (let i = 0; i < 3; i++) await time(ask(app, unknownAddress())); // warm up
          const known: number[] = [];
          const unknown: number[] = [];
          // 15 of each, taking turns; each address 5 times (its hourly limit).
          for (let i = 0; i < 15; i++) {
            known.push(await time(ask(app, knownAddresses[i % 3]!)));
            unknown.push(await time(ask(app, unknownAddress())));
          }
          timings[name] = { known, unknown };
        }
        await app.mailQueue.idle();
      });
      for (const [name, { known, unknown }] of Object.entries(timings)) {
        console.log(
          `${backend} ${name}: median ${median(known).toFixed(2)} ms known, ${median(unknown).toFixed(2)} ms unknown`,
        );
        expect(Math.abs(median(known) - median(unknown)), name).toBeLessThan(20);
        // The mail server takes 200 ms: the answer did not wait for it.
        expect(median(known), name).toBeLessThan(100);
      }
      // Yet every known address got its mail, and no unknown one did.
      const sentTo = slow.sent.map((m) => m.to).sort();
      expect(sentTo).toEqual(
        [...people.map((p) => p.person.email), ...unverified.map((p) => p.email)]
          .flatMap((email) => Array(5).fill(email) as string[])
          .sort(),
      );
    });
  });
});
