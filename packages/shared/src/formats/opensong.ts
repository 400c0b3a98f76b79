// OpenSong songs (read only): an XML `<song>` whose `<lyrics>` hold `[V1]` headers, `.` chord
// lines over lyric lines, lyric lines numbered 1..n for verses that share chord lines, `_`
// syllable links, `|` line breaks and `;` comments.
import { XMLParser } from 'fast-xml-parser';
import { type ChordToken, chordTokens, renderChordTokens } from '../chords/line.ts';
import { parseKey } from '../chords/keys.ts';
import { SONG_LIMITS, SongDetailsInputSchema } from '../schemas/songs.ts';
import { fromCapoShapes } from './capo.ts';
import { REPEAT_TEXTS, repeatFits } from './repeats.ts';
import { type ConvertResult, type ConvertWarning, type ConvertedSong, emptySong } from './types.ts';

export const OPENSONG_TEXTS = {
  notOpenSong: 'This is not an OpenSong song: it has no <song> element.',
  notXml: (reason: string) => `This is not an OpenSong song: ${reason}`,
  badKey: (text: string) => `The key "${text}" is not a key; the song has no key.`,
  badCapo: (text: string) => `Capo "${text}" is not a fret from 0 to ${SONG_LIMITS.maxCapo}.`,
  badTempo: (text: string) => `The tempo "${text}" is not beats per minute; it is left out.`,
  badTime: (text: string) => `The time signature "${text}" is not one like 4/4; it is left out.`,
  badCcli: (text: string) => `The CCLI number "${text}" is not digits; it is left out.`,
  unknownPart: (name: string) =>
    `The presentation order names "${name}", which the lyrics do not have.`,
  unorderedPart: (label: string) =>
    `The part "${label}" is not in the presentation order; it is added at the end.`,
  notKept: (names: string[]) => `Kept with the file but not shown: ${names.join(', ')}.`,
} as const;

type Part = ConvertedSong['parts'][number];
type Line = Part['lines'][number];

/** A part of the lyrics: its name in the file (`V1`) and its lines. */
interface Block {
  id: string;
  label: string;
  lines: Line[];
}

// ---------------------------------------------------------------------------------------------
// XML

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  trimValues: false,
  htmlEntities: true,
  // Deeper nesting is an error, so not a song: no song nests so deep. The parser's default,
  // stated so that it stays.
  maxNestedTags: 100,
});

/** The text of an element: a string, an element with attributes, or several of them. */
function textOf(node: unknown): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).filter(Boolean).join(', ');
  if (node && typeof node === 'object' && '#text' in node) return textOf(node['#text']);
  return '';
}

function songElement(text: string): Record<string, unknown> | string {
  let document: unknown;
  try {
    document = parser.parse(text);
  } catch (error) {
    return OPENSONG_TEXTS.notXml(error instanceof Error ? error.message : String(error));
  }
  const song = (document as Record<string, unknown> | undefined)?.song;
  if (song && typeof song === 'object' && !Array.isArray(song)) {
    return song as Record<string, unknown>;
  }
  return OPENSONG_TEXTS.notOpenSong;
}

// ---------------------------------------------------------------------------------------------
// Lyrics

const TYPES: Record<string, string> = {
  V: 'Verse',
  C: 'Chorus',
  B: 'Bridge',
  T: 'Tag',
  P: 'Pre-Chorus',
  I: 'Intro',
  E: 'Ending',
};

/** `V1` → "Verse 1", `C` → "Chorus"; a name of the file's own ("Coda") stays as it is. */
export function openSongLabel(id: string): string {
  const match = /^([A-Za-z])(\d*)$/.exec(id);
  const type = match && TYPES[match[1]!.toUpperCase()];
  if (!type) return id;
  return match[2] ? `${type} ${match[2]}` : type;
}

/** A line of the lyrics after its first character: what it is, and where its text starts. */
type Row =
  | { kind: 'header'; id: string }
  | { kind: 'comment'; text: string }
  | { kind: 'chords'; text: string }
  | { kind: 'lyrics'; text: string; verse: number | null; start: number }
  | { kind: 'blank' };

function rowOf(line: string): Row {
  const header = /^\[([^\]]*)\]/.exec(line);
  if (header) return { kind: 'header', id: header[1]!.trim() || 'V' };
  if (line.startsWith(';')) return { kind: 'comment', text: line.slice(1).trim() };
  if (line.startsWith('.')) return { kind: 'chords', text: ` ${line.slice(1)}`.trimEnd() };
  if (/^[-|]*$/.test(line.trim())) return { kind: 'blank' };
  if (/^[1-9]/.test(line)) return { kind: 'lyrics', text: line, verse: Number(line[0]), start: 1 };
  // Lyric lines start with a space; one without keeps its first character.
  return { kind: 'lyrics', text: line, verse: null, start: line.startsWith(' ') ? 1 : 0 };
}

