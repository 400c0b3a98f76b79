/// <reference types="node" />
// Node's types for this file only, for its clock (see chords.property.test.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SONG_LIMITS } from '../schemas/songs.ts';
import { decodeSongBytes } from './decode.ts';
import {
  ConvertError,
  type ConvertResult,
  EXPORT_FORMATS,
  readChordPro,
  readOpenLyrics,
  readOpenSong,
  readPlainText,
  readSongFile,
  readSongSelectText,
  readSongSelectUsr,
} from './index.ts';

/**
 * Files an attacker writes with a text editor, built from each format's own pieces: sections
 * opened and never closed, a chorus sung again a thousand times, a line of ten thousand spaces
 * or digits, elements nested past any sense. Each reader answers or refuses with a
 * ConvertError (nothing else), quickly, and with an answer of a size in proportion to the
 * file; so does each writer given what was read.
 */
const RUNS = { seed: 20_240_616, numRuns: 60 };
const MAX_INPUT = 20 * 1024;
/** Far above what any of these reads takes (a few milliseconds), far below a hang. */
const MAX_MS = 1000;

// ---------------------------------------------------------------------------------------------
// Building files

/** A run of one character, the stuff of backtracking patterns and quadratic loops. */
const run = fc
  .tuple(
    fc.constantFrom(' ', '\t', '1', 'a', '[', ']', '{', '}', ':', '|', '_', '/', '-', '.', '!'),
    fc.integer({ min: 1, max: 5000 }),
  )
  .map(([char, length]) => char.repeat(length));

/** Each piece repeated its number of times, between separators, cut at `max` characters. */
function upTo(max: number, pieces: [piece: string, times: number][], separator = ''): string {
  const out: string[] = [];
  let length = 0;
  for (const [piece, times] of pieces) {
    for (let i = 0; i < times && length < max; i++) {
      out.push(piece);
      length += piece.length + separator.length;
    }
  }
  return out.join(separator).slice(0, max);
}

/** Lines in blocks, each block repeated: a chorus of a thousand lines, then a thousand recalls. */
const repeatedLines = (line: fc.Arbitrary<string>) =>
  fc
    .tuple(
      fc.array(
        fc.tuple(
          fc.array(line, { minLength: 1, maxLength: 4 }),
          fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 2000 })),
        ),
        { minLength: 1, maxLength: 8 },
      ),
      fc.constantFrom('\n', '\r\n'),
    )
    .map(([blocks, end]) =>
      upTo(
        MAX_INPUT,
        blocks.map(([lines, times]) => [lines.join(end), times]),
        end,
      ),
    );

/** Pieces repeated within one line or one element: `la<br/>` ten thousand times. */
const repeatedPieces = (piece: fc.Arbitrary<string>, max = MAX_INPUT / 2) =>
  fc
    .array(fc.tuple(piece, fc.integer({ min: 1, max: 3000 })), { minLength: 1, maxLength: 6 })
    .map((pieces) => upTo(max, pieces));

const CHORDPRO_LINES = [
  ...['{start_of_chorus}', '{soc}', '{soc: Refrain}', '{eoc}', '{end_of_chorus}', '{chorus}'],
  ...['{start_of_verse}', '{sov: label="V"}', '{eov}', '{start_of_bridge}', '{eob}'],
  ...['{start_of_tab}', '{eot}', '{start_of_grid 4x3}', '{eog}', '{start_of_abc}'],
  ...['{end_of_abc}', '{start_of_x}', '{end_of_x}', '{chorus: Chorus}', '{c: Chorus}'],
  ...['{c: Verse}', '{c: Verse 2}', '{comment: Bridge}', '{ci: x}', '{title: T}', '{t:}'],
  ...['{subtitle: S}', '{key: C}', '{key: H}', '{capo: 2}', '{capo: 99}', '{transpose: +2}'],
  ...['{transpose: x}', '{transpose}', '{tempo: 90}', '{ccli: 1}', '{lyricist: L}'],
  ...['{meta: composer C}', '{new_song}', '{foo: bar}', '{x_custom}', '{textfont: x}'],
  ...['[C]la [G/B]la', '[C][D][Em]', '[]', '[', ']', 'la la', '# note', '', '  ', '\t'],
];
const chordProLine = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...CHORDPRO_LINES) },
  fc.string({ maxLength: 12 }),
  run,
  run.map((r) => `{title: ${r}x`),
  run.map((r) => `{c: a${r}b}`),
  run.map((r) => `{c: Verse ${r}!}`),
  repeatedPieces(fc.constantFrom('[C]', '[G]la ', 'la ', ' ', '\t[D]')),
);

