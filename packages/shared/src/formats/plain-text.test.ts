/// <reference types="node" />
// Node's types for this file only, to read the fixtures (see chords.property.test.ts).
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KEYS } from '../chords/keys.ts';
import { chordTokens, renderChordTokens } from '../chords/line.ts';
import { transposeChordBy } from '../chords/transpose.ts';
import {
  PLAIN_TEXT_TEXTS,
  looksLikeChords,
  parsePastedChart,
  readPlainText,
  writePlainText,
} from './plain-text.ts';
import type { ConvertedSong, SongToWrite } from './types.ts';

const FIXTURES = new URL('../../test/fixtures/', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, FIXTURES), 'utf8');

const CHARTS = [
  'plain/a2crd_t003_spaces-tabs.crd',
  'plain/a2crd_t004_unknown-chords.crd',
  'plain/swinglow_ref_020_crd_1.crd',
  'ultimate-guitar/ultimate_guitar_chordsheet.txt',
];

function only(text: string): ConvertedSong {
  const { songs } = readPlainText(text);
  expect(songs).toHaveLength(1);
  return songs[0]!;
}

type Placed = { lyrics: string; chords: [string, number][] };

/** A ChordPro line's lyrics and its chords at their columns; directives and blanks left out. */
function fromChordPro(cho: string): Placed[] {
  return cho
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('{'))
    .map((line) => {
      const chords: [string, number][] = [];
      let lyrics = '';
      for (const [, chord, text] of line.matchAll(/\[([^\]]*)\]|([^[]+)/g)) {
        if (chord !== undefined) chords.push([chord, lyrics.length]);
        else lyrics += text;
      }
      return { lyrics: lyrics.trimEnd(), chords };
    });
}

/** The same from Segue's lines: a chord past the lyrics' end stands at their end. */
function placed(song: ConvertedSong): Placed[] {
  return song.parts
    .flatMap((part) => part.lines)
    .filter((line) => line.chords.trim() !== '' || line.lyrics.trim() !== '')
    .map(({ chords, lyrics }) => ({
      lyrics: lyrics.trimEnd(),
      chords: chordTokens(chords).map(({ chord, column }) => [
        chord,
        Math.min(column, lyrics.length),
      ]),
    }));
}

describe('readPlainText on the fixtures', () => {
  it.each(CHARTS)('reads %s as one song that keeps the text and says what it holds', (file) => {
    const text = read(file);
    const { songs, warnings } = readPlainText(text);
    expect(songs).toHaveLength(1);
    expect(songs[0]!.parts.length).toBeGreaterThan(0);
    expect(songs[0]!.parts.every((part) => part.label && part.lines.length > 0)).toBe(true);
    expect(songs[0]!.source).toEqual({ format: 'text', text, extras: null });
    expect(warnings[0]).toEqual({ song: 0, line: null, message: PLAIN_TEXT_TEXTS.holdsOnly });
  });

  it.each([
    'plain/a2crd_t003_spaces-tabs',
    'plain/a2crd_t004_unknown-chords',
    'ultimate-guitar/ultimate_guitar_chordsheet',
  ])('puts the chords of %s over the syllables its ChordPro oracle does', (name) => {
    const file = CHARTS.find((f) => f.startsWith(name))!;
    expect(placed(only(read(file)))).toEqual(fromChordPro(read(`${name}.expected.cho`)));
  });

  it('takes the title from the first line, as a2crd does, and warns about directives', () => {
    expect(only(read(CHARTS[0]!)).title).toBe('This is a song for testing spaces/tab handling');
    const { songs, warnings } = readPlainText(read(CHARTS[1]!));
    expect(songs[0]!.title).toBe('This is a song for testing chord detection');
    expect(warnings.map((w) => w.line)).toEqual([null, 2, 3, 5, 8]);
  });

  it('labels the Ultimate Guitar parts as its headers and its oracle do', () => {
    const labels = only(read(CHARTS[3]!)).parts.map((p) => p.label);
    const oracle = [
      ...read(`${CHARTS[3]!.replace('.txt', '')}.expected.cho`).matchAll(
        /\{start_of_\w+: ([^}]+)\}/g,
      ),
    ];
    expect(labels).toEqual(oracle.map((m) => m[1]));
  });

  it('reads ChordPro’s crd output: details, sections, a chorus sung again, comments', () => {
    const { songs, warnings } = readPlainText(read('plain/swinglow_ref_020_crd_1.crd'));
    const song = songs[0]!;
    expect([song.title, song.artist]).toEqual(['Swing Low Sweet Chariot', 'Traditional']);
    expect(song.parts.map((p) => p.label)).toEqual([
      'Chorus',
      'Verse 1',
      'Chorus',
      'Verse 2',
      'Chorus',
      'Verse 3',
      'Chorus',
    ]);
    expect(song.parts[2]).toEqual(song.parts[0]);
    // crd writes an empty chord line above a lyric without chords: no empty lines are kept.
    expect(song.parts[3]!.lines.map((l) => l.lyrics)).toEqual([
      'If you get there before I do,',
      '     Comin’ for to carry me home.',
      'Just tell my friends that I’m a comin’ too.',
      '     Comin’ for to carry me home.',
    ]);
    expect(warnings.at(-1)).toEqual({
      song: 0,
      line: 50,
      message: PLAIN_TEXT_TEXTS.comment('And a final chorus'),
    });
  });
});

