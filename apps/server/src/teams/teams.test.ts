import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SERVER_ERRORS, TEXTS } from '@segue/shared';
import { backends, rows } from '../../test/databases.ts';
import { createAccount, createTeam } from '../../test/factories.ts';
import { bearer, json, startTestApp, type TestApp } from '../../test/harness.ts';
import { can, refusalOf, type Action } from '../policy/policy.ts';
import { TeamsRepository } from './teams.repository.ts';

type Role = 'anonymous' | 'outsider' | 'requester' | 'member' | 'admin' | 'owner';
const ROLES: Role[] = ['anonymous', 'outsider', 'requester', 'member', 'admin', 'owner'];

interface Person {
  userId: string;
  jwt: string;
  email: string;
}

describe.each(backends)('teams on %s', (backend) => {
  let t: TestApp;
  let repo: TeamsRepository;
  const people: Record<string, Person> = {};

  beforeAll(async () => {
    t = await startTestApp(backend);
    repo = new TeamsRepository(t.database.db, t.app.changes);
    for (const name of [
      'owner',
      'admin',
      'member',
      'requester',
      'outsider',
      'target',
      'applicant',
      'newcomer',
    ]) {
      const p = await createAccount(t, { name: `${name} Person` });
      people[name] = { userId: p.userId, jwt: p.jwt, email: p.person.email };
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  /**
   * A team of its own for one check: owner, an admin, a member, a second member
   * (target), a pending requester and a pending applicant (the one approvals act on).
   */
  function buildTeam(name = 'Worship Team') {
    return createTeam(t, {
      owner: people.owner!,
      name,
      description: 'Sunday morning band',
      admins: [people.admin!],
      members: [people.member!, people.target!],
      requesters: [people.requester!, people.applicant!],
    });
  }

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    as: Person | null,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: as ? bearer(as.jwt) : {},
      ...(payload ? { payload } : {}),
    });

  const asRole = (role: Role) => (role === 'anonymous' ? null : people[role]!);

  /**
   * What each caller gets from a team route, by the policy table: strangers and
   * pending requesters the answer for a missing team, each role its row's answer.
   */
  const byPolicy = (action: Action, ok: number): Record<Role, number> => ({
    anonymous: 401,
    outsider: 404,
    requester: 404,
    member: can({ role: 'member' }, action) ? ok : refusalOf(action).statusCode,
    admin: can({ role: 'admin' }, action) ? ok : refusalOf(action).statusCode,
    owner: can({ role: 'owner' }, action) ? ok : refusalOf(action).statusCode,
  });

  describe('authorization matrix', () => {
    // For each endpoint: what each role gets.
    const matrix: {
      name: string;
      method: 'GET' | 'POST' | 'PUT' | 'DELETE';
      path: (id: string) => string;
      body?: () => object;
      /** The policy's action for a team route; its member, admin and owner columns come from the table. */
      action?: Action;
      expect: Record<Role, number>;
    }[] = [
      {
        name: 'read the team',
        method: 'GET',
        path: (id) => `/api/teams/${id}`,
        action: 'viewTeam',
        expect: byPolicy('viewTeam', 200),
      },
      {
        name: 'edit team info',
        method: 'PUT',
        path: (id) => `/api/teams/${id}`,
        body: () => ({ name: 'Renamed', description: 'New words' }),
        action: 'editTeam',
        expect: byPolicy('editTeam', 200),
      },
      {
        name: 'delete the team',
        method: 'DELETE',
        path: (id) => `/api/teams/${id}`,
        action: 'deleteTeam',
        expect: byPolicy('deleteTeam', 204),
      },
      {
        name: 'ask to join',
        method: 'POST',
        path: (id) => `/api/teams/${id}/request`,
        expect: {
          anonymous: 401,
          outsider: 201,
          requester: 409,
          member: 409,
          admin: 409,
          owner: 409,
        },
      },
      {
        name: 'list join requests',
        method: 'GET',
        path: (id) => `/api/teams/${id}/requests`,
        action: 'reviewJoinRequests',
        expect: byPolicy('reviewJoinRequests', 200),
      },
      {
        name: 'approve a request',
        method: 'POST',
        path: (id) => `/api/teams/${id}/approve`,
        body: () => ({ userId: people.applicant!.userId }),
        action: 'reviewJoinRequests',
        expect: byPolicy('reviewJoinRequests', 200),
      },
      {
        name: 'deny a request',
        method: 'POST',
        path: (id) => `/api/teams/${id}/deny`,
        body: () => ({ userId: people.applicant!.userId }),
        action: 'reviewJoinRequests',
        expect: byPolicy('reviewJoinRequests', 200),
      },
      {
        name: 'add by e-mail',
        method: 'POST',
        path: (id) => `/api/teams/${id}/add`,
        body: () => ({ email: people.newcomer!.email }),
        action: 'manageMembers',
        expect: byPolicy('manageMembers', 201),
      },
      {
        name: 'change a role',
        method: 'PUT',
        path: (id) => `/api/teams/${id}/role`,
        body: () => ({ userId: people.target!.userId, role: 'admin' }),
        action: 'manageMembers',
        expect: byPolicy('manageMembers', 200),
      },
      {
        name: 'remove a member',
        method: 'DELETE',
        path: (id) => `/api/teams/${id}/member`,
        body: () => ({ userId: people.target!.userId }),
        action: 'manageMembers',
        expect: byPolicy('manageMembers', 200),
      },
      {
        name: 'transfer ownership',
        method: 'POST',
        path: (id) => `/api/teams/${id}/transfer-ownership`,
        body: () => ({ newOwnerId: people.target!.userId }),
        action: 'transferOwnership',
        expect: byPolicy('transferOwnership', 200),
      },
      {
        name: 'leave the team',
        method: 'POST',
        path: (id) => `/api/teams/${id}/leave`,
        action: 'leaveTeam',
        expect: byPolicy('leaveTeam', 200),
      },
    ];

    it('names, for each team route, the action the route itself asks the policy', () => {
      for (const row of matrix) {
        const url = `/api${row.path(':id').replace(/^\/api/, '')}`;
        const route = t.app.apiRoutes.find((r) => r.method === row.method && r.url === url);
        expect(route, row.name).toBeDefined();
        if (row.action)
          expect(route?.access, row.name).toEqual({ action: row.action, team: 'param' });
        else expect(route?.access, row.name).toBe('verified');
      }
    });

    for (const row of matrix) {
      it.each(ROLES)(`${row.name}: %s`, async (role) => {
        const teamId = await buildTeam();
        const res = await call(row.method, row.path(teamId), asRole(role), row.body?.());
        expect(res.statusCode, res.body).toBe(row.expect[role]);
        if (res.statusCode >= 400) expect(json(res).error).toEqual(expect.any(String));
        if (res.statusCode === 404) {
          // An outsider learns nothing: the answer is the one for a team that does not exist.
          const missing = await call(
            row.method,
            row.path(randomUUID()),
            asRole(role),
            row.body?.(),
          );
          expect(missing.statusCode).toBe(404);
          expect(missing.body).toBe(res.body);
        }
        if (row.expect[role] >= 400) {
          // A refused call changes nothing.
          const [team] = await repo.withPeople([(await repo.find(teamId))!]);
          expect(team!.team.name).toBe('Worship Team');
          expect(team!.members.map((m) => m.userId).sort()).toEqual(
            ['owner', 'admin', 'member', 'target'].map((w) => people[w]!.userId).sort(),
          );
          expect(team!.team.createdBy).toBe(people.owner!.userId);
        }
      });
    }

    it('an unverified account is refused everywhere', async () => {
      const { jwt } = await createAccount(t, { verified: false });
      const teamId = await buildTeam();
      for (const row of matrix) {
        const res = await call(
          row.method,
          row.path(teamId),
          { jwt, userId: '', email: '' },
          row.body?.(),
        );
        expect(res.statusCode, row.name).toBe(403);
      }
      expect((await call('GET', '/api/teams', { jwt, userId: '', email: '' })).statusCode).toBe(
        403,
      );
    });

    it('listing, searching, creating and the users batch need a signed-in account', async () => {
      expect((await call('GET', '/api/teams', null)).statusCode).toBe(401);
      expect((await call('GET', '/api/teams/search?q=team', null)).statusCode).toBe(401);
      expect((await call('POST', '/api/teams', null, { name: 'X' })).statusCode).toBe(401);
      expect((await call('POST', '/api/users/batch', null, { ids: [] })).statusCode).toBe(401);
    });
  });

  describe('creating and reading', () => {
    it('creates a team owned by its creator, who is its only member and admin', async () => {
      const res = await call('POST', '/api/teams', people.outsider!, {
        name: '  Evening Service  ',
        description: 'Youth band',
      });
      expect(res.statusCode).toBe(201);
      const team = json<Record<string, unknown>>(res);
      expect(team).toMatchObject({
        name: 'Evening Service',
        description: 'Youth band',
        members: [people.outsider!.userId],
        admins: [people.outsider!.userId],
        createdBy: people.outsider!.userId,
        requestedUsers: [],
      });
      const account = json<{ teams: string[] }>(
        await call('GET', '/api/account', people.outsider!),
      );
      expect(account.teams).toContain(team._id);
      const list = json<{ _id: string }[]>(await call('GET', '/api/teams', people.outsider!));
      expect(list.map((x) => x._id)).toContain(team._id);
      await call('DELETE', `/api/teams/${team._id as string}`, people.outsider!);
    });

    it('refuses a blank or oversized name with a clear message', async () => {
      const blank = await call('POST', '/api/teams', people.owner!, {
        name: '   ',
        description: '',
      });
      expect(blank.statusCode).toBe(400);
      expect(json(blank).error).toBe('Team name is required.');
      const long = await call('POST', '/api/teams', people.owner!, { name: 'x'.repeat(101) });
      expect(long.statusCode).toBe(400);
      expect(json(long).error).toBe('Team name must be at most 100 characters.');
      const wrongType = await call('POST', '/api/teams', people.owner!, { name: 42 });
      expect(wrongType.statusCode).toBe(400);
    });

    it('shows the Overview counts and hides pending requests from non-admins', async () => {
      const id = await buildTeam();
      const asAdmin = json<{ stats: Record<string, number>; requestedUsers: string[] }>(
        await call('GET', `/api/teams/${id}`, people.admin!),
      );
      expect(asAdmin.stats).toEqual({ members: 4, songs: 0, setlists: 0 });
      expect(asAdmin.requestedUsers.sort()).toEqual(
        [people.requester!.userId, people.applicant!.userId].sort(),
      );
      const asMember = json<{ requestedUsers: string[] }>(
        await call('GET', `/api/teams/${id}`, people.member!),
      );
      expect(asMember.requestedUsers).toEqual([]);
    });

    it('searches by name, case-insensitively, marking membership and requests', async () => {
      const id = await buildTeam(`Grace Chapel ${randomUUID().slice(0, 8)}`);
      const name = (await repo.find(id))!.name;
      const search = (who: Person, q: string) =>
        call('GET', `/api/teams/search?q=${encodeURIComponent(q)}`, who);
      const found = json<
        { _id: string; isMember: boolean; hasRequested: boolean; memberCount: number }[]
      >(await search(people.outsider!, name.toUpperCase()));
      expect(found).toEqual([
        expect.objectContaining({ _id: id, isMember: false, hasRequested: false, memberCount: 4 }),
      ]);
      expect(json<{ isMember: boolean }[]>(await search(people.member!, name))[0]!.isMember).toBe(
        true,
      );
      expect(
        json<{ hasRequested: boolean }[]>(await search(people.requester!, name))[0]!.hasRequested,
      ).toBe(true);
      // Wildcards are no wildcards: like other punctuation, they do not count.
      expect(json<unknown[]>(await search(people.outsider!, name.replace('r', '_')))).toEqual([]);
      expect(json<unknown[]>(await search(people.outsider!, '%'))).toEqual([]);
      expect(json<unknown[]>(await search(people.outsider!, `${name}%`))).toHaveLength(1);
      const blank = await search(people.outsider!, '   ');
      expect(blank.statusCode).toBe(400);
    });

    it('ignores case, accents, apostrophes and punctuation, and reads "saint" as "st"', async () => {
      const tag = randomUUID().slice(0, 6);
      const stMarks = await buildTeam(`St. Mark's Worship Team ${tag}`);
      const eglise = await buildTeam(`Église Réformée ${tag}`);
      const found = async (q: string) =>
        json<{ _id: string }[]>(
          await call('GET', `/api/teams/search?q=${encodeURIComponent(q)}`, people.outsider!),
        ).map((row) => row._id);
      for (const q of ['st mark', 'St Marks', 'saint-mark', 'ST. MARK’S', 'marks worship']) {
        expect(await found(q), q).toContain(stMarks);
      }
      expect(await found(`saint marks worship team ${tag}`)).toEqual([stMarks]);
      expect(await found(`St Marks Worship-Team ${tag}`)).toEqual([stMarks]);
      expect(await found(`eglise reformee ${tag}`)).toEqual([eglise]);
      expect(await found(`EGLISE-RÉFORMÉE ${tag}`)).toEqual([eglise]);
      // Only punctuation folds to nothing: no team matches it.
      expect(await found('...')).toEqual([]);
    });

    it('fills in the search name of a team made before it existed', async () => {
      const id = await buildTeam(`Old Chapel ${randomUUID().slice(0, 6)}`);
      await t.database.db.execute(sql`update team set search_name = null where id = ${id}`);
      expect(await repo.fillSearchNames()).toBeGreaterThanOrEqual(1);
      const [row] = await rows<{ search_name: string }>(
        t.database,
        sql`select search_name from team where id = ${id}`,
      );
      expect(row?.search_name).toMatch(/^old chapel [0-9a-f]{6}$/);
    });
  });

  describe('joining', () => {
    it('a request, then approval, makes a member; a second request is refused', async () => {
      const id = await buildTeam();
      const first = await call('POST', `/api/teams/${id}/request`, people.outsider!);
      expect(json(first)).toEqual({ message: TEXTS.joinRequestSent });
      const again = await call('POST', `/api/teams/${id}/request`, people.outsider!);
      expect(again.statusCode).toBe(409);
      expect(json(again).error).toBe(SERVER_ERRORS.alreadyRequested);

      const requests = json<{ $id: string; name: string; email: string }[]>(
        await call('GET', `/api/teams/${id}/requests`, people.admin!),
      );
      expect(requests.map((r) => r.$id)).toContain(people.outsider!.userId);
      expect(requests.find((r) => r.$id === people.outsider!.userId)).toEqual({
        $id: people.outsider!.userId,
        name: 'outsider Person',
        email: people.outsider!.email,
      });

      const approved = await call('POST', `/api/teams/${id}/approve`, people.admin!, {
        userId: people.outsider!.userId,
      });
      expect(json(approved)).toEqual({ message: TEXTS.userApproved });
      const team = json<{ members: string[]; requestedUsers: string[] }>(
        await call('GET', `/api/teams/${id}`, people.outsider!),
      );
      expect(team.members).toContain(people.outsider!.userId);
      const member = await call('POST', `/api/teams/${id}/request`, people.outsider!);
      expect(member.statusCode).toBe(409);
      expect(json(member).error).toBe(SERVER_ERRORS.alreadyMember);
      // Approving again finds no request.
      const twice = await call('POST', `/api/teams/${id}/approve`, people.admin!, {
        userId: people.outsider!.userId,
      });
      expect(twice.statusCode).toBe(404);
      expect(json(twice).error).toBe(SERVER_ERRORS.noPendingRequest);
    });

    it('denying drops the request without adding the person', async () => {
      const id = await buildTeam();
      const denied = await call('POST', `/api/teams/${id}/deny`, people.owner!, {
        userId: people.requester!.userId,
      });
      expect(json(denied)).toEqual({ message: TEXTS.joinRequestDenied });
      const team = json<{ members: string[]; requestedUsers: string[] }>(
        await call('GET', `/api/teams/${id}`, people.owner!),
      );
      expect(team.members).not.toContain(people.requester!.userId);
      expect(team.requestedUsers).not.toContain(people.requester!.userId);
      expect((await call('GET', `/api/teams/${id}`, people.requester!)).statusCode).toBe(404);
      // They may ask again later.
      expect((await call('POST', `/api/teams/${id}/request`, people.requester!)).statusCode).toBe(
        201,
      );
    });

    it('adds a verified account by e-mail and mails them, answering every address alike', async () => {
      const id = await buildTeam();
      const members = async () =>
        json<{ members: string[] }>(await call('GET', `/api/teams/${id}`, people.admin!)).members;
      const mailsTo = (email: string) => t.inbox.mails.filter((m) => m.to === email);
      const expected = { message: TEXTS.userInvited };

      const added = await call('POST', `/api/teams/${id}/add`, people.admin!, {
        email: people.newcomer!.email.toUpperCase(),
      });
      expect(added.statusCode).toBe(201);
      expect(json(added)).toEqual(expected);
      expect(await members()).toContain(people.newcomer!.userId);
      // The person added is told who added them and how to leave.
      await expect
        .poll(() => mailsTo(people.newcomer!.email).map((m) => m.subject))
        .toContainEqual(expect.stringContaining('You were added to'));
      expect(mailsTo(people.newcomer!.email).at(-1)!.text).toContain('Leave Team');

      // Already a member, no account, an unverified account: the very same answer, and
      // nobody else is added or mailed.
      const unverified = (await createAccount(t, { verified: false })).person;
      const before = await members();
      for (const email of [people.newcomer!.email, 'nobody@example.com', unverified.email]) {
        const answer = await call('POST', `/api/teams/${id}/add`, people.admin!, { email });
        expect(answer.statusCode).toBe(201);
        expect(json(answer)).toEqual(expected);
      }
      expect(await members()).toEqual(before);
      expect(mailsTo('nobody@example.com')).toEqual([]);
      expect(mailsTo(unverified.email).filter((m) => m.subject.includes('added'))).toEqual([]);

      const malformed = await call('POST', `/api/teams/${id}/add`, people.admin!, {
        email: 'not an address',
      });
      expect(malformed.statusCode).toBe(400);

      // A pending requester added by e-mail no longer has a pending request.
      await call('POST', `/api/teams/${id}/add`, people.admin!, { email: people.requester!.email });
      const team = json<{ requestedUsers: string[] }>(
        await call('GET', `/api/teams/${id}`, people.admin!),
      );
      expect(team.requestedUsers).not.toContain(people.requester!.userId);
    });
  });

  describe('roles, removal, leaving, transfer and deletion', () => {
    it('promotes and demotes; the owner stays admin', async () => {
      const id = await buildTeam();
      const promoted = json<{ admins: string[] }>(
        await call('PUT', `/api/teams/${id}/role`, people.admin!, {
          userId: people.member!.userId,
          role: 'admin',
        }),
      );
      expect(promoted.admins).toContain(people.member!.userId);
      const demoted = json<{ admins: string[] }>(
        await call('PUT', `/api/teams/${id}/role`, people.member!, {
          userId: people.admin!.userId,
          role: 'member',
        }),
      );
      expect(demoted.admins).not.toContain(people.admin!.userId);

      const owner = await call('PUT', `/api/teams/${id}/role`, people.member!, {
        userId: people.owner!.userId,
        role: 'member',
      });
      expect(owner.statusCode).toBe(400);
      expect(json(owner).error).toBe(SERVER_ERRORS.ownerAlwaysAdmin);
      const stranger = await call('PUT', `/api/teams/${id}/role`, people.owner!, {
        userId: people.outsider!.userId,
        role: 'admin',
      });
      expect(stranger.statusCode).toBe(404);
      expect(json(stranger).error).toBe(SERVER_ERRORS.notAMember);
      const badRole = await call('PUT', `/api/teams/${id}/role`, people.owner!, {
        userId: people.member!.userId,
        role: 'owner',
      });
      expect(badRole.statusCode).toBe(400);
    });

    it('removes members from members and admins, never the owner', async () => {
      const id = await buildTeam();
      const team = json<{ members: string[]; admins: string[] }>(
        await call('DELETE', `/api/teams/${id}/member`, people.owner!, {
          userId: people.admin!.userId,
        }),
      );
      expect(team.members).not.toContain(people.admin!.userId);
      expect(team.admins).not.toContain(people.admin!.userId);
      expect((await call('GET', `/api/teams/${id}`, people.admin!)).statusCode).toBe(404);

      const owner = await call('DELETE', `/api/teams/${id}/member`, people.owner!, {
        userId: people.owner!.userId,
      });
      expect(owner.statusCode).toBe(400);
      expect(json(owner).error).toBe(SERVER_ERRORS.ownerCannotBeRemoved);
    });

    it('any member but the owner may leave', async () => {
      const id = await buildTeam();
      expect((await call('POST', `/api/teams/${id}/leave`, people.member!)).statusCode).toBe(200);
      expect((await call('GET', `/api/teams/${id}`, people.member!)).statusCode).toBe(404);
      const owner = await call('POST', `/api/teams/${id}/leave`, people.owner!);
      expect(owner.statusCode).toBe(400);
      expect(json(owner).error).toBe(SERVER_ERRORS.ownerCannotLeave);
    });

    it('transfers ownership only to a current member, who becomes admin', async () => {
      const id = await buildTeam();
      const toRequester = await call('POST', `/api/teams/${id}/transfer-ownership`, people.owner!, {
        newOwnerId: people.requester!.userId,
      });
      expect(toRequester.statusCode).toBe(400);
      expect(json(toRequester).error).toBe(SERVER_ERRORS.transferToMember);
      const toSelf = await call('POST', `/api/teams/${id}/transfer-ownership`, people.owner!, {
        newOwnerId: people.owner!.userId,
      });
      expect(toSelf.statusCode).toBe(400);

      const moved = json<{ createdBy: string; admins: string[]; members: string[] }>(
        await call('POST', `/api/teams/${id}/transfer-ownership`, people.owner!, {
          newOwnerId: people.member!.userId,
        }),
      );
      expect(moved.createdBy).toBe(people.member!.userId);
      expect(moved.admins).toContain(people.member!.userId);
      expect(moved.admins).toContain(people.owner!.userId);
      // The old owner is now an admin and may leave; the new owner may delete.
      expect((await call('DELETE', `/api/teams/${id}`, people.owner!)).statusCode).toBe(403);
      expect((await call('POST', `/api/teams/${id}/leave`, people.owner!)).statusCode).toBe(200);
      expect((await call('DELETE', `/api/teams/${id}`, people.member!)).statusCode).toBe(204);
    });

    it('deleting a team removes its memberships and requests in one go', async () => {
      const id = await buildTeam();
      expect((await call('DELETE', `/api/teams/${id}`, people.owner!)).statusCode).toBe(204);
      expect((await call('GET', `/api/teams/${id}`, people.owner!)).statusCode).toBe(404);
      const left = await rows<{ n: number }>(
        t.database,
        sql`select (select count(*)::int from team_member where team_id = ${id}) + (select count(*)::int from team_join_request where team_id = ${id}) as n`,
      );
      expect(left[0]!.n).toBe(0);
      const account = json<{ teams: string[] }>(await call('GET', '/api/account', people.member!));
      expect(account.teams).not.toContain(id);
    });
  });

  describe('users batch', () => {
    it('returns only people who share a team with the caller', async () => {
      const [a, b, stranger, requester] = await Promise.all(
        ['Alma', 'Boaz', 'Cyrus', 'Dinah'].map((n) => createAccount(t, { name: `${n} Batch` })),
      );
      await createTeam(t, {
        owner: a!,
        name: 'Batch Team',
        members: [b!],
        requesters: [requester!],
      });
      const everyone = [a, b, stranger, requester].map((p) => p!.userId);
      const batch = async (who: { jwt: string }, ids: unknown) =>
        t.app.inject({
          method: 'POST',
          url: '/api/users/batch',
          headers: bearer(who.jwt),
          payload: { ids },
        });

      const asB = json<{ $id: string; name: string; email: string }[]>(await batch(b!, everyone));
      expect(asB).toEqual([
        { $id: a!.userId, name: 'Alma Batch', email: a!.person.email },
        { $id: b!.userId, name: 'Boaz Batch', email: b!.person.email },
      ]);
      expect(json<unknown[]>(await batch(stranger!, everyone))).toEqual([]);
      expect(json<unknown[]>(await batch(requester!, everyone))).toEqual([]);
      expect((await batch(b!, 'nope')).statusCode).toBe(400);
    });
  });
});