const PLAIN_LINES = [
  ...['C  G  Am', 'C G Am F', 'N.C.', 'x2', '|', '(C)', 'la la la', 'Amazing grace'],
  ...['[Verse 1]', '[Chorus]', '[A]', 'Chorus:', '(Bridge)', 'Verse 2', 'Title: T'],
  ...['Artist: A', 'Key: G', 'Key: Q', 'Capo: 2', 'Capo: 99', 'by X', '-- Title: T'],
  ...['-- Start of chorus', '-- End of chorus', '-- Chorus', '-- Verse', '-- note', '{soc}'],
  ...['', '\t\tC', ' '],
];
const plainLine = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...PLAIN_LINES) },
  fc.string({ maxLength: 12 }),
  run,
  run.map((r) => `Verse ${r}!`),
  run.map((r) => `[${r}`),
  repeatedPieces(fc.constantFrom('C  ', 'G ', 'la ', '\t', 'Am7  ')),
);

const usrLine = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      ...['[File]', 'Type=SongSelect Import File', 'Version=3.0', '[S A22025]', 'Title=T'],
      ...['Author=A | B', 'Copyright=C', 'Keys=G', 'Keys=Q', 'Themes=a/tb', 'Foo=bar', 'x'],
    ),
  },
  repeatedPieces(fc.constantFrom('Verse/t', 'Chorus/t', '/t', 'x')).map((f) => `Fields=${f}`),
  repeatedPieces(fc.constantFrom('la', '/n', '/t', ' ', 'la la/n')).map((w) => `Words=${w}`),
  run,
);

const ccliTextLine = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      ...['Title', 'Verse 1', 'Chorus', 'Bridge', 'la la', 'la', '', '', 'CCLI Song # 1'],
      ...['John Newton', '© Public Domain', 'For use solely with SongSelect', 'CCLI License # 1'],
    ),
  },
  run,
  run.map((r) => `Verse ${r}!`),
);

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** Elements nested `depth` deep around `inner`: past the parser's bound of 100 at times. */
const nested = (inner: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.constantFrom('a', 'tag', 'lines', 'verse'), fc.integer({ min: 1, max: 160 }), inner)
    .map(([tag, depth, text]) => `<${tag}>`.repeat(depth) + text + `</${tag}>`.repeat(depth));

/** Attributes: a few, thousands, or one of thousands of characters. */
const attributes = fc.oneof(
  fc.constantFrom('', ' lang="en"', ' name="v1"', ' repeat="2"', ' translit="x"'),
  fc
    .integer({ min: 1, max: 800 })
    .map((count) => Array.from({ length: count }, (_, i) => ` a${i}="x"`).join('')),
  run.map((r) => ` a="${escapeXml(r)}"`),
);

const lineContent = fc.oneof(
  repeatedPieces(
    fc.constantFrom(
      ...['la', ' ', '\n', 'la la ', '<br/>', '<chord name="C"/>', '<chord name="Bes"/>'],
      ...['<chord root="D" structure="min7" bass="F"/>', '<chord root="X" structure="odd"/>'],
      ...['<chord name="G">la</chord>', '<beat><chord name="C"/><chord name="D"/></beat>'],
      ...['<comment>c</comment>', '<tag name="b">la</tag>', '&amp;', '&#228;', ' \n '],
    ),
    4096,
  ),
  nested(fc.constant('la')),
);

