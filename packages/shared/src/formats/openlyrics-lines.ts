// The lines of an OpenLyrics verse (text with <chord/>, <br/> and <comment> mixed in) as Segue's
// lines, whose chords stand over the syllables they belong to, and back.
import { chordTokens, renderChordTokens } from '../chords/line.ts';
import { SONG_LIMITS } from '../schemas/songs.ts';
import {
  type XmlNode,
  childrenOf,
  element,
  escapeText,
  isText,
  localName,
  textValue,
} from './openlyrics-xml.ts';

export interface SongLine {
  chords: string;
  lyrics: string;
}

/** A `<comment>` in the lyrics: on Segue line `line` at `column`, or on a line of its own before it. */
export interface LyricComment {
  line: number;
  column: number | null;
  xml: string;
}

/** What a `<lines>` element holds beyond Segue's lines: how many, its attributes, its comments. */
export interface LinesExtras {
  lines: number;
  attrs: Record<string, string>;
  comments: LyricComment[];
}

/** The mixed content of `<lines>` in document order, nested elements flattened. */
export type LineEvent =
  | { kind: 'text'; text: string }
  | { kind: 'chord'; node: XmlNode }
  | { kind: 'beat' }
  | { kind: 'beatEnd' }
  | { kind: 'br' }
  | { kind: 'comment'; node: XmlNode }
  | { kind: 'other'; tag: string };

/** The events of a `<lines>` element; chords wrapping syllables start where they open. */
export function lineEvents(lines: XmlNode): LineEvent[] {
  const events: LineEvent[] = [];
  addEvents(lines, events);
  return events;
}

// Into one array: each element's events copied into its parent's would cost nested elements
// their depth for each event.
function addEvents(parent: XmlNode, events: LineEvent[]): void {
  for (const node of childrenOf(parent)) {
    const tag = isText(node) ? null : (localName(node) ?? '');
    if (tag === null) events.push({ kind: 'text', text: textValue(node) });
    else if (tag === 'br') events.push({ kind: 'br' });
    else if (tag === 'comment') events.push({ kind: 'comment', node });
    else {
      if (tag === 'chord') events.push({ kind: 'chord', node });
      else if (tag === 'beat') events.push({ kind: 'beat' });
      else events.push({ kind: 'other', tag });
      addEvents(node, events);
      if (tag === 'beat') events.push({ kind: 'beatEnd' });
    }
  }
}

interface Segment {
  text: string;
  chords: { column: number; chord: string }[];
  comments: { column: number; xml: string }[];
  /** A line break inside the text, for XML layout: a space, unless the line ends there. */
  pendingSpace: boolean;
}

/** XML white space; a run of it holding a line break is layout. */
const XML_SPACE = /([ \t\r\n]+)/;

function addText(segment: Segment, text: string): void {
  for (const [i, piece] of text.split(XML_SPACE).entries()) {
    if (i % 2 === 1 && /[\r\n]/.test(piece)) {
      segment.pendingSpace = segment.text !== '' || segment.pendingSpace;
    } else if (piece !== '') {
      flushSpace(segment);
      segment.text += piece;
    }
  }
}

function flushSpace(segment: Segment): void {
  if (segment.pendingSpace && segment.text !== '') segment.text += ' ';
  segment.pendingSpace = false;
}

function newSegment(): Segment {
  return { text: '', chords: [], comments: [], pendingSpace: false };
}

function isBlank(segment: Segment): boolean {
  return segment.text.trim() === '' && segment.chords.length === 0;
}

/**
 * The segments between `<br/>`s. Line breaks in the XML text are layout: dropped at a line's
 * ends, a space inside it; other spaces are the lyrics'. A `<br/>` ending the element starts
 * no line of its own.
 */
function segmentsOf(
  events: LineEvent[],
  chordName: (chord: XmlNode) => string | null,
  rawComment: (node: XmlNode) => string,
): Segment[] {
  const segments = [newSegment()];
  for (const event of events) {
    const segment = segments[segments.length - 1]!;
    if (event.kind === 'text') addText(segment, event.text);
    if (event.kind === 'br') segments.push(newSegment());
    if (event.kind === 'chord' || event.kind === 'comment') flushSpace(segment);
    if (event.kind === 'chord') {
      const chord = chordName(event.node);
      if (chord) segment.chords.push({ column: segment.text.length, chord });
    }
    if (event.kind === 'comment') {
      segment.comments.push({ column: segment.text.length, xml: rawComment(event.node) });
    }
  }
  const last = segments[segments.length - 1]!;
  if (isBlank(last) && last.comments.length === 0) segments.pop();
  return segments;
}

/** Segue's lines of a `<lines>` element, and what Segue does not show of it. */
export function readLines(
  events: LineEvent[],
  chordName: (chord: XmlNode) => string | null,
  rawComment: (node: XmlNode) => string,
): { lines: SongLine[]; comments: LyricComment[] } {
  const lines: SongLine[] = [];
  const comments: LyricComment[] = [];
  for (const segment of segmentsOf(events, chordName, rawComment)) {
    const ownLine = isBlank(segment) && segment.comments.length > 0;
    for (const { column, xml } of segment.comments) {
      comments.push({ line: lines.length, column: ownLine ? null : column, xml });
    }
    if (ownLine) continue;
    const tokens = segment.chords.map(({ column, chord }) => ({ chord, column }));
    lines.push({ chords: renderChordTokens(tokens), lyrics: segment.text.trimEnd() });
  }
  return { lines, comments };
}

interface ChordGroup {
  beat: boolean;
  chords: string[];
}

