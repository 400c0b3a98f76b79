// ChordPro (https://www.chordpro.org) to and from Segue's songs.
import { type Key, parseKey, transposeKey } from '../chords/keys.ts';
import { mapChordsLine } from '../chords/line.ts';
import {
  EMPTY_LINE,
  type ChordContext,
  type Directive,
  directiveOn,
  directivesIn,
  escapeStart,
  escapeText,
  followDirective,
  isVerseLabel,
  kindOfLabel,
  sectionLabel,
  sectionOf,
  soundingShift,
  standardSection,
  toWritten,
} from './chordpro-directives.ts';
import {
  CHORDPRO_TEXTS,
  type ChordProExtras,
  ChordProExtrasSchema,
  type Part,
  SongReader,
  readDetails,
} from './chordpro-reader.ts';
import { inlineChords } from './inline-chords.ts';
import {
  type ConvertResult,
  type ConvertWarning,
  type ConvertedSong,
  type SongToWrite,
  emptySong,
  SINGLE_LANGUAGE_FIELDS,
  songModel,
} from './types.ts';

export { CHORDPRO_TEXTS, type ChordProExtras, ChordProExtrasSchema } from './chordpro-reader.ts';
export { chordsOverWords, inlineChords } from './inline-chords.ts';

const NO_EXTRAS: ChordProExtras = { lines: [], sections: [] };

// --- Reading --------------------------------------------------------------------------------

/** Reads a ChordPro file: one song for each `{new_song}`, each with its own slice of the text. */
export function readChordPro(text: string): ConvertResult {
  const songs: ConvertedSong[] = [];
  const warnings: ConvertWarning[] = [];
  for (const slice of songSlices(text)) {
    const read = readSong(slice, songs.length);
    if (read.song) songs.push(read.song);
    else if (slice.text.trim()) {
      warnings.push({ song: null, line: slice.firstLine + 1, message: CHORDPRO_TEXTS.noSong });
    }
    const inFileOrder = read.warnings.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    // One by one: spread into push, a file of many warnings overflows the call stack.
    for (const w of inFileOrder) warnings.push(read.song ? w : { ...w, song: null });
  }
  return { songs, warnings };
}

interface Slice {
  text: string;
  lines: string[];
  /** Index of its first line in the file. */
  firstLine: number;
}

/** The file cut before each `{new_song}`; the slices put together are the file again. */
function songSlices(text: string): Slice[] {
  const lines = text.split('\n');
  const starts = lines.flatMap((line, i) =>
    i === 0 || directiveOn(line)?.name === 'new_song' ? [i] : [],
  );
  return starts.map((start, n) => {
    const end = starts[n + 1] ?? lines.length;
    const own = lines.slice(start, end);
    return {
      text: own.join('\n') + (end < lines.length ? '\n' : ''),
      lines: own.map((line) => line.replace(/\r$/, '').replace(/^\uFEFF/, '')),
      firstLine: start,
    };
  });
}

function readSong(slice: Slice, index: number) {
  const warnings: ConvertWarning[] = [];
  const warn = (line: number, message: string) =>
    warnings.push({ song: index, line: slice.firstLine + line + 1, message });
  const details = readDetails(slice.lines, warn);
  const reader = new SongReader(details, warn);
  reader.read(slice.lines);
  if (!details.title && reader.parts.length === 0) return { song: null, warnings };
  const { used: _used, ...values } = details;
  const song = emptySong('chordpro', slice.text);
  Object.assign(song, values, { parts: reader.parts, key: reader.soundingKey() });
  song.source.extras = reader.extras;
  // A song without a {title} takes its first line; one with an empty {title:} has none.
  if (!song.title && !slice.lines.some((line) => TITLE_DIRECTIVE.test(line))) {
    song.title = firstLineOf(reader.parts);
    warn(0, CHORDPRO_TEXTS.noTitle);
  }
  return { song, warnings };
}

const TITLE_DIRECTIVE = /^\s*\{\s*(?:title|t)\s*[:}\s]/i;

/**
 * The closing punctuation of a line: a run of what is not a letter, a digit, `)` or `]` at
 * its end. The run must start after such a character: tried from every character of a long
 * run of punctuation inside the line, it would take time as the run's square.
 */
const CLOSING_PUNCTUATION = /(?<![^\p{L}\p{N})\]])[^\p{L}\p{N})\]]+$/u;

