import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SERVER_ERRORS, SONG_LIST_TEXTS, type Song, type SongSummary } from '@segue/shared';
import { backends } from '../../test/databases.ts';
import {
  createAccount,
  createSetlist,
  createTeam,
  type FactoryAccount,
} from '../../test/factories.ts';
import { bearer, json, startTestApp, type TestApp } from '../../test/harness.ts';
import { setlist as setlistTable } from '../db/schema.ts';

/** Issue 15, part 7: the library's Key, Tempo and Last used columns, sorted on the server. */
const parts = [{ label: 'Verse 1', lines: [{ chords: 'G', lyrics: 'La' }] }];

describe.each(backends)('song library columns on %s', (backend) => {
  let t: TestApp;
  let owner: FactoryAccount;
  let outsider: FactoryAccount;
  let teamId: string;
  let otherTeamId: string;
  /** Song ids by title. */
  const ids: Record<string, string> = {};

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as = owner) =>
    t.app.inject({
      method,
      url,
      headers: { ...bearer(as.jwt), 'x-team-id': teamId },
      ...(payload ? { payload } : {}),
    });

  /** The summaries of one read of the library (a page of 100 unless `query` says otherwise). */
  const list = async (query: string) => {
    const res = await call('GET', `/api/songs?fields=summary&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return json<SongSummary[]>(res);
  };
  const titles = async (query: string) => (await list(`limit=100&${query}`)).map((s) => s.title);

  beforeAll(async () => {
    t = await startTestApp(backend);
    owner = await createAccount(t);
    outsider = await createAccount(t);
    teamId = await createTeam(t, { owner, name: 'Columns' });
    otherTeamId = await createTeam(t, { owner: outsider, name: 'Elsewhere' });

    // Made one after another, so their update times are in this order.
    for (const [title, key, tempo] of [
      ['Amazing Grace', 'G', 72],
      ['Be Thou My Vision', 'D', 100],
      ['Come Thou Fount', null, null],
      ['doxology', 'Bb', 72],
      ['Everlasting', 'A', 60],
    ] as const) {
      const res = await call('POST', '/api/songs', { title, parts, key, tempo });
      expect(res.statusCode, res.body).toBe(201);
      ids[title] = json<Song>(res)._id;
    }
    const id = (title: string) => ids[title] ?? '';

    await createSetlist(t, {
      teamId,
      by: owner,
      date: '2025-12-24',
      songs: [id('Amazing Grace'), id('Be Thou My Vision')],
    });
    await createSetlist(t, {
      teamId,
      by: owner,
      date: '2026-03-01',
      songs: [
        { song: id('Amazing Grace'), leader: null, key: 'A' },
        { song: id('Everlasting'), leader: owner.userId },
      ],
    });
    // An older setlist that stores plain song ids: its date is Be Thou My Vision's latest.
    const old = await createSetlist(t, { teamId, by: owner, date: '2026-02-01', songs: [] });
    await t.database.db
      .update(setlistTable)
      .set({ songs: [id('Be Thou My Vision'), id('Be Thou My Vision')] })
      .where(eq(setlistTable.id, old));
    // Another team's later setlist naming this team's song (in both shapes) does not count.
    const foreign = await createSetlist(t, {
      teamId: otherTeamId,
      by: outsider,
      date: '2027-01-01',
      songs: [id('Amazing Grace'), id('Come Thou Fount')],
    });
    await t.database.db
      .update(setlistTable)
      .set({ songs: [id('doxology'), { song: id('Everlasting'), leader: null }] })
      .where(eq(setlistTable.id, foreign));

    // Edited last: the most recently updated song.
    const edited = await call('PUT', `/api/songs/${id('Come Thou Fount')}`, {
      title: 'Come Thou Fount',
      parts,
    });
    expect(edited.statusCode, edited.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers key, tempo and lastUsed: the latest setlist of the team holding the song, either entry shape', async () => {
    const songs = await list('limit=25');
    expect(
      songs.map(({ title, key, tempo, lastUsed }) => ({ title, key, tempo, lastUsed })),
    ).toEqual([
      { title: 'Amazing Grace', key: 'G', tempo: 72, lastUsed: '2026-03-01' },
      { title: 'Be Thou My Vision', key: 'D', tempo: 100, lastUsed: '2026-02-01' },
      { title: 'Come Thou Fount', key: null, tempo: null, lastUsed: null },
      { title: 'doxology', key: 'Bb', tempo: 72, lastUsed: null },
      { title: 'Everlasting', key: 'A', tempo: 60, lastUsed: '2026-03-01' },
    ]);
    // A search, and a page cut in the middle, answer the same days for their rows.
    expect(
      (await list('q=thou&limit=1&offset=1')).map(({ title, lastUsed }) => ({ title, lastUsed })),
    ).toEqual([{ title: 'Come Thou Fount', lastUsed: null }]);
    expect((await list('q=vision')).map((s) => s.lastUsed)).toEqual(['2026-02-01']);
  });

  it('leaves lastUsed out of the whole cached library and of full songs', async () => {
    const whole = await list('');
    expect(whole).toHaveLength(5);
    expect(whole.every((s) => !('lastUsed' in s))).toBe(true);
    const full = json<Song[]>(await call('GET', '/api/songs?sort=lastUsed&limit=2'));
    expect(full.map((s) => s.title)).toEqual(['Be Thou My Vision', 'Amazing Grace']);
    expect(full.every((s) => !('lastUsed' in s) && s.parts.length === 1)).toBe(true);
  });

  it('sorts by title by default, case-insensitively, either way', async () => {
    const byTitle = [
      'Amazing Grace',
      'Be Thou My Vision',
      'Come Thou Fount',
      'doxology',
      'Everlasting',
    ];
    expect(await titles('')).toEqual(byTitle);
    expect(await titles('sort=title')).toEqual(byTitle);
    expect(await titles('sort=title&dir=desc')).toEqual([...byTitle].reverse());
  });

  it('sorts by key, tempo, last used and update time, with empty values last either way', async () => {
    expect(await titles('sort=key')).toEqual([
      'Everlasting', // A
      'doxology', // Bb
      'Be Thou My Vision', // D
      'Amazing Grace', // G
      'Come Thou Fount', // no key
    ]);
    expect(await titles('sort=key&dir=desc')).toEqual([
      'Amazing Grace',
      'Be Thou My Vision',
      'doxology',
      'Everlasting',
      'Come Thou Fount',
    ]);
    // Equal tempos (72) keep title order in both directions.
    expect(await titles('sort=tempo&dir=asc')).toEqual([
      'Everlasting',
      'Amazing Grace',
      'doxology',
      'Be Thou My Vision',
      'Come Thou Fount',
    ]);
    expect(await titles('sort=tempo&dir=desc')).toEqual([
      'Be Thou My Vision',
      'Amazing Grace',
      'doxology',
      'Everlasting',
      'Come Thou Fount',
    ]);
    expect(await titles('sort=lastUsed')).toEqual([
      'Be Thou My Vision', // 2026-02-01
      'Amazing Grace', // 2026-03-01
      'Everlasting', // 2026-03-01
      'Come Thou Fount', // never
      'doxology', // never
    ]);
    expect(await titles('sort=lastUsed&dir=desc')).toEqual([
      'Amazing Grace',
      'Everlasting',
      'Be Thou My Vision',
      'Come Thou Fount',
      'doxology',
    ]);
    expect(await titles('sort=updated')).toEqual([
      'Amazing Grace',
      'Be Thou My Vision',
      'doxology',
      'Everlasting',
      'Come Thou Fount',
    ]);
    expect(await titles('sort=updated&dir=desc')).toEqual([
      'Come Thou Fount',
      'Everlasting',
      'doxology',
      'Be Thou My Vision',
      'Amazing Grace',
    ]);
  });

  it('pages through a sorted library without repeating or skipping a song', async () => {
    for (const sort of ['title', 'key', 'tempo', 'lastUsed', 'updated']) {
      for (const dir of ['asc', 'desc']) {
        const query = `sort=${sort}&dir=${dir}`;
        const pages = [];
        for (let offset = 0; offset < 5; offset += 2) {
          const res = await call(
            'GET',
            `/api/songs?fields=summary&${query}&limit=2&offset=${offset}`,
          );
          expect(res.headers['x-total-count'], query).toBe('5');
          pages.push(...json<SongSummary[]>(res));
        }
        const all = await list(`${query}&limit=100`);
        expect(pages, query).toEqual(all);
        expect(new Set(pages.map((s) => s._id)).size, query).toBe(5);
      }
    }
  });

  it('refuses a bad sort or direction with a clear message', async () => {
    for (const [query, message] of [
      ['sort=artist', SONG_LIST_TEXTS.sort],
      ['sort=', SONG_LIST_TEXTS.sort],
      ['sort=title&sort=key', SONG_LIST_TEXTS.sort],
      ["sort=title';drop table song;--", SONG_LIST_TEXTS.sort],
      ['sort=tempo&dir=up', SONG_LIST_TEXTS.dir],
      ['dir=DESC', SONG_LIST_TEXTS.dir],
    ] as const) {
      const res = await call('GET', `/api/songs?fields=summary&limit=5&${encodeURI(query)}`);
      expect(res.statusCode, query).toBe(400);
      expect(json<{ error: string }>(res).error, query).toBe(message);
    }
  });

  it('refuses outsiders: no session, or a team the caller is not in', async () => {
    const url = '/api/songs?fields=summary&sort=lastUsed&limit=5';
    const anonymous = await t.app.inject({ method: 'GET', url, headers: { 'x-team-id': teamId } });
    expect(anonymous.statusCode).toBe(401);
    const forged = await call('GET', url, undefined, outsider);
    expect(forged.statusCode).toBe(404);
    expect(json(forged).error).toBe(SERVER_ERRORS.teamNotFound);
    // The outsider's own team lists none of this team's songs.
    const own = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(outsider.jwt), 'x-team-id': otherTeamId },
    });
    expect(own.statusCode).toBe(200);
    expect(json<SongSummary[]>(own)).toEqual([]);
  });

  it('follows a new setlist at once', async () => {
    await createSetlist(t, {
      teamId,
      by: owner,
      date: '2026-06-07',
      songs: [ids['doxology'] ?? ''],
    });
    expect((await list('q=doxology&limit=5')).map((s) => s.lastUsed)).toEqual(['2026-06-07']);
    expect((await titles('sort=lastUsed&dir=desc'))[0]).toBe('doxology');
  });
});
