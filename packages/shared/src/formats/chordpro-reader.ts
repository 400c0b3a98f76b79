// Reads the text of one ChordPro song (a file, or one `{new_song}` of it) into Segue's parts,
// keeping what Segue does not model, and where it was, in the extras.
import { z } from 'zod';
import { chordTokens, mapChordsLine, renderChordTokens } from '../chords/line.ts';
import { KEY_MESSAGE } from '../chords/key-schema.ts';
import { type Key, parseKey, transposeKey } from '../chords/keys.ts';
import {
  SONG_DETAIL_TEXTS,
  SONG_LIMITS,
  SongDetailsInputSchema,
  type SongAuthor,
} from '../schemas/songs.ts';
import {
  EMPTY_LINE,
  type ChordContext,
  DELEGATES,
  type Directive,
  closesVerbatim,
  directiveOn,
  directivesIn,
  followDirective,
  isChorusLabel,
  isKnownDirective,
  isLyricLine,
  isVerseLabel,
  kindOfLabel,
  nextVerseLabel,
  sectionLabel,
  sectionOf,
  soundingShift,
  standardSection,
  toSounding,
  unescape,
} from './chordpro-directives.ts';
import { type ChordsOverWords, chordsOverWords } from './inline-chords.ts';
import { REPEAT_TEXTS, repeatFits } from './repeats.ts';
import { sectionName } from './section-names.ts';

/**
 * What Segue does not model in a ChordPro song, kept in the song's `source.extras` to be
 * written back where it was. `lines`: lines kept as they were, each before line `beforeLine`
 * of part `beforePart` (line 0: before the part opens; `beforePart` = the number of parts:
 * after the last). `sections`: parts the file wrote otherwise than the writer would, with
 * their own opening and closing lines (`{soc}`, `{start_of_grid 4x3+2}`), or the line that
 * repeated a chorus (`{chorus}`, `{c: Chorus}`). Stored as JSON: what does not fit is ignored.
 */
export const ChordProExtrasSchema = z.object({
  lines: z.array(
    z.object({
      beforePart: z.number().int().min(0),
      beforeLine: z.number().int().min(0),
      text: z.string(),
    }),
  ),
  sections: z.array(
    z.union([
      z.object({ part: z.number().int(), open: z.string(), close: z.string() }),
      z.object({ part: z.number().int(), recall: z.string() }),
    ]),
  ),
});
export type ChordProExtras = z.infer<typeof ChordProExtrasSchema>;

export interface Part {
  label: string;
  lines: ChordsOverWords[];
}

type Warn = (line: number, message: string) => void;

export const CHORDPRO_TEXTS = {
  notUsed: (line: string, why: string) => `${line} was not used: ${why}`,
  unknown: (line: string) => `${line} is not a ChordPro directive; it is kept as it is.`,
  transpose: 'Transpose by a whole number of semitones, such as +2 or -3.',
  noChorus: (line: string) => `${line} repeats the chorus, but no chorus comes before it.`,
  recallInSection: (line: string) => `${line} inside a section is kept as it is.`,
  nested: (line: string) => `${line} opens a section inside another: that one ends here.`,
  strayEnd: (line: string) => `${line} closes no section; it is kept as it is.`,
  unclosed: (line: string) => `${line} is never closed: the section ends with the song.`,
  noTitle: 'The song has no {title}: its first line is the title.',
  noSong: 'These lines hold no song (no title and no lyrics) and are left out.',
} as const;

// --- Details: the directives that give the song's title, key, authors … --------------------

/** The song's details as its directives give them, and the lines that gave them. */
export interface Details {
  title: string;
  artist: string;
  /** The first valid `{key}`: the key the chords are written in. */
  key: Key | null;
  capo: number;
  tempo: number | null;
  time: string | null;
  ccli: string | null;
  copyright: string;
  authors: SongAuthor[];
  /** Indexes of the lines that gave a detail: they are not kept as extras. */
  used: Set<number>;
}

const NO_DETAILS = {
  title: '',
  artist: '',
  key: null,
  capo: 0,
  tempo: null,
  time: null,
  ccli: null,
  copyright: '',
};

interface DetailReading {
  /** The value Segue keeps, or null when the directive's value is unusable. */
  read: (value: string) => unknown;
  /** Why an unusable value was not used (null: an empty text is simply nothing). */
  why: string | null;
}

