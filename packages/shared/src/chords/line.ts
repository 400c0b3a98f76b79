import { parseChord } from './chord.ts';

/** A word on a chords line, usually a chord, and the column where it starts. */
export interface ChordToken {
  chord: string;
  column: number;
}

const TAB_WIDTH = 8;
/** Stand where a chord would: no chord, repeat the bar, bar lines, a beat with no change. */
const SYMBOLS = ['N.C.', '%', '|', '||', 'x'];

/** The line with each tab as the spaces up to the next multiple of 8. */
export function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  const pieces: string[] = [];
  let length = 0;
  for (const [i, piece] of line.split('\t').entries()) {
    const spaces = i === 0 ? '' : ' '.repeat(TAB_WIDTH - (length % TAB_WIDTH));
    pieces.push(spaces, piece);
    length += spaces.length + piece.length;
  }
  return pieces.join('');
}

/** The words of a chords line with their columns; a tab counts up to the next multiple of 8. */
export function chordTokens(line: string): ChordToken[] {
  // Match by match: all the matches of a long line held at once cost their collection more
  // than the matching.
  const tokens: ChordToken[] = [];
  const text = expandTabs(line);
  const words = /\S+/g;
  for (let match = words.exec(text); match; match = words.exec(text)) {
    tokens.push({ chord: match[0], column: match.index });
  }
  return tokens;
}

/**
 * A chords line from tokens in column order, with spaces only: each token at its column,
 * or one space after the previous token when it would touch or overlap it.
 */
export function renderChordTokens(tokens: readonly ChordToken[]): string {
  let line = '';
  for (const { chord, column } of tokens) {
    const start = line === '' ? column : Math.max(column, line.length + 1);
    line += ' '.repeat(start - line.length) + chord;
  }
  return line;
}

/**
 * Rewrites each word of a chords line with `map` and renders the line again: longer chords
 * push later ones right, shorter ones leave them in place. A line whose words all come back
 * unchanged is returned exactly as it was (tabs and trailing spaces included).
 */
export function mapChordsLine(line: string, map: (chord: string) => string): string {
  const tokens = chordTokens(line);
  const mapped = tokens.map(({ chord, column }) => ({ chord: map(chord), column }));
  return mapped.some((token, i) => token.chord !== tokens[i]?.chord)
    ? renderChordTokens(mapped)
    : line;
}

/** True when the line has a word and every word is a chord or one of N.C. % | || x. */
export function isChordLine(line: string): boolean {
  const tokens = chordTokens(line);
  return (
    tokens.length > 0 &&
    tokens.every(({ chord }) => SYMBOLS.includes(chord) || parseChord(chord) !== null)
  );
}
