import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Song, SongFileConvertAnswer } from '@segue/shared';
import { backends } from '../../test/databases.ts';
import { createAccount, createTeam, type FactoryAccount } from '../../test/factories.ts';
import { bearer, json, startTestApp, type TestApp } from '../../test/harness.ts';

/** Issue 16: song files in (`POST /api/songs/convert`) and out (`GET …/export`). */
const FIXTURES = join(import.meta.dirname, '../../../../packages/shared/test/fixtures');
const fixture = (path: string) => readFileSync(join(FIXTURES, path));

const CHORDPRO =
  '{title: Amazing Grace}\n{key: G}\n\n{start_of_verse: Verse 1}\nA[G]mazing [D]grace\n{end_of_verse}\n';

describe.each(backends)('song files on %s', (backend) => {
  let t: TestApp;
  let owner: FactoryAccount;
  let member: FactoryAccount;
  let outsider: FactoryAccount;
  let teamId: string;

  const convert = (body: Buffer | string, filename: string, as = owner) =>
    t.app.inject({
      method: 'POST',
      url: `/api/songs/convert?filename=${encodeURIComponent(filename)}`,
      headers: {
        ...bearer(as.jwt),
        'x-team-id': teamId,
        'content-type': 'application/octet-stream',
      },
      payload: body,
    });
  const call = (method: 'GET' | 'POST', url: string, payload?: object, as = owner) =>
    t.app.inject({
      method,
      url,
      headers: { ...bearer(as.jwt), 'x-team-id': teamId },
      ...(payload ? { payload } : {}),
    });
  /** Converts a file, saves its first song and answers the stored song. */
  const importFile = async (body: Buffer | string, filename: string) => {
    const res = await convert(body, filename);
    expect(res.statusCode, res.body).toBe(200);
    const [song] = json<SongFileConvertAnswer>(res).songs;
    const saved = await call('POST', '/api/songs', song);
    expect(saved.statusCode, saved.body).toBe(201);
    return json<Song>(saved);
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    owner = await createAccount(t);
    member = await createAccount(t);
    outsider = await createAccount(t);
    teamId = await createTeam(t, { owner, name: 'Files', members: [member] });
    await createTeam(t, { owner: outsider, name: 'Elsewhere' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('converts a ChordPro file into songs POST /api/songs takes, saving nothing; a member may', async () => {
    const res = await convert(CHORDPRO, 'grace.cho', member);
    expect(res.statusCode, res.body).toBe(200);
    const answer = json<SongFileConvertAnswer>(res);
    expect(answer.format).toBe('chordpro');
    expect(answer.songs).toHaveLength(1);
    expect(answer.songs[0]).toMatchObject({
      title: 'Amazing Grace',
      key: 'G',
      parts: [{ label: 'Verse 1', lines: [{ chords: ' G      D', lyrics: 'Amazing grace' }] }],
      source: { format: 'chordpro', text: CHORDPRO },
    });
    const library = await call('GET', '/api/songs');
    expect(json<Song[]>(library)).toEqual([]);
  });

  it('reads every fixture of every format without an error', async () => {
    const read: string[] = [];
    for (const folder of [
      'chordpro',
      'openlyrics',
      'opensong',
      'plain',
      'songselect',
      'ultimate-guitar',
    ]) {
      for (const name of readdirSync(join(FIXTURES, folder))) {
        if (/\.expected\./.test(name)) continue;
        const res = await convert(fixture(`${folder}/${name}`), name);
        expect(res.statusCode, `${folder}/${name}: ${res.body}`).toBe(200);
        expect(json<SongFileConvertAnswer>(res).songs.length, name).toBeGreaterThan(0);
        read.push(name);
      }
    }
    expect(read.length).toBeGreaterThanOrEqual(15);
  });

  it('refuses an empty file, a 6 MB file and binary junk with a clear 400', async () => {
    const empty = await convert('', 'empty.cho');
    expect([empty.statusCode, empty.json()]).toEqual([
      400,
      { error: 'The file is empty.', code: 'validation' },
    ]);
    const large = await convert(Buffer.alloc(6 * 1024 * 1024, 'a'), 'large.txt');
    expect(large.statusCode).toBe(400);
    expect(large.json()).toMatchObject({ error: 'A song file can be at most 5 MB.' });
    const junk = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37 + 11) % 256));
    const refused = await convert(junk, 'picture.png');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/not a song file Segue reads/);
  });

  it('never answers a 500 for random bytes or random near-ChordPro text', async () => {
    const nearChordPro = fc
      .array(
        fc.oneof(
          fc.constantFrom(
            '{',
            '}',
            '[',
            ']',
            '{title:',
            '{soc}',
            '{eoc}',
            '{key: ',
            'G',
            'Am7',
            '\n',
            ' ',
          ),
          fc.string({ maxLength: 8 }),
        ),
        { maxLength: 60 },
      )
      .map((pieces) => pieces.join(''));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 400 }).map((b) => Buffer.from(b)),
          nearChordPro,
        ),
        fc.constantFrom('a.cho', 'a.xml', 'a.txt', 'a.usr', 'a'),
        async (body, name) => {
          const res = await convert(body, name);
          expect([200, 400], res.body).toContain(res.statusCode);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('exports a song just imported as the very bytes that came in, and as other formats', async () => {
    const original = fixture('chordpro/swinglow.cho');
    const song = await importFile(original, 'swinglow.cho');
    const again = await call('GET', `/api/songs/${song._id}/export?format=chordpro`);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(original)).toBe(true);
    expect(again.headers['content-disposition']).toMatch(/^attachment; filename=".+\.cho"/);

    for (const [format, type, extension] of [
      ['openlyrics', 'application/xml', 'xml'],
      ['text', 'text/plain', 'txt'],
      ['json', 'application/json', 'json'],
    ] as const) {
      const res = await call('GET', `/api/songs/${song._id}/export?format=${format}`);
      expect(res.statusCode, format).toBe(200);
      expect(res.headers['content-type']).toContain(type);
      expect(res.headers['content-disposition']).toContain(`.${extension}"`);
    }
    // The OpenLyrics file reads back as the same parts.
    const xml = await call('GET', `/api/songs/${song._id}/export?format=openlyrics`);
    const back = json<SongFileConvertAnswer>(await convert(xml.rawPayload, 'song.xml'));
    expect(back.songs[0]?.parts.map((p) => p.label)).toEqual(song.parts.map((p) => p.label));
    expect(back.songs[0]?.parts.flatMap((p) => p.lines)).toEqual(
      song.parts.flatMap((p) => p.lines.map(({ chords, lyrics }) => ({ chords, lyrics }))),
    );

    const bad = await call('GET', `/api/songs/${song._id}/export?format=pdf`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Export as chordpro, openlyrics, text or json.');
  });

  it('exports an edited song in the edit, keeping its source for what Segue does not model', async () => {
    const song = await importFile(fixture('chordpro/swinglow-full_020.cho'), 'swinglow.cho');
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/songs/${song._id}`,
      headers: { ...bearer(owner.jwt), 'x-team-id': teamId },
      payload: { title: 'Swing Low (edited)', artist: song.artist, parts: song.parts },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const first = await call('GET', `/api/songs/${song._id}/export?format=chordpro`);
    expect(first.body).toContain('{title: Swing Low (edited)}');
    // The misspelt directive Segue does not know is written back.
    expect(first.body).toContain('{defined');
    const second = await call('GET', `/api/songs/${song._id}/export?format=chordpro`);
    expect(second.body).toBe(first.body);
  });

  it('exports the library as a zip of ChordPro or OpenLyrics files', async () => {
    await importFile(CHORDPRO, 'grace.cho');
    for (const [format, extension] of [
      ['chordpro', '.cho'],
      ['openlyrics', '.xml'],
    ] as const) {
      const res = await call('GET', `/api/songs/export?format=${format}`, undefined, member);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toContain(`Files-${format}.zip`);
      const files = unzipSync(new Uint8Array(res.rawPayload));
      const names = Object.keys(files);
      expect(names.length).toBeGreaterThanOrEqual(3);
      expect(names.every((name) => name.endsWith(extension))).toBe(true);
      // Two songs of one title get two files.
      expect(new Set(names).size).toBe(names.length);
      expect(names.some((name) => strFromU8(files[name]!).includes('Amazing'))).toBe(true);
    }
    const bad = await call('GET', '/api/songs/export?format=text');
    expect(bad.statusCode).toBe(400);
  });

  it('refuses an outsider on every file call, and a song of another team is not found', async () => {
    const song = await importFile(CHORDPRO, 'grace.cho');
    const asOutsider = { ...bearer(outsider.jwt), 'x-team-id': teamId };
    for (const res of [
      await convert(CHORDPRO, 'grace.cho', outsider),
      await t.app.inject({
        method: 'GET',
        url: `/api/songs/${song._id}/export`,
        headers: asOutsider,
      }),
      await t.app.inject({ method: 'GET', url: '/api/songs/export', headers: asOutsider }),
    ]) {
      expect([403, 404], res.body).toContain(res.statusCode);
    }
    const theirs = await createTeam(t, { owner: outsider, name: 'Theirs 2' });
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/songs/${song._id}/export`,
      headers: { ...bearer(outsider.jwt), 'x-team-id': theirs },
    });
    expect(foreign.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/songs/convert',
      payload: 'x',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