describe('readPlainText', () => {
  it('tells chord lines from lyrics, with N.C., x2 and bars counting as chords', () => {
    expect(looksLikeChords('G  D/F#  Em7  (x2)')).toBe(true);
    expect(looksLikeChords('| G | C | N.C. |')).toBe(true);
    expect(looksLikeChords('Esus4  unknown')).toBe(true);
    expect(looksLikeChords(' Esus4 A7-9/unk             A13/unk')).toBe(true);
    expect(looksLikeChords('A man walked in')).toBe(false);
    expect(looksLikeChords('Am I blue')).toBe(false);
    expect(looksLikeChords('x2')).toBe(false);
  });

  it('starts parts at [Verse 1], Verse 1:, a section name alone and (Bridge)', () => {
    const song = only('[Verse 1]\nG\nOne\nChorus:\nC\nTwo\nPre-Chorus 2\nThree\n(Bridge)\nFour\n');
    expect(song.parts.map((p) => [p.label, p.lines.map((l) => [l.chords, l.lyrics])])).toEqual([
      ['Verse 1', [['G', 'One']]],
      ['Chorus', [['C', 'Two']]],
      ['Pre-Chorus 2', [['', 'Three']]],
      ['Bridge', [['', 'Four']]],
    ]);
  });

  it('splits parts at blank lines when there are no headers, and keeps a chord line alone', () => {
    const song = only('G    C\nHello there\n\nD\nA\nBye now\n');
    expect(song.title).toBe('');
    expect(song.parts).toEqual([
      { label: 'Verse 1', lines: [{ chords: 'G    C', lyrics: 'Hello there' }] },
      {
        label: 'Verse 2',
        lines: [
          { chords: 'D', lyrics: '' },
          { chords: 'A', lyrics: 'Bye now' },
        ],
      },
    ]);
  });

  it('keeps one empty line inside a part when the chart has headers', () => {
    const song = only('[Verse]\none\n\n\ntwo\n\n[Chorus]\nthree\n');
    expect(song.parts[0]!.lines.map((l) => l.lyrics)).toEqual(['one', '', 'two']);
    expect(song.parts[1]!.lines).toHaveLength(1);
  });

  it('repeats a part whose header stands alone, and leaves out one it cannot', () => {
    const { songs, warnings } = readPlainText(
      '[Chorus]\nla la\n[Verse]\nhey\n[Chorus]\n\n[Outro]\n',
    );
    expect(songs[0]!.parts.map((p) => [p.label, p.lines.length])).toEqual([
      ['Chorus', 1],
      ['Verse', 1],
      ['Chorus', 1],
    ]);
    expect(warnings).toContainEqual({
      song: 0,
      line: 7,
      message: PLAIN_TEXT_TEXTS.emptyPart('Outro'),
    });
  });

  it('reads Title:, Artist:, By, Key: and Capo: before the first part', () => {
    const song = only(
      'Title: Amazing Grace\nBy John Newton\nKey: G\nCapo: 2nd fret\n\n[Verse]\nhi\nKey: C\n',
    );
    expect([song.title, song.artist, song.key, song.capo]).toEqual([
      'Amazing Grace',
      'John Newton',
      'A',
      2,
    ]);
    // After the first part, such a line is a lyric.
    expect(song.parts[0]!.lines.map((l) => l.lyrics)).toEqual(['hi', 'Key: C']);
  });

  it('takes a first line and a second as title and artist when a blank and a part follow', () => {
    const song = only('Amazing Grace\nJohn Newton\n\n[Verse 1]\nAmazing grace\n');
    expect([song.title, song.artist]).toEqual(['Amazing Grace', 'John Newton']);
    const lyrics = only('Amazing grace how sweet\nthe sound that saved\n\nA wretch like me\n');
    expect(lyrics.title).toBe('');
    expect(lyrics.parts).toHaveLength(2);
  });

  it('stores a chart played with a capo in sounding pitch: G shapes with capo 2 are A', () => {
    const song = only('Key: G\nCapo: 2\n\nG       D/F#   Em\nAmazing grace how sweet\n');
    expect([song.key, song.capo]).toEqual(['A', 2]);
    expect(song.parts[0]!.lines[0]!.chords).toBe('A       E/G#   F#m');
    const noKey = only('Capo: 3\n\nG  C\nla la\n');
    expect([noKey.key, noKey.capo, noKey.parts[0]!.lines[0]!.chords]).toEqual([null, 3, 'A# D#']);
  });

  it('warns about a key or capo it cannot read, and reads the rest', () => {
    const { songs, warnings } = readPlainText('Key: H\nCapo: 14\n\nG\nla\n');
    expect([songs[0]!.key, songs[0]!.capo]).toEqual([null, 0]);
    expect(warnings.slice(1)).toEqual([
      { song: 0, line: 1, message: PLAIN_TEXT_TEXTS.badKey('H') },
      { song: 0, line: 2, message: PLAIN_TEXT_TEXTS.badCapo('14') },
    ]);
  });

  it('counts a tab up to the next multiple of 8 in lyrics too', () => {
    expect(only('\tCm\n\tla').parts[0]!.lines[0]).toEqual({
      chords: '        Cm',
      lyrics: '        la',
    });
  });

  it('finds no song in blank text', () => {
    expect(readPlainText(' \n\n')).toEqual({
      songs: [],
      warnings: [{ song: null, line: null, message: PLAIN_TEXT_TEXTS.noSong }],
    });
  });
});

