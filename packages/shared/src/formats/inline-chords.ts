import { type ChordToken, chordTokens, renderChordTokens } from '../chords/line.ts';

/** A line of a song as Segue keeps it: the chord names at the columns of their syllables. */
export interface ChordsOverWords {
  chords: string;
  lyrics: string;
}

/** How a format's text differs from Segue's: chords moved (a capo), characters escaped. */
export interface InlineOptions {
  /** Applied to each chord before it is placed (a transposition). */
  mapChord?: (chord: string) => string;
  /** Applied to each piece of text between chords, and to chord names, as the format writes them. */
  mapText?: (text: string) => string;
}

const same = (text: string) => text;
/** A chord in brackets; a bracket never holds another, so a stray `[` stays text. */
const BRACKETED = /\[([^[\]]*)\]/g;

/**
 * Reads a line with chords inside the words (`[G]Amazing [D]grace`) as a chords line over
 * its lyrics. Chords that would touch move right as far as needed (the lyrics are never
 * spread out); the spaces that only placed chords past the end of the words are dropped.
 */
export function chordsOverWords(
  text: string,
  { mapChord = same, mapText = same }: InlineOptions = {},
): ChordsOverWords {
  const tokens: ChordToken[] = [];
  let lyrics = '';
  let from = 0;
  for (const match of text.matchAll(BRACKETED)) {
    lyrics += mapText(text.slice(from, match.index));
    from = match.index + match[0].length;
    const chord = mapText(match[1] ?? '').trim();
    if (chord) tokens.push({ chord: mapChord(chord), column: lyrics.length });
  }
  lyrics += mapText(text.slice(from));
  return { chords: renderChordTokens(tokens), lyrics: lyrics.trimEnd() };
}

/**
 * Writes a chords line into its lyrics (`[G]Amazing [D]grace`), each chord at its column; a
 * chord past the end of the words is placed after spaces, so chord-only lines keep their
 * spacing (`[G]   [D]`). A `[` in the lyrics is written as it is unless `mapText` escapes it.
 */
export function inlineChords(
  { chords, lyrics }: ChordsOverWords,
  { mapChord = same, mapText = same }: InlineOptions = {},
): string {
  let text = '';
  let done = 0;
  for (const { chord, column } of chordTokens(chords)) {
    // Only the piece since the last chord is padded: padding the whole line for each chord
    // would take time as the square of a long line of chords.
    text +=
      mapText(lyrics.slice(done, column).padEnd(column - done)) + `[${mapText(mapChord(chord))}]`;
    done = column;
  }
  return text + mapText(lyrics.slice(done));
}
