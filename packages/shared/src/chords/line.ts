import { parseChord } from './chord.ts';

/** A word on a chords line, usually a chord, and the column where it starts. */
export interface ChordToken {
  chord: string;
  column: number;
}

const TAB_WIDTH = 8;
/** Stand where a chord would: no chord, repeat the bar, bar lines, a beat with no change. */
const SYMBOLS = ['N.C.', '%', '|', '||', 'x'];

function expandTabs(line: string): string {
  let expanded = '';
  for (const char of line) {
    expanded += char === '\t' ? ' '.repeat(TAB_WIDTH - (expanded.length % TAB_WIDTH)) : char;
  }
  return expanded;
}

/** The words of a chords line with their columns; a tab counts up to the next multiple of 8. */
export function chordTokens(line: string): ChordToken[] {
  return [...expandTabs(line).matchAll(/\S+/g)].map((match) => ({
    chord: match[0],
    column: match.index,
  }));
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
