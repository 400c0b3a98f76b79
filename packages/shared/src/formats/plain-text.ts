// Chords over words ("plain text"), Ultimate Guitar style included: chord lines stand above the
// lyric lines they belong to, `[Verse 1]` or `Chorus:` start parts, and a few header lines give
// the title, artist, key and capo. Also the `-- Title:` style that ChordPro's crd output writes.
import { looksLikeChordPro } from './chordpro-marks.ts';
import { parseChord } from '../chords/chord.ts';
import { type Key, parseKey } from '../chords/keys.ts';
import { type ChordToken, chordTokens, expandTabs } from '../chords/line.ts';
import { SONG_LIMITS } from '../schemas/songs.ts';
import { fromCapoShapes, toCapoShapes } from './capo.ts';
import { readChordPro } from './chordpro.ts';
import { REPEAT_TEXTS, repeatFits } from './repeats.ts';
import { sectionName } from './section-names.ts';
import {
  type ConvertResult,
  type ConvertWarning,
  type ConvertedSong,
  type SongToWrite,
  emptySong,
  songModel,
} from './types.ts';

export const PLAIN_TEXT_TEXTS = {
  holdsOnly:
    'Plain text holds only the title, artist, key and capo, and the parts with their labels, chords and lyrics.',
  noSong: 'No song was found in the text.',
  directive: (text: string) => `${text} is a ChordPro directive, which plain text does not use.`,
  comment: (text: string) => `The comment "${text}" is not kept.`,
  badKey: (text: string) => `"${text}" is not a key.`,
  badCapo: (text: string) => `Capo "${text}" is not a fret from 0 to ${SONG_LIMITS.maxCapo}.`,
  emptyPart: (label: string) => `The part "${label}" has no lines and is left out.`,
} as const;

type Part = ConvertedSong['parts'][number];
type Line = Part['lines'][number];
type MetaField = 'title' | 'artist' | 'subtitle' | 'key' | 'capo';

/** What one line of the text is, as the reader sees it. */
type RowKind =
  | { kind: 'blank' }
  | { kind: 'chords'; text: string }
  | { kind: 'lyrics'; text: string }
  | { kind: 'header'; label: string }
  /** crd's "-- Chorus": the chorus is sung again here. */
  | { kind: 'recall'; label: string }
  /** crd's "-- End of chorus". */
  | { kind: 'end' }
  | { kind: 'meta'; field: MetaField; value: string; text: string }
  | { kind: 'skip'; message: string | null };
type Row = RowKind & { number: number };

// ---------------------------------------------------------------------------------------------
// Lines

/** Stand where a chord would: bar lines, repeat marks ("x2", "(2x)"), a held beat, a slash. */
const SYMBOL = /^(?:\|+|\|:|:\||%|-+|\/+|\.+|x|\(?(?:x\s?\d+|\d+\s?x)\)?)$/i;
const NO_CHORD = /^\(?N\.?C\.?\)?$/i;

/** A chord, also in parentheses or with a bass Segue does not read ("A7-9/unk"), or N.C. */
function isChordToken(token: string): boolean {
  const bare = token.startsWith('(') ? token.replace(/^\((.*)\)$/, '$1') : token;
  if (parseChord(bare) !== null) return true;
  const beforeSlash = bare.includes('/') ? /^([^/]+)\/./.exec(bare)?.[1] : undefined;
  return (beforeSlash !== undefined && parseChord(beforeSlash) !== null) || NO_CHORD.test(token);
}

/** Two spaces or more between every two words, as chords stand and lyrics do not. */
function spreadOut(tokens: ChordToken[]): boolean {
  return tokens.every((token, i) => {
    const before = tokens[i - 1];
    return before === undefined || token.column >= before.column + before.chord.length + 2;
  });
}

/**
 * A chords line: it has a chord, and most of its words are chords or stand where chords do
 * (N.C., x2, |), or it starts with a chord and its words stand apart ("Esus4  unknown").
 */
export function looksLikeChords(line: string): boolean {
  const tokens = chordTokens(line);
  const isChord = tokens.map((t) => isChordToken(t.chord));
  const chords = isChord.filter(Boolean).length;
  const words = tokens.filter((t, i) => !isChord[i] && !SYMBOL.test(t.chord)).length;
  if (chords === 0) return false;
  if (words * 2 < tokens.length) return true;
  return tokens.length >= 2 && isChord[0]! && spreadOut(tokens);
}

