// ChordPro (https://www.chordpro.org) to and from Segue's songs (issue 16).
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
    warnings.push(...inFileOrder.map((w) => (read.song ? w : { ...w, song: null })));
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

/** The first line of lyrics without its closing punctuation, for a song without a title. */
function firstLineOf(parts: readonly Part[]): string {
  const first = parts.flatMap((part) => part.lines).find((line) => line.lyrics.trim());
  return (first?.lyrics ?? '').trim().replace(/[^\p{L}\p{N})\]]+$/u, '');
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

function isUnchanged(song: SongToWrite, text: string): boolean {
  const original = readChordPro(text).songs[0];
  return !!original && songModel(original) === songModel(song);
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

const oneLine = (value: string) => value.replace(/\s*[\r\n]+\s*/g, ' ');

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

/** Writes the parts in environments, the extras where they were, chords back as capo shapes. */
class SongWriter {
  private readonly out: string[] = [];
  private readonly kinds: string[] = [];
  private readonly context: ChordContext;
  /** The directive each kept line gives, as the reader follows it. */
  private readonly directives: (Directive | null)[];

  constructor(
    private readonly song: SongToWrite,
    private readonly extras: ChordProExtras,
  ) {
    this.directives = directivesIn(extras.lines.map((kept) => kept.text));
    const writtenKey = this.keyAsWritten();
    this.context = { capo: song.capo, writtenKey, transpositions: [] };
  }

  write(): string {
    this.out.push(...detailLines(this.song, this.context.writtenKey), '');
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
    const section = this.extras.sections.find((s) => s.part === index);
    const chorus = this.song.parts[this.kinds.lastIndexOf('chorus')];
    if (section && 'recall' in section && chorus && samePart(chorus, part)) {
      this.out.push(section.recall);
      this.keep(index, 1, Infinity);
      this.kinds.push('chorus');
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
    this.kinds.push(kind);
  }

  /** The part's own opening and closing lines while they still give its label. */
  private opening(part: Part, index: number, kept: { open: string; close: string } | null) {
    const directive = kept && directiveOn(kept.open);
    const kind = (directive && sectionOf(directive, 'start')) || kindOfLabel(part.label);
    const label = directive && sectionLabel(kind, directive.value, this.song.parts.slice(0, index));
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

  /** Writes the extras kept before lines `from` to `to` of part `part` (or after the last part). */
  private keep(part: number, from: number, to: number): void {
    const last = this.song.parts.length;
    this.extras.lines.forEach((kept, i) => {
      const here = kept.beforePart === part || (part === last && kept.beforePart > last);
      if (!here || kept.beforeLine < from || kept.beforeLine > to) return;
      this.out.push(kept.text);
      const directive = this.directives[i];
      if (directive) followDirective(this.context, directive);
    });
  }
}