/**
 * A lyric line as Segue holds it, with the chords over it: `_` links removed, runs of spaces
 * made one when `squeeze` (verses that share chord lines are padded for each other), and split
 * at `|`. Chords keep the syllable they stood over. Columns count from the line's first character.
 */
function cleanLine(lyric: string, start: number, chords: string, squeeze: boolean): Line[] {
  // Each segment is built from the runs of characters it keeps, and where each character of
  // the line went is kept in two arrays: built a character at a time and asked whether it
  // ends in a space, a long line would take time as its square.
  const texts: string[] = [];
  let text = '';
  let length = 0;
  let lastKept = '';
  let run = -1;
  const endRun = (at: number) => {
    if (run >= 0) text += lyric.slice(run, at);
    run = -1;
  };
  const segmentAt = new Int32Array(lyric.length);
  const columnAt = new Int32Array(lyric.length);
  for (let i = 0; i < lyric.length; i++) {
    const char = lyric[i]!;
    if (char === '|' && i >= start) {
      endRun(i);
      if (lyric[i - 1] !== '|') {
        texts.push(text);
        text = '';
        length = 0;
        lastKept = '';
      }
      segmentAt[i] = texts.length;
      columnAt[i] = 0;
      continue;
    }
    segmentAt[i] = texts.length;
    columnAt[i] = length;
    if (i < start || char === '_' || (squeeze && char === ' ' && lastKept === ' ')) {
      endRun(i);
      continue;
    }
    if (run < 0) run = i;
    length += 1;
    lastKept = char;
  }
  endRun(lyric.length);
  texts.push(text);
  const tokens: ChordToken[][] = texts.map(() => []);
  for (const { chord, column } of chordTokens(chords)) {
    const place =
      column < lyric.length
        ? { segment: segmentAt[column]!, column: columnAt[column]! }
        : { segment: texts.length - 1, column: texts.at(-1)!.length + column - lyric.length };
    tokens[place.segment]!.push({ chord, column: place.column });
  }
  return texts
    .map((kept, i) => ({ chords: renderChordTokens(tokens[i]!), lyrics: kept.trimEnd() }))
    .filter((line) => line.chords !== '' || line.lyrics.trim() !== '');
}

/** Lines of one verse: each chord line goes over the next lyric line, or stands alone. */
function verseLines(rows: Row[], verse: number | null, squeeze: boolean): Line[] {
  const lines: Line[] = [];
  let chords: string | null = null;
  const flush = () => {
    // The chord line's columns count its '.'; a line of chords alone drops it.
    if (chords?.trim()) lines.push({ chords: chords.slice(1), lyrics: '' });
    chords = null;
  };
  for (const row of rows) {
    if (row.kind === 'chords') {
      flush();
      chords = row.text;
    } else if (row.kind === 'blank') {
      flush();
    } else if (row.kind === 'lyrics' && (row.verse === null || row.verse === verse)) {
      // One by one: spread into push, a line of many `|` overflows the call stack.
      for (const line of cleanLine(row.text, row.start, chords ?? '', squeeze)) lines.push(line);
      chords = null;
    }
  }
  flush();
  return lines;
}

/** A `[V]` block whose lyric lines are numbered 1..n holds n verses: V1..Vn. */
function blocksOf(id: string, rows: Row[]): Block[] {
  const verses = [
    ...new Set(rows.flatMap((row) => (row.kind === 'lyrics' && row.verse ? [row.verse] : []))),
  ].sort((a, b) => a - b);
  if (verses.length === 0) {
    return [{ id, label: openSongLabel(id), lines: verseLines(rows, null, false) }];
  }
  return verses.map((verse) => {
    const verseId = /\d$/.test(id) ? `${id}.${verse}` : `${id}${verse}`;
    return { id: verseId, label: openSongLabel(verseId), lines: verseLines(rows, verse, true) };
  });
}

