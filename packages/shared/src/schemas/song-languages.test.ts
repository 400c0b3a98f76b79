import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LanguageTagSchema,
  SONG_LANGUAGE_TEXTS,
  SONG_LIMITS,
  SongInputSchema,
  paddedTranslation,
  songLanguages,
} from './songs.ts';

/** A song's parts and translations as the form and the API send them (docs/DECISIONS.md). */
const verse = (translations: unknown[] = []) => ({
  label: 'Verse 1',
  lines: [
    { chords: 'D', lyrics: 'Holy, holy, holy! Lord God Almighty!' },
    { chords: 'A', lyrics: 'Early in the morning our song shall rise to Thee;' },
  ],
  translations,
});
const song = (parts: unknown[], more: object = {}) =>
  SongInputSchema.safeParse({ title: 'Holy, Holy, Holy', parts, ...more });
const problem = (parts: unknown[], more: object = {}) => {
  const parsed = song(parts, more);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('LanguageTagSchema', () => {
  it('takes BCP 47 tags, trimmed', () => {
    for (const tag of ['en', 'es', 'pt-BR', 'zh-Hant-TW', 'haw', 'sr-Latn', ' ko ']) {
      expect(LanguageTagSchema.parse(tag)).toBe(tag.trim());
    }
  });

  it('refuses what is not one, saying to choose a language', () => {
    for (const tag of [
      '',
      'e',
      'english!',
      'en_US',
      'en-',
      '12',
      'en-toolongsubtag',
      'x'.repeat(36),
    ]) {
      const parsed = LanguageTagSchema.safeParse(tag);
      expect(parsed.success, tag).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(SONG_LANGUAGE_TEXTS.tag);
    }
    expect(LanguageTagSchema.safeParse(7).error?.issues[0]?.message).toBe(SONG_LANGUAGE_TEXTS.tag);
  });

  it('never throws, and what it takes matches the pattern', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (tag) => {
        const parsed = LanguageTagSchema.safeParse(tag);
        if (parsed.success) expect(parsed.data).toMatch(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/);
      }),
    );
  });
});

describe('a song’s translations', () => {
  it('leaves translations out when not given (an edit keeps them), and the language too, null or a tag', () => {
    const parsed = SongInputSchema.parse({
      title: 'T',
      parts: [{ label: 'Verse 1', lines: [{ lyrics: 'a' }] }],
    });
    expect(parsed.parts[0]!.translations).toBeUndefined();
    expect(parsed.language).toBeUndefined();
    expect(
      SongInputSchema.parse({ title: 'T', parts: [verse()], language: null }).language,
    ).toBeNull();
    expect(
      SongInputSchema.parse({ title: 'T', parts: [verse()], language: ' ' }).language,
    ).toBeNull();
    expect(SongInputSchema.parse({ title: 'T', parts: [verse()], language: 'en' }).language).toBe(
      'en',
    );
    expect(problem([verse()], { language: 'English' })).toBe(SONG_LANGUAGE_TEXTS.tag);
  });

  it('takes a translation with fewer lines than its part (padded when saved)', () => {
    const parsed = song([verse([{ lang: 'es', lines: ['¡Santo! ¡Santo! ¡Santo!'] }])], {
      language: 'en',
    });
    expect(parsed.success).toBe(true);
    const [translation] = parsed.data!.parts[0]!.translations!;
    expect(paddedTranslation(translation!, 2).lines).toEqual(['¡Santo! ¡Santo! ¡Santo!', '']);
  });

  it('refuses more lines than the part, naming the part', () => {
    expect(problem([verse([{ lang: 'es', lines: ['a', 'b', 'c'] }])])).toBe(
      'The es translation of part "Verse 1" has more lines than the part.',
    );
  });

  it('refuses a language twice in a part, case aside; a transliteration is another', () => {
    const twice = [
      { lang: 'es', lines: ['a'] },
      { lang: 'ES', lines: ['b'] },
    ];
    expect(problem([verse(twice)])).toBe('Part "Verse 1" has the ES translation twice.');
    const transliterated = [
      { lang: 'he', lines: ['a'] },
      { lang: 'he', translit: 'en', lines: ['b'] },
    ];
    expect(problem([verse(transliterated)])).toBeNull();
  });

  it('refuses a translation in the song’s own language, but takes its transliteration', () => {
    expect(problem([verse([{ lang: 'en', lines: ['a'] }])], { language: 'en' })).toBe(
      'Part "Verse 1" has a translation in en, which is the song\'s own language.',
    );
    expect(
      problem([verse([{ lang: 'he', translit: 'en', lines: ['a'] }])], { language: 'he' }),
    ).toBeNull();
  });

  it(`refuses more than ${SONG_LIMITS.maxTranslationsPerPart} translations a part, bad tags, lines not text`, () => {
    const five = ['es', 'de', 'fr', 'ko', 'pt'].map((lang) => ({ lang, lines: [] }));
    expect(problem([verse(five)])).toBe(SONG_LANGUAGE_TEXTS.translations);
    expect(problem([verse([{ lang: 'Spanish', lines: [] }])])).toBe(SONG_LANGUAGE_TEXTS.tag);
    expect(problem([verse([{ lang: 'es', translit: '?', lines: [] }])])).toBe(
      SONG_LANGUAGE_TEXTS.tag,
    );
    expect(problem([verse([{ lang: 'es', lines: [3] }])])).toBe(SONG_LANGUAGE_TEXTS.lines);
    expect(problem([verse([{ lang: 'es', lines: 'a' }])])).toBe(SONG_LANGUAGE_TEXTS.lines);
    expect(
      problem([verse([{ lang: 'es', lines: ['x'.repeat(SONG_LIMITS.lineMaxLength + 1)] }])]),
    ).toBe(SONG_LANGUAGE_TEXTS.lineLength('Verse 1'));
    expect(problem([{ ...verse(), translations: 'es' }])).toBe(SONG_LANGUAGE_TEXTS.translations);
  });

  it('takes an empty translit as none', () => {
    const parsed = song([verse([{ lang: 'es', translit: '', lines: [] }])]);
    expect(parsed.data?.parts[0]!.translations![0]).toEqual({ lang: 'es', lines: [] });
  });
});

describe('songLanguages', () => {
  it('gives the song’s language, then its translations’ in the order they first come, once each', () => {
    const parts = [
      { translations: [{ lang: 'es' }, { lang: 'he' }] },
      { translations: [{ lang: 'ES' }, { lang: 'ko' }] },
      {},
    ];
    expect(songLanguages({ language: 'en', parts })).toEqual(['en', 'es', 'he', 'ko']);
    expect(songLanguages({ language: null, parts })).toEqual(['es', 'he', 'ko']);
    expect(songLanguages({ language: 'es', parts: [] })).toEqual(['es']);
    expect(songLanguages({ parts: [{ translations: [] }] })).toEqual([]);
  });
});

describe('paddedTranslation', () => {
  it('gives a line for each of the part’s lines, keeping the ones it has', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 6 }), fc.nat(8), (lines, count) => {
        const padded = paddedTranslation({ lang: 'es', lines }, count).lines;
        expect(padded.length).toBe(Math.max(lines.length, count));
        expect(padded.slice(0, lines.length)).toEqual(lines);
        expect(padded.slice(lines.length).every((line) => line === '')).toBe(true);
      }),
    );
  });
});