const SONG: SongToWrite = {
  title: 'Amazing Grace',
  artist: 'John Newton',
  key: 'A',
  capo: 2,
  tempo: 72,
  time: '3/4',
  ccli: '22025',
  copyright: 'Public Domain',
  authors: [],
  parts: [
    {
      label: 'Verse 1',
      lines: [
        { chords: ' A       A7     D', lyrics: 'Amazing grace how sweet' },
        { chords: 'E', lyrics: '' },
      ],
    },
    { label: 'Chorus', lines: [{ chords: '', lyrics: 'la la' }] },
  ],
};

describe('writePlainText', () => {
  it('writes the details, then each part under its label, chords in capo shapes', () => {
    expect(writePlainText(SONG)).toBe(
      [
        'Title: Amazing Grace',
        'Artist: John Newton',
        'Key: G',
        'Capo: 2',
        '',
        '[Verse 1]',
        ' G       G7     C',
        'Amazing grace how sweet',
        'D',
        '',
        '[Chorus]',
        'la la',
        '',
      ].join('\n'),
    );
  });

  it('reads back what it wrote', () => {
    const song = only(writePlainText(SONG));
    expect(song).toMatchObject({
      title: SONG.title,
      artist: SONG.artist,
      key: 'A',
      capo: 2,
      parts: SONG.parts,
    });
  });

  it('gives back the imported text of a song unchanged since, and writes an edited one anew', () => {
    const text = read('ultimate-guitar/ultimate_guitar_chordsheet.txt');
    const song = only(text);
    expect(writePlainText(song)).toBe(text);
    const edited = { ...song, title: 'Lorem' };
    expect(writePlainText(edited)).not.toBe(text);
    expect(writePlainText(edited)).toMatch(/^Title: Lorem\n\n\[Verse 1\]\nC {5}G/);
    expect(writePlainText({ ...song, source: { ...song.source, format: 'chordpro' } })).not.toBe(
      text,
    );
  });
});

