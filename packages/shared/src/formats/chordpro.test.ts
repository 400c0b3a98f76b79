/// <reference types="node" />
// Node's types for this file only, to read the fixtures: the package's own code runs in the
// browser too and must not use Node.
import { readFileSync, readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KEYS, type Key } from '../chords/keys.ts';
import { mapChordsLine, renderChordTokens } from '../chords/line.ts';
import { transposeChordBy } from '../chords/transpose.ts';
import { songProblem } from '../schemas/songs.ts';
import { readChordPro, writeChordPro } from './chordpro.ts';
import { type ConvertedSong, type SongToWrite } from './types.ts';

// ---------------------------------------------------------------------------------------------
// Fixtures (test/fixtures/chordpro, see MANIFEST.md).

const FIXTURES = new URL('../../test/fixtures/chordpro/', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, FIXTURES), 'utf8');
const FILES = readdirSync(FIXTURES).filter((file) => !file.endsWith('.json'));
const songsOf = (file: string) => readChordPro(read(file)).songs;
/** The one song of a ChordPro text. */
const theSong = (text: string) => {
  const { songs } = readChordPro(text);
  expect(songs).toHaveLength(1);
  return songs[0]!;
};
const theSongOf = (file: string) => theSong(read(file));

/** What the round trip must keep: every field Segue stores, without the source. */
// ChordPro has no language: every song read from it has none (language null).
const modelOf = ({ source: _source, language: _language, ...model }: SongToWrite) => model;
const lyricsOf = (song: ConvertedSong) => song.parts.map((p) => p.lines.map((l) => l.lyrics));
/** The column under which `part` of `lyrics` starts. */
const columnOf = (lyrics: string, part: string) => lyrics.indexOf(part);

describe('reading the ChordPro fixtures', () => {
  it.each(FILES)('%s gives songs Segue accepts, with warnings only for what it left', (file) => {
    const { songs, warnings } = readChordPro(read(file));
    expect(songs.length).toBeGreaterThan(0);
    for (const song of songs) expect(songProblem(song)).toBeNull();
    const expected = file === 'swinglow-full_020.cho' ? [5] : [];
    expect(warnings.map((w) => w.line)).toEqual(expected);
  });

  it('reads the OpenLP song as OpenLP does: its verses, the chorus sung after each', () => {
    const oracle = JSON.parse(read('openlp_swing-low.expected.json')) as {
      title: string;
      alternative_title: string;
      authors: [string, string][];
      verses: [string, 'c' | 'v'][];
    };
    const song = theSongOf('openlp_swing-low.chordpro');
    expect(song.title).toBe(oracle.title);
    expect(song.artist).toBe(oracle.alternative_title);
    expect(song.authors.map((a) => [a.name, a.type])).toEqual(oracle.authors);
    // OpenLP lists each verse once and repeats the chorus at each {c:Chorus}; Segue's parts
    // are the song as sung.
    const labels = ['Chorus', 'Verse 1', 'Chorus', 'Verse 2', 'Chorus', 'Verse 3', 'Chorus'];
    expect(song.parts.map((p) => p.label)).toEqual(labels);
    const once = song.parts.filter((p, i) => labels.indexOf(p.label) === i);
    expect(once.map((p) => (p.label === 'Chorus' ? 'c' : 'v'))).toEqual(
      oracle.verses.map(([, type]) => type),
    );
    expect(once.map((p) => p.lines.map((l) => l.lyrics).join('\n'))).toEqual(
      oracle.verses.map(([text]) => text.replace(/\[[^\]]*\]/g, '')),
    );
    expect(song.parts[2]).toEqual(song.parts[0]);
  });

  it('puts a chord inside a word over its letter, and repeats the chorus at {chorus}', () => {
    const song = theSongOf('swinglow.cho');
    const { chords, lyrics } = song.parts[0]!.lines[0]!;
    expect(lyrics).toBe('Swing low, sweet chariot,');
    expect(chords.charAt(columnOf(lyrics, 'ot,'))).toBe('D');
    expect(chords.charAt(columnOf(lyrics, 'chariot'))).toBe('G');
    expect(song.parts.map((p) => p.label)).toEqual(['Chorus', 'Verse 1', 'Chorus']);
    expect(song.parts[2]).toEqual(song.parts[0]);
    expect(song.parts[1]!.lines[1]!.lyrics).toBe('Comin’ for to carry me home.');
  });

  it('stores chords as they sound: {key: D}{capo: 2} is key E, capo 2, each {transpose} added', () => {
    const song = theSongOf('keys-capo-transpose_cho005.cho');
    expect([song.key, song.capo]).toEqual(['E', 2]);
    expect(song.parts[0]!.lines.map((l) => l.chords)).toEqual(['E', 'G', 'E']);
  });

  it('follows a modulation by {transpose +2} twice, each {transpose} undoing one', () => {
    const song = theSongOf('transpose-modulation_060.cho');
    expect(song.key).toBe('D');
    const verses = song.parts.filter((p) => p.label.startsWith('Verse'));
    expect(verses.map((v) => v.lines[0]!.chords.trim().split(/\s+/))).toEqual([
      ['D', 'G', 'D'],
      ['E', 'A', 'E'],
      ['F#', 'B', 'F#'],
      ['E', 'A', 'E'],
      ['D', 'G', 'D'],
    ]);
    expect(song.parts.filter((p) => p.label === 'Chorus')).toHaveLength(6);
  });

  it('reads a grid as lines of chords, transposed from the {transpose} inside it', () => {
    const song = theSongOf('grid-transpose_cho028n.cho');
    expect(song.parts).toEqual([
      {
        label: 'Grid',
        lines: [
          { chords: '| G | Em | D | C | original', lyrics: '' },
          { chords: '| A | F#m | E | D | transposed +2', lyrics: '' },
        ],
      },
    ]);
  });

  it('gives one song for each {new_song}, each with its key and its own slice of the text', () => {
    const text = read('multi-song-multi-key_cho026n.cho');
    const songs = readChordPro(text).songs;
    expect(songs.map((s) => [s.title, s.key])).toEqual([
      ['TODO Nashville C', 'Am'],
      ['Nashville D', 'D'],
    ]);
    expect(songs[1]!.source.text!.startsWith('{new_song}\n')).toBe(true);
    expect(songs.map((s) => s.source.text).join('')).toBe(text);
    expect(lyricsOf(songs[1]!)).toEqual([['Hello, World!']]);
  });

  it('keeps an unknown directive, says so, and writes it back where it was', () => {
    const text = read('swinglow-full_020.cho');
    const { songs, warnings } = readChordPro(text);
    const defined = '{defined Gxxxxxxxx: base 1 frets 2 2 2 2 2 2}';
    expect(warnings).toEqual([
      { song: 0, line: 5, message: expect.stringContaining(defined) as string },
    ]);
    const written = writeChordPro({ ...songs[0]!, title: 'Swing Low' });
    expect(written.split('\n')).toContain(defined);
    expect(written.indexOf(defined)).toBeLessThan(written.indexOf('{start_of_chorus}'));
  });
});

