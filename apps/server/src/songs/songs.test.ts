import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SONG_TEXTS, SERVER_ERRORS } from '@segue/shared';
import { backends } from '../../test/databases.ts';
import { createAccount, createTeam } from '../../test/factories.ts';
import { bearer, json, startTestApp, type TestApp } from '../../test/harness.ts';

interface Person {
  userId: string;
  jwt: string;
}

const amazingGrace = {
  title: 'Amazing Grace',
  artist: 'John Newton',
  parts: [
    {
      label: 'Verse 1',
      lines: [
        { chords: 'G       G7      C     G', lyrics: 'Amazing grace, how sweet the sound' },
        { chords: 'G            D', lyrics: 'That saved a wretch like me' },
      ],
    },
    { label: 'Chorus', lines: [{ chords: 'C   G', lyrics: 'My chains are gone' }] },
  ],
};

describe.each(backends)('songs on %s', (backend) => {
  let t: TestApp;
  let owner: Person;
  let member: Person;
  let outsider: Person;
  let teamId: string;
  let otherTeamId: string;

  beforeAll(async () => {
    // Importing 2,000 songs is read in a worker within the reader's time budget (5 s), which a
    // machine busy with other test files can pass: time is not what this file tests (the
    // reader's own tests hold its budget).
    t = await startTestApp(backend, { songFileReading: { budgetMs: 60_000 } });
    [owner, member, outsider] = (await Promise.all(
      ['Olive', 'Mark', 'Otto'].map((n) => createAccount(t, { name: `${n} Songs` })),
    )) as unknown as [Person, Person, Person];
    teamId = await createTeam(t, { owner, name: 'Songs Team', members: [member] });
    otherTeamId = await createTeam(t, { owner: outsider, name: 'Other Team' });
  });
  afterAll(async () => {
    await t?.close();
  });

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

  const createSong = async (song: object = amazingGrace, as: Person = member) => {
    const res = await call('POST', '/api/songs', as, teamId, song);
    expect(res.statusCode, res.body).toBe(201);
    return json<{ _id: string; title: string }>(res);
  };

  describe('create, read, update, delete', () => {
    it('creates a song with its parts and lines, trimmed', async () => {
      const res = await call('POST', '/api/songs', member, teamId, {
        ...amazingGrace,
        title: '  Amazing Grace  ',
        parts: [{ ...amazingGrace.parts[0]!, label: ' Verse 1 ' }],
        teamId,
      });
      expect(res.statusCode).toBe(201);
      const song = json<Record<string, unknown>>(res);
      expect(song).toMatchObject({ title: 'Amazing Grace', artist: 'John Newton', teamId });
      expect(song.parts).toEqual([
        { ...amazingGrace.parts[0]!, id: 'p1', label: 'Verse 1', translations: [] },
      ]);
      // Chord spacing is kept exactly, so chords stay over their syllables.
      expect((song.parts as { lines: { chords: string }[] }[])[0]!.lines[0]!.chords).toBe(
        'G       G7      C     G',
      );
      const read = json(await call('GET', `/api/songs/${song._id as string}`, owner, teamId));
      expect(read).toEqual(song);
    });

    it('lists the team songs, searches title plus artist case-insensitively, and pages', async () => {
      const a = await createSong({
        ...amazingGrace,
        title: `Zeta ${randomUUID().slice(0, 6)}`,
        artist: 'Hillsong',
      });
      await createSong({
        ...amazingGrace,
        title: `Zeta ${randomUUID().slice(0, 6)}`,
        artist: 'Bethel',
      });
      const byArtist = json<{ _id: string }[]>(
        await call('GET', '/api/songs?q=hillSONG', member, teamId),
      );
      expect(byArtist.map((s) => s._id)).toContain(a._id);
      expect(byArtist.every((s) => s._id)).toBe(true);
      const combined = json<{ _id: string }[]>(
        await call('GET', `/api/songs?q=${encodeURIComponent(`${a.title} hill`)}`, member, teamId),
      );
      expect(combined.map((s) => s._id)).toEqual([a._id]);

      const page = await call(
        'GET',
        '/api/songs?q=zeta&fields=summary&limit=1&offset=1',
        member,
        teamId,
      );
      expect(page.headers['x-total-count']).toBe('2');
      const songs = json<Record<string, unknown>[]>(page);
      expect(songs).toHaveLength(1);
      expect(songs[0]).not.toHaveProperty('parts');
      expect(json<unknown[]>(await call('GET', '/api/songs?q=%25', member, teamId))).toEqual([]);
    });

    it('updates and deletes; the list reflects both', async () => {
      const song = await createSong({ ...amazingGrace, title: 'Old Title' });
      const updated = await call('PUT', `/api/songs/${song._id}`, member, teamId, {
        ...amazingGrace,
        title: 'New Title',
        teamId,
      });
      expect(updated.statusCode).toBe(200);
      const body = json<{ title: string; createdAt: string; updatedAt: string }>(updated);
      expect(body.title).toBe('New Title');
      expect(new Date(body.updatedAt).getTime()).toBeGreaterThanOrEqual(
        new Date(body.createdAt).getTime(),
      );
      expect((await call('DELETE', `/api/songs/${song._id}`, owner, teamId)).statusCode).toBe(204);
      expect((await call('GET', `/api/songs/${song._id}`, owner, teamId)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/songs/${song._id}`, owner, teamId)).statusCode).toBe(404);
    });
  });

  describe('validation', () => {
    it('answers the form messages in the spec order', async () => {
      const cases: [object, string][] = [
        [{ title: '   ', parts: [] }, 'Title is required.'],
        [{ parts: [{ label: '', lines: [] }] }, 'Title is required.'],
        [{ title: 'T', parts: [] }, 'At least one part is required.'],
        [{ title: 'T' }, 'At least one part is required.'],
        [
          {
            title: 'T',
            parts: [
              { label: 'Verse 1', lines: [{}] },
              { label: ' ', lines: [] },
            ],
          },
          'Part 2 is missing a label.',
        ],
        [
          { title: 'T', parts: [{ label: 'Chorus', lines: [] }] },
          'Part "Chorus" needs at least one line.',
        ],
        [
          { title: 'x'.repeat(201), parts: amazingGrace.parts },
          'Title must be at most 200 characters.',
        ],
        [
          { title: 'T', parts: [{ label: 'V', lines: [{ chords: '', lyrics: 'x'.repeat(501) }] }] },
          'Lines in part "V" must be at most 500 characters.',
        ],
        [
          {
            title: 'T',
            parts: Array.from({ length: 51 }, (_, i) => ({ label: `P${i}`, lines: [{}] })),
          },
          'A song can have at most 50 parts.',
        ],
      ];
      for (const [payload, message] of cases) {
        const res = await call('POST', '/api/songs', member, teamId, payload);
        expect(res.statusCode, message).toBe(400);
        expect(json(res).error).toBe(message);
      }
      const wrongTeam = await call('POST', '/api/songs', member, teamId, {
        ...amazingGrace,
        teamId: otherTeamId,
      });
      expect(wrongTeam.statusCode).toBe(400);
    });
  });

  describe('team scoping: outsiders are refused as if the song did not exist', () => {
    it('refuses anonymous callers, a missing X-Team-ID and a forged one', async () => {
      const song = await createSong();
      expect((await call('GET', '/api/songs', null, teamId)).statusCode).toBe(401);
      const noHeader = await call('GET', '/api/songs', member, null);
      expect(noHeader.statusCode).toBe(400);
      expect(json(noHeader).error).toBe(SONG_TEXTS.teamHeaderRequired);
      // A team the caller is not in answers like one that does not exist.
      const forged = await call('GET', '/api/songs', outsider, teamId);
      const missing = await call('GET', '/api/songs', outsider, randomUUID());
      expect(forged.statusCode).toBe(404);
      expect(forged.body).toBe(missing.body);
      expect(json(forged).error).toBe(SERVER_ERRORS.teamNotFound);
      for (const [method, payload] of [
        ['GET', undefined],
        ['PUT', amazingGrace],
        ['DELETE', undefined],
      ] as const) {
        expect(
          (await call(method, `/api/songs/${song._id}`, outsider, teamId, payload)).statusCode,
        ).toBe(404);
      }
      expect((await call('POST', '/api/songs', outsider, teamId, amazingGrace)).statusCode).toBe(
        404,
      );
      expect((await call('GET', `/api/songs/${song._id}`, owner, teamId)).statusCode).toBe(200);
    });

    it("another team's song id is not found from one's own team", async () => {
      const theirs = json<{ _id: string }>(
        await call('POST', '/api/songs', outsider, otherTeamId, amazingGrace),
      );
      const viaOwnTeam = await call('GET', `/api/songs/${theirs._id}`, member, teamId);
      const nonexistent = await call('GET', `/api/songs/${randomUUID()}`, member, teamId);
      expect(viaOwnTeam.statusCode).toBe(404);
      expect(viaOwnTeam.body).toBe(nonexistent.body);
      expect(
        (await call('PUT', `/api/songs/${theirs._id}`, member, teamId, amazingGrace)).statusCode,
      ).toBe(404);
      expect((await call('DELETE', `/api/songs/${theirs._id}`, member, teamId)).statusCode).toBe(
        404,
      );
      expect(
        (await call('GET', `/api/songs/${theirs._id}`, outsider, otherTeamId)).statusCode,
      ).toBe(200);
      const listed = json<{ _id: string }[]>(await call('GET', '/api/songs', member, teamId));
      expect(listed.map((s) => s._id)).not.toContain(theirs._id);
    });
  });

  describe('import', () => {
    const titles = async () =>
      json<{ title: string; artist: string }[]>(await call('GET', '/api/songs', owner, teamId)).map(
        (s) => `${s.title}|${s.artist}`,
      );

    it('imports new songs and skips duplicates of existing songs and within the file', async () => {
      await createSong({ ...amazingGrace, title: 'Already Here', artist: 'Someone' });
      const res = await call('POST', '/api/songs/import', owner, teamId, {
        songs: [
          { ...amazingGrace, title: '  already here ', artist: 'SOMEONE ' },
          { ...amazingGrace, title: 'Fresh Song', artist: '' },
          { title: 'fresh song', parts: amazingGrace.parts },
          {
            ...amazingGrace,
            title: 'Another Fresh',
            artist: 'Band',
            _id: 'ignored',
            teamId: otherTeamId,
          },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res)).toEqual({ imported: 2, skipped: 2 });
      const all = await titles();
      expect(all).toContain('Fresh Song|');
      expect(all).toContain('Another Fresh|Band');
      expect(all.filter((x) => x.toLowerCase() === 'fresh song|')).toHaveLength(1);
    });

    it('a malformed file changes nothing', async () => {
      const before = await titles();
      const bad = await call('POST', '/api/songs/import', owner, teamId, {
        songs: [{ ...amazingGrace, title: 'Would Be New' }, { title: '', parts: [] }, 'nonsense'],
      });
      expect(bad.statusCode).toBe(400);
      expect(json(bad).error).toBe('Song 2: Title is required.');
      expect(await titles()).toEqual(before);
      for (const body of [{}, { songs: 'x' }, [], null]) {
        const res = await call('POST', '/api/songs/import', owner, teamId, body);
        expect(res.statusCode).toBe(400);
      }
      expect(await titles()).toEqual(before);
    });

    it('only the team creator may import', async () => {
      const res = await call('POST', '/api/songs/import', member, teamId, {
        songs: [amazingGrace],
      });
      expect(res.statusCode).toBe(403);
      expect(json(res).error).toBe(SONG_TEXTS.creatorOnlyImport);
      expect(
        (await call('POST', '/api/songs/import', outsider, teamId, { songs: [] })).statusCode,
      ).toBe(404);
      expect(
        (await call('POST', '/api/songs/import', null, teamId, { songs: [] })).statusCode,
      ).toBe(401);
    });

    it('an export round-trips through import with 0 new songs', async () => {
      const exported = json<unknown[]>(await call('GET', '/api/songs', owner, teamId));
      expect(exported.length).toBeGreaterThan(2);
      const res = await call('POST', '/api/songs/import', owner, teamId, {
        exportedAt: new Date().toISOString(),
        teamId,
        teamName: 'Songs Team',
        songs: exported,
      });
      expect(json(res)).toEqual({ imported: 0, skipped: exported.length });
    });

    it('imports 2,000 songs in one go', async () => {
      const songs = Array.from({ length: 2000 }, (_, i) => ({
        ...amazingGrace,
        title: `Bulk ${i}`,
        artist: 'Bulk',
      }));
      const res = await call('POST', '/api/songs/import', owner, teamId, { songs });
      expect(json(res)).toEqual({ imported: 2000, skipped: 0 });
      const page = await call('GET', '/api/songs?q=bulk&fields=summary&limit=10', owner, teamId);
      expect(page.headers['x-total-count']).toBe('2000');
    });
  });

  it('counts songs on the team overview', async () => {
    const details = json<{ stats: { songs: number } }>(
      await call('GET', `/api/teams/${teamId}`, owner, null),
    );
    expect(details.stats.songs).toBeGreaterThan(2000);
  });
});
