/// <reference types="node" />
// Node's types for this file only, for its clock and its settings (see chords.property.test.ts).
import { GCProfiler } from 'node:v8';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeSongBytes } from './decode.ts';
import {
  ConvertError,
  type ConvertedSong,
  type SongFileFormat,
  type SongToWrite,
  detectSongFormat,
  readSongFile,
  writeChordPro,
  writeOpenLyrics,
  writePlainText,
} from './index.ts';

/**
 * `POST /api/songs/convert` reads files of up to 5 MB, and exports write what was read: every
 * reader, the decoder and every writer must take time in proportion to its input. For each of
 * the shapes an attacker would write with a text editor, this times inputs of n, 2n, 4n and 8n
 * bytes and fails when the time grows faster than 3 times a doubling: t(8n) / t(n) above
 * 3³ = 27, where a linear reader gives about 8 and a quadratic one 64. The time is the
 * reader's own: the clock less the garbage collector's work (see readerMs). The table is
 * printed.
 *
 * Why 3 a doubling: a sound reader is faster per byte while what it builds fits a core's
 * cache, so between the sizes where it stops fitting its time grows by 2.2-2.8 a doubling.
 * Sound readers measured 8-16 here (2.5 a doubling, the bound before, failed them on busy
 * machines), and a reader made quadratic on purpose (each line looked up in the lines kept
 * before it) 35-56.
 *
 * Three doublings, not two: on a busy machine a sound reader's time can jump by half between
 * two sizes (the cache, a core shared), and over two doublings that alone read 6-9.
 *
 * SCALING_DIVISOR=8 runs every shape at an eighth of its size, SCALING_ONLY=regex the shapes
 * whose names match, and SCALING_PROGRESS=1 prints each row to stderr as it is measured.
 */
const DIVISOR = Number(process.env.SCALING_DIVISOR ?? '1');
const ONLY = new RegExp(process.env.SCALING_ONLY ?? '');
/** The sizes measured, as multiples of n: three doublings. */
const SIZES = [1, 2, 4, 8] as const;
const TOP = SIZES[SIZES.length - 1]!;
/** The most t(8n) / t(n) may be: 3 a doubling. */
const MAX_GROWTH = 3 ** Math.log2(TOP);
/** Runs of each input, the fastest counting: the others shared a core or the cache. */
const REPETITIONS = 3;
/**
 * Measurements of a shape that grew too fast, the best counting: a quadratic one fails each.
 * One that grew twice too fast over a tenth of a second is not measured again.
 */
const ATTEMPTS = 8;
/**
 * A shape whose 8n input would take longer than this (foreseen from smaller inputs) is stopped
 * there and fails.
 */
const FORESEEN_MAX_MS = 3000;
/**
 * The least time the smallest measured input may take: a run of a millisecond or two is
 * decided by the cache or the JIT, so n doubles until its run takes this long, while 8n stays
 * at most MAX_TOP_BYTES, under the 5 MB the server reads. Not with SCALING_DIVISOR, which asks
 * for small inputs.
 */
const MIN_MS = 5;
const MAX_TOP_BYTES = 4 * 1024 * 1024;

interface Input {
  bytes: number;
  run: () => unknown;
}

interface Shape {
  name: string;
  /** Bytes of the smallest measured input. */
  n: number;
  make: (bytes: number) => Input;
  /** For a reader: the format it is, and the format detected in a small input of the shape. */
  formats?: () => [expected: SongFileFormat, detected: SongFileFormat];
}

// ---------------------------------------------------------------------------------------------
// Building inputs

/** `unit` (or `unit(i)` for i = 0, 1, …) repeated to at least `bytes` characters. */
function fill(unit: string | ((i: number) => string), bytes: number): string {
  if (typeof unit === 'string') return unit.repeat(Math.max(1, Math.ceil(bytes / unit.length)));
  const pieces: string[] = [];
  let length = 0;
  for (let i = 0; length < bytes; i++) {
    const piece = unit(i);
    pieces.push(piece);
    length += piece.length;
  }
  return pieces.join('');
}

/** Reads as the server does: a ConvertError is an answer, anything else fails the test. */
function read(filename: string, text: string) {
  try {
    return readSongFile(filename, text);
  } catch (error) {
    if (error instanceof ConvertError) return null;
    throw error;
  }
}