// ---------------------------------------------------------------------------------------------
// Writing.

describe('writing ChordPro', () => {
  it.each(FILES)('%s: an unchanged import is written back exactly as it came', (file) => {
    const text = read(file);
    const songs = readChordPro(text).songs;
    expect(songs.map((song) => writeChordPro(song)).join('')).toBe(text);
  });

  it.each(FILES)(
    '%s: after an edit, reads back the same, and writing again changes nothing',
    (file) => {
      for (const imported of songsOf(file)) {
        const edited = { ...imported, title: `${imported.title} (live)` };
        const written = writeChordPro(edited);
        const again = readChordPro(written);
        expect(again.songs).toHaveLength(1);
        const [reread] = again.songs as [ConvertedSong];
        expect(modelOf(reread)).toEqual(modelOf(edited));
        expect(reread.source.extras).toEqual(imported.source.extras);
        expect(writeChordPro(reread)).toBe(written);
        expect(writeChordPro({ ...reread, source: { ...reread.source, text: null } })).toBe(
          written,
        );
      }
    },
  );

  it('writes chords back as the capo shapes they were written in', () => {
    const song = theSongOf('keys-capo-transpose_cho005.cho');
    const written = writeChordPro({ ...song, title: 'Keys' });
    expect(written).toContain('{key: D}\n{capo: 2}\n');
    expect(written.match(/^.*Hi$/gm)).toEqual(['[D]Hi', '[D]Hi', '[D]Hi']);
  });

  it('writes a song made in Segue with its details, parts in sections and chords in words', () => {
    const song: SongToWrite = {
      title: 'Amazing Grace',
      artist: 'John Newton',
      key: 'A',
      capo: 2,
      tempo: 72,
      time: '3/4',
      ccli: '22025',
      copyright: 'Public Domain',
      authors: [
        { name: 'John Newton', type: 'words' },
        { name: 'Traditional', type: 'music' },
      ],
      parts: [
        {
          label: 'Verse 1',
          lines: [
            { chords: 'A       D      A', lyrics: 'Amazing grace, how sweet' },
            { chords: 'A    E', lyrics: '' },
          ],
        },
        { label: 'Chorus', lines: [{ chords: '              E', lyrics: '# one' }] },
        { label: 'Bridge 2', lines: [{ chords: '', lyrics: '{not a directive}' }] },
        { label: 'Tag', lines: [{ chords: '', lyrics: 'Amen' }] },
      ],
    };
    const written = writeChordPro(song);
    expect(written).toBe(
      [
        '{title: Amazing Grace}',
        '{artist: John Newton}',
        '{key: G}',
        '{capo: 2}',
        '{tempo: 72}',
        '{time: 3/4}',
        '{ccli: 22025}',
        '{copyright: Public Domain}',
        '{lyricist: John Newton}',
        '{composer: Traditional}',
        '',
        '{start_of_verse: Verse 1}',
        '[G]Amazing [C]grace, [G]how sweet',
        '[G]     [D]',
        '{end_of_verse}',
        '',
        '{start_of_chorus: Chorus}',
        '\\u0023 one         [D]',
        '{end_of_chorus}',
        '',
        '{start_of_bridge: Bridge 2}',
        '\\u007Bnot a directive}',
        '{end_of_bridge}',
        '',
        '{start_of_verse: Tag}',
        'Amen',
        '{end_of_verse}',
        '',
      ].join('\n'),
    );
    const reread = theSong(written);
    expect(modelOf(reread)).toEqual(song);
  });
});

