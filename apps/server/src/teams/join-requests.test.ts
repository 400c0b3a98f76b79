import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, JOIN_REQUEST_TEXTS, SERVER_ERRORS } from '@segue/shared';
import type { OwnJoinRequest, Person } from '@segue/shared';
import { backends } from '../../test/databases.ts';
import { createAccount, createTeam, type FactoryAccount } from '../../test/factories.ts';
import { bearer, json, startTestApp, type TestApp } from '../../test/harness.ts';

describe.each(backends)('a requester’s own join requests on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    as: FactoryAccount | null,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: as ? bearer(as.jwt) : {},
      ...(payload ? { payload } : {}),
    });

  const ownRequests = async (as: FactoryAccount) => {
    const res = await call('GET', '/api/account/join-requests', as);
    expect(res.statusCode).toBe(200);
    return json<OwnJoinRequest[]>(res);
  };

  /** What the team's admins see: the requests list and the team's requestedUsers. */
  const adminView = async (teamId: string, admin: FactoryAccount) => {
    const requests = json<Person[]>(await call('GET', `/api/teams/${teamId}/requests`, admin));
    const team = json<{ requestedUsers: string[] }>(
      await call('GET', `/api/teams/${teamId}`, admin),
    );
    return { requesters: requests.map((p) => p.$id), requestedUsers: team.requestedUsers };
  };

  it('lists only the caller’s own pending requests, newest first', async () => {
    const owner = await createAccount(t);
    const me = await createAccount(t);
    const someoneElse = await createAccount(t);
    const older = await createTeam(t, { owner, name: 'Older Team', requesters: [me] });
    const others = await createTeam(t, { owner, name: 'Not Mine', requesters: [someoneElse] });
    await createTeam(t, { owner, name: 'Joined Already', members: [me] });
    const newer = await createTeam(t, { owner, name: 'Newer Team' });
    expect((await call('POST', `/api/teams/${newer}/request`, me)).statusCode).toBe(201);

    const mine = await ownRequests(me);
    expect(mine.map((r) => [r.teamId, r.teamName])).toEqual([
      [newer, 'Newer Team'],
      [older, 'Older Team'],
    ]);
    for (const r of mine) expect(new Date(r.requestedAt).toISOString()).toBe(r.requestedAt);
    expect(mine.map((r) => r.teamId)).not.toContain(others);

    expect((await ownRequests(someoneElse)).map((r) => r.teamId)).toEqual([others]);
    expect(await ownRequests(owner)).toEqual([]);
  });

  it('drops a request once it is approved or denied', async () => {
    const owner = await createAccount(t);
    const me = await createAccount(t);
    const approving = await createTeam(t, { owner, requesters: [me] });
    const denying = await createTeam(t, { owner, requesters: [me] });
    await call('POST', `/api/teams/${approving}/approve`, owner, { userId: me.userId });
    await call('POST', `/api/teams/${denying}/deny`, owner, { userId: me.userId });
    expect(await ownRequests(me)).toEqual([]);
  });

  it('withdraws the caller’s request, so the admins no longer see it; they may ask again', async () => {
    const owner = await createAccount(t);
    const me = await createAccount(t);
    const other = await createAccount(t);
    const teamId = await createTeam(t, { owner, name: 'Withdraw Team', requesters: [me, other] });
    expect(await adminView(teamId, owner)).toEqual({
      requesters: [me.userId, other.userId],
      requestedUsers: [me.userId, other.userId],
    });

    const withdrawn = await call('DELETE', `/api/teams/${teamId}/request`, me);
    expect(withdrawn.statusCode).toBe(204);
    expect(withdrawn.body).toBe('');

    expect(await ownRequests(me)).toEqual([]);
    // The other requester's request stays.
    expect(await adminView(teamId, owner)).toEqual({
      requesters: [other.userId],
      requestedUsers: [other.userId],
    });
    const search = json<{ _id: string; hasRequested: boolean }[]>(
      await call('GET', `/api/teams/search?q=${encodeURIComponent('Withdraw Team')}`, me),
    );
    expect(search.find((r) => r._id === teamId)?.hasRequested).toBe(false);
    // Still no member, and the team is still closed to them.
    expect((await call('GET', `/api/teams/${teamId}`, me)).statusCode).toBe(404);

    const again = await call('POST', `/api/teams/${teamId}/request`, me);
    expect(again.statusCode).toBe(201);
    expect((await ownRequests(me)).map((r) => r.teamId)).toEqual([teamId]);
  });

  it('answers 404 with a message when the caller has no pending request there', async () => {
    const owner = await createAccount(t);
    const me = await createAccount(t);
    const teamId = await createTeam(t, { owner, requesters: [me] });
    expect((await call('DELETE', `/api/teams/${teamId}/request`, me)).statusCode).toBe(204);

    for (const url of [`/api/teams/${teamId}/request`, `/api/teams/${randomUUID()}/request`]) {
      const none = await call('DELETE', url, me);
      expect(none.statusCode, url).toBe(404);
      expect(json(none).error, url).toBe(JOIN_REQUEST_TEXTS.noPendingRequest);
    }
  });

  it('never withdraws anyone else’s request: it is always the caller’s own', async () => {
    const owner = await createAccount(t);
    const admin = await createAccount(t);
    const requester = await createAccount(t);
    const stranger = await createAccount(t);
    const teamId = await createTeam(t, { owner, admins: [admin], requesters: [requester] });

    // A stranger, an admin and the owner have no request of their own there; naming the
    // requester in a body changes nothing.
    for (const who of [stranger, admin, owner]) {
      const res = await call('DELETE', `/api/teams/${teamId}/request`, who, {
        userId: requester.userId,
      });
      expect(res.statusCode).toBe(404);
      expect(json(res).error).toBe(JOIN_REQUEST_TEXTS.noPendingRequest);
    }
    expect((await adminView(teamId, owner)).requesters).toEqual([requester.userId]);
    expect((await ownRequests(requester)).map((r) => r.teamId)).toEqual([teamId]);
  });

  it('refuses a caller without a session (401) or with an unverified e-mail (403)', async () => {
    const owner = await createAccount(t);
    const requester = await createAccount(t);
    const unverified = await createAccount(t, { verified: false });
    const teamId = await createTeam(t, { owner, requesters: [requester] });

    const anonymousList = await call('GET', '/api/account/join-requests', null);
    expect(anonymousList.statusCode).toBe(401);
    expect(json(anonymousList).error).toBe(SERVER_ERRORS.unauthorized);
    const anonymousWithdraw = await call('DELETE', `/api/teams/${teamId}/request`, null);
    expect(anonymousWithdraw.statusCode).toBe(401);
    expect(json(anonymousWithdraw).error).toBe(SERVER_ERRORS.unauthorized);

    for (const [method, url] of [
      ['GET', '/api/account/join-requests'],
      ['DELETE', `/api/teams/${teamId}/request`],
    ] as const) {
      const res = await call(method, url, unverified);
      expect(res.statusCode, url).toBe(403);
      expect(json(res).code, url).toBe(ERROR_CODES.emailNotVerified);
    }
    expect((await adminView(teamId, owner)).requesters).toEqual([requester.userId]);
  });
});
