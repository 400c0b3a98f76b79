/** A piece of a song line that wraps as one: a chord (or '') above the lyric that starts under it. */
export interface ChordSegment {
  chord: string;
  lyric: string;
  /** Columns it takes: its lyric's, or its chord's and one more if wider, so chords never touch. */
  width: number;
  /**
   * Blank columns after it where the lyrics stop before the next chord: with them the next chord
   * keeps its column, as in the song editor, until the row wraps there.
   */
  room: number;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The characters of `text` as a person counts them: the song editor shows both lines in one
 * monospace font, so a chord is typed over what the eye sees as a column (an accent made of two
 * code points, an emoji), and a cut never falls inside one.
 */
const characters = (text: string) => Array.from(graphemes.segment(text), (s) => s.segment);

const isBlank = (char: string | undefined) => char === ' ' || char === '\t';

interface Anchor {
  chord: string;
  /** The column the chord starts at. */
  column: number;
  /** The columns the chord itself takes. */
  width: number;
}

/** Each chord of a chords line (a run of characters other than spaces and tabs). */
function chordAnchors(chords: string): Anchor[] {
  const found: Anchor[] = [];
  characters(chords).forEach((char, column, all) => {
    if (isBlank(char)) return;
    const current = found[found.length - 1];
    if (current && !isBlank(all[column - 1])) {
      current.chord += char;
      current.width += 1;
    } else {
      found.push({ chord: char, column, width: 1 });
    }
  });
  return found;
}

/**
 * Splits `chars` where a word starts after a space or tab, the first piece at least `minFirst`
 * long; the spaces stay at the end of the word before them, so a wrapped row starts with a word.
 */
function splitAtWords(chars: string[], minFirst: number): string[][] {
  const pieces: string[][] = [];
  let start = 0;
  for (let i = Math.max(1, minFirst); i < chars.length; i++) {
    if (isBlank(chars[i - 1]) && !isBlank(chars[i])) {
      pieces.push(chars.slice(start, i));
      start = i;
    }
  }
  pieces.push(chars.slice(start));
  return pieces;
}

/**
 * Cuts a song line into pieces that may wrap apart: one at each chord's column (chords sit over
 * the same columns of the lyrics; a tab is one column), then at each later word of its lyric. A
 * chord's first piece spans the chord and a space where the lyric allows, so the words get no
 * holes where the row does not wrap; widths and room keep each chord at its column until a row
 * wraps. The lyric pieces joined give the lyrics back exactly (no padding is added to them); the
 * chords, in order, are the chords line's chords.
 */
export function chordSegments(line: { chords: string; lyrics: string }): ChordSegment[] {
  const lyrics = characters(line.lyrics);
  const anchors = chordAnchors(line.chords);
  if (anchors.length === 0 || anchors[0]!.column > 0) {
    anchors.unshift({ chord: '', column: 0, width: 0 });
  }

  const segments: ChordSegment[] = [];
  anchors.forEach(({ chord, column, width: chordWidth }, index) => {
    // The last chord owns the rest of the lyrics; a chord past their end owns none.
    const end = anchors[index + 1]?.column ?? Math.max(column, lyrics.length);
    const lyric = lyrics.slice(column, end);
    if (chord === '' && lyric.length === 0 && end === column) return;
    const pieces = splitAtWords(lyric, chord === '' ? 0 : chordWidth + 1);
    let used = 0;
    pieces.forEach((piece, pieceIndex) => {
      const first = pieceIndex === 0;
      const width = Math.max(piece.length, first && chord !== '' ? chordWidth + 1 : 0);
      used += width;
      segments.push({
        chord: first ? chord : '',
        lyric: piece.join(''),
        width,
        room: pieceIndex === pieces.length - 1 ? Math.max(0, end - column - used) : 0,
      });
    });
  });
  return segments;
}

/**
 * The segments as words: a chord over a syllable cuts a word into segments, which must wrap as
 * one ("O Go" and "d my" would read as two words on a phone). A new word starts at the first
 * segment, after a lyric ending in a blank or hanging room, at a lyric starting with a blank, and
 * around a chord with no lyric under it, except the chords after the last word (over nothing or
 * over spaces): they stay with the last word, so a row that wraps there never leaves a chord
 * alone above an empty row.
 */
export function wordGroups(segments: readonly ChordSegment[]): ChordSegment[][] {
  const groups: ChordSegment[][] = [];
  const lastLyric = segments.findLastIndex((segment) => !isBlankText(segment.lyric));
  segments.forEach((segment, index) => {
    const previous = segments[index - 1];
    const trailing = lastLyric >= 0 && index > lastLyric;
    const startsWord =
      !trailing &&
      (!previous ||
        previous.room > 0 ||
        previous.lyric === '' ||
        segment.lyric === '' ||
        isBlank(previous.lyric.at(-1)) ||
        isBlank(segment.lyric[0]));
    if (startsWord) groups.push([segment]);
    else groups[groups.length - 1]!.push(segment);
  });
  return groups;
}

/** Whether a word of `wordGroups` ends in chords after the line's last lyric. */
export const endsInChords = (word: readonly ChordSegment[]) =>
  word.length > 1 && isBlankText(word.at(-1)!.lyric) && word.at(-1)!.chord !== '';

/** No lyric, or only spaces and tabs: what a chord after the words sits over. */
const isBlankText = (text: string) => /^[ \t]*$/.test(text);
