import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  SERVER_ERRORS,
  SONG_LANGUAGE_TEXTS,
  songLanguages,
  type SetlistDetails,
  type Song,
  type SongFileConvertAnswer,
  type SongSummary,
} from '@segue/shared';
import { backends } from '../../test/databases.ts';
import {
  createAccount,
  createSetlist,
  createSong,
  createTeam,
  type FactoryAccount,
} from '../../test/factories.ts';
import { bearer, json, startTestApp, type TestApp } from '../../test/harness.ts';
import { song as songTable } from '../db/schema.ts';

/**
 * Songs in several languages (docs/DECISIONS.md, "Songs in several languages"): a part's
 * lyrics in other languages, line by line under its own, saved and read through every way a
 * song comes in and goes out, on each database.
 */
const FIXTURES = join(import.meta.dirname, '../../../../packages/shared/test/fixtures');
const fixture = (path: string) => readFileSync(join(FIXTURES, path));

const holy = {
  title: 'Holy, Holy, Holy',
  artist: 'Reginald Heber',
  key: 'D',
  language: 'en',
  parts: [
    {
      label: 'Verse 1',
      lines: [
        { chords: 'D           Bm    G', lyrics: 'Holy, holy, holy! Lord God Almighty!' },
        { chords: 'D            Bm', lyrics: 'Early in the morning our song shall rise to Thee;' },
      ],
      // One line of two: the second is padded.
      translations: [{ lang: 'es', lines: ['¡Santo! ¡Santo! ¡Santo! Señor omnipotente,'] }],
    },
    {
      label: 'Verse 2',
      lines: [{ chords: 'G', lyrics: 'Holy, holy, holy! All the saints adore Thee,' }],
      translations: [
        { lang: 'es', lines: ['¡Santo! ¡Santo! ¡Santo! en numeroso coro,'] },
        { lang: 'pt-BR', lines: ['Santo! Santo! Santo! Deus onipotente!'] },
      ],
    },
    { label: 'Amen', lines: [{ chords: 'G D', lyrics: 'Amen' }] },
  ],
};