describe('parsePastedChart', () => {
  it('reads ChordPro as ChordPro and anything else as chords over words', () => {
    expect(parsePastedChart('{title: Hello}\n[G]Hello [C]there').songs[0]?.source.format).toBe(
      'chordpro',
    );
    expect(parsePastedChart('Swing [D]low, sweet').songs[0]?.source.format).toBe('chordpro');
    expect(parsePastedChart('G    C\nHello there').songs[0]?.source.format).toBe('text');
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const WORDS = ['amazing', 'grace', 'how', 'sweet', 'the', 'sound', 'that', 'saved', 'a', 'me'];
const ROOTS = ['C', 'C#', 'Db', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];
const SUFFIXES = ['', 'm', '7', 'm7', 'sus4', 'maj7', 'add9'];

const lyricsArb = fc
  .array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 6 })
  .map((words) => words.join(' '));

/** A chords line with at least two spaces after each chord, spelled as the key spells it. */
const chordsArb = (key: (typeof KEYS)[number] | null) =>
  fc
    .array(
      fc.tuple(
        fc.constantFrom(...ROOTS),
        fc.constantFrom(...SUFFIXES),
        fc.integer({ min: 2, max: 6 }),
      ),
      { minLength: 1, maxLength: 5 },
    )
    .map((chords) => {
      let column = 0;
      return renderChordTokens(
        chords.map(([root, suffix, gap]) => {
          const chord = transposeChordBy(root + suffix, 0, key ?? 'sharps');
          const token = { chord, column };
          column += chord.length + gap;
          return token;
        }),
      );
    });

const lineArb = (key: (typeof KEYS)[number] | null) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.record({ chords: chordsArb(key), lyrics: lyricsArb }) },
    { weight: 1, arbitrary: fc.record({ chords: fc.constant(''), lyrics: lyricsArb }) },
    { weight: 1, arbitrary: fc.record({ chords: chordsArb(key), lyrics: fc.constant('') }) },
  );

/** Plain text cannot tell a line of chords alone from the chords of the lyric line below it. */
const unambiguous = (lines: { chords: string; lyrics: string }[]) =>
  lines.every((line, i) => !(line.lyrics === '' && lines[i + 1]?.chords === ''));

const songArb = fc
  .tuple(fc.option(fc.constantFrom(...KEYS), { nil: null }), fc.integer({ min: 0, max: 11 }))
  .chain(([key, capo]) =>
    fc.record({
      title: fc.oneof(fc.constant(''), lyricsArb),
      artist: fc.oneof(fc.constant(''), lyricsArb),
      key: fc.constant(key),
      capo: fc.constant(capo),
      parts: fc.array(
        fc.record({
          label: fc.constantFrom('Verse 1', 'Verse 2', 'Chorus', 'Bridge', 'Intro', 'Guitar Solo'),
          lines: fc.array(lineArb(key), { minLength: 1, maxLength: 6 }).filter(unambiguous),
        }),
        { minLength: 1, maxLength: 5 },
      ),
    }),
  )
  .map((song): SongToWrite => ({
    ...song,
    tempo: null,
    time: null,
    ccli: null,
    copyright: '',
    authors: [],
  }));

describe('plain text properties', () => {
  it('reads back the parts, labels, chords, lyrics, key and capo it wrote', () => {
    fc.assert(
      fc.property(songArb, (song) => {
        const back = only(writePlainText(song));
        const { title, artist, key, capo, parts } = back;
        expect({ title, artist, key, capo, parts }).toEqual({
          title: song.title,
          artist: song.artist,
          key: song.key,
          capo: song.capo,
          parts: song.parts,
        });
      }),
    );
  });

  it('writes what it read back the same way again', () => {
    fc.assert(
      fc.property(songArb, (song) => {
        const text = writePlainText(song);
        expect(writePlainText({ ...only(text), source: null })).toBe(text);
      }),
    );
  });

  const chartLine = fc.oneof(
    fc.string(),
    chordsArb(null),
    lyricsArb,
    fc.constantFrom(
      '[Verse 1]',
      'Chorus:',
      '-- Title: x',
      '-- Chorus',
      '-- End of chorus',
      'Key: Q',
      'Capo: 99',
      '{soc}',
      '\t',
      '[',
      ']',
      'N.C.',
      'x2',
      '|',
    ),
  );

  it('never throws on any text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'grapheme' }),
          fc.array(chartLine).map((l) => l.join('\n')),
        ),
        (text) => {
          const { songs } = readPlainText(text);
          for (const song of songs) expect(() => writePlainText(song)).not.toThrow();
        },
      ),
    );
  });
});