function readLyrics(lyrics: string): { blocks: Block[]; comments: string[] } {
  const comments: string[] = [];
  const groups: { id: string; rows: Row[] }[] = [];
  for (const line of lyrics.split(/\r\n|\r|\n/)) {
    const row = rowOf(line);
    if (row.kind === 'comment') comments.push(row.text);
    else if (row.kind === 'header') groups.push({ id: row.id, rows: [] });
    else if (row.kind !== 'blank' || groups.length > 0) {
      if (groups.length === 0) groups.push({ id: 'V', rows: [] });
      groups.at(-1)!.rows.push(row);
    }
  }
  const blocks = groups
    .flatMap(({ id, rows }) => blocksOf(id, rows))
    .filter((b) => b.lines.length > 0);
  return { blocks, comments };
}

/** The parts in the `<presentation>` order (names may repeat), else in the order of the lyrics. */
function ordered(blocks: Block[], presentation: string, warn: Warn): Part[] {
  const names = presentation.split(/[\s,]+/).filter(Boolean);
  if (names.length === 0) return blocks.map(({ label, lines }) => ({ label, lines }));
  const blocksNamed = blockFinder(blocks);
  const unknown = new Set<string>();
  const used = new Set<Block>();
  const parts: Part[] = [];
  let leftOut = false;
  const leaveOut = () => {
    if (!leftOut) warn(REPEAT_TEXTS.leftOut);
    leftOut = true;
  };
  for (const name of names) {
    const matched = blocksNamed(name);
    if (matched.blocks.length === 0) {
      // Once for each name: an order naming a missing part over and over says so once.
      if (!unknown.has(name)) warn(OPENSONG_TEXTS.unknownPart(name));
      unknown.add(name);
    } else if (matched.spent) {
      leaveOut();
    } else {
      for (const block of matched.blocks) {
        if (used.has(block) && !repeatFits(parts.length, block)) {
          leaveOut();
          continue;
        }
        used.add(block);
        parts.push({ label: block.label, lines: block.lines.map((l) => ({ ...l })) });
      }
      // Its blocks are all used now, and past maxParts no repeat fits: the name gives nothing
      // more, and a long order naming it again is not gone through block by block.
      matched.spent = parts.length >= SONG_LIMITS.maxParts;
    }
  }
  for (const block of blocks.filter((b) => !used.has(b))) {
    warn(OPENSONG_TEXTS.unorderedPart(block.label));
    parts.push({ label: block.label, lines: block.lines });
  }
  return parts;
}

/** The blocks a presentation name means, and whether naming them again gives nothing. */
interface Named {
  blocks: Block[];
  spent: boolean;
}

/** Where the digits at the end of `text` start (its length when it ends in none). */
function digitsStart(text: string): number {
  let start = text.length;
  while (start > 0 && text.charCodeAt(start - 1) >= 48 && text.charCodeAt(start - 1) <= 57) {
    start -= 1;
  }
  return start;
}

/**
 * The blocks a presentation name means: the block of that name (`v1` is `V1`), else every
 * block named it and more digits (`V` is V1, V2 … of a numbered `[V]`). Indexed once, the
 * numbered blocks by the name before their digits and sorted by the digits: a long order
 * over many blocks, each name looked for among all the blocks, would take their product.
 */
function blockFinder(blocks: Block[]): (name: string) => Named {
  const byId = new Map<string, Named>();
  const byLowerId = new Map<string, Named>();
  const numbered = new Map<string, { digits: string; at: number }[]>();
  blocks.forEach((block, at) => {
    const named = { blocks: [block], spent: false };
    const lower = block.id.toLowerCase();
    if (!byId.has(block.id)) byId.set(block.id, named);
    if (!byLowerId.has(lower)) byLowerId.set(lower, named);
    const start = digitsStart(lower);
    if (start === lower.length) return;
    const base = lower.slice(0, start);
    const entry = { digits: lower.slice(start), at };
    const same = numbered.get(base);
    if (same) same.push(entry);
    else numbered.set(base, [entry]);
  });
  for (const entries of numbered.values()) {
    entries.sort((a, b) => (a.digits < b.digits ? -1 : a.digits > b.digits ? 1 : a.at - b.at));
  }
  const byPrefix = new Map<string, Named>();
  return (name) => {
    const lower = name.toLowerCase();
    const exact = byId.get(name) ?? byLowerId.get(lower);
    if (exact) return exact;
    const known = byPrefix.get(lower);
    if (known) return known;
    const start = digitsStart(lower);
    const digits = lower.slice(start);
    const entries = numbered.get(lower.slice(0, start)) ?? [];
    // The entries whose digits start with `digits` stand together from the first one not
    // before `digits`.
    let [low, high] = [0, entries.length];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (entries[middle]!.digits < digits) low = middle + 1;
      else high = middle;
    }
    const found: number[] = [];
    for (let i = low; i < entries.length && entries[i]!.digits.startsWith(digits); i++) {
      if (entries[i]!.digits.length > digits.length) found.push(entries[i]!.at);
    }
    const named = { blocks: found.sort((a, b) => a - b).map((at) => blocks[at]!), spent: false };
    byPrefix.set(lower, named);
    return named;
  };
}

