// Notes as places on the line of fifths: … Bb -2, F -1, C 0, G 1, D 2, A 3, E 4, B 5, F# 6 …
// A key signature is then a run of seven neighbours, a sharp is 7 places to the right,
// and spelling a pitch is choosing one of its places: arithmetic instead of note tables.

const LETTERS = 'FCGDAEB';

/** Places of the notes written with at most one accidental: Fb (-8) to B# (12). */
export const SINGLE_ACCIDENTAL = { from: -8, to: 12 } as const;

/** The remainder of `n / m` between 0 and m - 1, also for negative n. */
export function mod(n: number, m: number): number {
  return ((n % m) + m) % m;
}

/** Writes the Unicode sharp and flat signs as '#' and 'b'. */
export function asciiAccidentals(text: string): string {
  // Most text has none: left as it is without two searches and copies, for a long chords line.
  return /[♯♭]/.test(text) ? text.replaceAll('♯', '#').replaceAll('♭', 'b') : text;
}

/** Place of a note written as a capital letter and ASCII accidentals: 'C' 0, 'F#' 6, 'Bb' -2. */
export function placeOf(note: string): number {
  const accidentals = note.length - 1;
  return (
    LETTERS.indexOf(note.charAt(0)) - 1 + 7 * (note.endsWith('#') ? accidentals : -accidentals)
  );
}

/** The note at a place: 6 'F#', -2 'Bb'. */
export function noteAt(place: number): string {
  const alter = Math.floor((place + 1) / 7);
  return LETTERS.charAt(place + 1 - 7 * alter) + (alter > 0 ? '#' : 'b').repeat(Math.abs(alter));
}

/** Pitch class of a place: 0 for C, 1 for C# or Db, … 11 for B. */
export function pitchClass(place: number): number {
  return mod(7 * place, 12);
}

/** Letter of a place counted from C: 0 for C, Cb and C#, … 6 for B. */
export function letterIndex(place: number): number {
  return mod(4 * place, 7);
}

/** The place of pitch class `pc` among the twelve places starting at `from`. */
export function placeIn(pc: number, from: number): number {
  return from + mod(7 * pc - from, 12);
}