/** `[Verse 1]`, `[Guitar Solo]`, `Chorus:`, `(Bridge)` or a known section name alone. */
function headerLabel(line: string): string | null {
  const bracketed = /^\s*\[([^\]]*)\]\s*$/.exec(line)?.[1]?.trim();
  if (bracketed !== undefined) {
    const label = bracketed.replace(/:$/, '').trim();
    const usable = label && label.length <= SONG_LIMITS.labelMaxLength && !parseChord(label);
    return usable ? label : null;
  }
  return sectionName(
    line
      .trim()
      .replace(/^\((.*)\)$/, '$1')
      .replace(/:$/, ''),
  );
}

const META = /^\s*(title|artist|subtitle|key|capo)\s*[:=]\s*(.*)$/i;

function metaOf(text: string): { field: MetaField; value: string } | null {
  const match = META.exec(text);
  if (match) return { field: match[1]!.toLowerCase() as MetaField, value: match[2]!.trim() };
  const by = /^\s*by\s+(\S.*)$/i.exec(text);
  return by ? { field: 'artist', value: by[1]!.trim() } : null;
}

/** A `-- …` line of ChordPro's crd output: a detail, a section's start or end, or a comment. */
function crdMarker(body: string): RowKind {
  const meta = META.exec(body);
  if (meta) {
    const field = meta[1]!.toLowerCase() as MetaField;
    return { kind: 'meta', field, value: meta[2]!.trim(), text: body };
  }
  const start = /^start of (.+)$/i.exec(body)?.[1];
  if (start) return { kind: 'header', label: start[0]!.toUpperCase() + start.slice(1) };
  if (/^end of /i.test(body)) return { kind: 'end' };
  if (/^(new page|new physical page|column break)$/i.test(body)) {
    return { kind: 'skip', message: null };
  }
  const recall = sectionName(body);
  if (recall) return { kind: 'recall', label: recall };
  return { kind: 'skip', message: PLAIN_TEXT_TEXTS.comment(body) };
}

function classify(raw: string, crd: boolean): RowKind {
  const text = expandTabs(raw).trimEnd();
  if (text.trim() === '') return { kind: 'blank' };
  const marker = crd ? /^--\s+(.*)$/.exec(text)?.[1] : undefined;
  if (marker !== undefined) return crdMarker(marker.trim());
  if (/^\s*\{.*\}$/.test(text)) return { kind: 'skip', message: PLAIN_TEXT_TEXTS.directive(text) };
  const label = headerLabel(text);
  if (label) return { kind: 'header', label };
  const meta = metaOf(text);
  if (meta) return { kind: 'meta', ...meta, text };
  return { kind: looksLikeChords(text) ? 'chords' : 'lyrics', text };
}

function rowsOf(text: string): Row[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const crd = lines.some((line) => /^-- (title|subtitle|start of|end of)\b/i.test(line));
  // Numbered in place: a spread copy of each line's row would be most of a long file's time.
  return lines.map((line, i) => Object.assign(classify(line, crd), { number: i + 1 }));
}

// ---------------------------------------------------------------------------------------------
// The head: title, artist, key and capo before the first part

interface Head {
  title: string;
  artist: string;
  subtitle: string;
  key: Key | null;
  capo: number;
}

const isBreak = (row: Row | undefined) =>
  row === undefined || ['blank', 'meta', 'skip', 'header'].includes(row.kind);

/**
 * How many lines from `i` name the song: its first line when a blank, a detail or a header
 * follows it, or its first two lines ("Title", "Artist") when then come a blank and a part.
 */
function titleLines(rows: Row[], i: number): 0 | 1 | 2 {
  if (isBreak(rows[i + 1])) return 1;
  if (rows[i + 1]?.kind !== 'lyrics' || !isBreak(rows[i + 2])) return 0;
  const next = rows.slice(i + 2).find((row) => row.kind !== 'blank');
  return next === undefined || ['header', 'chords', 'meta'].includes(next.kind) ? 2 : 0;
}

function applyMeta(head: Head, row: Row & { kind: 'meta' }, warn: Warn): void {
  if (row.field === 'key') {
    // The spaces before "major" are matched from their start only (?<!\s): tried from each
    // space of a long run, they would take time as its square.
    const key = row.value.replace(/(?<!\s)\s*(major|maj)$/i, '').replace(/(?<!\s)\s*minor$/i, 'm');
    head.key = parseKey(key);
    if (!head.key && row.value) warn(row.number, PLAIN_TEXT_TEXTS.badKey(row.value));
  } else if (row.field === 'capo') {
    const fret = /^(?:no\b|none\b|0\b)/i.test(row.value) ? 0 : Number(/\d+/.exec(row.value)?.[0]);
    if (Number.isInteger(fret) && fret <= SONG_LIMITS.maxCapo) head.capo = fret;
    else warn(row.number, PLAIN_TEXT_TEXTS.badCapo(row.value));
  } else {
    head[row.field] = row.value;
  }
}