const plainText = { read: (value: string) => value.trim() || null, why: null };
const wholeIn = (min: number, max: number, why: string) => ({
  read: (value: string) =>
    /^\d+$/.test(value.trim()) && +value >= min && +value <= max ? +value : null,
  why,
});

const DETAILS: Partial<Record<string, DetailReading>> = {
  title: plainText,
  artist: plainText,
  subtitle: plainText,
  copyright: plainText,
  key: { read: parseKey, why: KEY_MESSAGE },
  capo: wholeIn(0, SONG_LIMITS.maxCapo, SONG_DETAIL_TEXTS.capo),
  tempo: wholeIn(SONG_LIMITS.minTempo, SONG_LIMITS.maxTempo, SONG_DETAIL_TEXTS.tempo),
  time: {
    read: (value) => SongDetailsInputSchema.shape.time.safeParse(value).data ?? null,
    why: SONG_DETAIL_TEXTS.time,
  },
  ccli: {
    read: (value) => /^\d{1,12}$/.exec(value.trim())?.[0] ?? null,
    why: SONG_DETAIL_TEXTS.ccli,
  },
};

const AUTHOR_TYPES: Partial<Record<string, SongAuthor['type']>> = {
  lyricist: 'words',
  composer: 'music',
  translator: 'translation',
};

/**
 * The details of a song: each from the first directive that gives a usable value (`{capo: 0}`
 * gives nothing), the artist from `{subtitle}` when there is no `{artist}`, every author.
 */
export function readDetails(lines: readonly string[], warn: Warn): Details {
  const details: Details = { ...NO_DETAILS, authors: [], used: new Set() };
  const found = new Map<string, { value: unknown; line: number }>();
  directivesIn(lines).forEach((directive, index) => {
    const line = lines[index] ?? '';
    if (!directive) return;
    if (addAuthor(details.authors, directive)) details.used.add(index);
    const reading = DETAILS[directive.name];
    if (!reading || found.has(directive.name)) return;
    const value = reading.read(directive.value);
    if (value === null && reading.why && directive.value.trim()) {
      warn(index, CHORDPRO_TEXTS.notUsed(line.trim(), reading.why));
    } else if (directive.name === 'capo' && value === 0) details.used.add(index);
    else if (value !== null) found.set(directive.name, { value, line: index });
  });
  // Older files name the artist in the subtitle.
  const artist = found.get('artist') ?? found.get('subtitle');
  found.delete('subtitle');
  if (artist) found.set('artist', artist);
  for (const [name, { value, line }] of found) {
    Object.assign(details, { [name]: value });
    details.used.add(line);
  }
  return details;
}

function addAuthor(authors: SongAuthor[], { name, value }: Directive): boolean {
  const type = AUTHOR_TYPES[name];
  if (type && value.trim()) authors.push({ name: value.trim(), type });
  return type !== undefined && value.trim() !== '';
}

// --- Parts ----------------------------------------------------------------------------------

interface OpenPart extends Part {
  kind: string;
  /** The `{start_of_…}` line of an environment; null for lines that end at a blank line. */
  open: { text: string; keptAt: number } | null;
}

/** Reads a song's lines, in order, into parts and extras. */
export class SongReader {
  readonly parts: Part[] = [];
  readonly extras: ChordProExtras = { lines: [], sections: [] };
  /** The shift from written to sounding chords at the first line of a part. */
  firstShift: number | null = null;
  /** Where the last chorus is in `parts` (-1: none yet), and how many parts are verses. */
  private lastChorusAt = -1;
  private verses = 0;
  /** True once a repeat was left out (repeatFits), so the song says so once. */
  private leftOut = false;
  private readonly onPurpose = new WeakSet<ChordsOverWords>();
  private readonly context: ChordContext;
  private part: OpenPart | null = null;
  private partName: string | null = null;
  private delegate: string | null = null;

  constructor(
    private readonly details: Details,
    private readonly warn: Warn,
  ) {
    this.context = { capo: details.capo, writtenKey: details.key, transpositions: [] };
  }