const verseName = fc.constantFrom('v1', 'v2', 'c', 'b', 'o', 'o.2', 'x', '', 'Verse_1');
const verse = fc
  .tuple(
    fc.constantFrom('verse', 'instrument', 'other'),
    verseName,
    attributes,
    fc.array(lineContent, { minLength: 1, maxLength: 3 }),
  )
  .map(
    ([tag, name, attrs, lines]) =>
      `<${tag}${name ? ` name="${name}"` : ''}${attrs}>${lines.map((l) => `<lines>${l}</lines>`).join('')}</${tag}>`,
  );
const property = fc.oneof(
  fc.constantFrom(
    ...['<titles><title>T</title></titles>', '<transposition>2</transposition>'],
    ...['<transposition>x</transposition>', '<key>C</key>', '<tempo type="bpm">90</tempo>'],
    ...['<comments><comment>Capo 2</comment><comment>x</comment></comments>'],
    ...['<authors><author>A</author><author type="translation" lang="de">B</author></authors>'],
    ...['<authors><author type="x">C</author></authors>', '<copyright>c</copyright>'],
    ...['<ccliNo>1</ccliNo>', '<variant>v</variant>', '<themes><theme>t</theme></themes>'],
  ),
  repeatedPieces(fc.constantFrom('<title>x</title>', '<title lang="de">y</title>')).map(
    (titles) => `<titles>${titles}</titles>`,
  ),
  repeatedPieces(fc.constantFrom('v1 ', 'c ', 'v2 ', 'x ', 'o.2 ')).map(
    (names) => `<verseOrder>${names}</verseOrder>`,
  ),
  nested(fc.constant('x')),
);
const openLyrics = fc
  .tuple(
    attributes,
    fc.array(property, { maxLength: 5 }),
    fc.array(fc.tuple(verse, fc.integer({ min: 1, max: 300 })), { maxLength: 5 }),
  )
  .map(
    ([attrs, properties, verses]) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<song xmlns="http://openlyrics.info/namespace/2009/song" version="0.9"${attrs}>\n<properties>${properties.join('')}</properties>\n<lyrics>${upTo(MAX_INPUT, verses, '\n')}</lyrics>\n</song>\n`,
  );

const OPENSONG_LINES = [
  ...['[V1]', '[V]', '[C]', '[C2]', '[]', '[Coda]', '.C  G', '. Am  F', ' la la', '1 la  la'],
  ...['2 lo  lo', '3 li', ';comment', ' la|la', ' ||', ' _', '---', '', ' la_la'],
];
const openSongLine = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...OPENSONG_LINES) },
  run,
  run.map((r) => `1 ${r}`),
  run.map((r) => `.${r}C`),
);
const openSong = fc
  .tuple(
    attributes,
    repeatedPieces(fc.constantFrom('V1 ', 'V2 ', 'C ', 'V ', 'V0 ', 'x ', 'c2 ', ', ')),
    fc.array(fc.oneof(nested(fc.constant('x')), fc.constantFrom('<theme>t</theme>', '<x/>'))),
    repeatedLines(openSongLine),
  )
  .map(
    ([attrs, presentation, others, lyrics]) =>
      `<?xml version="1.0"?>\n<song${attrs}><title>T</title><author>A, B &amp; C</author><presentation>${presentation}</presentation><key>G</key><capo>2</capo>${others.join('')}<lyrics>${escapeXml(lyrics)}</lyrics></song>\n`,
  );

// ---------------------------------------------------------------------------------------------
// What is checked

/** Every character of every text in the answer (names of fields aside). */
function charsOf(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + charsOf(item), 0);
  if (typeof value === 'object' && value !== null) return charsOf(Object.values(value));
  return 0;
}

/**
 * How big an answer may be: a read keeps at most a tab's 8 spaces for each character of the
 * file in its parts, the file again as the source and once more in the extras, and warnings
 * of at most a sentence and a piece of the file for every few characters (64 in all); the
 * only copies are repeats, at most SONG_LIMITS.maxParts of them, each no bigger than the
 * largest part. Sung once per repeat mark, a chorus of M lines made N × M lines.
 */
function boundFor(text: string, result: ConvertResult): number {
  const parts = result.songs.flatMap((song) => song.parts);
  const largestPart = parts.reduce((largest, part) => Math.max(largest, charsOf(part)), 0);
  return 64 * text.length + SONG_LIMITS.maxParts * largestPart + 1000;
}

/**
 * How big a written file may be: each character of the song at most 16 times (a one-letter
 * chord on a chords line, `C `, is `<chord root="C"/>` in OpenLyrics), and a line break or
 * `<br/>` for each line and an opening and closing for each part.
 */
function writtenBoundFor(song: ConvertResult['songs'][number]): number {
  const lines = song.parts.reduce((sum, part) => sum + part.lines.length, 0);
  return 16 * charsOf({ ...song, source: null }) + 8 * lines + 64 * song.parts.length + 1000;
}

/** Runs `read` as the server would: it answers or refuses, in time, within its bound. */
function check(text: string, read: (text: string) => ConvertResult): void {
  const start = performance.now();
  let result: ConvertResult | null = null;
  try {
    result = read(text);
  } catch (error) {
    if (!(error instanceof ConvertError)) throw error;
  }
  expect(performance.now() - start, 'milliseconds to read').toBeLessThan(MAX_MS);
  if (!result) return;
  expect(charsOf(result), 'characters of the answer').toBeLessThanOrEqual(boundFor(text, result));
  for (const song of result.songs) {
    for (const { write } of Object.values(EXPORT_FORMATS)) {
      const writing = performance.now();
      const written = write({ ...song, source: null });
      expect(performance.now() - writing, 'milliseconds to write').toBeLessThan(MAX_MS);
      expect(written.length, 'characters written').toBeLessThanOrEqual(writtenBoundFor(song));
    }
  }
}

describe('every reader, given adversarial files, answers or refuses quickly and in proportion', () => {
  it('ChordPro', () => {
    fc.assert(
      fc.property(repeatedLines(chordProLine), (text) => {
        check(text, readChordPro);
        check(text, (t) => readSongFile('song.cho', t));
      }),
      RUNS,
    );
  });

  it('chords over words', () => {
    fc.assert(
      fc.property(repeatedLines(plainLine), (text) => {
        check(text, readPlainText);
        check(text, (t) => readSongFile('song.txt', t));
      }),
      RUNS,
    );
  });

  it('SongSelect', () => {
    fc.assert(
      fc.property(repeatedLines(usrLine), repeatedLines(ccliTextLine), (usr, txt) => {
        check(usr, readSongSelectUsr);
        check(usr, (t) => readSongFile('song.usr', t));
        check(txt, readSongSelectText);
        check(txt, (t) => readSongFile('song.txt', t));
      }),
      RUNS,
    );
  });

  it('OpenLyrics', () => {
    fc.assert(
      fc.property(openLyrics, (text) => {
        check(text, readOpenLyrics);
        check(text, (t) => readSongFile('song.xml', t));
      }),
      RUNS,
    );
  });

  it('OpenSong', () => {
    fc.assert(
      fc.property(openSong, (text) => {
        check(text, readOpenSong);
        check(text, (t) => readSongFile('song.xml', t));
      }),
      RUNS,
    );
  });

  it('the decoder, and any reader after it', () => {
    const marks = fc.constantFrom(
      ...[[], [0xef, 0xbb, 0xbf], [0xff, 0xfe], [0xfe, 0xff], [0x3c, 0x00, 0x3f, 0x00]],
      [...new TextEncoder().encode('<?xml version="1.0" encoding="windows-1250"?>')],
      [...new TextEncoder().encode('<?xml version="1.0" encoding="x-unknown"?>')],
    );
    fc.assert(
      fc.property(
        marks,
        fc.uint8Array({ maxLength: MAX_INPUT }),
        fc.constantFrom('song.cho', 'song.txt', 'song.xml', 'song.usr', 'song'),
        (mark, body, filename) => {
          const bytes = new Uint8Array([...mark, ...body]);
          const start = performance.now();
          const text = decodeSongBytes(bytes);
          expect(performance.now() - start, 'milliseconds to decode').toBeLessThan(MAX_MS);
          expect(text.length).toBeLessThanOrEqual(bytes.length);
          check(text, (t) => readSongFile(filename, t));
        },
      ),
      RUNS,
    );
  });
});