/** Reads the head and answers where the parts start. */
function readHead(rows: Row[], head: Head, warn: Warn): number {
  let i = 0;
  for (; i < rows.length; i++) {
    const row = rows[i]!;
    if (row.kind === 'blank') continue;
    if (row.kind === 'skip') {
      if (row.message) warn(row.number, row.message);
    } else if (row.kind === 'meta') {
      applyMeta(head, row, warn);
    } else if (row.kind === 'lyrics' && !head.title && titleLines(rows, i) > 0) {
      head.title = row.text.trim();
      const artist = rows[i + 1];
      if (titleLines(rows, i) === 2 && artist?.kind === 'lyrics') {
        head.artist ||= artist.text.trim();
        i += 1;
      }
    } else {
      break;
    }
  }
  return i;
}

// ---------------------------------------------------------------------------------------------
// The parts

type Warn = (line: number | null, message: string) => void;

/** Gathers the parts line by line: chord lines wait for the lyric line below them. */
class PartsBuilder {
  readonly parts: Part[] = [];
  /** The last part of each label, for an empty part that repeats it. */
  private readonly lastOfLabel = new Map<string, Part>();
  private leftOut = false;
  private current: { part: Part; number: number } | null = null;
  private chords: string | null = null;
  private blank = false;
  private verses = 0;

  constructor(
    private readonly warn: Warn,
    /** Whether a blank line ends a part (no headers), or stays in it as an empty line. */
    private readonly blankEndsPart: boolean,
    /** crd writes a lyric line without chords under an empty line: drop blank lines. */
    private readonly dropBlanks: boolean,
  ) {}

  open(label: string, number: number): void {
    this.close();
    this.current = { part: { label, lines: [] }, number };
  }

  close(): void {
    this.flushChords();
    const current = this.current;
    this.current = null;
    this.blank = false;
    if (!current) return;
    const { part, number } = current;
    if (part.lines.length > 0) return this.push(part);
    const earlier = this.lastOfLabel.get(part.label);
    if (!earlier) this.warn(number, PLAIN_TEXT_TEXTS.emptyPart(part.label));
    else if (repeatFits(this.parts.length, earlier)) {
      this.push({ label: part.label, lines: earlier.lines.map((l) => ({ ...l })) });
    } else if (!this.leftOut) {
      this.leftOut = true;
      this.warn(number, REPEAT_TEXTS.leftOut);
    }
  }

  private push(part: Part): void {
    this.parts.push(part);
    this.lastOfLabel.set(part.label, part);
  }

  /** The part named `label` again (crd's "-- Chorus"); what follows starts a new part. */
  recall(label: string, number: number): void {
    this.open(label, number);
    this.close();
  }

  blankLine(): void {
    this.flushChords();
    if (this.blankEndsPart) this.close();
    else if (!this.dropBlanks && this.current?.part.lines.length) this.blank = true;
  }

  chordLine(text: string, number: number): void {
    this.flushChords();
    this.ensurePart(number);
    this.chords = text;
  }

  lyricLine(text: string, number: number): void {
    this.ensurePart(number);
    this.add({ chords: this.chords ?? '', lyrics: text });
    this.chords = null;
  }

  private ensurePart(number: number): void {
    if (this.current) return;
    this.verses += 1;
    this.current = { part: { label: `Verse ${this.verses}`, lines: [] }, number };
  }

  private flushChords(): void {
    if (this.chords !== null) this.add({ chords: this.chords, lyrics: '' });
    this.chords = null;
  }

  private add(line: Line): void {
    const lines = this.current!.part.lines;
    if (this.blank) lines.push({ chords: '', lyrics: '' });
    this.blank = false;
    lines.push(line);
  }
}

function readParts(rows: Row[], warn: Warn): Part[] {
  const headers = rows.some((row) => row.kind === 'header' || row.kind === 'end');
  const crd = rows.some((row) => row.kind === 'end' || row.kind === 'recall');
  const builder = new PartsBuilder(warn, !headers, crd);
  for (const row of rows) {
    if (row.kind === 'header') builder.open(row.label, row.number);
    else if (row.kind === 'recall') builder.recall(row.label, row.number);
    else if (row.kind === 'end') builder.close();
    else if (row.kind === 'blank') builder.blankLine();
    else if (row.kind === 'chords') builder.chordLine(row.text, row.number);
    else if (row.kind === 'lyrics' || row.kind === 'meta') builder.lyricLine(row.text, row.number);
    else if (row.message) warn(row.number, row.message);
  }
  builder.close();
  return builder.parts;
}

