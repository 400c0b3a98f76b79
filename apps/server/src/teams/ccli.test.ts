import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CCLI_TEXTS, SERVER_ERRORS, type CcliReport } from '@segue/shared';
import { song } from '../db/schema.ts';
import type { StoredSetlistEntry } from '../db/schema.ts';
import { backends } from '../../test/databases.ts';
import {
  createAccount,
  createSong,
  createTeam,
  type FactoryAccount,
} from '../../test/factories.ts';
import { bearer, json, startTestApp, type TestApp } from '../../test/harness.ts';
import { SetlistsRepository } from '../setlists/setlists.repository.ts';

type Who = 'owner' | 'admin' | 'member' | 'outsider';

describe.each(backends)('the CCLI licence and usage report on %s', (backend) => {
  let t: TestApp;
  let setlists: SetlistsRepository;
  const people = {} as Record<Who, FactoryAccount>;

  beforeAll(async () => {
    t = await startTestApp(backend);
    setlists = new SetlistsRepository(t.database.db, t.app.changes);
    for (const who of ['owner', 'admin', 'member', 'outsider'] as const) {
      people[who] = await createAccount(t, { name: `${who} Person` });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A team of its own for one check: the owner, an admin and a member. */
  const buildTeam = () =>
    createTeam(t, {
      owner: people.owner,
      name: 'CCLI Team',
      admins: [people.admin],
      members: [people.member],
    });

  const call = (
    method: 'GET' | 'PUT' | 'DELETE',
    url: string,
    as: Who | null,
    options: { payload?: object; teamId?: string } = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...(as ? bearer(people[as].jwt) : {}),
        ...(options.teamId ? { 'x-team-id': options.teamId } : {}),
      },
      ...(options.payload ? { payload: options.payload } : {}),
    });

  /** A song of the team with these words and CCLI number. */
  async function addSong(teamId: string, title: string, artist = '', ccli: string | null = null) {
    const id = await createSong(t, { teamId, by: people.owner, title, artist });
    if (ccli !== null) await t.database.db.update(song).set({ ccli }).where(eq(song.id, id));
    return id;
  }

  /** A setlist of the team on `date`; plain strings are stored as old setlists stored them. */
  async function addSetlist(teamId: string, date: string, songs: StoredSetlistEntry[]) {
    const id = randomUUID();
    await setlists.create(teamId, people.owner.userId, id, {
      name: `Service ${date}`,
      date,
      notes: '',
      songs,
      positions: [],
    });
    return id;
  }

  const entry = (songId: string): StoredSetlistEntry => ({ song: songId, leader: null });
  const report = (teamId: string, from: string, to: string, as: Who = 'admin') =>
    call('GET', `/api/teams/${teamId}/ccli-report?from=${from}&to=${to}`, as);

  it('the CCLI report counts each song once per setlist of the period, bounds included', async () => {
    const teamId = await buildTeam();
    const alpha = await addSong(teamId, 'Alpha', 'First Artist', '1111');
    const beta = await addSong(teamId, 'beta', 'Second Artist');
    const gamma = await addSong(teamId, 'Gamma', '', '3333');
    const doomed = await addSong(teamId, 'Doomed', '', '4444');
    // The period's first day: Alpha twice in one service counts once.
    await addSetlist(teamId, '2030-01-01', [entry(alpha), entry(beta), entry(alpha)]);
    // An older setlist of plain song ids, and an object entry beside one.
    await addSetlist(teamId, '2030-02-15', [alpha, entry(gamma)]);
    // The period's last day, with a song deleted afterwards.
    await addSetlist(teamId, '2030-03-31', [entry(alpha), entry(doomed)]);
    // A service whose only song is deleted: a service still, with nothing to count.
    await addSetlist(teamId, '2030-02-01', [doomed]);
    // Just outside the period, on either side.
    await addSetlist(teamId, '2029-12-31', [entry(alpha), entry(beta), entry(gamma)]);
    await addSetlist(teamId, '2030-04-01', [entry(alpha), entry(gamma)]);
    // Another team's services in the period, one even naming this team's song, count nothing here.
    const otherTeam = await createTeam(t, { owner: people.outsider, name: 'Other Team' });
    const theirs = await createSong(t, { teamId: otherTeam, by: people.outsider, title: 'Theirs' });
    await setlists.create(otherTeam, people.outsider.userId, randomUUID(), {
      name: 'Their service',
      date: '2030-02-02',
      notes: '',
      songs: [entry(theirs), entry(alpha), entry(gamma)],
      positions: [],
    });
    const deleted = await call('DELETE', `/api/songs/${doomed}`, 'owner', { teamId });
    expect(deleted.statusCode, deleted.body).toBe(204);

    const res = await report(teamId, '2030-01-01', '2030-03-31');
    expect(res.statusCode, res.body).toBe(200);
    expect(json<CcliReport>(res)).toEqual({
      licence: null,
      from: '2030-01-01',
      to: '2030-03-31',
      setlists: 4,
      rows: [
        {
          songId: alpha,
          title: 'Alpha',
          artist: 'First Artist',
          ccli: '1111',
          uses: 3,
          lastUsed: '2030-03-31',
        },
        // Equal uses: by title, whatever its case.
        {
          songId: beta,
          title: 'beta',
          artist: 'Second Artist',
          ccli: null,
          uses: 1,
          lastUsed: '2030-01-01',
        },
        {
          songId: gamma,
          title: 'Gamma',
          artist: '',
          ccli: '3333',
          uses: 1,
          lastUsed: '2030-02-15',
        },
      ],
    });

    // One day is a period too; both bounds are that day.
    const lastDay = json<CcliReport>(await report(teamId, '2030-03-31', '2030-03-31'));
    expect(lastDay.setlists).toBe(1);
    expect(lastDay.rows.map((r) => [r.title, r.uses])).toEqual([['Alpha', 1]]);
    // A period without services.
    const empty = json<CcliReport>(await report(teamId, '2031-01-01', '2031-12-31'));
    expect(empty).toMatchObject({ setlists: 0, rows: [] });
    // The widest period: 366 days, counting both ends.
    const year = await report(teamId, '2029-04-01', '2030-04-01');
    expect(year.statusCode, year.body).toBe(200);
    expect(json<CcliReport>(year).rows.map((r) => [r.title, r.uses])).toEqual([
      ['Alpha', 5],
      ['Gamma', 3],
      ['beta', 2],
    ]);
  });

  it('downloads the report as CSV: quoted by RFC 4180, formulas kept as text', async () => {
    const teamId = await buildTeam();
    const quoted = await addSong(teamId, 'Say "Amen", Church', 'Smith, Jones', '7777');
    const formula = await addSong(teamId, '=HYPERLINK("http://evil.example","x")', '@home');
    const signs = await addSong(teamId, '+1 Song', '-Minus');
    const plain = await addSong(teamId, 'Plain Song', 'Band', '123456');
    await addSetlist(teamId, '2030-05-05', [entry(quoted), entry(formula), entry(signs)]);
    await addSetlist(teamId, '2030-05-12', [entry(quoted), plain]);

    const res = await call(
      'GET',
      `/api/teams/${teamId}/ccli-report.csv?from=2030-04-01&to=2030-06-30`,
      'admin',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="ccli-report-2030-04-01-to-2030-06-30.csv"; ' +
        "filename*=UTF-8''ccli-report-2030-04-01-to-2030-06-30.csv",
    );
    expect(res.body).toBe(
      '\uFEFF' +
        [
          'Title,Artist,CCLI Song Number,Uses,Last Used',
          '"Say ""Amen"", Church","Smith, Jones",7777,2,2030-05-12',
          `"'+1 Song","'-Minus",,1,2030-05-05`,
          `"'=HYPERLINK(""http://evil.example"",""x"")","'@home",,1,2030-05-05`,
          'Plain Song,Band,123456,1,2030-05-12',
        ]
          .map((line) => `${line}\r\n`)
          .join(''),
    );

    // A period without songs: the header alone.
    const empty = await call(
      'GET',
      `/api/teams/${teamId}/ccli-report.csv?from=2031-01-01&to=2031-01-31`,
      'owner',
    );
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toBe('\uFEFFTitle,Artist,CCLI Song Number,Uses,Last Used\r\n');
  });

  it('lets members read the licence number and only admins set it', async () => {
    const teamId = await buildTeam();
    const url = `/api/teams/${teamId}/ccli`;
    expect(json(await call('GET', url, 'member'))).toEqual({ ccliLicence: null });

    const saved = await call('PUT', url, 'admin', { payload: { ccliLicence: '  CSL-1234567 ' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved)).toEqual({ ccliLicence: 'CSL-1234567' });
    for (const who of ['member', 'admin', 'owner'] as const) {
      expect(json(await call('GET', url, who)), who).toEqual({ ccliLicence: 'CSL-1234567' });
    }
    // The report names it.
    expect(json<CcliReport>(await report(teamId, '2030-01-01', '2030-01-31')).licence).toBe(
      'CSL-1234567',
    );

    const refused = await call('PUT', url, 'member', { payload: { ccliLicence: '999' } });
    expect(refused.statusCode).toBe(403);
    expect(json(refused).error).toBe(SERVER_ERRORS.adminRequired);

    const bad = [
      [{ ccliLicence: '12 34' }, CCLI_TEXTS.licenceInvalid],
      [{ ccliLicence: '=1+1' }, CCLI_TEXTS.licenceInvalid],
      [{ ccliLicence: '1'.repeat(41) }, CCLI_TEXTS.licenceTooLong],
      [{ ccliLicence: 1234 }, CCLI_TEXTS.licenceRequired],
      [{}, CCLI_TEXTS.licenceRequired],
    ] as const;
    for (const [payload, message] of bad) {
      const res = await call('PUT', url, 'owner', { payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(res).error, JSON.stringify(payload)).toBe(message);
    }
    expect(json(await call('GET', url, 'member'))).toEqual({ ccliLicence: 'CSL-1234567' });

    // Empty, or null, removes it.
    expect(json(await call('PUT', url, 'owner', { payload: { ccliLicence: ' ' } }))).toEqual({
      ccliLicence: null,
    });
    await call('PUT', url, 'owner', { payload: { ccliLicence: '42' } });
    expect(json(await call('PUT', url, 'owner', { payload: { ccliLicence: null } }))).toEqual({
      ccliLicence: null,
    });
    expect(json(await call('GET', url, 'member'))).toEqual({ ccliLicence: null });
  });

  it('refuses outsiders as for a missing team, and members the report', async () => {
    const teamId = await buildTeam();
    await call('PUT', `/api/teams/${teamId}/ccli`, 'owner', { payload: { ccliLicence: '555' } });
    const period = '?from=2030-01-01&to=2030-12-31';
    const urls = [
      ['GET', `/api/teams/${teamId}/ccli`],
      ['PUT', `/api/teams/${teamId}/ccli`],
      ['GET', `/api/teams/${teamId}/ccli-report${period}`],
      ['GET', `/api/teams/${teamId}/ccli-report.csv${period}`],
    ] as const;
    for (const [method, url] of urls) {
      const payload = method === 'PUT' ? { ccliLicence: '666' } : undefined;
      const anonymous = await call(method, url, null, { payload });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);

      const outsider = await call(method, url, 'outsider', { payload });
      expect(outsider.statusCode, `${method} ${url}`).toBe(404);
      expect(json(outsider).error).toBe(SERVER_ERRORS.teamNotFound);
      // The same answer as for a team that does not exist.
      const missing = await call(method, url.replace(teamId, randomUUID()), 'outsider', {
        payload,
      });
      expect(missing.body).toBe(outsider.body);
    }
    for (const url of urls.slice(2).map(([, u]) => u)) {
      const member = await call('GET', url, 'member');
      expect(member.statusCode, url).toBe(403);
      expect(json(member).error).toBe(SERVER_ERRORS.adminRequired);
      expect((await call('GET', url, 'admin')).statusCode, url).toBe(200);
    }
    // Nothing refused changed the licence.
    expect(json(await call('GET', `/api/teams/${teamId}/ccli`, 'member'))).toEqual({
      ccliLicence: '555',
    });
  });

  it('answers a period that is missing, not a day, backwards or too long with 400 and why', async () => {
    const teamId = await buildTeam();
    const cases = [
      ['', CCLI_TEXTS.fromRequired],
      ['?to=2030-01-31', CCLI_TEXTS.fromRequired],
      ['?from=2030-01-01', CCLI_TEXTS.toRequired],
      ['?from=&to=2030-01-31', CCLI_TEXTS.fromRequired],
      ['?from=2030-02-30&to=2030-03-31', CCLI_TEXTS.fromInvalid],
      ['?from=2030-01-01&to=31.01.2030', CCLI_TEXTS.toInvalid],
      ['?from=2030-01-01&to=2030-01-31T00:00:00Z', CCLI_TEXTS.toInvalid],
      ['?from=2030-01-01&from=2030-01-02&to=2030-01-31', CCLI_TEXTS.fromRequired],
      ['?from=2030-02-01&to=2030-01-31', CCLI_TEXTS.fromAfterTo],
      ['?from=2029-01-01&to=2030-01-02', CCLI_TEXTS.periodTooLong],
      ['?from=2030-01-01&to=2031-01-02', CCLI_TEXTS.periodTooLong],
    ] as const;
    for (const path of ['ccli-report', 'ccli-report.csv']) {
      for (const [query, message] of cases) {
        const res = await call('GET', `/api/teams/${teamId}/${path}${query}`, 'admin');
        expect(res.statusCode, `${path}${query}`).toBe(400);
        expect(json(res).error, `${path}${query}`).toBe(message);
      }
    }
  });
});