// ---------------------------------------------------------------------------------------------
// Details

/** OpenSong writes all authors in one element: "John Newton, Edwin Excell & John P. Rees". */
function authorsOf(text: string): ConvertedSong['authors'] {
  return text
    .split(/\s*(?:,|;|&|\band\b)\s*/)
    .map((name) => name.trim())
    .filter(Boolean)
    .slice(0, SONG_LIMITS.maxAuthors)
    .map((name) => ({ name, type: 'words' as const }));
}

type Warn = (message: string) => void;

/** A detail as Segue takes it, or null, with a warning when the file has a value Segue does not take. */
function detail<T>(
  text: string,
  read: (text: string) => T | null,
  warning: (text: string) => string,
  warn: Warn,
): T | null {
  const value = text ? read(text) : null;
  if (text && value === null) warn(warning(text));
  return value;
}

const wholeNumberIn = (min: number, max: number) => (text: string) => {
  const digits = /^(\d+)(?:\s*bpm)?$/i.exec(text)?.[1];
  const value = Number(digits);
  return digits !== undefined && value >= min && value <= max ? value : null;
};

const bySchema =
  (schema: { safeParse(text: string): { success: boolean; data?: string | null } }) =>
  (text: string) => {
    const read = schema.safeParse(text);
    return (read.success && read.data) || null;
  };

/** Capo, tempo, time and CCLI number, when the song's schema takes them. */
function detailsOf(field: (name: string) => string, warn: Warn) {
  const { time, ccli } = SongDetailsInputSchema.shape;
  const { minTempo, maxTempo, maxCapo } = SONG_LIMITS;
  return {
    capo: detail(field('capo'), wholeNumberIn(0, maxCapo), OPENSONG_TEXTS.badCapo, warn) ?? 0,
    tempo: detail(field('tempo'), wholeNumberIn(minTempo, maxTempo), OPENSONG_TEXTS.badTempo, warn),
    time: detail(field('time_sig'), bySchema(time), OPENSONG_TEXTS.badTime, warn),
    ccli: detail(field('ccli'), bySchema(ccli), OPENSONG_TEXTS.badCcli, warn),
  };
}

const USED = new Set([
  'title',
  'author',
  'copyright',
  'ccli',
  'key',
  'capo',
  'tempo',
  'time_sig',
  'presentation',
  'lyrics',
  '#text',
]);

/** Elements Segue does not show (theme, hymn number, user fields…), with a value. */
function otherFields(song: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, node] of Object.entries(song)) {
    const value = textOf(node).trim();
    if (!USED.has(name) && !name.startsWith('@') && value) fields[name] = value;
  }
  return fields;
}

/** Reads an OpenSong song; nothing in it is fatal. */
export function readOpenSong(text: string): ConvertResult {
  const element = songElement(text);
  if (typeof element === 'string') {
    return { songs: [], warnings: [{ song: null, line: null, message: element }] };
  }
  const warnings: ConvertWarning[] = [];
  const warn: Warn = (message) => warnings.push({ song: 0, line: null, message });
  const field = (name: string) => textOf(element[name]).trim().replace(/\s+/g, ' ');

  const { blocks, comments } = readLyrics(textOf(element.lyrics));
  const parts = ordered(blocks, field('presentation'), warn);
  const shapesKey = parseKey(field('key'));
  if (field('key') && !shapesKey) warn(OPENSONG_TEXTS.badKey(field('key')));
  const details = detailsOf(field, warn);
  const sounding = fromCapoShapes(parts, shapesKey, details.capo);
  const fields = otherFields(element);
  if (comments.length || Object.keys(fields).length) {
    warn(
      OPENSONG_TEXTS.notKept([...(comments.length ? ['comments'] : []), ...Object.keys(fields)]),
    );
  }
  const song: ConvertedSong = {
    ...emptySong('opensong', text),
    ...details,
    title: field('title'),
    artist: field('author'),
    parts: sounding.parts,
    key: sounding.key,
    copyright: field('copyright'),
    authors: authorsOf(field('author')),
  };
  song.source.extras = { comments, fields };
  return { songs: [song], warnings };
}