// ---------------------------------------------------------------------------------------------
// Tolerance: nothing in a file is fatal.

describe('reading what is not quite ChordPro', () => {
  it('says what it could not use, by line, and keeps it', () => {
    const text = [
      '{title: Broken}',
      '{capo: 14}',
      '{chorus}',
      '{end_of_verse}',
      '{start_of_verse}',
      'Line [G]one',
      '{start_of_chorus}',
      'Line [D]two',
      '{transpose: up}',
      '{key: H}',
    ].join('\n');
    const { songs, warnings } = readChordPro(text);
    expect(warnings.map((w) => [w.line, w.message.split(' ')[0]])).toEqual([
      [2, '{capo:'],
      [3, '{chorus}'],
      [4, '{end_of_verse}'],
      [7, '{start_of_chorus}'],
      [9, '{transpose:'],
      [10, '{key:'],
      [10, '{start_of_chorus}'],
    ]);
    expect(songs[0]!.capo).toBe(0);
    expect(songs[0]!.key).toBeNull();
    expect(songs[0]!.parts.map((p) => p.label)).toEqual(['Verse 1', 'Chorus']);
    const kept = (songs[0]!.source.extras as { lines: { text: string }[] }).lines;
    expect(kept.map((k) => k.text)).toEqual([
      '{capo: 14}',
      '{chorus}',
      '{end_of_verse}',
      '{transpose: up}',
      '{key: H}',
    ]);
  });

  it('takes the title from the first line when there is none, and keeps empty sections', () => {
    const { songs, warnings } = readChordPro('{soc}\n{eoc}\n[G]Holy, holy, holy!\n');
    expect(songs[0]!.title).toBe('Holy, holy, holy');
    expect(warnings).toHaveLength(1);
    const written = writeChordPro({ ...songs[0]!, artist: 'Heber' });
    expect(written).toContain('{soc}\n{eoc}\n{start_of_verse: Verse 1}\n');
  });

  it('answers no song for a file without title or lyrics', () => {
    expect(readChordPro('')).toEqual({ songs: [], warnings: [] });
    expect(readChordPro('{columns: 2}\n').songs).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Generated files and songs (fast-check).

const NEAR_CHORDPRO = [
  ...['{', '}', '[', ']', ':', ' ', '  ', '\n', '\n', '\n', '#', '%{key}', '\\u0023', '\r\n'],
  ...['{title: T}', '{t:', '{key: C}', '{key: Bb}', '{capo: 2}', '{capo: 0}', '{transpose +2}'],
  ...['{transpose}', '{transpose: -3}', '{start_of_chorus}', '{end_of_chorus}', '{soc}', '{eoc}'],
  ...['{start_of_verse: V}', '{end_of_verse}', '{start_of_tab}', '{eot}', '{start_of_grid}'],
  ...['{end_of_grid}', '{start_of_abc}', '{end_of_abc}', '{chorus}', '{c: Chorus}', '{c:Verse 2}'],
  ...['{ci: note}', '{new_song}', '{ns}', '{artist: A}', '{st: S}', '{lyricist: L}', '{meta: x y}'],
  ...['{tempo: 90}', '{time: 6/8}', '{ccli: 123}', '{+config 1}', '{define: G}', '{image: a.png}'],
  ...['[G]', '[D/F#]', '[Am7]', '[Bb]', '[*riff]', '[]', 'la', 'Word', 'chari', 'ot,', '|', '.'],
];
const nearChordPro = fc
  .array(fc.constantFrom(...NEAR_CHORDPRO), { maxLength: 60 })
  .map((pieces) => pieces.join(''));

const LABELS = ['Verse 1', 'Verse 2', 'Chorus', 'Bridge', 'Intro', 'Pre-chorus', 'Tag 2', 'Outro'];
const CHORDS = ['G', 'D', 'Em', 'C', 'Am', 'F', 'A7', 'Bm', 'D/F#', 'Gsus4', 'E'];
const WORDS = ['Amazing', 'grace', 'how', 'sweet', 'the', 'sound', 'that', 'saved', 'a', 'wretch'];
const lyricLine = fc
  .array(fc.constantFrom(...WORDS), { maxLength: 7 })
  .map((words) => words.join(' '));
const chordsLine = fc
  .array(fc.tuple(fc.constantFrom(...CHORDS), fc.integer({ min: 0, max: 5 })), { maxLength: 5 })
  .map((steps) => {
    let column = 0;
    return renderChordTokens(
      steps.map(([chord, gap]) => {
        const token = { chord, column: column + gap };
        column = token.column + chord.length + 1;
        return token;
      }),
    );
  });
const songLine = fc
  .record({ chords: chordsLine, lyrics: lyricLine })
  .filter((line) => line.chords !== '' || line.lyrics !== '');
const song: fc.Arbitrary<SongToWrite> = fc.record({
  title: fc.constantFrom('Amazing Grace', 'Be Thou My Vision', 'Holy, Holy, Holy'),
  artist: fc.constantFrom('', 'John Newton', 'Traditional'),
  parts: fc.array(
    fc.record({
      label: fc.constantFrom(...LABELS),
      lines: fc.array(songLine, { minLength: 1, maxLength: 4 }),
    }),
    { minLength: 1, maxLength: 5 },
  ),
  key: fc.option(fc.constantFrom(...KEYS), { nil: null }),
  capo: fc.constantFrom(0, 0, 1, 2, 3, 5),
  tempo: fc.option(fc.integer({ min: 20, max: 400 }), { nil: null }),
  time: fc.constantFrom(null, '4/4', '6/8'),
  ccli: fc.constantFrom(null, '22025'),
  copyright: fc.constantFrom('', 'Public Domain'),
  authors: fc.array(
    fc.record({
      name: fc.constantFrom('John Newton', 'Isaac Watts'),
      type: fc.constantFrom('words' as const, 'music' as const, 'translation' as const),
    }),
    { maxLength: 3 },
  ),
});
/**
 * The song as reading gives it back: with a capo the chords go to shapes and back, and come
 * back spelled as the key spells them (sharps without a key): C in C#m is its leading tone B#.
 */
function asRead(song: SongToWrite): SongToWrite {
  if (song.capo === 0) return song;
  const respell = (chord: string) => transposeChordBy(chord, 0, (song.key as Key) ?? 'sharps');
  const parts = song.parts.map(({ label, lines }) => ({
    label,
    lines: lines.map(({ chords, lyrics }) => ({ chords: mapChordsLine(chords, respell), lyrics })),
  }));
  return { ...song, parts };
}

describe('generated files and songs', () => {
  it('reading near-ChordPro text never throws, and what it reads writes back the same', () => {
    fc.assert(
      fc.property(nearChordPro, (text) => {
        for (const imported of readChordPro(text).songs) {
          const edited = { ...imported, title: `${imported.title}!` };
          const reread = theSong(writeChordPro(edited));
          expect(modelOf(reread)).toEqual(modelOf(edited));
          expect(reread.source.extras).toEqual(imported.source.extras);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('a song written and read back is the same song, spelled as its key spells it', () => {
    fc.assert(
      fc.property(song, (generated) => {
        const written = writeChordPro(generated);
        const reread = theSong(written);
        expect(modelOf(reread)).toEqual(asRead(generated));
        expect(writeChordPro(reread)).toBe(written);
        // Once read, the song is a fixed point: with no capo, the very first one.
        const rewritten = writeChordPro({ ...reread, source: null });
        expect(modelOf(theSong(rewritten))).toEqual(modelOf(reread));
        if (generated.capo === 0) expect(rewritten).toBe(written);
      }),
      { numRuns: 1000 },
    );
  });
});
