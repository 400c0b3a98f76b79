import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE_TEXTS, SERVER_ERRORS, STANDARD_POSITIONS } from '@segue/shared';
import { backends } from '../../test/databases.ts';
import { createAccount, createSetlist, createTeam } from '../../test/factories.ts';
import { bearer, json, startTestApp, type TestApp } from '../../test/harness.ts';

interface Person {
  userId: string;
  jwt: string;
}

describe.each(backends)('people and availability on %s', (backend) => {
  let t: TestApp;
  let owner: Person;
  let admin: Person;
  let member: Person;
  let outsider: Person;
  let teamId: string;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    as: Person | null,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: as ? bearer(as.jwt) : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  beforeAll(async () => {
    t = await startTestApp(backend);
    [owner, admin, member, outsider] = (await Promise.all(
      ['Olga', 'Adam', 'Mira', 'Otto'].map((n) => createAccount(t, { name: `${n} People` })),
    )) as unknown as [Person, Person, Person, Person];
    teamId = await createTeam(t, {
      owner,
      name: 'People Team',
      admins: [admin],
      members: [member],
    });
    await createSetlist(t, {
      teamId,
      by: owner,
      songs: [],
      positions: [{ name: 'Cajon', assignedTo: null }],
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('my positions', () => {
    it('lists the team’s positions (standard, used in setlists, played) and keeps my own', async () => {
      const first = await call('GET', `/api/teams/${teamId}/members/me/positions`, member);
      expect(first.statusCode, first.body).toBe(200);
      expect(json(first)).toEqual({
        positions: [],
        teamPositions: [...STANDARD_POSITIONS, 'Cajon'],
      });

      const saved = await call('PUT', `/api/teams/${teamId}/members/me/positions`, member, {
        positions: [' Bass ', 'bass', 'Banjo'],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(json(saved)).toEqual({
        positions: ['Bass', 'Banjo'],
        teamPositions: [...STANDARD_POSITIONS, 'Banjo', 'Cajon'],
      });

      // Everyone of the team reads everyone's, for the setlist form's suggestions.
      const all = await call('GET', `/api/teams/${teamId}/member-positions`, owner);
      expect(all.statusCode).toBe(200);
      expect(json<unknown[]>(all)).toEqual([
        { userId: owner.userId, positions: [] },
        { userId: admin.userId, positions: [] },
        { userId: member.userId, positions: ['Bass', 'Banjo'] },
      ]);
    });

    it('refuses too many positions and unnamed ones, and changes nothing', async () => {
      const tooMany = await call('PUT', `/api/teams/${teamId}/members/me/positions`, admin, {
        positions: Array.from({ length: 21 }, (_, i) => `P${i}`),
      });
      expect(tooMany.statusCode).toBe(400);
      expect(json(tooMany).error).toBe(PEOPLE_TEXTS.tooManyPositions);
      const blank = await call('PUT', `/api/teams/${teamId}/members/me/positions`, admin, {
        positions: ['  '],
      });
      expect(blank.statusCode).toBe(400);
      expect(json(blank).error).toBe('A position needs a name.');
      const mine = await call('GET', `/api/teams/${teamId}/members/me/positions`, admin);
      expect(json<{ positions: string[] }>(mine).positions).toEqual([]);
    });

    it('refuses outsiders and callers without a session', async () => {
      for (const [method, url] of [
        ['GET', `/api/teams/${teamId}/members/me/positions`],
        ['PUT', `/api/teams/${teamId}/members/me/positions`],
        ['GET', `/api/teams/${teamId}/member-positions`],
        ['GET', `/api/teams/${teamId}/blockouts?from=2030-01-01&to=2030-01-31`],
      ] as const) {
        const body = method === 'PUT' ? { positions: ['Bass'] } : undefined;
        const stranger = await call(method, url, outsider, body);
        expect(stranger.statusCode, `${method} ${url}`).toBe(404);
        expect(json(stranger).error).toBe(SERVER_ERRORS.teamNotFound);
        expect((await call(method, url, null, body)).statusCode, `${method} ${url}`).toBe(401);
      }
    });
  });

  describe('blockouts', () => {
    it('adds, lists and deletes one’s own days away', async () => {
      const added = await call('POST', '/api/account/blockouts', member, {
        startsOn: '2030-07-01',
        endsOn: '2030-07-14',
        reason: '  Holiday in Norway  ',
      });
      expect(added.statusCode, added.body).toBe(201);
      const blockout = json<{ _id: string }>(added);
      expect(blockout).toMatchObject({
        startsOn: '2030-07-01',
        endsOn: '2030-07-14',
        reason: 'Holiday in Norway',
      });
      const oneDay = json<{ _id: string }>(
        await call('POST', '/api/account/blockouts', member, {
          startsOn: '2030-05-05',
          endsOn: '2030-05-05',
        }),
      );

      const list = await call('GET', '/api/account/blockouts', member);
      expect(list.statusCode).toBe(200);
      expect(json<{ _id: string; reason: string }[]>(list).map((b) => [b._id, b.reason])).toEqual([
        [oneDay._id, ''],
        [blockout._id, 'Holiday in Norway'],
      ]);
      // Nobody else's list holds them.
      expect(json<unknown[]>(await call('GET', '/api/account/blockouts', admin))).toEqual([]);

      // Someone else cannot delete them: the same answer as for none at all.
      const theirs = await call('DELETE', `/api/account/blockouts/${oneDay._id}`, outsider);
      expect(theirs.statusCode).toBe(404);
      expect(json(theirs).error).toBe(PEOPLE_TEXTS.blockoutNotFound);
      expect(
        (await call('DELETE', `/api/account/blockouts/${oneDay._id}`, member)).statusCode,
      ).toBe(204);
      expect(
        (await call('DELETE', `/api/account/blockouts/${oneDay._id}`, member)).statusCode,
      ).toBe(404);
      expect(json<unknown[]>(await call('GET', '/api/account/blockouts', member))).toHaveLength(1);
    });

    it('checks the range and the reason with clear messages', async () => {
      const cases: [object, string][] = [
        [{ startsOn: '2030-07-10', endsOn: '2030-07-01' }, PEOPLE_TEXTS.lastBeforeFirst],
        [{ startsOn: '2030-01-01', endsOn: '2031-01-02' }, PEOPLE_TEXTS.blockoutTooLong],
        [{ startsOn: '2030-02-30', endsOn: '2030-03-01' }, PEOPLE_TEXTS.dayInvalid],
        [{ endsOn: '2030-03-01' }, PEOPLE_TEXTS.firstDayRequired],
        [
          { startsOn: '2030-03-01', endsOn: '2030-03-01', reason: 'x'.repeat(201) },
          PEOPLE_TEXTS.reasonTooLong,
        ],
      ];
      for (const [body, message] of cases) {
        const res = await call('POST', '/api/account/blockouts', admin, body);
        expect(res.statusCode, message).toBe(400);
        expect(json(res).error, message).toBe(message);
      }
      // A whole leap year is allowed: 366 days.
      const year = await call('POST', '/api/account/blockouts', admin, {
        startsOn: '2032-01-01',
        endsOn: '2032-12-31',
      });
      expect(year.statusCode, year.body).toBe(201);
      await call('DELETE', `/api/account/blockouts/${json<{ _id: string }>(year)._id}`, admin);
    });

    it('keeps at most 100 per account', async () => {
      const someone = await createAccount(t);
      for (let i = 0; i < 100; i++) {
        const day = `2031-01-${String((i % 28) + 1).padStart(2, '0')}`;
        const res = await call('POST', '/api/account/blockouts', someone, {
          startsOn: day,
          endsOn: day,
        });
        expect(res.statusCode).toBe(201);
      }
      const full = await call('POST', '/api/account/blockouts', someone, {
        startsOn: '2031-02-01',
        endsOn: '2031-02-01',
      });
      expect(full.statusCode).toBe(409);
      expect(json(full).error).toBe(PEOPLE_TEXTS.tooManyBlockouts);
    });

    it('shows the team who is away in a period, and why only to its admins', async () => {
      await call('POST', '/api/account/blockouts', admin, {
        startsOn: '2030-06-28',
        endsOn: '2030-07-02',
        reason: 'Conference',
      });
      const url = `/api/teams/${teamId}/blockouts?from=2030-07-02&to=2030-07-08`;
      const asMember = await call('GET', url, member);
      expect(asMember.statusCode, asMember.body).toBe(200);
      expect(json(asMember)).toEqual([
        { userId: admin.userId, startsOn: '2030-06-28', endsOn: '2030-07-02' },
        { userId: member.userId, startsOn: '2030-07-01', endsOn: '2030-07-14' },
      ]);
      for (const who of [owner, admin]) {
        expect(json(await call('GET', url, who))).toEqual([
          {
            userId: admin.userId,
            startsOn: '2030-06-28',
            endsOn: '2030-07-02',
            reason: 'Conference',
          },
          {
            userId: member.userId,
            startsOn: '2030-07-01',
            endsOn: '2030-07-14',
            reason: 'Holiday in Norway',
          },
        ]);
      }
      // An outsider's days away are not the team's business, and not shown.
      await call('POST', '/api/account/blockouts', outsider, {
        startsOn: '2030-07-03',
        endsOn: '2030-07-03',
      });
      expect(json<unknown[]>(await call('GET', url, owner))).toHaveLength(2);

      const backwards = await call(
        'GET',
        `/api/teams/${teamId}/blockouts?from=2030-07-08&to=2030-07-01`,
        member,
      );
      expect(backwards.statusCode).toBe(400);
      expect(json(backwards).error).toBe(PEOPLE_TEXTS.fromAfterTo);
      const tooLong = await call(
        'GET',
        `/api/teams/${teamId}/blockouts?from=2030-01-01&to=2031-06-01`,
        member,
      );
      expect(tooLong.statusCode).toBe(400);
      expect(json(tooLong).error).toBe(PEOPLE_TEXTS.periodTooLong);
    });

    it('refuses callers without a session, and unverified accounts', async () => {
      const unverified = await createAccount(t, { verified: false });
      for (const [method, url] of [
        ['GET', '/api/account/blockouts'],
        ['POST', '/api/account/blockouts'],
        ['DELETE', '/api/account/blockouts/some-id'],
      ] as const) {
        const body =
          method === 'POST' ? { startsOn: '2030-01-01', endsOn: '2030-01-01' } : undefined;
        expect((await call(method, url, null, body)).statusCode, `${method} ${url}`).toBe(401);
        expect((await call(method, url, unverified, body)).statusCode, `${method} ${url}`).toBe(
          403,
        );
      }
    });
  });
});
