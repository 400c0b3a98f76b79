import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACCOUNT_SETTINGS_TEXTS, ERROR_CODES } from '@segue/shared';
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
import { TeamsRepository } from '../teams/teams.repository.ts';
import { totp } from './totp.ts';

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

  it('every settings call needs a signed-in account', async () => {
    for (const [method, url] of [
      ['PATCH', '/api/account/name'],
      ['PATCH', '/api/account/phone'],
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
    const { jwt } = await registerVerified(t);
    const named = await call('PATCH', '/api/account/name', jwt, { name: '  Deborah Judge ' });
    expect(json(named).name).toBe('Deborah Judge');
    expect(json(await me(jwt)).name).toBe('Deborah Judge');
    expect((await call('PATCH', '/api/account/name', jwt, { name: ' ' })).statusCode).toBe(400);
    await call('PATCH', '/api/account/phone', jwt, { phone: '+44 20 7946 0000' });
    expect(json(await me(jwt)).phone).toBe('+44 20 7946 0000');
  });

  it('changes the password with the current one, refusing common ones, signing out other sessions', async () => {
    const { person, jwt } = await registerVerified(t);
    const other = json<{ jwt: string }>(await login(person.email, person.password)).jwt;
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
    const { person, jwt } = await registerVerified(t);
    const known = await call('POST', '/api/account/recovery', null, { email: person.email });
    const unknown = await call('POST', '/api/account/recovery', null, {
      email: 'nobody-at-all@example.com',
    });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
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
    const late = t.inbox.lastLinkTo(person.email);
    await t.database.db.execute(
      sql`update verification set expires_at = now() - interval '1 second' where value = ${late.searchParams.get('userId')}`,
    );
    const expired = await call('PUT', '/api/account/recovery', null, {
      userId: late.searchParams.get('userId')!,
      secret: late.searchParams.get('secret')!,
      password: 'too late password',
    });
    expect(expired.statusCode).toBe(400);
  });

  it('changes the e-mail only after the link sent to the new address, telling the old one', async () => {
    const { person, jwt } = await registerVerified(t);
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
    const { person, jwt } = await registerVerified(t);
    const second = json<{ jwt: string }>(await login(person.email, person.password)).jwt;
    const third = json<{ jwt: string }>(await login(person.email, person.password)).jwt;
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

    const stranger = await registerVerified(t);
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
    const { person, jwt } = await registerVerified(t);
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
    expect((await login(person.email, person.password, totp(secret))).statusCode).toBe(201);
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
    const owner = await registerVerified(t);
    const member = await registerVerified(t);
    const teams = new TeamsRepository(t.database.db);
    const teamId = randomUUID();
    await teams.create({ id: teamId, name: 'Kept Team', description: '', ownerId: owner.userId });
    await teams.addMember(teamId, member.userId, { requireRequest: false });
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
});
