import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_TEXTS, SETLIST_TEXTS, SERVER_ERRORS } from '@segue/shared';
import { backends } from '../../test/databases.ts';
import { createAccount, createSong, createTeam, purgeTrash } from '../../test/factories.ts';
import { bearer, json, startTestApp, type TestApp } from '../../test/harness.ts';
import { TeamsRepository } from '../teams/teams.repository.ts';
import { SetlistsRepository } from './setlists.repository.ts';

interface Person {
  userId: string;
  jwt: string;
}

const part = (label: string) => ({ label, lines: [{ chords: 'G', lyrics: `${label} words` }] });

describe.each(backends)('setlists on %s', (backend) => {
  let t: TestApp;
  let leader: Person;
  let bassist: Person;
  let outsider: Person;
  let teamId: string;
  let otherTeamId: string;
  const songIds: string[] = [];
  let foreignSongId: string;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    as: Person | null,
    team: string | null,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(as ? bearer(as.jwt) : {}), ...(team ? { 'x-team-id': team } : {}) },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  beforeAll(async () => {
    t = await startTestApp(backend);
    const people = await Promise.all(
      ['Lena', 'Boris', 'Oscar'].map((n) => createAccount(t, { name: `${n} Sets` })),
    );
    [leader, bassist, outsider] = people as unknown as [Person, Person, Person];
    teamId = await createTeam(t, { owner: leader, name: 'Sets Team', members: [bassist] });
    otherTeamId = await createTeam(t, { owner: outsider, name: 'Other' });
    for (const title of ['Alpha', 'Beta', 'Gamma']) {
      songIds.push(
        await createSong(t, {
          teamId,
          by: leader,
          title,
          artist: 'Band',
          parts: [part('Verse 1'), part('Chorus')],
        }),
      );
    }
    foreignSongId = await createSong(t, {
      teamId: otherTeamId,
      by: outsider,
      title: 'Theirs',
      parts: [part('V')],
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const sunday = (overrides: object = {}) => ({
    name: 'Sunday Service',
    date: '2030-03-10',
    notes: 'Communion Sunday',
    songs: [
      { song: songIds[2], leader: leader.userId },
      { song: songIds[0], leader: null },
      { song: songIds[1], leader: bassist.userId },
    ],
    positions: [
      { name: 'Bass', assignedTo: bassist.userId },
      { name: 'Cajon', assignedTo: null },
    ],
    teamId,
    ...overrides,
  });

  it('creates, reads with songs populated in order, updates and deletes', async () => {
    const created = await call('POST', '/api/setlist', bassist, teamId, sunday());
    expect(created.statusCode, created.body).toBe(201);
    const setlist = json<{ _id: string; songs: { song: string }[] }>(created);
    expect(setlist).toMatchObject({
      name: 'Sunday Service',
      date: '2030-03-10T00:00:00.000Z',
      notes: 'Communion Sunday',
      teamId,
      currentIndex: 0,
      currentPartLabel: null,
      positions: [
        { name: 'Bass', assignedTo: bassist.userId },
        { name: 'Cajon', assignedTo: null },
      ],
    });
    expect(setlist.songs.map((e) => e.song)).toEqual([songIds[2], songIds[0], songIds[1]]);

    const details = json<{
      songs: { song: { _id: string; title: string; parts: unknown[] }; leader: string | null }[];
    }>(await call('GET', `/api/setlist/${setlist._id}`, leader, teamId));
    expect(details.songs.map((e) => [e.song.title, e.leader])).toEqual([
      ['Gamma', leader.userId],
      ['Alpha', null],
      ['Beta', bassist.userId],
    ]);
    expect(details.songs[0]!.song.parts).toHaveLength(2);

    const updated = await call('PUT', `/api/setlist/${setlist._id}`, leader, teamId, {
      ...sunday(),
      name: 'Sunday Service (late)',
      date: '2030-03-10T09:30:00.000Z',
      songs: [{ song: songIds[1], leader: null }],
      notes: '',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(json(updated)).toMatchObject({
      name: 'Sunday Service (late)',
      date: '2030-03-10T00:00:00.000Z',
      notes: '',
    });

    expect((await call('DELETE', `/api/setlist/${setlist._id}`, bassist, teamId)).statusCode).toBe(
      204,
    );
    const gone = await call('GET', `/api/setlist/${setlist._id}`, leader, teamId);
    expect(gone.statusCode).toBe(404);
    expect(json(gone).error).toBe(SETLIST_TEXTS.notFound);
  });

  it('clones as a new setlist named with (Copy)', async () => {
    const original = json<{ _id: string }>(
      await call('POST', '/api/setlist', leader, teamId, sunday()),
    );
    const details = json<{
      name: string;
      date: string;
      notes: string;
      positions: unknown[];
      songs: { song: { _id: string }; leader: string | null }[];
    }>(await call('GET', `/api/setlist/${original._id}`, leader, teamId));
    const clone = await call('POST', '/api/setlist', leader, teamId, {
      name: `${details.name}${SETLIST_TEXTS.copySuffix}`,
      date: details.date.split('T')[0],
      notes: details.notes,
      positions: details.positions,
      songs: details.songs.map((e) => ({ song: e.song._id, leader: e.leader })),
      teamId,
    });
    expect(clone.statusCode).toBe(201);
    const copy = json<{ _id: string; name: string }>(clone);
    expect(copy._id).not.toBe(original._id);
    expect(copy.name).toBe('Sunday Service (Copy)');
    const list = json<{ _id: string }[]>(await call('GET', '/api/setlist', bassist, teamId));
    expect(list.map((s) => s._id)).toEqual(expect.arrayContaining([original._id, copy._id]));
  });

  it('validates with clear messages', async () => {
    const cases: [object, number, string][] = [
      [{ name: '  ' }, 400, 'Setlist name is required.'],
      [{ date: '' }, 400, 'Date is required.'],
      [{ date: '2030-02-30' }, 400, 'Date must be a valid date (YYYY-MM-DD).'],
      [{ date: 'next sunday' }, 400, 'Date must be a valid date (YYYY-MM-DD).'],
      [{ positions: [{ name: '   ', assignedTo: null }] }, 400, 'A position needs a name.'],
      [{ songs: [{ song: foreignSongId, leader: null }] }, 400, SETLIST_TEXTS.songNotInTeam],
      [{ songs: [{ song: randomUUID(), leader: null }] }, 400, SETLIST_TEXTS.songNotInTeam],
      [
        { songs: [{ song: songIds[0], leader: outsider.userId }] },
        400,
        SETLIST_TEXTS.leaderNotMember,
      ],
      [
        { positions: [{ name: 'Keys', assignedTo: outsider.userId }] },
        400,
        SETLIST_TEXTS.assigneeNotMember,
      ],
      [{ teamId: otherTeamId }, 400, 'teamId does not match the X-Team-ID header.'],
    ];
    const before = json<unknown[]>(await call('GET', '/api/setlist', leader, teamId)).length;
    for (const [overrides, status, message] of cases) {
      const res = await call('POST', '/api/setlist', leader, teamId, sunday(overrides));
      expect(res.statusCode, message).toBe(status);
      expect(json(res).error).toBe(message);
    }
    expect(json<unknown[]>(await call('GET', '/api/setlist', leader, teamId))).toHaveLength(before);
  });

  it('drops entries whose song was purged and reads plain song ids of older setlists', async () => {
    const doomed = {
      _id: await createSong(t, { teamId, by: leader, title: 'Doomed', parts: [part('V')] }),
    };
    const created = json<{ _id: string }>(
      await call('POST', '/api/setlist', leader, teamId, {
        ...sunday(),
        songs: [
          { song: songIds[0], leader: null },
          { song: doomed._id, leader: null },
        ],
      }),
    );
    expect((await call('DELETE', `/api/songs/${doomed._id}`, leader, teamId)).statusCode).toBe(204);
    // In the trash, the song still plays in the setlist; purged, it is dropped.
    const titles = async () =>
      json<{ songs: { song: { title: string } }[] }>(
        await call('GET', `/api/setlist/${created._id}`, leader, teamId),
      ).songs.map((e) => e.song.title);
    expect(await titles()).toEqual(['Alpha', 'Doomed']);
    await purgeTrash(t);
    expect(await titles()).toEqual(['Alpha']);
    // The setlist can still be saved as it now reads.
    const resaved = await call('PUT', `/api/setlist/${created._id}`, leader, teamId, {
      ...sunday(),
      songs: [{ song: songIds[0], leader: null }],
    });
    expect(resaved.statusCode).toBe(200);

    // An older setlist storing plain song ids.
    const repo = new SetlistsRepository(t.database.db, t.app.changes);
    const legacyId = randomUUID();
    await repo.create(teamId, leader.userId, legacyId, {
      name: 'Legacy',
      date: '2020-01-05',
      notes: '',
      songs: [songIds[1]!, { song: songIds[2]!, leader: leader.userId }],
      positions: [],
    });
    const legacy = json<{ songs: { song: { title: string }; leader: string | null }[] }>(
      await call('GET', `/api/setlist/${legacyId}`, bassist, teamId),
    );
    expect(legacy.songs.map((e) => [e.song.title, e.leader])).toEqual([
      ['Beta', null],
      ['Gamma', leader.userId],
    ]);
    const listed = json<{ _id: string; songs: { song: string; leader: string | null }[] }[]>(
      await call('GET', '/api/setlist', bassist, teamId),
    ).find((s) => s._id === legacyId);
    expect(listed!.songs).toEqual([
      { song: songIds[1], leader: null, key: null, duration: null, tempo: null },
      { song: songIds[2], leader: leader.userId, key: null, duration: null, tempo: null },
    ]);
  });

  it('answers every change at once, although it keeps populated setlists in memory', async () => {
    const songId = await createSong(t, {
      teamId,
      by: leader,
      title: 'Cached',
      parts: [part('V')],
    });
    const id = json<{ _id: string }>(
      await call('POST', '/api/setlist', leader, teamId, {
        name: 'Kept',
        date: '2030-03-03',
        songs: [
          { song: songId, leader: null },
          { song: songIds[0], leader: null },
        ],
      }),
    )._id;
    const read = async (as: Person = bassist) => call('GET', `/api/setlist/${id}`, as, teamId);
    const titles = async () =>
      json<{ songs: { song: { title: string } }[] }>(await read()).songs.map((e) => e.song.title);
    expect(await titles()).toEqual(['Cached', 'Alpha']);
    expect(await titles()).toEqual(['Cached', 'Alpha']);

    // The song renamed, then the setlist reordered, then the song deleted.
    await call('PUT', `/api/songs/${songId}`, leader, teamId, {
      title: 'Renamed',
      parts: [part('V')],
    });
    expect(await titles()).toEqual(['Renamed', 'Alpha']);
    await call('PUT', `/api/setlist/${id}`, leader, teamId, {
      name: 'Kept',
      date: '2030-03-03',
      songs: [
        { song: songIds[0], leader: null },
        { song: songId, leader: null },
      ],
    });
    expect(await titles()).toEqual(['Alpha', 'Renamed']);
    await call('DELETE', `/api/songs/${songId}`, leader, teamId);
    expect(await titles()).toEqual(['Alpha', 'Renamed']);
    await purgeTrash(t);
    expect(await titles()).toEqual(['Alpha']);

    // A member removed, and the setlist deleted: refused at once.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/teams/${teamId}/member`,
      headers: bearer(leader.jwt),
      payload: { userId: bassist.userId },
    });
    expect(removed.statusCode).toBe(200);
    expect((await read()).statusCode).toBe(404);
    await new TeamsRepository(t.database.db, t.app.changes).addMember(teamId, bassist.userId, {
      requireRequest: false,
    });
    expect((await read()).statusCode).toBe(200);
    await call('DELETE', `/api/setlist/${id}`, leader, teamId);
    expect((await read(leader)).statusCode).toBe(404);
  });

  it('refuses outsiders as if the setlist did not exist', async () => {
    const mine = json<{ _id: string }>(
      await call('POST', '/api/setlist', leader, teamId, sunday()),
    );
    const theirs = json<{ _id: string }>(
      await call('POST', '/api/setlist', outsider, otherTeamId, {
        name: 'Theirs',
        date: '2030-01-01',
        songs: [{ song: foreignSongId, leader: null }],
      }),
    );
    expect((await call('GET', '/api/setlist', null, teamId)).statusCode).toBe(401);
    expect((await call('GET', `/api/setlist/${mine._id}`, null, teamId)).statusCode).toBe(401);
    const noHeader = await call('GET', '/api/setlist', leader, null);
    expect(noHeader.statusCode).toBe(400);

    const forged = await call('GET', `/api/setlist/${mine._id}`, outsider, teamId);
    const missingTeam = await call('GET', `/api/setlist/${mine._id}`, outsider, randomUUID());
    expect(forged.statusCode).toBe(404);
    expect(forged.body).toBe(missingTeam.body);
    expect(json(forged).error).toBe(SERVER_ERRORS.teamNotFound);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', sunday()],
      ['DELETE', undefined],
    ] as const) {
      expect(
        (await call(method, `/api/setlist/${mine._id}`, outsider, teamId, payload)).statusCode,
      ).toBe(404);
      const viaOwn = await call(method, `/api/setlist/${theirs._id}`, leader, teamId, payload);
      const nonexistent = await call(
        method,
        `/api/setlist/${randomUUID()}`,
        leader,
        teamId,
        payload,
      );
      expect(nonexistent.statusCode).toBe(404);
      if (method === 'GET') {
        // Issue 14: reading one tells a setlist of another team (access denied in the
        // live and presenter views) from an id no team has (Setlist not found.).
        expect(viaOwn.statusCode).toBe(403);
        expect(json(viaOwn).error).toBe(LIVE_TEXTS.notAllowed);
        expect(json(nonexistent).error).toBe(SETLIST_TEXTS.notFound);
      } else {
        // From one's own team, another team's setlist id is not found for a change.
        expect(viaOwn.statusCode).toBe(404);
        expect(viaOwn.body).toBe(nonexistent.body);
      }
    }
    expect((await call('POST', '/api/setlist', outsider, teamId, sunday())).statusCode).toBe(404);
    expect((await call('GET', `/api/setlist/${mine._id}`, bassist, teamId)).statusCode).toBe(200);
  });

  it('counts setlists on the team overview', async () => {
    const details = json<{ stats: { setlists: number } }>(
      await call('GET', `/api/teams/${teamId}`, leader, null),
    );
    expect(details.stats.setlists).toBeGreaterThan(2);
  });
});
