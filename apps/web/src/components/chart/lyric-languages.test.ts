import { describe, expect, it } from 'vitest';
import {
  choiceFrom,
  choicePicks,
  choiceValue,
  languageDirection,
  linesInLanguages,
  lyricDirection,
  screenPicks,
  screenRows,
} from './lyric-languages.ts';
import { canonicalTag, languageLabel } from './language-names.ts';

const part = {
  lines: [
    { chords: 'G       C', lyrics: 'Holy, holy, holy' },
    { chords: '', lyrics: '' },
    { chords: 'D', lyrics: 'Lord God Almighty' },
  ],
  translations: [
    { lang: 'es', lines: ['Santo, santo, santo', '', 'Señor omnipotente'] },
    { lang: 'pt', lines: ['Santo, santo, santo'] },
  ],
};

describe('a part in the picked languages, for a chart', () => {
  it('shows the main lyrics alone by default, in their language', () => {
    const lines = linesInLanguages(part, 'en', [{ main: true }]);
    expect(lines[0]).toEqual({ ...part.lines[0], lang: 'en' });
    expect(lines.every((line) => !line.under && !line.over)).toBe(true);
  });

  it('keeps the chords over the main lyrics, the translation under each line, quieter', () => {
    const lines = linesInLanguages(part, 'en', [{ main: true }, { lang: 'es' }]);
    expect(lines[0]).toMatchObject({ chords: 'G       C', lyrics: 'Holy, holy, holy' });
    expect(lines[0]?.under).toEqual([{ text: 'Santo, santo, santo', lang: 'es', second: true }]);
    // An empty translated line is not drawn.
    expect(lines[1]?.under).toBeUndefined();
  });

  it('shows a translation alone without the chords, which belong to the main syllables', () => {
    const lines = linesInLanguages(part, 'en', [{ lang: 'es' }]);
    expect(lines.map((l) => [l.chords, l.lyrics, l.lang])).toEqual([
      ['', 'Santo, santo, santo', 'es'],
      ['', '', 'es'],
      ['', 'Señor omnipotente', 'es'],
    ]);
  });

  it('puts a first translation over the chord line, and the main lyrics second', () => {
    const [first] = linesInLanguages(part, 'en', [{ lang: 'es' }, { lang: 'en' }]);
    expect(first).toMatchObject({ chords: 'G       C', second: true });
    expect(first?.over).toEqual([{ text: 'Santo, santo, santo', lang: 'es', second: false }]);
  });

  it('falls back to the main lyrics for a language the part lacks, shown once', () => {
    const lines = linesInLanguages(part, 'en', [{ lang: 'ko' }, { lang: 'en' }]);
    expect(lines[0]).toEqual({ ...part.lines[0], lang: 'en' });
    // Portuguese has only its first line: the others stay empty under the main lyrics.
    const pt = linesInLanguages(part, 'en', [{ main: true }, { lang: 'pt' }]);
    expect(pt.map((l) => l.under?.length ?? 0)).toEqual([1, 0, 0]);
  });

  it('reads BCP 47 tags without regard to case', () => {
    const [first] = linesInLanguages(part, 'EN', [{ lang: 'ES' }, { lang: 'en' }]);
    expect(first?.over?.[0]?.text).toBe('Santo, santo, santo');
  });
});

describe('a part in the setlist’s languages, for the projector', () => {
  it('gives each line’s words first over second, leaving out lines without words', () => {
    expect(screenRows(part, 'en', screenPicks(['es', 'en']))).toEqual([
      [
        { text: 'Santo, santo, santo', lang: 'es', second: false },
        { text: 'Holy, holy, holy', lang: 'en', second: true },
      ],
      [
        { text: 'Señor omnipotente', lang: 'es', second: false },
        { text: 'Lord God Almighty', lang: 'en', second: true },
      ],
    ]);
  });

  it('shows the main lyrics when the setlist chose none, or a song lacks its languages', () => {
    const main = [
      [{ text: 'Holy, holy, holy', lang: 'en', second: false }],
      [{ text: 'Lord God Almighty', lang: 'en', second: false }],
    ];
    expect(screenRows(part, 'en', screenPicks([]))).toEqual(main);
    expect(screenRows(part, 'en', screenPicks(['ko', 'de']))).toEqual(main);
    expect(screenRows({ lines: part.lines }, null, screenPicks(['es']))[0]).toEqual([
      { text: 'Holy, holy, holy', lang: undefined, second: false },
    ]);
  });
});

describe('My view’s choice of lyrics', () => {
  it('is stored as text and read back, anything else being the main lyrics', () => {
    for (const choice of [
      { show: 'main' },
      { show: 'translation', lang: 'es' },
      { show: 'both', lang: 'pt-BR' },
    ] as const) {
      expect(choiceFrom(choiceValue(choice))).toEqual(choice);
    }
    expect(choiceFrom('both:')).toEqual({ show: 'main' });
    expect(choiceFrom(42)).toEqual({ show: 'main' });
    expect(choicePicks({ show: 'both', lang: 'es' })).toEqual([{ main: true }, { lang: 'es' }]);
  });
});

describe('right to left', () => {
  it('knows the direction of a language by its tag and its script', () => {
    expect(languageDirection('he')).toBe('rtl');
    expect(languageDirection('ar-EG')).toBe('rtl');
    expect(languageDirection('ks-Arab')).toBe('rtl');
    expect(languageDirection('az-Latn')).toBe('ltr');
    expect(languageDirection('es')).toBe('ltr');
    expect(languageDirection(null)).toBeUndefined();
  });

  it('reads a line’s direction from its first letter, else its language', () => {
    expect(lyricDirection('שָׁלוֹם עֲלֵיכֶם')).toBe('rtl');
    expect(lyricDirection('  123 سلام')).toBe('rtl');
    expect(lyricDirection('Shalom שלום')).toBe('ltr');
    expect(lyricDirection('...', 'he')).toBe('rtl');
    expect(lyricDirection('')).toBe('ltr');
  });
});

describe('language names', () => {
  it('names a language in itself, with its tag', () => {
    expect(languageLabel('es')).toBe('Español (es)');
    expect(languageLabel('ko')).toBe('한국어 (ko)');
    expect(languageLabel('tl')).toBe('Tagalog (tl)');
    expect(languageLabel('qaa')).toBe('qaa');
    expect(canonicalTag('PT-br')).toBe('pt-BR');
  });
});