// ---------------------------------------------------------------------------------------------
// Reading and writing

/** Reads a chords-over-words chart; nothing in it is fatal. */
export function readPlainText(text: string): ConvertResult {
  const warnings: ConvertWarning[] = [];
  const warn: Warn = (line, message) => warnings.push({ song: 0, line, message });
  const rows = rowsOf(text);
  const head: Head = { title: '', artist: '', subtitle: '', key: null, capo: 0 };
  const start = readHead(rows, head, warn);
  const parts = readParts(rows.slice(start), warn);
  if (parts.length === 0 && !head.title) {
    return { songs: [], warnings: [{ song: null, line: null, message: PLAIN_TEXT_TEXTS.noSong }] };
  }
  const sounding = fromCapoShapes(parts, head.key, head.capo);
  const song: ConvertedSong = {
    ...emptySong('text', text),
    title: head.title,
    artist: head.artist || head.subtitle,
    parts: sounding.parts,
    key: sounding.key,
    capo: head.capo,
  };
  warnings.unshift({ song: 0, line: null, message: PLAIN_TEXT_TEXTS.holdsOnly });
  return { songs: [song], warnings };
}

/** What plain text holds of a song, to tell whether a song is still what its text says. */
const PLAIN_FIELDS = ['title', 'artist', 'key', 'capo', 'parts'] as const;

function linesOf(part: Part): string[] {
  return part.lines.flatMap(({ chords, lyrics }) => {
    const written = [chords.trimEnd(), lyrics.trimEnd()].filter((text) => text !== '');
    return written.length > 0 ? written : [''];
  });
}

/**
 * Whether chords over words can hold the song's lines as they are. It cannot tell a line of
 * chords alone from the chords of a lyric line below it, nor lyrics that read as chords, a
 * section header or a `{directive}` from what they look like, nor chords it does not know as
 * chords (`Dosa`), nor a part of blank lines: such a song comes back changed.
 */
export function plainTextHolds(song: Pick<SongToWrite, 'parts'>): boolean {
  const written = (line: { chords: string; lyrics: string }) =>
    line.chords.trim() !== '' || line.lyrics.trim() !== '';
  return song.parts.every(
    ({ lines }) =>
      lines.some(written) &&
      lines.every((line, i) => {
        const lyrics = expandTabs(line.lyrics).trimEnd();
        const kind = lyrics.trim() === '' ? 'blank' : classify(lyrics, false).kind;
        const chords = expandTabs(line.chords).trimEnd();
        const chordsRead = chords.trim() === '' || classify(chords, false).kind === 'chords';
        const chordsAlone = line.lyrics === '' && line.chords !== '';
        return (
          (kind === 'lyrics' || kind === 'blank') &&
          chordsRead &&
          !(chordsAlone && lines[i + 1]?.chords === '')
        );
      }),
  );
}

/**
 * The song as a chords-over-words chart: details, then each part under its `[Label]`, chords
 * written in capo shapes. A song imported from plain text and unchanged since comes back as
 * the text it was read from.
 */
export function writePlainText(song: SongToWrite): string {
  const original = song.source?.format === 'text' ? song.source.text : null;
  const read = original === null ? undefined : readPlainText(original).songs[0];
  if (original !== null && read && songModel(read, PLAIN_FIELDS) === songModel(song, PLAIN_FIELDS))
    return original;

  const soundingKey = song.key === null ? null : parseKey(song.key);
  const shapes = toCapoShapes(song.parts, soundingKey, song.capo);
  const details = [
    song.title.trim() && `Title: ${song.title.trim()}`,
    song.artist.trim() && `Artist: ${song.artist.trim()}`,
    shapes.key && `Key: ${shapes.key}`,
    song.capo > 0 && `Capo: ${song.capo}`,
  ].filter((line): line is string => typeof line === 'string' && line !== '');
  const parts = shapes.parts.map((part) => [`[${part.label.trim()}]`, ...linesOf(part)].join('\n'));
  return `${[details.join('\n'), ...parts].filter((block) => block !== '').join('\n\n')}\n`;
}

/** The song form's "Paste chart": ChordPro when the text has its marks, else chords over words. */
export function parsePastedChart(text: string): ConvertResult {
  return looksLikeChordPro(text) ? readChordPro(text) : readPlainText(text);
}
