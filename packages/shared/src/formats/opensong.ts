// OpenSong songs (read only): an XML `<song>` whose `<lyrics>` hold `[V1]` headers, `.` chord
// lines over lyric lines, lyric lines numbered 1..n for verses that share chord lines, `_`
// syllable links, `|` line breaks and `;` comments.
import { XMLParser } from 'fast-xml-parser';
import { type ChordToken, chordTokens, renderChordTokens } from '../chords/line.ts';
import { parseKey } from '../chords/keys.ts';
import { SONG_LIMITS, SongDetailsInputSchema } from '../schemas/songs.ts';
import { fromCapoShapes } from './capo.ts';
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
  const segments: string[] = [''];
  const where: { segment: number; column: number }[] = [];
  for (let i = 0; i < lyric.length; i++) {
    const char = lyric[i]!;
    if (char === '|' && i >= start) {
      if (lyric[i - 1] !== '|') segments.push('');
      where.push({ segment: segments.length - 1, column: 0 });
      continue;
    }
    const text = segments.at(-1)!;
    where.push({ segment: segments.length - 1, column: text.length });
    if (i < start || char === '_' || (squeeze && char === ' ' && text.endsWith(' '))) continue;
    segments[segments.length - 1] = text + char;
  }
  const tokens: ChordToken[][] = segments.map(() => []);
  for (const { chord, column } of chordTokens(chords)) {
    const place = where[column] ?? {
      segment: segments.length - 1,
      column: segments.at(-1)!.length + column - lyric.length,
    };
    tokens[place.segment]!.push({ chord, column: place.column });
  }
  return segments
    .map((text, i) => ({ chords: renderChordTokens(tokens[i]!), lyrics: text.trimEnd() }))
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
      lines.push(...cleanLine(row.text, row.start, chords ?? '', squeeze));
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
  const used = new Set<Block>();
  const parts = names.flatMap((name) => {
    const matched = blocksNamed(blocks, name);
    if (matched.length === 0) warn(OPENSONG_TEXTS.unknownPart(name));
    matched.forEach((b) => used.add(b));
    return matched.map(({ label, lines }) => ({ label, lines: lines.map((l) => ({ ...l })) }));
  });
  for (const block of blocks.filter((b) => !used.has(b))) {
    warn(OPENSONG_TEXTS.unorderedPart(block.label));
    parts.push({ label: block.label, lines: block.lines });
  }
  return parts;
}

/** The block a presentation name means (`v1` is `V1`), or every verse of a numbered `[V]`. */
function blocksNamed(blocks: Block[], name: string): Block[] {
  const lower = name.toLowerCase();
  const block =
    blocks.find((b) => b.id === name) ?? blocks.find((b) => b.id.toLowerCase() === lower);
  if (block) return [block];
  return blocks.filter(
    (b) => b.id.toLowerCase().startsWith(lower) && /^\d+$/.test(b.id.slice(name.length)),
  );
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