function reader(
  name: string,
  n: number,
  filename: string,
  format: SongFileFormat,
  build: (bytes: number) => string,
): Shape {
  return {
    name,
    n,
    formats: () => [format, detectSongFormat(filename, build(4 * KB))],
    make: (bytes) => {
      const text = build(bytes);
      return { bytes: text.length, run: () => read(filename, text) };
    },
  };
}

/** A writer fed the first song of a big read (as edited: `source` null, unless `keepSource`). */
function writer(
  name: string,
  n: number,
  filename: string,
  build: (bytes: number) => string,
  write: (song: SongToWrite) => string,
  keepSource = false,
): Shape {
  return {
    name,
    n,
    make: (bytes) => {
      const text = build(bytes);
      const song: ConvertedSong | undefined = readSongFile(filename, text).songs[0];
      if (!song) throw new Error(`${name}: the input holds no song`);
      const toWrite: SongToWrite = keepSource ? song : { ...song, source: null };
      return { bytes: text.length, run: () => write(toWrite) };
    },
  };
}

const cho = (name: string, n: number, build: (bytes: number) => string) =>
  reader(`ChordPro: ${name}`, n, 'song.cho', 'chordpro', build);
const txt = (name: string, n: number, build: (bytes: number) => string) =>
  reader(`chords over words: ${name}`, n, 'song.txt', 'text', build);
const usr = (name: string, n: number, build: (bytes: number) => string) =>
  reader(`SongSelect .usr: ${name}`, n, 'song.usr', 'songselect', build);
const ccliText = (name: string, n: number, build: (bytes: number) => string) =>
  reader(`SongSelect text: ${name}`, n, 'song.txt', 'songselect', build);
const ol = (name: string, n: number, build: (bytes: number) => string) =>
  reader(`OpenLyrics: ${name}`, n, 'song.xml', 'openlyrics', build);
const os = (name: string, n: number, build: (bytes: number) => string) =>
  reader(`OpenSong: ${name}`, n, 'song.xml', 'opensong', build);

const KB = 1024;

