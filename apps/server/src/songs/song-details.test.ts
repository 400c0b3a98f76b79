import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SONG_DETAIL_TEXTS, type Song } from '@segue/shared';
import { backends } from '../../test/databases.ts';
import { createAccount, createTeam, type FactoryAccount } from '../../test/factories.ts';
import { bearer, json, startTestApp, type TestApp } from '../../test/harness.ts';
import { song as songTable } from '../db/schema.ts';

/** Issue 15: a song's key, capo, tempo, time, CCLI number, copyright, authors and part ids. */
const details = {
  key: 'Bb',
  capo: 3,
  tempo: 72,
  time: '6/8',
  ccli: '22025',
  copyright: '© Public domain',
  authors: [
    { name: 'John Newton', type: 'words' },
    { name: 'Traditional', type: 'music' },
  ],
};
const parts = [
  { label: 'Verse 1', lines: [{ chords: 'G    C', lyrics: 'Amazing grace' }] },
  { label: 'Chorus', lines: [{ chords: 'D', lyrics: 'My chains are gone' }] },
  { label: 'Chorus', lines: [{ chords: 'D', lyrics: 'My chains are gone, again' }] },
];

describe.each(backends)('song details on %s', (backend) => {
  let t: TestApp;
  let owner: FactoryAccount;
  let outsider: FactoryAccount;
  let teamId: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    owner = await createAccount(t);
    outsider = await createAccount(t);
    teamId = await createTeam(t, { owner, name: 'Details' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as = owner) =>
    t.app.inject({
      method,
      url,
      headers: { ...bearer(as.jwt), 'x-team-id': teamId },
      ...(payload ? { payload } : {}),
    });

  it('round-trips every detail, and keeps each part’s id across edits', async () => {
    const created = await call('POST', '/api/songs', { title: 'Amazing Grace', parts, ...details });
    expect(created.statusCode, created.body).toBe(201);
    const song = json<Song>(created);
    expect(song).toMatchObject(details);
    expect(song.parts.map((p) => p.id)).toEqual(['p1', 'p2', 'p3']);
    expect(json(await call('GET', `/api/songs/${song._id}`))).toEqual(song);

    // An edit: the key changes, the first chorus is removed, a new part comes without an id.
    const edited = await call('PUT', `/api/songs/${song._id}`, {
      ...song,
      key: 'A',
      parts: [
        song.parts[0],
        song.parts[2],
        { label: 'Bridge', lines: [{ chords: '', lyrics: 'x' }] },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = json<Song>(edited);
    expect(after.key).toBe('A');
    expect(after.parts.map((p) => [p.id, p.label])).toEqual([
      ['p1', 'Verse 1'],
      ['p3', 'Chorus'],
      ['p2', 'Bridge'],
    ]);
    // The summary list carries the details too (for the library's columns).
    const listed = json<Song[]>(await call('GET', '/api/songs?fields=summary'));
    expect(listed.find((s) => s._id === song._id)).toMatchObject({ key: 'A', tempo: 72 });
  });

  it('an edit from a client that does not know the details keeps them; null clears one', async () => {
    const song = json<Song>(await call('POST', '/api/songs', { title: 'Kept', parts, ...details }));
    const oldClient = await call('PUT', `/api/songs/${song._id}`, {
      title: 'Kept',
      artist: '',
      parts: song.parts.map(({ label, lines }) => ({ label, lines })),
    });
    expect(oldClient.statusCode, oldClient.body).toBe(200);
    expect(json<Song>(oldClient)).toMatchObject(details);
    const cleared = json<Song>(
      await call('PUT', `/api/songs/${song._id}`, { ...song, key: null, tempo: null }),
    );
    expect(cleared).toMatchObject({ key: null, tempo: null, capo: 3, time: '6/8' });
  });

  it('gives an old client’s song (no details, no part ids) the defaults', async () => {
    const res = await call('POST', '/api/songs', { title: 'Old Style', artist: '', parts });
    const song = json<Song>(res);
    expect(song).toMatchObject({
      key: null,
      capo: 0,
      tempo: null,
      time: null,
      ccli: null,
      copyright: '',
      authors: [],
    });
    // Blank form fields mean none too.
    const blank = json<Song>(
      await call('POST', '/api/songs', {
        title: 'Blank',
        parts,
        key: '',
        time: '',
        ccli: '',
        tempo: null,
      }),
    );
    expect(blank).toMatchObject({ key: null, time: null, ccli: null, tempo: null });
  });

  it('normalises keys and repairs repeated part ids', async () => {
    const song = json<Song>(
      await call('POST', '/api/songs', {
        title: 'Ids',
        key: ' B♭m ',
        parts: parts.map((p) => ({ ...p, id: 'same' })),
      }),
    );
    expect(song.key).toBe('Bbm');
    expect(song.parts.map((p) => p.id)).toEqual(['same', 'p1', 'p2']);
  });

  it('refuses bad details with a clear message and saves nothing', async () => {
    const before = json<Song[]>(await call('GET', '/api/songs')).length;
    for (const [change, message] of [
      [{ key: 'H' }, 'Choose a key such as G, Bb or F#m.'],
      [{ capo: 12 }, SONG_DETAIL_TEXTS.capo],
      [{ capo: 1.5 }, SONG_DETAIL_TEXTS.capo],
      [{ tempo: 10 }, SONG_DETAIL_TEXTS.tempo],
      [{ tempo: '72' }, SONG_DETAIL_TEXTS.tempo],
      [{ time: '6/0' }, SONG_DETAIL_TEXTS.time],
      [{ ccli: '12a' }, SONG_DETAIL_TEXTS.ccli],
      [{ copyright: 'x'.repeat(501) }, SONG_DETAIL_TEXTS.copyright],
      [{ authors: [{ name: ' ', type: 'words' }] }, SONG_DETAIL_TEXTS.authorName],
      [{ authors: [{ name: 'A', type: 'lyrics' }] }, SONG_DETAIL_TEXTS.authorType],
      [{ authors: 'Newton' }, SONG_DETAIL_TEXTS.authors],
    ] as const) {
      const res = await call('POST', '/api/songs', { title: 'Bad', parts, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(json<{ error: string }>(res).error, JSON.stringify(change)).toBe(message);
    }
    expect(json<Song[]>(await call('GET', '/api/songs'))).toHaveLength(before);
  });

  it('imports the details of a new export file, and an old file without them', async () => {
    const res = await call('POST', '/api/songs/import', {
      songs: [
        { title: 'Imported New', artist: '', parts, ...details },
        { title: 'Imported Old', artist: '', parts },
      ],
    });
    expect(json(res)).toEqual({ imported: 2, skipped: 0 });
    const all = json<Song[]>(await call('GET', '/api/songs'));
    expect(all.find((s) => s.title === 'Imported New')).toMatchObject(details);
    expect(all.find((s) => s.title === 'Imported Old')).toMatchObject({ key: null, capo: 0 });
  });

  it('an outsider reads no details', async () => {
    const res = await call('GET', '/api/songs', undefined, outsider);
    expect(res.statusCode).toBe(404);
  });

  it('migration 0007 gives the parts of songs stored before it ids p1, p2, ... in order', async () => {
    const migration = readFileSync(
      new URL('../../drizzle/0007_song_details.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.slice(migration.indexOf('UPDATE "song"'));
    const [row] = await t.database.db
      .select({ id: songTable.id })
      .from(songTable)
      .where(sql`${songTable.teamId} = ${teamId}`)
      .limit(1);
    const old = [
      { label: 'V', lines: [] },
      { label: 'C', lines: [] },
    ];
    await t.database.db.execute(
      sql`update song set parts = ${JSON.stringify(old)}::jsonb where id = ${row?.id ?? ''}`,
    );
    await t.database.db.execute(sql.raw(backfill));
    const [after] = await t.database.db
      .select({ parts: songTable.parts })
      .from(songTable)
      .where(sql`${songTable.id} = ${row?.id ?? ''}`);
    expect(after?.parts).toEqual([
      { id: 'p1', label: 'V', lines: [] },
      { id: 'p2', label: 'C', lines: [] },
    ]);
  });
});
