// The ChordPro vocabulary the reader and the writer share, so that what one writes the other
// reads back the same way: directive names, sections and their labels, and how the chords
// of a line move between the file (written shapes) and Segue (sounding pitch).
import { type Key, parseKey, transposeKey } from '../chords/keys.ts';
import { type Spelling } from '../chords/spelling.ts';
import { transposeChordBy } from '../chords/transpose.ts';

/** A line that is empty on purpose (a bare blank line at an edge of a part is layout). */
export const EMPTY_LINE = '[]';

export interface Directive {
  /** Lower case, short forms spelled out (`soc` is `start_of_chorus`), `{meta: x …}` as `x`. */
  name: string;
  value: string;
}

const ALIASES: Record<string, string> = {
  t: 'title',
  st: 'subtitle',
  su: 'subtitle',
  c: 'comment',
  ci: 'comment_italic',
  cb: 'comment_box',
  ns: 'new_song',
  np: 'new_page',
  npp: 'new_physical_page',
  colb: 'column_break',
  col: 'columns',
  g: 'grid',
  ng: 'no_grid',
  soc: 'start_of_chorus',
  eoc: 'end_of_chorus',
  sov: 'start_of_verse',
  eov: 'end_of_verse',
  sob: 'start_of_bridge',
  eob: 'end_of_bridge',
  sot: 'start_of_tab',
  eot: 'end_of_tab',
  sog: 'start_of_grid',
  eog: 'end_of_grid',
};

/** The `{meta: name value}` names read as details of the song. */
const META_DETAILS = new Set([
  'title',
  'subtitle',
  'artist',
  'key',
  'capo',
  'tempo',
  'time',
  'ccli',
  'copyright',
  'lyricist',
  'composer',
  'translator',
]);

// Directives of the ChordPro 6 reference that Segue leaves alone without a warning.
const KNOWN = new Set([
  ...[...META_DETAILS, 'meta', 'sorttitle', 'album', 'year', 'duration', 'arranger', 'tag'],
  ...['comment', 'comment_italic', 'comment_box', 'highlight', 'image', 'chorus', 'transpose'],
  ...['define', 'chord', 'new_song', 'new_page', 'new_physical_page', 'column_break'],
  ...['columns', 'pagetype', 'titles', 'diagrams', 'grid', 'no_grid'],
]);
const FORMATTING = /^(text|chord|tab|chorus|footer|toc|title|label|grid)(font|size|colou?r)$/;