/** The chords of each line between `<br/>`s, grouped by `<beat>`; a chord outside beats alone. */
function chordGroupsOf(
  events: LineEvent[],
  chordName: (chord: XmlNode) => string | null,
): ChordGroup[][] {
  const lines: ChordGroup[][] = [[]];
  let inBeat = false;
  for (const event of events) {
    const groups = lines[lines.length - 1]!;
    if (event.kind === 'br') lines.push([]);
    if (event.kind === 'beat') groups.push({ beat: true, chords: [] });
    if (event.kind === 'beat' || event.kind === 'beatEnd') inBeat = event.kind === 'beat';
    const chord = event.kind === 'chord' ? chordName(event.node) : null;
    if (chord === null) continue;
    const beat = groups[groups.length - 1];
    // A beat's chords go together, also on a new line after a <br/> inside the beat.
    if (inBeat && beat?.beat) beat.chords.push(chord);
    else groups.push({ beat: inBeat, chords: [chord] });
  }
  if (lines[lines.length - 1]!.every((group) => group.chords.length === 0)) lines.pop();
  return lines;
}

/**
 * Segue's lines of an `<instrument>`'s `<lines>`: its chords, the beats parted by `|`
 * ("Bm A/C# | D | A"), chords outside beats by spaces.
 */
export function readInstrumentLines(
  events: LineEvent[],
  chordName: (chord: XmlNode) => string | null,
): SongLine[] {
  return chordGroupsOf(events, chordName).map((groups) => ({
    chords: groups
      .filter((group) => group.chords.length > 0)
      .map((group, i, all) => {
        const apart = i > 0 && (group.beat || all[i - 1]!.beat) ? '| ' : '';
        return apart + group.chords.join(' ');
      })
      .join(' '),
    lyrics: '',
  }));
}

/** A Segue line as `<lines>` content: its lyrics with each chord and comment at its column. */
function lineXml(
  line: SongLine,
  comments: { column: number; xml: string }[],
  chordXml: (chord: string) => string,
): string {
  // A kept comment's column comes from the stored extras, and spaces carry it there: it goes
  // at most a line's length past its line, or one number could make the file any length.
  const reach = Math.max(line.lyrics.length, line.chords.length) + SONG_LIMITS.lineMaxLength;
  const marks = [
    ...comments.map(({ column, xml }) => ({ column: Math.min(column, reach), xml })),
    ...chordTokens(line.chords).map(({ chord, column }) => ({ column, xml: chordXml(chord) })),
  ].sort((a, b) => a.column - b.column);
  let xml = '';
  let done = 0;
  for (const mark of marks) {
    // Past the end of the lyrics, spaces carry the chord to its column.
    xml += escapeText(line.lyrics.slice(done, mark.column).padEnd(mark.column - done)) + mark.xml;
    done = mark.column;
  }
  return xml + escapeText(line.lyrics.slice(done));
}

/** An instrument line as beats of chords ("Bm A/C# | D" → two `<beat>`s), or bare chords. */
function instrumentLineXml(line: SongLine, chordXml: (chord: string) => string): string {
  const tokens = line.chords.split(' ').filter(Boolean);
  if (!tokens.includes('|')) return tokens.map(chordXml).join('');
  return line.chords
    .split(' | ')
    .map((beat) => element('beat', {}, beat.split(' ').map(chordXml).join('')))
    .join('');
}

/** True when a part's lines can be written as `<instrument>` beats and read back the same. */
export function isInstrumental(lines: readonly SongLine[]): boolean {
  const isChordOnly = (line: SongLine) => {
    const tokens = line.chords.split(' ');
    return (
      line.lyrics === '' &&
      tokens.join(' ') === line.chords &&
      tokens.every(
        (token, i) =>
          token !== '' &&
          (token !== '|' || (i > 0 && i < tokens.length - 1 && tokens[i - 1] !== '|')),
      )
    );
  };
  return (
    lines.some((line) => line.chords !== '') &&
    lines.every((line) => (line.chords === '' && line.lyrics === '') || isChordOnly(line))
  );
}

/** The content of a `<lines>` element for Segue's lines and the comments kept with them. */
export function linesXml(
  lines: readonly SongLine[],
  comments: readonly LyricComment[],
  chordXml: (chord: string) => string,
  instrument: boolean,
): string {
  // Each line's comments, found once: looked for among all the comments for each line, many
  // lines with comments would take time as their product.
  const ownLine = new Map<number, string[]>();
  const inline = new Map<number, { column: number; xml: string }[]>();
  // Comments after the last line, also those of lines since deleted, on lines of their own.
  const after: string[] = [];
  const listAt = <T>(map: Map<number, T[]>, line: number) => {
    const list = map.get(line) ?? [];
    map.set(line, list);
    return list;
  };
  for (const { line, column, xml } of comments) {
    if (line >= lines.length) after.push(xml);
    else if (column === null) listAt(ownLine, line).push(xml);
    else listAt(inline, line).push({ column, xml });
  }
  const segments: string[] = [];
  lines.forEach((line, i) => {
    for (const xml of ownLine.get(i) ?? []) segments.push(xml);
    segments.push(
      instrument ? instrumentLineXml(line, chordXml) : lineXml(line, inline.get(i) ?? [], chordXml),
    );
  });
  for (const xml of after) segments.push(xml);
  const endsBlank = segments.length > 0 && segments[segments.length - 1] === '';
  // A <br/> at the end starts no line, so a blank last line needs one more.
  return segments.join('<br/>') + (endsBlank ? '<br/>' : '');
}