/** The first line of lyrics without its closing punctuation, for a song without a title. */
function firstLineOf(parts: readonly Part[]): string {
  for (const part of parts) {
    const first = part.lines.find((line) => line.lyrics.trim());
    if (first) return first.lyrics.trim().replace(CLOSING_PUNCTUATION, '');
  }
  return '';
}

// --- Writing --------------------------------------------------------------------------------

/**
 * Writes a song as ChordPro. A song imported from ChordPro and not changed since gives back
 * its original text; otherwise its extras are written where they were.
 */
export function writeChordPro(song: SongToWrite): string {
  const source = song.source?.format === 'chordpro' ? song.source : null;
  if (source?.text != null && isUnchanged(song, source.text)) return source.text;
  const extras = ChordProExtrasSchema.safeParse(source?.extras).data ?? NO_EXTRAS;
  return new SongWriter(song, extras).write();
}

/**
 * ChordPro has no established way to carry a song's language or its lyrics in other languages
 * (no directive of the reference implementation names one), so a ChordPro file holds the main
 * lyrics and chords only: translations stay out of it, and they and the language do not make
 * an imported song "changed" (docs/DECISIONS.md, "Songs in several languages").
 */
const CHORDPRO_FIELDS = SINGLE_LANGUAGE_FIELDS;

function isUnchanged(song: SongToWrite, text: string): boolean {
  const original = readChordPro(text).songs[0];
  return !!original && songModel(original, CHORDPRO_FIELDS) === songModel(song, CHORDPRO_FIELDS);
}

const samePart = (a: Part, b: Part) =>
  a.label === b.label &&
  a.lines.length === b.lines.length &&
  a.lines.every(
    (line, i) => line.chords === b.lines[i]?.chords && line.lyrics === b.lines[i]?.lyrics,
  );

/** How each kind of author is written: ChordPro has no directive for translators. */
const AUTHOR_DIRECTIVES = {
  words: 'lyricist: ',
  music: 'composer: ',
  translation: 'meta: translator ',
};

/** A value on one line: each run of white space holding a line break is one space. */
const oneLine = (value: string) => value.replace(/\s+/g, (run) => (/[\r\n]/.test(run) ? ' ' : run));

/** The song's details as directives; the key is the key of the chords as written. */
function detailLines(song: SongToWrite, writtenKey: Key | null): string[] {
  const details: [string, string | number | null][] = [
    ['title: ', song.title],
    ['artist: ', song.artist],
    ['key: ', writtenKey],
    ['capo: ', song.capo || null],
    ['tempo: ', song.tempo],
    ['time: ', song.time],
    ['ccli: ', song.ccli],
    ['copyright: ', song.copyright],
    ...song.authors.map(({ name, type }): [string, string] => [AUTHOR_DIRECTIVES[type], name]),
  ];
  // The title always: without one, a reader takes the first lyric line for it.
  return details.flatMap(([directive, value], i) =>
    value === null || (value === '' && i > 0) ? [] : [`{${directive}${oneLine(String(value))}}`],
  );
}

/** The kept lines before one part (or after the last), as indexes into the extras' lines. */
interface KeptBefore {
  all: number[];
  byLine: Map<number, number[]>;
}

/**
 * Writes the parts in environments, the extras where they were, chords back as capo shapes.
 * What it looks up for each part and line (the kept lines before it, its section, the verses
 * before it) is indexed once: looked for among all of them each time, a song of many parts
 * and kept lines would take time as its square.
 */
class SongWriter {
  private readonly out: string[] = [];
  /** The index of the last part written as a chorus, or -1. */
  private lastChorusAt = -1;
  private readonly context: ChordContext;
  /** The directive each kept line gives, as the reader follows it. */
  private readonly directives: (Directive | null)[];
  /** The kept lines before each part, and (at the number of parts) after the last. */
  private readonly keptBefore: KeptBefore[];
  /** The first section kept for each part. */
  private readonly sections = new Map<number, ChordProExtras['sections'][number]>();
  /** How many parts before each one are labelled as verses. */
  private readonly versesBefore: number[] = [];