/** A directive's start: `{`, its name, and the colon or space before its value. */
const DIRECTIVE_START = /^\{\s*([^\s:{}]+)\s*:?\s*/u;

/** The directive on a line (`{name: value}` or `{name value}`), or null for any other line. */
export function directiveOn(line: string): Directive | null {
  const text = line.trim();
  if (!text.startsWith('{') || !text.endsWith('}')) return null;
  const match = DIRECTIVE_START.exec(text);
  if (!match) return null;
  const written = (match[1] ?? '').toLowerCase();
  const name = ALIASES[written] ?? written;
  // The value is cut out rather than matched: a pattern such as `(.*?)\s*\}$` tries the rest
  // of a run of spaces at each of its characters, quadratic on a long line.
  const value = text.slice(match[0].length, -1).trimEnd();
  const meta = name === 'meta' ? /^(\S+)\s*(.*)$/su.exec(value) : null;
  const metaName = meta?.[1]?.toLowerCase() ?? '';
  return META_DETAILS.has(metaName) ? { name: metaName, value: meta?.[2] ?? '' } : { name, value };
}

/** True for directives ChordPro defines (and `{x_…}`, `{+config}`), so no warning is due. */
export function isKnownDirective(name: string): boolean {
  return (
    KNOWN.has(name) ||
    FORMATTING.test(name) ||
    /^(start|end)_of_/.test(name) ||
    /^(x_|\+)/.test(name)
  );
}

/** True for a line of lyrics: not blank, not a directive, not a `#` comment. */
export function isLyricLine(line: string | undefined): boolean {
  return line !== undefined && line.trim() !== '' && !line.startsWith('#') && !directiveOn(line);
}

// --- Sections -------------------------------------------------------------------------------

/** Environments whose contents are for other programs (music notation, pictures): kept whole. */
export const DELEGATES = new Set(['abc', 'ly', 'lilypond', 'svg', 'textblock', 'musicxml']);

/** A tab, or a delegate's block, whose lines are taken as written: the kind it opens, or null. */
export function opensVerbatim(directive: Directive): string | null {
  const kind = sectionOf(directive, 'start');
  return kind === 'tab' || (kind !== null && DELEGATES.has(kind)) ? kind : null;
}

/** True for the line that ends a verbatim block: a delegate's own end, any end for a tab. */
export function closesVerbatim(directive: Directive, kind: string): boolean {
  const end = sectionOf(directive, 'end');
  return end !== null && (kind === 'tab' || end === kind);
}

/**
 * The directive each of these lines gives, in order, leaving out the lines of tabs and
 * delegate blocks (their directives are text, not directives).
 */
export function directivesIn(lines: readonly string[]): (Directive | null)[] {
  let verbatim: string | null = null;
  return lines.map((line) => {
    const directive = directiveOn(line);
    if (!directive) return null;
    if (verbatim === null) verbatim = opensVerbatim(directive);
    else if (closesVerbatim(directive, verbatim)) verbatim = null;
    else return null;
    return directive;
  });
}

/** The environment a `{start_of_x}` or `{end_of_x}` opens or closes, or null. */
export function sectionOf(directive: Directive, edge: 'start' | 'end'): string | null {
  const prefix = `${edge}_of_`;
  return directive.name.startsWith(prefix) ? directive.name.slice(prefix.length) || null : null;
}

const CHORUS_LABEL = /^(chorus|refrain)\b/i;
const BRIDGE_LABEL = /^bridge\b/i;
const VERSE_LABEL = /^verse\b/i;

export const isChorusLabel = (label: string) => CHORUS_LABEL.test(label);

/** The environment a part without one is written in: chorus, bridge, else verse. */
export function kindOfLabel(label: string): string {
  if (CHORUS_LABEL.test(label)) return 'chorus';
  return BRIDGE_LABEL.test(label) ? 'bridge' : 'verse';
}

/** True for a label that counts as a verse when the next verse is numbered. */
export const isVerseLabel = (label: string) => VERSE_LABEL.test(label);

/** "Verse n" after `versesBefore` parts labelled as verses (isVerseLabel). */
export function nextVerseLabel(versesBefore: number): string {
  return `Verse ${versesBefore + 1}`;
}

/**
 * The label of a part opened by `{start_of_<kind> <value>}`: `label="…"`, else the value
 * (but not a grid's shape such as `4x3+2`), else the kind's name ("Verse n" for verses, after
 * `versesBefore` parts labelled as verses).
 */
export function sectionLabel(kind: string, value: string, versesBefore: number): string {
  const named = /(?:^|\s)label\s*=\s*(?:"([^"]*)"|'([^']*)'|(\S+))/u.exec(value);
  const given = named ? (named[1] ?? named[2] ?? named[3] ?? '') : value;
  const isShape = !named && (/^[\d+x\s]+$/.test(value) || /\w\s*=/.test(value));
  const label = isShape ? '' : given.trim();
  if (label) return label;
  if (kind === 'verse') return nextVerseLabel(versesBefore);
  const words = kind.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** How the writer opens and closes a part it has no record of. */
export function standardSection(kind: string, label: string): { open: string; close: string } {
  return { open: `{start_of_${kind}: ${label}}`, close: `{end_of_${kind}}` };
}

// --- Escapes: the text of lyric lines --------------------------------------------------------

const UNICODE_ESCAPE = /\\u([0-9A-Fa-f]{4})/g;

/** Lyrics with ChordPro's Unicode escapes (`\u00E9`) read as text; control characters stay escaped. */
export function unescape(text: string): string {
  return text.replace(UNICODE_ESCAPE, (escape, hex: string) =>
    parseInt(hex, 16) < 0x20 ? escape : String.fromCharCode(parseInt(hex, 16)),
  );
}

/** Lyrics as the file writes them: a `[` (it would open a chord) and escape-like text escaped. */
export function escapeText(text: string): string {
  return text.replace(/\\u(?=[0-9A-Fa-f]{4})/g, '\\u005Cu').replaceAll('[', '\\u005B');
}

/** A lyric line whose first character would make it a `#` comment or a directive, escaped. */
export function escapeStart(line: string): string {
  if (line.startsWith('#')) return `\\u0023${line.slice(1)}`;
  return directiveOn(line) ? line.replace('{', '\\u007B') : line;
}

// --- Chords: written shapes and sounding pitch ----------------------------------------------

/** What the directives so far say about the chords: their key, the capo, the transposition. */
export interface ChordContext {
  capo: number;
  /** The key the chords are written in, as the last valid `{key}` says. */
  writtenKey: Key | null;
  /** Each `{transpose}` in force, as the total it gives; `{transpose}` alone ends the last. */
  transpositions: number[];
}

/** The semitones from the chords as written to the chords as they sound. */
export function soundingShift(context: ChordContext): number {
  return context.capo + (context.transpositions.at(-1) ?? 0);
}

/** The transposition a `{transpose}` value gives (`+2`, `-3`, `2f`), or null when it is none. */
function transpositionIn(value: string): number | null {
  const match = /^([+-]?\d{1,2})\s*[sfk]?$/i.exec(value.trim());
  return match ? Number(match[1]) : null;
}

/** Follows a `{key}` or `{transpose}` directive; answers false when its value is unusable. */
export function followDirective(context: ChordContext, { name, value }: Directive): boolean {
  if (name === 'transpose') return followTranspose(context, value);
  if (name !== 'key') return true;
  const key = parseKey(value);
  if (key) context.writtenKey = key;
  return key !== null;
}

function followTranspose(context: ChordContext, value: string): boolean {
  if (!value.trim()) {
    context.transpositions.pop();
    return true;
  }
  const semitones = transpositionIn(value);
  if (semitones === null) return false;
  context.transpositions.push((context.transpositions.at(-1) ?? 0) + semitones);
  return true;
}

/** Spelled as the target key spells notes; without a key, sharps going up and flats going down. */
function spellingFor(target: Key | null, semitones: number): Spelling {
  return target ?? (semitones > 0 ? 'sharps' : 'flats');
}

/**
 * Moves chords as written in the file to the pitch they sound at. Chords are moved one by
 * one before they are placed, so a longer spelling never pushes the next chord aside.
 */
export function toSounding(context: ChordContext): (chord: string) => string {
  const shift = soundingShift(context);
  const sounding = context.writtenKey && transposeKey(context.writtenKey, shift);
  const spelling = spellingFor(sounding, shift);
  return (chord) => (shift === 0 ? chord : transposeChordBy(chord, shift, spelling));
}

/** Moves sounding chords back to the shapes the file writes. */
export function toWritten(context: ChordContext): (chord: string) => string {
  const shift = soundingShift(context);
  const spelling = spellingFor(context.writtenKey, -shift);
  return (chord) => (shift === 0 ? chord : transposeChordBy(chord, -shift, spelling));
}