  /** The key the chords sound in: the written key moved by capo and transposition. */
  soundingKey(): Key | null {
    const shift = this.firstShift ?? soundingShift(this.context);
    const key = this.details.key;
    return key && shift !== 0 ? transposeKey(key, shift) : key;
  }

  read(lines: readonly string[]): void {
    lines.forEach((line, index) => this.readLine(line, lines[index + 1], index));
    if (this.delegate !== null) this.keep(`{end_of_${this.delegate}}`);
    if (this.part?.open) this.warn(lines.length - 1, CHORDPRO_TEXTS.unclosed(this.part.open.text));
    this.closeSection(null);
    this.endPart();
  }

  private readLine(line: string, next: string | undefined, index: number): void {
    const directive = directiveOn(line);
    if (this.delegate !== null) return this.readDelegate(line, directive);
    if (this.part?.open && this.part.kind === 'tab') return this.readTab(line, directive);
    if (directive && this.details.used.has(index)) {
      followDirective(this.context, directive);
      return;
    }
    if (directive) return this.readDirective(directive, line, next, index);
    if (line.startsWith('#')) return this.keep(line);
    if (line.trim() === EMPTY_LINE) return this.addLine(this.emptyOnPurpose());
    const words = this.lyricLine(line);
    if (!words.chords && !words.lyrics) return this.blank();
    this.addLine(words);
  }

  private lyricLine(line: string): ChordsOverWords {
    const sounding = toSounding(this.context);
    if (this.part?.open && this.part.kind === 'grid') {
      return { chords: mapChordsLine(renderChordTokens(chordTokens(line)), sounding), lyrics: '' };
    }
    return chordsOverWords(line, { mapChord: sounding, mapText: unescape });
  }

  private readDirective(directive: Directive, line: string, next: string | undefined, at: number) {
    const start = sectionOf(directive, 'start');
    if (start && DELEGATES.has(start)) {
      this.delegate = start;
      return this.keep(line);
    }
    if (start) return this.openSection(start, directive.value, line, at);
    if (sectionOf(directive, 'end')) return this.endSection(line, at);
    if (directive.name === 'new_song') return;
    if (directive.name === 'chorus') return this.recallChorus(line, at);
    if (directive.name.startsWith('comment')) {
      return this.readComment(directive.value, line, next, at);
    }
    if (!followDirective(this.context, directive) && directive.name === 'transpose') {
      this.warn(at, CHORDPRO_TEXTS.notUsed(line.trim(), CHORDPRO_TEXTS.transpose));
    }
    if (!isKnownDirective(directive.name)) this.warn(at, CHORDPRO_TEXTS.unknown(line.trim()));
    this.keep(line);
  }

  private readDelegate(line: string, directive: Directive | null): void {
    this.keep(line);
    if (directive && closesVerbatim(directive, this.delegate!)) this.delegate = null;
  }

  /** A tab is kept as it is written, up to its end. */
  private readTab(line: string, directive: Directive | null): void {
    if (directive && closesVerbatim(directive, 'tab')) return this.closeSection(line);
    if (!line.trim()) return this.blank();
    this.addLine({ chords: '', lyrics: line.trimEnd() });
  }

  /**
   * Outside an environment, a comment naming a part ends the part before it and names the
   * lines that follow it; with no lines after it, "Chorus" repeats the chorus (as OpenLP reads
   * it). Any other comment is kept.
   */
  private readComment(comment: string, line: string, next: string | undefined, at: number): void {
    const name = this.part?.open ? null : sectionName(comment);
    if (name === null) return this.keep(line);
    this.endPart();
    if (isLyricLine(next)) this.partName = name;
    else if (isChorusLabel(name) && this.lastChorusAt >= 0) this.repeatChorus(line, at);
    else this.keep(line);
  }

  private recallChorus(line: string, at: number): void {
    if (this.part?.open) {
      this.warn(at, CHORDPRO_TEXTS.recallInSection(line.trim()));
      return this.keep(line);
    }
    this.endPart();
    if (this.lastChorusAt >= 0) return this.repeatChorus(line, at);
    this.warn(at, CHORDPRO_TEXTS.noChorus(line.trim()));
    this.keep(line);
  }

