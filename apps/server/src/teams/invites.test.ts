import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { INVITE_TEXTS, SERVER_ERRORS } from '@segue/shared';
import type { AcceptedInvite, CreatedInvite, Invite, InvitePreview } from '@segue/shared';
import { backends, rows } from '../../test/databases.ts';
import { createAccount, createTeam, type FactoryAccount } from '../../test/factories.ts';
import {
  bearer,
  json,
  newPerson,
  registerVerified,
  startTestApp,
  uniqueAddress,
  type TestApp,
} from '../../test/harness.ts';
import { INVITE_RATE_LIMITS } from './invites.service.ts';
import { InvitesRepository } from './invites.repository.ts';

type Who = Pick<FactoryAccount, 'userId' | 'jwt'>;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const tokenOf = (url: string) => new URL(url).pathname.replace(/^\/invite\//, '');

describe.each(backends)('team invitations on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, as: Who | null, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: as ? bearer(as.jwt) : {},
      // Each call from an address of its own, so the per-address lookup limit does not couple tests.
      remoteAddress: uniqueAddress(),
      ...(payload ? { payload } : {}),
    });

  /** A team of its own for one test: a fresh owner, an admin and a plain member. */
  async function buildTeam(name = 'Invite Team') {
    const [owner, admin, member] = await Promise.all([
      createAccount(t, { name: 'Owner Person' }),
      createAccount(t, { name: 'Admin Person' }),
      createAccount(t, { name: 'Member Person' }),
    ]);
    const teamId = await createTeam(t, { owner, name, admins: [admin], members: [member] });
    return { teamId, owner, admin, member };
  }

  async function createLink(teamId: string, as: Who, body: object = {}) {
    const res = await call('POST', `/api/teams/${teamId}/invites`, as, {
      kind: 'link',
      expiresInDays: 7,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = json<CreatedInvite>(res);
    return { ...created, token: tokenOf(created.url!) };
  }

  const preview = async (token: string) => {
    const res = await call('GET', `/api/invites/${token}`, null);
    return { status: res.statusCode, body: json<InvitePreview & { error?: string }>(res) };
  };
  const accept = (token: string, as: Who | null) =>
    call('POST', `/api/invites/${token}/accept`, as);
  const pending = async (teamId: string, as: Who) =>
    json<Invite[]>(await call('GET', `/api/teams/${teamId}/invites`, as));
  const isMember = async (teamId: string, who: Who) =>
    (await call('GET', `/api/teams/${teamId}`, who)).statusCode === 200;
  const usesOf = async (inviteId: string) =>
    (
      await rows<{ uses: number }>(
        t.database,
        sql`select uses from team_invite where id = ${inviteId}`,
      )
    )[0]?.uses;

  it('makes a link of a random token, keeps only its hash, and joins whoever opens it', async () => {
    const { teamId, admin } = await buildTeam('Sunday Band');
    const created = await createLink(teamId, admin, { maxUses: null });
    // APP_URL is unset in the tests: the default, on the test config's port.
    expect(created.url).toBe(`http://localhost:3000/invite/${created.token}`);
    // 32 random bytes, base64url.
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.invite).toMatchObject({ kind: 'link', email: null, maxUses: null, uses: 0 });
    expect(JSON.stringify(created.invite)).not.toContain(created.token);
    const expiresIn = Date.parse(created.invite.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(7 * 86_400_000);

    // The token is not stored in clear: only its SHA-256, and nowhere else in the row.
    const [stored] = await rows<{ token_hash: string; whole: string }>(
      t.database,
      sql`select token_hash, row_to_json(i)::text as whole from team_invite i where id = ${created.invite._id}`,
    );
    expect(stored!.token_hash).toBe(sha256(created.token));
    expect(stored!.whole).not.toContain(created.token);

    // Anyone may see whom it joins, before signing in.
    expect(await preview(created.token)).toEqual({
      status: 200,
      body: { teamName: 'Sunday Band', kind: 'link', status: 'valid' },
    });

    // A signed-in stranger with a pending join request joins at once; the request goes.
    const joiner = await createAccount(t);
    await call('POST', `/api/teams/${teamId}/request`, joiner);
    expect(await isMember(teamId, joiner)).toBe(false);
    const res = await accept(created.token, joiner);
    expect(res.statusCode, res.body).toBe(200);
    const answer = json<AcceptedInvite>(res);
    expect(answer.joined).toBe(true);
    expect(answer.team).toMatchObject({ _id: teamId, name: 'Sunday Band' });
    expect(answer.team.members).toContain(joiner.userId);
    expect(await isMember(teamId, joiner)).toBe(true);
    const team = json<{ requestedUsers: string[] }>(
      await call('GET', `/api/teams/${teamId}`, admin),
    );
    expect(team.requestedUsers).not.toContain(joiner.userId);
    expect(await usesOf(created.invite._id)).toBe(1);

    // A member already is answered with the team and uses nothing.
    const again = await accept(created.token, joiner);
    expect(again.statusCode).toBe(200);
    expect(json<AcceptedInvite>(again).joined).toBe(false);
    expect(await usesOf(created.invite._id)).toBe(1);

    // A link without a limit keeps working.
    const second = await createAccount(t);
    expect((await accept(created.token, second)).statusCode).toBe(200);
    expect(await isMember(teamId, second)).toBe(true);
  });

  it('refuses a link once its uses are spent, and drops it from the pending list', async () => {
    const { teamId, owner } = await buildTeam();
    const { token, invite } = await createLink(teamId, owner, { maxUses: 2 });
    const [a, b, c] = await Promise.all([createAccount(t), createAccount(t), createAccount(t)]);
    expect((await accept(token, a)).statusCode).toBe(200);
    expect((await pending(teamId, owner)).find((i) => i._id === invite._id)?.uses).toBe(1);
    expect((await accept(token, b)).statusCode).toBe(200);

    const refused = await accept(token, c);
    expect(refused.statusCode).toBe(410);
    expect(json(refused).error).toBe(INVITE_TEXTS.used);
    expect(await isMember(teamId, c)).toBe(false);
    expect((await preview(token)).body.status).toBe('used');
    expect((await pending(teamId, owner)).map((i) => i._id)).not.toContain(invite._id);
    expect(await usesOf(invite._id)).toBe(2);
  });

  it('refuses an expired link, and lists only invitations that still work, newest first', async () => {
    const { teamId, owner } = await buildTeam();
    const old = await createLink(teamId, owner, { expiresInDays: 1 });
    const newer = await createLink(teamId, owner, { expiresInDays: 30, maxUses: 5 });
    expect((await pending(teamId, owner)).map((i) => i._id)).toEqual([
      newer.invite._id,
      old.invite._id,
    ]);
    const listed = await pending(teamId, owner);
    expect(JSON.stringify(listed)).not.toContain(old.token);
    expect(JSON.stringify(listed)).not.toContain(sha256(old.token));

    await t.database.db.execute(
      sql`update team_invite set expires_at = now() - interval '1 minute' where id = ${old.invite._id}`,
    );
    expect((await preview(old.token)).body.status).toBe('expired');
    const outsider = await createAccount(t);
    const refused = await accept(old.token, outsider);
    expect(refused.statusCode).toBe(410);
    expect(json(refused).error).toBe(INVITE_TEXTS.expired);
    expect(await isMember(teamId, outsider)).toBe(false);
    expect(await usesOf(old.invite._id)).toBe(0);
    expect((await pending(teamId, owner)).map((i) => i._id)).toEqual([newer.invite._id]);
  });

  it('checks the expiry, the use limit and the kind of a new invitation', async () => {
    const { teamId, owner } = await buildTeam();
    for (const body of [
      { kind: 'link', expiresInDays: 0 },
      { kind: 'link', expiresInDays: 31 },
      { kind: 'link', expiresInDays: 1.5 },
      { kind: 'link', expiresInDays: '7' },
      { kind: 'link' },
      { kind: 'link', expiresInDays: 7, maxUses: 0 },
      { kind: 'link', expiresInDays: 7, maxUses: 1001 },
      { kind: 'email', expiresInDays: 7, email: 'not an address' },
      { kind: 'email', expiresInDays: 7 },
      { kind: 'poster', expiresInDays: 7 },
      {},
    ]) {
      const res = await call('POST', `/api/teams/${teamId}/invites`, owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res).error).toEqual(expect.any(String));
    }
    const res = await call('POST', `/api/teams/${teamId}/invites`, owner, {
      kind: 'link',
      expiresInDays: 3,
    });
    expect(res.statusCode).toBe(201);
    expect(json<CreatedInvite>(res).invite.maxUses).toBeNull();
    expect((await pending(teamId, owner)).length).toBe(1);
  });

  it('withdraws an invitation at once, and only the team’s own', async () => {
    const { teamId, admin } = await buildTeam();
    const other = await buildTeam('Other Team');
    const mine = await createLink(teamId, admin);
    const theirs = await createLink(other.teamId, other.owner);

    // Another team's invitation is not found through this team, and keeps working.
    const foreign = await call(
      'DELETE',
      `/api/teams/${teamId}/invites/${theirs.invite._id}`,
      admin,
    );
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign).error).toBe(INVITE_TEXTS.inviteNotFound);
    const missing = await call('DELETE', `/api/teams/${teamId}/invites/${randomUUID()}`, admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe(foreign.body);
    expect((await preview(theirs.token)).body.status).toBe('valid');

    const withdrawn = await call(
      'DELETE',
      `/api/teams/${teamId}/invites/${mine.invite._id}`,
      admin,
    );
    expect(withdrawn.statusCode).toBe(204);
    expect((await preview(mine.token)).body.status).toBe('revoked');
    expect(await pending(teamId, admin)).toEqual([]);
    const outsider = await createAccount(t);
    const refused = await accept(mine.token, outsider);
    expect(refused.statusCode).toBe(410);
    expect(json(refused).error).toBe(INVITE_TEXTS.revoked);
    expect(await isMember(teamId, outsider)).toBe(false);
    // Withdrawing twice is no error.
    expect(
      (await call('DELETE', `/api/teams/${teamId}/invites/${mine.invite._id}`, admin)).statusCode,
    ).toBe(204);
  });

  it('mails a single-use link to an address without an account, which works once', async () => {
    const { teamId, admin } = await buildTeam('Mail Team');
    const person = newPerson();
    const res = await call('POST', `/api/teams/${teamId}/invites`, admin, {
      kind: 'email',
      email: `  ${person.email.toUpperCase()} `,
      expiresInDays: 14,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = json<CreatedInvite>(res);
    // The link goes only in the mail.
    expect(created.url).toBeUndefined();
    expect(created.invite).toMatchObject({ kind: 'email', email: person.email, maxUses: 1 });
    expect((await pending(teamId, admin)).map((i) => i.email)).toEqual([person.email]);

    await t.app.mailQueue.idle();
    const mail = t.inbox.mails.find((m) => m.to === person.email && m.subject.includes('invited'));
    expect(mail?.subject).toBe('You are invited to join Mail Team on Segue');
    expect(mail?.text).toContain('Admin Person');
    const link = new URL(mail!.link!);
    expect(`${link.origin}${link.pathname}`).toMatch(/^http:\/\/localhost:3000\/invite\//);
    expect(mail!.text).toContain(link.href);
    const token = tokenOf(link.href);
    expect(res.body).not.toContain(token);
    expect(await preview(token)).toMatchObject({
      body: { teamName: 'Mail Team', kind: 'email', status: 'valid' },
    });

    // The person registers with that address, verifies it, and joins.
    const registered = await registerVerified(t, person);
    const joined = await accept(token, registered);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(json<AcceptedInvite>(joined).joined).toBe(true);
    expect(await pending(teamId, admin)).toEqual([]);

    // Used once, the link is refused to anyone else.
    const forwarded = await createAccount(t);
    const refused = await accept(token, forwarded);
    expect(refused.statusCode).toBe(410);
    expect(json(refused).error).toBe(INVITE_TEXTS.used);
    expect(await isMember(teamId, forwarded)).toBe(false);
    expect((await preview(token)).body.status).toBe('used');
  });

  it('lets exactly one of many simultaneous accepts of a single-use link win', async () => {
    const { teamId, owner } = await buildTeam();
    const { token, invite } = await createLink(teamId, owner, { maxUses: 1 });
    const people = await Promise.all(Array.from({ length: 8 }, () => createAccount(t)));
    const answers = await Promise.all(people.map((p) => accept(token, p)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 410, 410, 410, 410, 410, 410, 410]);
    for (const refused of answers.filter((a) => a.statusCode === 410)) {
      expect(json(refused).error).toBe(INVITE_TEXTS.used);
    }
    expect(await usesOf(invite._id)).toBe(1);
    const joined = await Promise.all(people.map((p) => isMember(teamId, p)));
    expect(joined.filter(Boolean)).toHaveLength(1);
  });

  it('also lets one of many simultaneous uses win in the repository itself', async () => {
    const { teamId, owner } = await buildTeam();
    const { invite } = await createLink(teamId, owner, { maxUses: 3 });
    const repo = new InvitesRepository(t.database.db, t.app.changes);
    const people = await Promise.all(Array.from({ length: 10 }, () => createAccount(t)));
    const results = await Promise.all(
      people.map((p) => repo.accept({ id: invite._id, teamId }, p.userId, new Date())),
    );
    expect(results.filter((r) => r === 'joined')).toHaveLength(3);
    expect(results.filter((r) => r === 'unusable')).toHaveLength(7);
    expect(await usesOf(invite._id)).toBe(3);
  });

  it('keeps invitations to the team’s admins: outsiders, members and the signed-out are refused', async () => {
    const { teamId, member, owner } = await buildTeam();
    const outsider = await createAccount(t);
    const { invite } = await createLink(teamId, owner);
    const routes = [
      ['POST', `/api/teams/${teamId}/invites`, { kind: 'link', expiresInDays: 7 }],
      ['GET', `/api/teams/${teamId}/invites`, undefined],
      ['DELETE', `/api/teams/${teamId}/invites/${invite._id}`, undefined],
    ] as const;
    for (const [method, url, body] of routes) {
      const anonymous = await call(method, url, null, body);
      expect(anonymous.statusCode, `${method} ${url} signed out`).toBe(401);
      const stranger = await call(method, url, outsider, body);
      expect(stranger.statusCode, `${method} ${url} as outsider`).toBe(404);
      expect(json(stranger).error).toBe(SERVER_ERRORS.teamNotFound);
      const plain = await call(method, url, member, body);
      expect(plain.statusCode, `${method} ${url} as member`).toBe(403);
      expect(json(plain).error).toBe(SERVER_ERRORS.adminRequired);
    }
    // Nothing was created or withdrawn.
    const list = await pending(teamId, owner);
    expect(list.map((i) => i._id)).toEqual([invite._id]);
  });

  it('refuses an accept without a verified sign-in, and an unknown token', async () => {
    const { teamId, owner } = await buildTeam();
    const { token, invite } = await createLink(teamId, owner, { maxUses: 1 });
    const signedOut = await accept(token, null);
    expect(signedOut.statusCode).toBe(401);
    const unverified = await createAccount(t, { verified: false });
    const refused = await accept(token, unverified);
    expect(refused.statusCode).toBe(403);
    expect(await usesOf(invite._id)).toBe(0);
    expect(await isMember(teamId, unverified)).toBe(false);

    const stranger = await createAccount(t);
    for (const bogus of ['x', 'A'.repeat(43), token.slice(0, -1)]) {
      const looked = await preview(bogus);
      expect(looked.status).toBe(404);
      expect(looked.body.error).toBe(INVITE_TEXTS.notValid);
      const tried = await accept(bogus, stranger);
      expect(tried.statusCode).toBe(404);
      expect(json(tried).error).toBe(INVITE_TEXTS.notValid);
    }
  });

  it('limits lookups of tokens per address', async () => {
    const address = uniqueAddress();
    const look = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/invites/${'b'.repeat(43)}`,
        remoteAddress: address,
      });
    for (let i = 0; i < INVITE_RATE_LIMITS.lookupsPerAddress; i++) {
      expect((await look()).statusCode).toBe(404);
    }
    const limited = await look();
    expect(limited.statusCode).toBe(429);
    expect(json(limited).error).toBe(SERVER_ERRORS.tooManyAttempts);
  });

  it('caps the invitations a team holds at once', async () => {
    const { teamId, owner } = await buildTeam();
    const repo = new InvitesRepository(t.database.db, t.app.changes);
    const make = () =>
      repo.create(
        {
          id: randomUUID(),
          teamId,
          kind: 'link',
          tokenHash: sha256(randomUUID()),
          email: null,
          createdBy: owner.userId,
          expiresAt: new Date(Date.now() + 86_400_000),
          maxUses: null,
          createdAt: new Date(),
        },
        2,
      );
    expect(await make()).not.toBeNull();
    expect(await make()).not.toBeNull();
    expect(await make()).toBeNull();
  });

  it('ends with the team: a deleted team’s links are not valid', async () => {
    const { teamId, owner } = await buildTeam();
    const { token } = await createLink(teamId, owner);
    expect((await call('DELETE', `/api/teams/${teamId}`, owner)).statusCode).toBe(204);
    expect((await preview(token)).status).toBe(404);
  });
});