/** An OpenLyrics file around `lyrics` (the content of `<lyrics>`), with `properties` added. */
const openLyrics = (lyrics: string, properties = '', songAttributes = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<song xmlns="http://openlyrics.info/namespace/2009/song" version="0.9"${songAttributes}>\n<properties><titles><title>T</title></titles>${properties}</properties>\n<lyrics>\n${lyrics}\n</lyrics>\n</song>\n`;

/** An OpenSong file around `lyrics`, with `more` elements added to `<song>`. */
const openSong = (lyrics: string, more = '', songAttributes = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<song${songAttributes}><title>T</title>${more}<lyrics>${lyrics}</lyrics></song>\n`;

/**
 * `inner` inside `depth` elements. The parser refuses more than 100 (a ConvertError, at once),
 * so a deep file is many of these side by side.
 */
const nestedTo = (depth: number, tag: string, inner: string) =>
  `<${tag}>`.repeat(depth) + inner + `</${tag}>`.repeat(depth);

const USR_HEAD =
  '[File]\nType=SongSelect Import File\nVersion=3.0\n[S A22025]\nTitle=T\nAuthor=A | B\nCopyright=Public Domain\n';
const CCLI_FOOTER =
  '\n\nCCLI Song # 22025\nJohn Newton\n© Public Domain\nFor use solely with the SongSelect® Terms of Use.\nCCLI License # 11111\n';

// ---------------------------------------------------------------------------------------------
// The shapes

const CHORDPRO: Shape[] = [
  cho('{start_of_chorus} lines, never closed', 32 * KB, (b) => fill('{start_of_chorus}\n', b)),
  cho('empty {soc}{eoc} sections', 16 * KB, (b) => fill('{soc}\n{eoc}\n', b)),
  cho('empty sections with comments kept', 64 * KB, (b) =>
    fill('{start_of_verse}\n# note\n{end_of_verse}\n', b),
  ),
  cho('verses in sections', 16 * KB, (b) => fill('{sov}\n[G]la la\n{eov}\n', b)),
  cho('verses between blank lines', 16 * KB, (b) => fill('[G]la la\n\n', b)),
  cho('sections between kept lines', 16 * KB, (b) => fill('{soc}\nla\n{eoc}\n# c\n', b)),
  cho('{c: Verse} comments', 32 * KB, (b) => fill('{c: Verse}\nla\n', b)),
  cho('{c: Chorus} recalls', 32 * KB, (b) => `{soc}\nla\n{eoc}\n${fill('{c: Chorus}\n\n', b)}`),
  cho('{chorus} recalls of a chorus as long', 32 * KB, (b) => {
    const half = b / 2;
    return `{soc}\n${fill('la\n', half)}{eoc}\n${fill('{chorus}\n', half)}`;
  }),
  cho(
    '{chorus} with no chorus, after parts',
    16 * KB,
    (b) => fill('la\n\n', b / 2) + fill('{chorus}\n', b / 2),
  ),
  cho('unknown directives', 64 * KB, (b) => fill('{foo: bar}\n', b)),
  cho('{new_song} songs', 16 * KB, (b) => fill('{new_song}\n{title: A}\nla\n', b)),
  cho('one chord line', 32 * KB, (b) => `{title: T}\n${fill('[C]', b)}\n`),
  cho('one lyric line with chords', 64 * KB, (b) => `{title: T}\n${fill('[G]la ', b)}\n`),
  cho('one line of spaces', 512 * KB, (b) => `{title: T}\n${fill(' ', b)}x\n`),
  cho('{title: and spaces, no closing brace', 512 * KB, (b) => `{title: ${fill(' ', b)}x\n`),
  cho('{title: a, spaces, b}', 512 * KB, (b) => `{title: a${fill(' ', b)}b}\n`),
  cho('{c: Verse 111…1!}', 512 * KB, (b) => `{title: T}\n{c: Verse ${fill('1', b)}!}\nla\n`),
  cho('no title, a first line of punctuation', 256 * KB, (b) => `[C]a${fill('!', b)}b\n`),
  cho('grid line', 16 * KB, (b) => `{title: T}\n{start_of_grid}\n${fill('| C ', b)}\n{eog}\n`),
  cho('tab lines', 128 * KB, (b) => `{title: T}\n{sot}\n${fill('e|--3--|\n', b)}{eot}\n`),
  cho('[] lines in a section', 32 * KB, (b) => `{soc}\n${fill('[]\n', b)}{eoc}\n`),
  cho(
    '{transpose} and capo chords',
    16 * KB,
    (b) => `{key: C}\n{capo: 2}\n{transpose: +3}\n${fill('[C]la [G/B]la [Am7]la\n', b)}`,
  ),
];

const PLAIN: Shape[] = [
  txt('chords over words', 8 * KB, (b) => `Title\n\n${fill('C   G   Am   F\nla la la la\n', b)}`),
  txt('one chord line', 8 * KB, (b) => `Title\n\n${fill('C  G  ', b)}\n`),
  txt('one lyric line', 32 * KB, (b) => `Title\n\n${fill('la ', b)}\n`),
  txt('one line of spaces', 256 * KB, (b) => `Title\n\n${fill(' ', b)}x\n`),
  txt('one line of tabs', 16 * KB, (b) => `Title\n\n${fill('\t', b)}C\n`),
  txt('blank lines', 64 * KB, (b) => `Title\n\nla\n${fill('\n', b)}la\n`),
  txt('lines of spaces', 64 * KB, (b) => `Title\n\nla\n${fill(' \n', b)}la\n`),
  txt('[Part] headers', 16 * KB, (b) => `Title\n\n${fill((i) => `[Part ${i}]\nla\n`, b)}`),
  txt(
    'empty headers after many parts',
    8 * KB,
    (b) => `Title\n\n${fill((i) => `[A${i}]\nla\n`, b / 2)}${fill((i) => `[B${i}]\n`, b / 2)}`,
  ),
  txt(
    'empty [Chorus] repeats of a chorus as long',
    8 * KB,
    (b) => `Title\n\n[Chorus]\n${fill('la\n', b / 2)}${fill('[Chorus]\n', b / 2)}`,
  ),
  txt(
    'crd "-- Chorus" recalls',
    8 * KB,
    (b) =>
      `-- Title: T\n-- Start of chorus\n${fill('la\n', b / 2)}-- End of chorus\n${fill('-- Chorus\n', b / 2)}`,
  ),
  txt('Key: and spaces', 256 * KB, (b) => `Title\nKey: C${fill(' ', b)}x\n\nla\n`),
  txt('Verse 111…1!', 256 * KB, (b) => `Title\n\nVerse ${fill('1', b)}!\nla\n`),
  txt('[ with no closing bracket', 256 * KB, (b) => `Title\n\n[${fill('a', b)}\n`),
];

const USR: Shape[] = [
  usr(
    'one Words= line',
    256 * KB,
    (b) => `${USR_HEAD}Fields=Verse 1\nWords=${fill('la la/n', b)}\n`,
  ),
  usr(
    'many /t parts',
    256 * KB,
    (b) => `${USR_HEAD}Fields=${fill('Verse/t', b / 3)}\nWords=${fill('la/nla/t', (2 * b) / 3)}\n`,
  ),
  usr('Words= of spaces', 512 * KB, (b) => `${USR_HEAD}Words=${fill(' ', b)}x\n`),
  usr('unknown lines', 64 * KB, (b) => `${USR_HEAD}Words=la\n${fill('Foo=bar\n', b)}`),
];

const SONGSELECT_TEXT: Shape[] = [
  ccliText('many blocks', 32 * KB, (b) => `Title\n\n${fill('Verse\nla la\n\n', b)}${CCLI_FOOTER}`),
  ccliText(
    'one long block',
    128 * KB,
    (b) => `Title\n\nVerse 1\n${fill('la la\n', b)}${CCLI_FOOTER}`,
  ),
  ccliText(
    'a block with no name',
    128 * KB,
    (b) => `Title\n\nVerse 1\nla\n\n${fill('la la\n', b)}${CCLI_FOOTER}`,
  ),
  ccliText('Verse 111…1!', 512 * KB, (b) => `Title\n\nVerse ${fill('1', b)}!\nla\n${CCLI_FOOTER}`),
  ccliText(
    'long footer',
    64 * KB,
    (b) => `Title\n\nVerse 1\nla\n\nCCLI Song # 1\nA\n© B\n${fill('C\n', b)}CCLI License # 1\n`,
  ),
];

const OPENLYRICS: Shape[] = [
  ol('many verses', 8 * KB, (b) =>
    openLyrics(fill((i) => `<verse name="v${i}"><lines>la la<br/>la</lines></verse>\n`, b)),
  ),
  ol('one verse of many lines', 8 * KB, (b) =>
    openLyrics(`<verse name="v1"><lines>${fill('la<br/>', b)}</lines></verse>`),
  ),
  ol('one line of chords', 16 * KB, (b) =>
    openLyrics(`<verse name="v1"><lines>${fill('<chord name="C"/>la ', b)}</lines></verse>`),
  ),
  ol('transposed chords', 32 * KB, (b) =>
    openLyrics(
      `<verse name="v1"><lines>${fill('<chord root="C" structure="min7"/>la ', b)}</lines></verse>`,
      '<transposition>2</transposition>',
    ),
  ),
  ol('comments in a line', 32 * KB, (b) =>
    openLyrics(`<verse name="v1"><lines>${fill('la<comment>c</comment>', b)}</lines></verse>`),
  ),
  // fast-xml-parser builds text and attributes a character at a time: linear, but with a step
  // in the cost of collecting garbage between 256 and 512 KB. These two are measured above it.
  ol('line breaks in the text', 512 * KB, (b) =>
    openLyrics(`<verse name="v1"><lines>la${fill(' \n', b)}la</lines></verse>`),
  ),
  ol('many attributes', 16 * KB, (b) =>
    openLyrics(`<verse name="v1"${fill((i) => ` a${i}="x"`, b)}><lines>la</lines></verse>`),
  ),
  ol('a huge attribute value', 512 * KB, (b) =>
    openLyrics(`<verse name="v1" a="${fill('x', b)}"><lines>la</lines></verse>`),
  ),
  ol('nesting as deep as the parser reads, in a line', 8 * KB, (b) =>
    openLyrics(`<verse name="v1"><lines>${fill(nestedTo(90, 'tag', 'la '), b)}</lines></verse>`),
  ),
  ol('nesting as deep as the parser reads, in properties', 8 * KB, (b) =>
    openLyrics('<verse name="v1"><lines>la</lines></verse>', fill(nestedTo(90, 'a', 'x'), b)),
  ),
  ol('verse order naming a verse as long', 32 * KB, (b) =>
    openLyrics(
      `<verse name="v1"><lines>${fill('la<br/>', b / 2)}</lines></verse>`,
      `<verseOrder>${fill('v1 ', b / 2)}</verseOrder>`,
    ),
  ),
  ol('verse order naming missing verses', 64 * KB, (b) =>
    openLyrics(
      '<verse name="v1"><lines>la</lines></verse>',
      `<verseOrder>${fill((i) => `x${i} `, b)}</verseOrder>`,
    ),
  ),
  ol('verses without names', 64 * KB, (b) =>
    openLyrics(fill('<verse><lines>la</lines></verse>', b)),
  ),
  ol('a long verse name', 64 * KB, (b) =>
    openLyrics(`<verse name="x${fill('a_', b)}"><lines>la</lines></verse>`),
  ),
  ol('many titles', 32 * KB, (b) =>
    openLyrics(
      '<verse name="v1"><lines>la</lines></verse>',
      `<titles>${fill('<title>x</title>', b)}</titles>`,
    ),
  ),
  ol('verses named again', 32 * KB, (b) =>
    openLyrics(
      fill('<verse name="v1"><lines><chord name="C"/>la</lines></verse>\n', b),
      '<transposition>2</transposition>',
    ),
  ),
];

const OPENSONG: Shape[] = [
  os('many parts', 32 * KB, (b) => openSong(fill((i) => `[V${i}]\n.C   G\n la la\n`, b))),
  os('presentation over many parts', 32 * KB, (b) => {
    const parts = fill((i) => `[V${i}]\n la\n`, b / 2);
    const count = parts.split('[').length;
    const names = fill((i) => `V${count - (i % count)} `, b / 2);
    return openSong(parts, `<presentation>${names}</presentation>`);
  }),
  os('presentation naming missing numbered parts', 16 * KB, (b) =>
    openSong(
      fill((i) => `[V${i + 1}]\n la\n`, b / 2),
      `<presentation>${fill('V0 ', b / 2)}</presentation>`,
    ),
  ),
  os('presentation naming a part as long', 16 * KB, (b) =>
    openSong(`[C]\n${fill(' la\n', b / 2)}`, `<presentation>${fill('C ', b / 2)}</presentation>`),
  ),
  os('numbered verse line with spaces', 64 * KB, (b) =>
    openSong(`[V]\n1 ${fill('a  ', b)}\n2 b\n`),
  ),
  os('one line of | breaks', 32 * KB, (b) => openSong(`[V1]\n ${fill('la|', b)}\n`)),
  os('one chord line', 32 * KB, (b) => openSong(`[V1]\n.${fill('C  ', b)}\n la\n`)),
  os('many attributes', 16 * KB, (b) =>
    openSong(
      '[V1]\n la\n',
      '',
      fill((i) => ` a${i}="x"`, b),
    ),
  ),
  os('a huge attribute value', 256 * KB, (b) =>
    openSong('[V1]\n la\n', '', ` a="${fill('x', b)}"`),
  ),
  os('nesting as deep as the parser reads', 8 * KB, (b) =>
    openSong('[V1]\n la\n', fill(nestedTo(90, 'a', 'x'), b)),
  ),
  os('many other elements', 16 * KB, (b) =>
    openSong(
      '[V1]\n la\n',
      fill((i) => `<f${i}>x</f${i}>`, b),
    ),
  ),
];

const utf8 = (text: string) => new TextEncoder().encode(text);
const decoder = (name: string, n: number, build: (bytes: number) => Uint8Array): Shape => ({
  name: `decoder: ${name}`,
  n,
  make: (bytes) => {
    const input = build(bytes);
    return { bytes: input.length, run: () => decodeSongBytes(input) };
  },
});

const DECODER: Shape[] = [
  decoder('UTF-8', 256 * KB, (b) => utf8(fill('Grâce étonnante ♯\n', b))),
  decoder('windows-1252', 256 * KB, (b) => {
    const bytes = utf8(fill('Gr\u00e2ce la la\n', b));
    // The â as one windows-1252 byte: not UTF-8.
    return bytes.map((byte) => (byte === 0xc3 ? 0x20 : byte === 0xa2 ? 0xe2 : byte));
  }),
  decoder('UTF-16 LE with its mark', 512 * KB, (b) => {
    const text = `\uFEFF${fill('la la ♯\n', b / 2)}`;
    const bytes = new Uint8Array(text.length * 2);
    for (let i = 0; i < text.length; i++) {
      bytes[2 * i] = text.charCodeAt(i) & 0xff;
      bytes[2 * i + 1] = text.charCodeAt(i) >> 8;
    }
    return bytes;
  }),
  decoder('declared windows-1250', 512 * KB, (b) =>
    utf8(`<?xml version="1.0" encoding="windows-1250"?>\n${fill('<a>la</a>\n', b)}`),
  ),
];

const bigChordPro = (b: number) =>
  `{title: T}\n{key: C}\n{capo: 2}\n${fill(
    (i) =>
      i % 4 === 3
        ? '{chorus}\n\n'
        : `# kept ${i}\n{start_of_${i % 2 ? 'chorus' : 'verse'}}\n[C]la [G]la\nla\n{end_of_${i % 2 ? 'chorus' : 'verse'}}\n{x_custom}\n\n`,
    b,
  )}`;

/** Verses of one label, "Other" (`o.2` is a second verse of `o`). */
const verses = (b: number) =>
  openLyrics(fill((i) => `<verse name="o.${i + 1}" lang="en"><lines>la ${i}</lines></verse>\n`, b));

const WRITERS: Shape[] = [
  writer(
    'ChordPro writer: parts with kept lines',
    32 * KB,
    'song.cho',
    bigChordPro,
    writeChordPro,
    true,
  ),
  writer('ChordPro writer: as edited', 64 * KB, 'song.cho', bigChordPro, writeChordPro),
  writer(
    'ChordPro writer: one chord line',
    16 * KB,
    'song.cho',
    (b) => `{title: T}\n${fill('[C]', b)}\n`,
    writeChordPro,
  ),
  writer('ChordPro writer: verses', 8 * KB, 'song.cho', (b) => fill('la\n\n', b), writeChordPro),
  writer('ChordPro writer: unchanged file', 16 * KB, 'song.cho', bigChordPro, writeChordPro, true),
  writer(
    'ChordPro writer: a title of spaces',
    512 * KB,
    'song.cho',
    (b) => `{title: a${fill(' ', b)}b}\nla\n`,
    writeChordPro,
  ),
  writer(
    'OpenLyrics writer: verses with comments',
    32 * KB,
    'song.xml',
    (b) =>
      openLyrics(
        fill(
          (i) =>
            `<verse name="v${i}" lang="en"><lines><comment>c</comment>la<chord name="C"/>la<comment>d</comment></lines></verse>\n`,
          b,
        ),
      ),
    writeOpenLyrics,
    true,
  ),
  writer(
    'OpenLyrics writer: a verse of commented lines',
    32 * KB,
    'song.xml',
    (b) =>
      openLyrics(
        `<verse name="v1"><lines>${fill('<comment>c</comment>la<chord name="C"/><br/>', b)}</lines></verse>`,
      ),
    writeOpenLyrics,
    true,
  ),
  writer(
    'OpenLyrics writer: verses of one label',
    32 * KB,
    'song.xml',
    verses,
    writeOpenLyrics,
    true,
  ),
  writer(
    'OpenLyrics writer: verses of one label, as edited',
    32 * KB,
    'song.xml',
    verses,
    writeOpenLyrics,
  ),
  writer(
    'OpenLyrics writer: a long verse name',
    64 * KB,
    'song.xml',
    (b) => openLyrics(`<verse name="x${fill('a_', b)}"><lines>la</lines></verse>`),
    writeOpenLyrics,
  ),
  writer(
    'OpenLyrics writer: as edited',
    32 * KB,
    'song.xml',
    (b) =>
      openLyrics(
        fill(
          (i) => `<verse name="v${i}"><lines><chord name="C"/>la la<br/>la</lines></verse>\n`,
          b,
        ),
      ),
    writeOpenLyrics,
  ),
  writer(
    'plain text writer: chords over words',
    32 * KB,
    'song.txt',
    (b) => `Title\nKey: G\nCapo: 2\n\n${fill((i) => `[Part ${i}]\nG   D\nla la\n\n`, b)}`,
    writePlainText,
  ),
  writer(
    'plain text writer: one chord line',
    16 * KB,
    'song.txt',
    (b) => `Title\nCapo: 2\n\n${fill('G  D  ', b)}\n`,
    writePlainText,
  ),
];

/** Every shape, in the order of this file. */
const ALL_SHAPES = [
  ...CHORDPRO,
  ...PLAIN,
  ...USR,
  ...SONGSELECT_TEXT,
  ...OPENLYRICS,
  ...OPENSONG,
  ...DECODER,
  ...WRITERS,
].filter((shape) => ONLY.test(shape.name));

// ---------------------------------------------------------------------------------------------
// Measuring

/**
 * The time a run took on the clock, less the time V8 spent collecting garbage in it, in
 * milliseconds: the reader's own work.
 *
 * Not CPU time: this machine's CPU clock (getrusage) counts in ticks of 4 ms, so a run of 5 ms
 * read 0, 4 or 8. Not the whole wall time: a collection's cost depends on everything the
 * process holds (vitest's own heap too) and on when the young generation fills, so a sound
 * reader's time per byte doubled at one size, where its results began to outlive a scavenge,
 * and stayed there (1→2 MB for one Words= line: 37 ms/MB below, 83–102 above). Less its
 * collections, the same reader ran at 28–43 ms/MB from 128 KB to 8 MB. A reader that does
 * quadratic work does it outside the collector, so nothing it does wrong is taken away.
 */
function readerMs(run: () => unknown): number {
  const profiler = new GCProfiler();
  profiler.start();
  const start = performance.now();
  run();
  const ms = performance.now() - start;
  const collected = profiler.stop().statistics.reduce((sum, gc) => sum + gc.cost, 0) / 1000;
  return Math.max(0, ms - collected);
}

/**
 * The fastest of `repetitions` runs. The scaling test runs last in `npm test`, its two shares
 * one a core with nothing else beside them, so the fastest run is one no other process took a
 * core from. A run of a second or more is not repeated.
 */
function fastest(run: () => unknown, repetitions: number): number {
  let best = Infinity;
  for (let i = 0; i < repetitions; i++) {
    best = Math.min(best, readerMs(run));
    if (best >= 1000) break;
  }
  return best;
}

interface Row {
  name: string;
  bytes: number[];
  ms: number[];
  growth: number;
  /** Why the shape was not measured at 8n, when it was not. */
  stopped: string | null;
}

const rows: Row[] = [];

function measure(shape: Shape): Row {
  let n = Math.max(64, Math.round(shape.n / DIVISOR));
  // A ladder of sizes from 1 KB (or n/64) up to n/2: a shape that grows so fast that 8n would
  // take far too long stops there, with its last steps as its measure, and fails in seconds.
  // It must grow fast over two steps, measured again, so that a busy core stops nothing; a
  // step that alone takes longer than the whole of 8n may stops at once.
  const ladder: { input: Input; ms: number }[] = [];
  const foreseen = () => {
    const [first, before, last] = ladder.slice(-3);
    if (last && last.ms > FORESEEN_MAX_MS) return Infinity;
    if (!first || !before || !last || last.ms <= 20) return 0;
    const growth = last.ms / Math.max(before.ms, 0.01);
    if (growth < 3 || before.ms / Math.max(first.ms, 0.01) < 2.5) return 0;
    return last.ms * growth ** Math.log2((TOP * n) / last.input.bytes);
  };
  for (let size = Math.min(KB, n / 64); size < n; size *= 2) {
    const input = shape.make(size);
    ladder.push({ input, ms: fastest(input.run, 2) });
    if (foreseen() <= FORESEEN_MAX_MS) continue;
    if (foreseen() < Infinity) {
      for (const step of ladder.slice(-3)) step.ms = fastest(step.input.run, REPETITIONS);
      if (foreseen() <= FORESEEN_MAX_MS) continue;
    }
    const last = ladder.slice(-3);
    const time = foreseen();
    return {
      name: shape.name,
      bytes: last.map((step) => step.input.bytes),
      ms: last.map((step) => step.ms),
      growth: last.length === 3 ? last[2]!.ms / last[0]!.ms : Infinity,
      stopped:
        time === Infinity
          ? 'stopped early: one step took longer than all of 8n may'
          : `stopped early: 8n foreseen at ${(time / 1000).toFixed(0)} s`,
    };
  }
  if (DIVISOR === 1) {
    const smallest = () => shape.make(SIZES[0] * n);
    while (2 * TOP * n <= MAX_TOP_BYTES && fastest(smallest().run, 5) < MIN_MS) n *= 2;
  }
  const inputs = SIZES.map((times) => shape.make(times * n));
  // The sizes take turns, so that a busy moment falls on each alike. The best
  // of the attempts' ratios counts, or the ratio of each size's fastest run over them all.
  const bytes = inputs.map((input) => input.bytes);
  const fastestMs = inputs.map(() => Infinity);
  let best: Row | null = null;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const ms = inputs.map(() => Infinity);
    for (let repetition = 0; repetition < REPETITIONS; repetition++) {
      inputs.forEach((input, i) => {
        ms[i] = Math.min(ms[i]!, fastest(input.run, 1));
        fastestMs[i] = Math.min(fastestMs[i]!, ms[i]!);
      });
    }
    for (const times of [ms, [...fastestMs]]) {
      const growth = times[times.length - 1]! / times[0]!;
      if (!best || growth < best.growth)
        best = { name: shape.name, bytes, ms: times, growth, stopped: null };
    }
    const clearlyTooFast = best!.growth > 2 * MAX_GROWTH && best!.ms[best!.ms.length - 1]! > 100;
    if (best!.growth <= MAX_GROWTH || clearlyTooFast) break;
  }
  return best!;
}

const cell = (text: string, width: number) => text.padStart(width);
const sizeOf = (bytes: number) =>
  bytes >= 1024 * KB ? `${(bytes / KB / KB).toFixed(2)} MB` : `${(bytes / KB).toFixed(1)} KB`;

/** `n/8`, `n` or `8n`. */
const sizeName = (times: number) =>
  times === 1 ? 'n' : times < 1 ? `n/${1 / times}` : `${times}n`;
const GROWTH_NAME = `t(${sizeName(TOP)}) / t(${sizeName(SIZES[0])})`;

function table(shown: readonly Row[]): string {
  const width = Math.max(...shown.map((row) => row.name.length));
  const head = `${'shape'.padEnd(width)} | ${SIZES.map((k) => cell(sizeName(k), 10)).join(' ')} | ${SIZES.map((k) => cell(`t(${sizeName(k)})`, 9)).join(' ')} | ${GROWTH_NAME}`;
  const lines = shown.map((row) => {
    const bytes = SIZES.map((_, i) => cell(row.bytes[i] ? sizeOf(row.bytes[i]) : '—', 10));
    const ms = SIZES.map((_, i) =>
      cell(row.ms[i] === undefined ? '—' : `${row.ms[i].toFixed(1)} ms`, 9),
    );
    const growth = `${row.growth.toFixed(2)}${row.stopped ? ` (${row.stopped})` : ''}`;
    return `${row.name.padEnd(width)} | ${bytes.join(' ')} | ${ms.join(' ')} | ${growth}`;
  });
  return [head, '-'.repeat(head.length), ...lines].join('\n');
}

/**
 * The shapes' test cases, or the `part`-th of `parts` shares of them (every `parts`-th shape,
 * so long and short shapes spread alike): `npm test` runs the shares as files of their own, one
 * a core, so the measuring takes half the time on two cores (docs/DECISIONS.md, "Linear readers
 * and what a file cannot make").
 */
export function describeScaling(part = 0, parts = 1): void {
  const shapes = ALL_SHAPES.filter((_, i) => i % parts === part);
  describe('every reader, the decoder and every writer take time in proportion to their input', () => {
    afterAll(() => {
      if (rows.length > 0) console.log(`\n${table(rows)}\n`);
    });

    for (const shape of shapes) {
      it(shape.name, { timeout: 120_000 }, () => {
        if (shape.formats) {
          const [expected, detected] = shape.formats();
          expect(detected, `${shape.name}: the format read`).toBe(expected);
        }
        const row = measure(shape);
        rows.push(row);
        if (process.env.SCALING_PROGRESS) process.stderr.write(`${table([row])}\n`);
        expect(row.stopped, shape.name).toBeNull();
        expect(row.growth, `${shape.name}: ${GROWTH_NAME}`).toBeLessThanOrEqual(MAX_GROWTH);
      });
    }
  });
}