  /** The last chorus again, as a part of its own; one the song cannot hold is kept as written. */
  private repeatChorus(line: string, at: number): void {
    const chorus = this.parts[this.lastChorusAt]!;
    if (!repeatFits(this.parts.length, chorus)) {
      if (!this.leftOut) this.warn(at, REPEAT_TEXTS.leftOut);
      this.leftOut = true;
      return this.keep(line);
    }
    this.extras.sections.push({ part: this.parts.length, recall: line });
    this.addPart('chorus', { label: chorus.label, lines: chorus.lines.map((l) => ({ ...l })) });
  }

  private openSection(kind: string, value: string, line: string, at: number): void {
    if (this.part?.open) {
      this.warn(at, CHORDPRO_TEXTS.nested(line.trim()));
      this.closeSection(null);
    }
    this.endPart();
    const label = sectionLabel(kind, value, this.verses);
    const open = { text: line, keptAt: this.extras.lines.length };
    this.part = { kind, label, lines: [], open };
  }

  private endSection(line: string, at: number): void {
    if (this.part?.open) return this.closeSection(line);
    this.warn(at, CHORDPRO_TEXTS.strayEnd(line.trim()));
    this.endPart();
    this.keep(line);
  }

  /** Ends the open environment; one without lines is kept as two lines, not a part. */
  private closeSection(line: string | null): void {
    const part = this.part;
    if (!part?.open) return;
    const close = line ?? `{end_of_${part.kind}}`;
    this.dropTrailingBlankLines(part, part.open.keptAt);
    this.part = null;
    if (part.lines.length === 0) {
      // The opening line goes before the lines kept inside the environment: only they move.
      this.extras.lines.splice(part.open.keptAt, 0, this.keptLine(part.open.text));
      return this.keep(close);
    }
    const standard = standardSection(kindOfLabel(part.label), part.label);
    if (part.open.text !== standard.open || close !== standard.close) {
      this.extras.sections.push({ part: this.parts.length, open: part.open.text, close });
    }
    this.addPart(part.kind, part);
  }

  /** An empty line written `[]`: kept even at an edge of its part. */
  private emptyOnPurpose(): ChordsOverWords {
    const line = { chords: '', lyrics: '' };
    this.onPurpose.add(line);
    return line;
  }

  /**
   * Drops the layout blank lines at the end of an environment; lines kept inside it after
   * them now stand after its last line. Only lines kept since it opened can stand inside it,
   * so only they are looked at (all the lines kept so far, looked at for each environment,
   * would take time as the square of a file of many environments).
   */
  private dropTrailingBlankLines(part: OpenPart, keptAt: number): void {
    const layout = (line: ChordsOverWords | undefined) =>
      line !== undefined && line.chords === '' && line.lyrics === '' && !this.onPurpose.has(line);
    while (layout(part.lines.at(-1))) part.lines.pop();
    const kept = this.extras.lines;
    for (let i = keptAt; i < kept.length; i++) {
      if (kept[i]!.beforePart === this.parts.length) {
        kept[i]!.beforeLine = Math.min(kept[i]!.beforeLine, part.lines.length);
      }
    }
  }

  /** Ends lines outside an environment, at a blank line or anything that starts a part. */
  private endPart(): void {
    if (!this.part || this.part.open) return;
    this.addPart(this.part.kind, this.part);
    this.part = null;
  }

  private addPart(kind: string, { label, lines }: Part): void {
    if (kind === 'chorus') this.lastChorusAt = this.parts.length;
    if (isVerseLabel(label)) this.verses += 1;
    this.parts.push({ label, lines });
  }

  private blank(): void {
    if (!this.part?.open) return this.endPart();
    if (this.part.lines.length > 0) this.part.lines.push({ chords: '', lyrics: '' });
  }

  private addLine(line: ChordsOverWords): void {
    if (!this.part) {
      const label = this.partName ?? nextVerseLabel(this.verses);
      this.part = { kind: kindOfLabel(label), label, lines: [], open: null };
      this.partName = null;
    }
    this.firstShift ??= soundingShift(this.context);
    this.part.lines.push(line);
  }

  private keep(line: string): void {
    this.extras.lines.push(this.keptLine(line));
  }

  private keptLine(text: string): ChordProExtras['lines'][number] {
    const beforeLine = this.part ? this.part.lines.length : 0;
    return { beforePart: this.parts.length, beforeLine, text };
  }
}