  constructor(
    private readonly song: SongToWrite,
    private readonly extras: ChordProExtras,
  ) {
    this.directives = directivesIn(extras.lines.map((kept) => kept.text));
    const last = song.parts.length;
    this.keptBefore = Array.from({ length: last + 1 }, () => ({ all: [], byLine: new Map() }));
    extras.lines.forEach((kept, i) => {
      const before = this.keptBefore[Math.min(kept.beforePart, last)]!;
      before.all.push(i);
      const atLine = before.byLine.get(kept.beforeLine);
      if (atLine) atLine.push(i);
      else before.byLine.set(kept.beforeLine, [i]);
    });
    for (const section of extras.sections) {
      if (!this.sections.has(section.part)) this.sections.set(section.part, section);
    }
    let verses = 0;
    for (const part of song.parts) {
      this.versesBefore.push(verses);
      if (isVerseLabel(part.label)) verses += 1;
    }
    const writtenKey = this.keyAsWritten();
    this.context = { capo: song.capo, writtenKey, transpositions: [] };
  }

  write(): string {
    for (const line of detailLines(this.song, this.context.writtenKey)) this.out.push(line);
    this.out.push('');
    this.song.parts.forEach((part, index) => this.writePart(part, index));
    this.keep(this.song.parts.length, 0, Infinity);
    while (this.out.at(-1) === '') this.out.pop();
    return `${this.out.join('\n')}\n`;
  }

  /**
   * The key the chords are written in: the song's key moved down by the capo and by the
   * transposition in force at the first line, as the reader moves it up.
   */
  private keyAsWritten(): Key | null {
    const key = this.song.key === null ? null : parseKey(this.song.key);
    const context: ChordContext = { capo: this.song.capo, writtenKey: null, transpositions: [] };
    const noParts = this.song.parts.length === 0;
    this.extras.lines.forEach((kept, i) => {
      const directive = this.directives[i];
      const beforeFirstLine = noParts || (kept.beforePart === 0 && kept.beforeLine === 0);
      if (directive && beforeFirstLine) followDirective(context, directive);
    });
    const shift = soundingShift(context);
    return key && shift !== 0 ? transposeKey(key, -shift) : key;
  }

  private writePart(part: Part, index: number): void {
    this.keep(index, 0, 0);
    const section = this.sections.get(index);
    const chorus = this.song.parts[this.lastChorusAt];
    if (section && 'recall' in section && chorus && samePart(chorus, part)) {
      this.out.push(section.recall);
      this.keep(index, 1, Infinity);
      this.lastChorusAt = index;
    } else {
      this.writeSection(part, index, section && 'open' in section ? section : null);
    }
    this.out.push('');
  }

  private writeSection(part: Part, index: number, kept: { open: string; close: string } | null) {
    const { kind, open, close } = this.opening(part, index, kept);
    this.out.push(open);
    part.lines.forEach((line, at) => {
      if (at > 0) this.keep(index, at, at);
      // A blank line at an edge of a part is written `[]`: a bare one there is layout.
      const edge = at === 0 || at === part.lines.length - 1;
      const blank = line.chords === '' && line.lyrics === '';
      this.out.push(edge && blank && kind !== 'tab' ? EMPTY_LINE : this.lineOf(kind, line));
    });
    this.keep(index, Math.max(1, part.lines.length), Infinity);
    this.out.push(close);
    if (kind === 'chorus') this.lastChorusAt = index;
  }

  /** The part's own opening and closing lines while they still give its label. */
  private opening(part: Part, index: number, kept: { open: string; close: string } | null) {
    const directive = kept && directiveOn(kept.open);
    const kind = (directive && sectionOf(directive, 'start')) || kindOfLabel(part.label);
    const label = directive && sectionLabel(kind, directive.value, this.versesBefore[index] ?? 0);
    return kept && label === part.label
      ? { kind, open: kept.open, close: kept.close }
      : { kind, ...standardSection(kind, part.label) };
  }

  private lineOf(kind: string, line: Part['lines'][number]): string {
    const written = toWritten(this.context);
    if (kind === 'grid' && !line.lyrics) return mapChordsLine(line.chords, written);
    if (kind === 'tab' && !line.chords) return line.lyrics;
    return escapeStart(inlineChords(line, { mapChord: written, mapText: escapeText }));
  }

  /**
   * Writes the extras kept before lines `from` to `to` of part `part` (or after the last
   * part), in their order. A part asks for its lines one by one, then for the rest once.
   */
  private keep(part: number, from: number, to: number): void {
    const before = this.keptBefore[part];
    if (!before) return;
    const indexes =
      from === to
        ? (before.byLine.get(from) ?? [])
        : before.all.filter((i) => {
            const { beforeLine } = this.extras.lines[i]!;
            return beforeLine >= from && beforeLine <= to;
          });
    for (const i of indexes) {
      this.out.push(this.extras.lines[i]!.text);
      const directive = this.directives[i];
      if (directive) followDirective(this.context, directive);
    }
  }
}