describe.each(backends)('songs in several languages on %s', (backend) => {
  let t: TestApp;
  let owner: FactoryAccount;
  let outsider: FactoryAccount;
  let teamId: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    owner = await createAccount(t);
    outsider = await createAccount(t);
    teamId = await createTeam(t, { owner, name: 'Bilingual' });
    await createTeam(t, { owner: outsider, name: 'Elsewhere' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    as = owner,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...bearer(as.jwt), 'x-team-id': teamId },
      ...(payload ? { payload } : {}),
    });
  const create = async (body: object = holy) => {
    const res = await call('POST', '/api/songs', body);
    expect(res.statusCode, res.body).toBe(201);
    return json<Song>(res);
  };
  const get = async (id: string) => json<Song>(await call('GET', `/api/songs/${id}`));

  it('saves the language and translations, padded to their parts, and reads them back', async () => {
    const song = await create();
    expect(song.language).toBe('en');
    expect(song.parts.map((p) => p.translations)).toEqual([
      [{ lang: 'es', lines: ['¡Santo! ¡Santo! ¡Santo! Señor omnipotente,', ''] }],
      [
        { lang: 'es', lines: ['¡Santo! ¡Santo! ¡Santo! en numeroso coro,'] },
        { lang: 'pt-BR', lines: ['Santo! Santo! Santo! Deus onipotente!'] },
      ],
      [],
    ]);
    expect(songLanguages(song)).toEqual(['en', 'es', 'pt-BR']);
    expect(await get(song._id)).toEqual(song);
    // The whole library and a page of it carry the parts' translations; summaries the language.
    const library = json<Song[]>(await call('GET', '/api/songs'));
    expect(library.find((s) => s._id === song._id)).toEqual(song);
    const page = json<Song[]>(await call('GET', '/api/songs?q=Holy&limit=5'));
    expect(page.find((s) => s._id === song._id)?.parts).toEqual(song.parts);
    for (const url of ['/api/songs?fields=summary', '/api/songs?fields=summary&q=Holy']) {
      const summary = json<SongSummary[]>(await call('GET', url)).find((s) => s._id === song._id);
      expect(summary).toMatchObject({ language: 'en' });
      expect(summary).not.toHaveProperty('parts');
    }
  });

  it('keeps part ids and translations across an edit; language left out is kept, null clears it', async () => {
    const song = await create();
    const [verse1, verse2, amen] = song.parts;
    const edited = await call('PUT', `/api/songs/${song._id}`, {
      title: song.title,
      parts: [
        amen,
        { ...verse2, translations: [{ lang: 'de', lines: ['Heilig, heilig, heilig!'] }] },
        verse1,
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = json<Song>(edited);
    expect(after.language).toBe('en');
    expect(after.parts.map((p) => [p.id, p.label])).toEqual([
      [amen!.id, 'Amen'],
      [verse2!.id, 'Verse 2'],
      [verse1!.id, 'Verse 1'],
    ]);
    expect(after.parts[1]!.translations).toEqual([
      { lang: 'de', lines: ['Heilig, heilig, heilig!'] },
    ]);
    expect(after.parts[2]!.translations).toEqual(verse1!.translations);
    const cleared = json<Song>(
      await call('PUT', `/api/songs/${song._id}`, { ...after, language: null }),
    );
    expect(cleared.language).toBeNull();
    // Without a language of its own, a song may have a translation in any language.
    const english = json<Song>(
      await call('PUT', `/api/songs/${song._id}`, {
        ...cleared,
        parts: [{ ...amen, translations: [{ lang: 'en', lines: ['Amen'] }] }],
      }),
    );
    expect(english.parts[0]!.translations).toEqual([{ lang: 'en', lines: ['Amen'] }]);
  });

  it('keeps the translations of parts an edit sends without them (a client that knows none)', async () => {
    const song = await create();
    const [verse1, verse2] = song.parts;
    expect(verse1!.translations.length).toBeGreaterThan(0);
    const withoutTranslations = ({ translations: _gone, ...part }: Song['parts'][number]) => part;
    // The first verse loses its second line; a new part comes without an id.
    const edited = await call('PUT', `/api/songs/${song._id}`, {
      title: song.title,
      parts: [
        { ...withoutTranslations(verse1!), lines: verse1!.lines.slice(0, 1) },
        withoutTranslations(verse2!),
        { label: 'Coda', lines: [{ chords: 'G', lyrics: 'Amen' }] },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = json<Song>(edited);
    expect(after.parts[0]!.translations).toEqual(
      verse1!.translations.map((t) => ({ ...t, lines: t.lines.slice(0, 1) })),
    );
    expect(after.parts[1]!.translations).toEqual(verse2!.translations);
    expect(after.parts[2]!.translations).toEqual([]);
    // Sent empty, they are removed.
    const removed = json<Song>(
      await call('PUT', `/api/songs/${song._id}`, {
        ...after,
        parts: after.parts.map((part) => ({ ...part, translations: [] })),
      }),
    );
    expect(removed.parts.every((part) => part.translations.length === 0)).toBe(true);
  });

  it('refuses bad translations with a 400 that says what is wrong, and keeps what was saved', async () => {
    const song = await create();
    const verse = song.parts[0]!;
    const withTranslations = (translations: unknown, language: unknown = 'en') => ({
      ...song,
      language,
      parts: [{ ...verse, translations }, ...song.parts.slice(1)],
    });
    const refusals: [object, string][] = [
      [
        withTranslations([{ lang: 'es', lines: ['a', 'b', 'c'] }]),
        'The es translation of part "Verse 1" has more lines than the part.',
      ],
      [
        withTranslations([
          { lang: 'es', lines: [] },
          { lang: 'es', lines: [] },
        ]),
        'Part "Verse 1" has the es translation twice.',
      ],
      [
        withTranslations([{ lang: 'en', lines: ['Holy'] }]),
        'Part "Verse 1" has a translation in en, which is the song\'s own language.',
      ],
      [withTranslations([{ lang: 'Spanish', lines: [] }]), SONG_LANGUAGE_TEXTS.tag],
      [withTranslations([], 'Español'), SONG_LANGUAGE_TEXTS.tag],
      [withTranslations([], 42), SONG_LANGUAGE_TEXTS.tag],
      [withTranslations([{ lang: 'es', translit: 'Latin!', lines: [] }]), SONG_LANGUAGE_TEXTS.tag],
      [withTranslations([{ lang: 'es', lines: 'a' }]), SONG_LANGUAGE_TEXTS.lines],
      [withTranslations([{ lang: 'es', lines: [null] }]), SONG_LANGUAGE_TEXTS.lines],
      [withTranslations('es'), SONG_LANGUAGE_TEXTS.translations],
      [withTranslations([null]), SERVER_ERRORS.invalidInput],
      [
        withTranslations(['es', 'de', 'fr', 'ko', 'he'].map((lang) => ({ lang, lines: [] }))),
        SONG_LANGUAGE_TEXTS.translations,
      ],
      [
        withTranslations([{ lang: 'es', lines: ['x'.repeat(501)] }]),
        SONG_LANGUAGE_TEXTS.lineLength('Verse 1'),
      ],
      [withTranslations([{ lang: 'es', lines: ['\u0000'] }]), SERVER_ERRORS.invalidInput],
    ];
    for (const [body, message] of refusals) {
      for (const [method, url] of [
        ['PUT', `/api/songs/${song._id}`],
        ['POST', '/api/songs'],
      ] as const) {
        const res = await call(method, url, body);
        expect(res.statusCode, `${method} ${res.body}`).toBe(400);
        if (message !== SERVER_ERRORS.invalidInput) expect(json(res).error).toBe(message);
        else expect(json(res).error).toEqual(expect.any(String));
      }
    }
    expect(await get(song._id)).toEqual(song);
  });

  it('answers any language and translations sent with a song or a 400, never a 500', async () => {
    const song = await create();
    const tag = fc.oneof(
      fc.constantFrom('es', 'EN', 'pt-BR', ' de ', '', 'x', 'en_US'),
      fc.anything(),
    );
    const translation = fc.oneof(
      fc.record(
        {
          lang: tag,
          translit: tag,
          lines: fc.oneof(fc.array(fc.string(), { maxLength: 4 }), fc.anything()),
        },
        { requiredKeys: [] },
      ),
      fc.anything(),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(tag, fc.constant(undefined)),
        fc.oneof(fc.array(translation, { maxLength: 6 }), fc.anything()),
        async (language, translations) => {
          const body = {
            ...holy,
            ...(language === undefined ? {} : { language }),
            parts: [{ ...holy.parts[0], translations }],
          };
          const res = await call('PUT', `/api/songs/${song._id}`, body);
          expect([200, 400], res.body).toContain(res.statusCode);
          if (res.statusCode === 400) expect(json(res).error).toEqual(expect.any(String));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses an outsider, as if the song did not exist', async () => {
    const song = await create();
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', holy],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `/api/songs/${song._id}`, payload, outsider);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Santo');
    }
    const created = await call('POST', '/api/songs', holy, outsider);
    expect(created.statusCode).toBe(404);
    const exported = await call(
      'GET',
      `/api/songs/${song._id}/export?format=openlyrics`,
      undefined,
      outsider,
    );
    expect(exported.statusCode).toBe(404);
    expect(await get(song._id)).toEqual(song);
  });

  it('reads a song saved before translations existed as having none', async () => {
    const id = await createSong(t, {
      teamId,
      by: owner,
      title: 'Old song',
      parts: [{ label: 'Verse 1', lines: [{ chords: 'G', lyrics: 'Amazing grace' }] }],
    });
    const [row] = await t.database.db
      .select({ parts: songTable.parts, language: songTable.language })
      .from(songTable)
      .where(eq(songTable.id, id));
    expect(row!.parts[0]).not.toHaveProperty('translations');
    expect(row!.language).toBeNull();
    const song = await get(id);
    expect(song.language).toBeNull();
    expect(song.parts).toEqual([
      {
        id: 'p1',
        label: 'Verse 1',
        lines: [{ chords: 'G', lyrics: 'Amazing grace' }],
        translations: [],
      },
    ]);
  });

  it('keeps translations through the trash and back, and in the setlists that hold the song', async () => {
    const song = await create();
    const setlistId = await createSetlist(t, { teamId, by: owner, songs: [song._id] });
    const shown = json<SetlistDetails>(await call('GET', `/api/setlist/${setlistId}`));
    expect(shown.songs[0]!.song).toMatchObject({ language: 'en', parts: song.parts });
    expect((await call('DELETE', `/api/songs/${song._id}`)).statusCode).toBe(204);
    const restored = await call('POST', `/api/songs/${song._id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(json<Song>(restored)).toEqual({ ...song, updatedAt: expect.any(String) });
  });

  it('imports a library file with translations, and exports a song as JSON that imports again', async () => {
    const exported = await call(
      'GET',
      `/api/songs/${(await create({ ...holy, title: 'Exported hymn' }))._id}/export?format=json`,
    );
    expect(exported.statusCode).toBe(200);
    const file = JSON.parse(exported.body) as { songs: Song[] };
    expect(file.songs[0]!.parts[0]!.translations[0]!.lang).toBe('es');
    const renamed = { songs: [{ ...file.songs[0], title: 'Imported hymn' }] };
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/songs/import',
      headers: { ...bearer(owner.jwt), 'x-team-id': teamId, 'content-type': 'application/json' },
      payload: JSON.stringify(renamed),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(json(imported)).toEqual({ imported: 1, skipped: 0 });
    const library = json<Song[]>(await call('GET', '/api/songs?q=Imported%20hymn'));
    expect(library).toHaveLength(1);
    expect(library[0]!.language).toBe('en');
    expect(library[0]!.parts).toEqual(file.songs[0]!.parts);
    // A bad translation in a file refuses the whole file, saying which song.
    const bad = {
      songs: [
        {
          ...holy,
          title: 'Bad',
          parts: [{ ...holy.parts[0], translations: [{ lang: 'en', lines: [] }] }],
        },
      ],
    };
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/songs/import',
      headers: { ...bearer(owner.jwt), 'x-team-id': teamId, 'content-type': 'application/json' },
      payload: JSON.stringify(bad),
    });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).error).toBe(
      'Song 1: Part "Verse 1" has a translation in en, which is the song\'s own language.',
    );
  });

  const convert = async (body: Buffer | string, filename: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/songs/convert?filename=${encodeURIComponent(filename)}`,
      headers: {
        ...bearer(owner.jwt),
        'x-team-id': teamId,
        'content-type': 'application/octet-stream',
      },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return json<SongFileConvertAnswer>(res);
  };

  it.each([
    'openlyrics/complex_key-transposition-multilang.xml',
    'openlyrics/synthetic_holy-holy-holy_en-es.xml',
    'openlyrics/synthetic_hevenu-shalom_he-rtl.xml',
  ])('round-trips %s: converted, saved, exported, converted and saved again', async (path) => {
    const [converted] = (await convert(fixture(path), path.split('/')[1]!)).songs;
    expect(converted!.language).not.toBeNull();
    const saved = await create(converted!);
    expect(saved.parts.some((p) => p.translations.length > 0)).toBe(true);
    // The song changed in Segue (its title), so the file is written anew.
    const renamed = json<Song>(
      await call('PUT', `/api/songs/${saved._id}`, { ...saved, title: `${saved.title} (again)` }),
    );
    const file = await call('GET', `/api/songs/${saved._id}/export?format=openlyrics`);
    expect(file.statusCode).toBe(200);
    for (const part of renamed.parts) {
      for (const translation of part.translations) {
        expect(file.body).toContain(`lang="${translation.lang}"`);
      }
    }
    const [again] = (await convert(Buffer.from(file.body), 'again.xml')).songs;
    const resaved = await create(again!);
    const model = (song: Song) => ({
      title: song.title,
      language: song.language,
      key: song.key,
      parts: song.parts.map(({ label, lines, translations }) => ({ label, lines, translations })),
    });
    expect(model(resaved)).toEqual(model(renamed));
  });

  it('leaves translations out of ChordPro, and gives other formats no language', async () => {
    const song = await create({ ...holy, title: 'ChordPro hymn' });
    const chordpro = await call('GET', `/api/songs/${song._id}/export?format=chordpro`);
    expect(chordpro.statusCode).toBe(200);
    expect(chordpro.body).toContain('Holy, holy, holy!');
    expect(chordpro.body).not.toContain('Santo');
    const [read] = (await convert(Buffer.from(chordpro.body), 'hymn.cho')).songs;
    expect(read!.language).toBeNull();
    expect(read!.parts.every((p) => (p.translations ?? []).length === 0)).toBe(true);
  });
});
