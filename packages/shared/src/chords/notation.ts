import { parseChord } from './chord.ts';
import { SINGLE_ACCIDENTAL, letterIndex, mod, noteAt, pitchClass, placeOf } from './fifths.ts';
import { type Key, isMinor, tonicPlace } from './keys.ts';
import { mapChordsLine } from './line.ts';
import { spellNote } from './spelling.ts';

/** The ways a chord can be shown. */
export const NOTATIONS = ['letters', 'nashville', 'roman', 'german', 'solfege'] as const;
export type Notation = (typeof NOTATIONS)[number];

// Places of degrees 1 to 7 from the tonic: the major scale, and the natural minor scale.
const MAJOR_SCALE = [0, 2, 4, -1, 1, 3, 5];
const MINOR_SCALE = [0, 2, -3, -1, 1, -4, -2];
const NUMERALS = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII'];
const SOLFEGE = ['Do', 'Re', 'Mi', 'Fa', 'Sol', 'La', 'Si'];
// The minor sign that Roman numerals show as lower case ('m7', 'min7', 'mi7', 'madd9'; not 'maj7').
const MINOR_SIGN = /^(?:min|mi|m)(?!aj|a(?!dd))/u;
const NASHVILLE_PATTERN = /^(##|#|bb|b)?([1-7])(.*?)(?:\/(##|#|bb|b)?([1-7]))?$/u;
const ROMAN_PATTERN =
  /^(##|#|bb|b)?(VII|VI|V|IV|III|II|I|vii|vi|v|iv|iii|ii|i)(.*?)(?:\/(##|#|bb|b)?([1-7]))?$/u;

function scale(key: Key): number[] {
  return isMinor(key) ? MINOR_SCALE : MAJOR_SCALE;
}

/** A note as a degree of the key by letter, and how far it is raised: Eb in C → [2, -1]. */
function degreeOf(note: string, key: Key): [step: number, alter: number] {
  const tonic = tonicPlace(key);
  const place = placeOf(note);
  const step = mod(letterIndex(place) - letterIndex(tonic), 7);
  return [step, (place - tonic - scale(key)[step]!) / 7];
}

function accidentalText(alter: number): string {
  return (alter > 0 ? '#' : 'b').repeat(Math.abs(alter));
}

function nashvilleNumber(note: string, key: Key): string {
  const [step, alter] = degreeOf(note, key);
  return accidentalText(alter) + (step + 1);
}

function romanNumeral(note: string, key: Key): string {
  const [step, alter] = degreeOf(note, key);
  return accidentalText(alter) + NUMERALS[step];
}

/** The note at a degree; one that would need two accidentals is spelled as the key spells it. */
function noteOfDegree(accidentals: string, step: number, key: Key): string {
  const alter = accidentals.length * (accidentals.startsWith('#') ? 1 : -1);
  const place = tonicPlace(key) + scale(key)[step]! + 7 * alter;
  return place >= SINGLE_ACCIDENTAL.from && place <= SINGLE_ACCIDENTAL.to
    ? noteAt(place)
    : spellNote(pitchClass(place), key);
}

// German names B natural H and B flat B; B# (rare) becomes H#, other notes keep their letters.
function germanName(note: string): string {
  if (note === 'Bb') return 'B';
  return note.startsWith('B') ? `H${note.slice(1)}` : note;
}

function solfegeName(note: string): string {
  return SOLFEGE[letterIndex(placeOf(note))] + note.slice(1);
}

/**
 * Shows a chord in a notation. Nashville numbers and Roman numerals count letter degrees
 * from the key's tonic, on the natural minor scale in a minor key ('Am' in C → '6m', 'vi';
 * 'Eb' → 'b3', 'bIII'); a bass is always a Nashville number ('G/B' in C → '5/7', 'V/7').
 * Without a key they show letters. German writes H for B and B for Bb; solfège is fixed do
 * with '#' and 'b' ('Sib', 'Fa#m'). Anything that is not a chord comes back unchanged.
 */
export function notateChord(chord: string, notation: Notation, key?: Key): string {
  const parsed = parseChord(chord);
  if (!parsed || notation === 'letters') return chord;
  const { root, suffix, bass } = parsed;
  if (notation === 'german' || notation === 'solfege') {
    const name = notation === 'german' ? germanName : solfegeName;
    return name(root) + suffix + (bass === null ? '' : `/${name(bass)}`);
  }
  if (key === undefined) return chord;
  const slashBass = bass === null ? '' : `/${nashvilleNumber(bass, key)}`;
  if (notation === 'nashville') return nashvilleNumber(root, key) + suffix + slashBass;
  const minorSign = MINOR_SIGN.exec(suffix)?.[0] ?? '';
  const numeral = romanNumeral(root, key);
  return (minorSign ? numeral.toLowerCase() : numeral) + suffix.slice(minorSign.length) + slashBass;
}

/** notateChord on every chord of a chords line, keeping columns as mapChordsLine does. */
export function notateLine(line: string, notation: Notation, key?: Key): string {
  return mapChordsLine(line, (chord) => notateChord(chord, notation, key));
}

function chordText(root: string, suffix: string, bass: string | null): string | null {
  const text = root + suffix + (bass === null ? '' : `/${bass}`);
  return parseChord(text) ? text : null;
}

/** The chord (in letters) a Nashville number stands for in a key: '6m' in C → 'Am'; else null. */
export function parseNashville(text: string, key: Key): string | null {
  const match = NASHVILLE_PATTERN.exec(text);
  if (!match) return null;
  const [, accidentals = '', degree, suffix = '', bassAccidentals = '', bassDegree] = match;
  return chordText(
    noteOfDegree(accidentals, Number(degree) - 1, key),
    suffix,
    bassDegree === undefined ? null : noteOfDegree(bassAccidentals, Number(bassDegree) - 1, key),
  );
}

/** The chord (in letters) a Roman numeral stands for in a key: 'vi7' in C → 'Am7'; else null. */
export function parseRoman(text: string, key: Key): string | null {
  const match = ROMAN_PATTERN.exec(text);
  if (!match) return null;
  const [, accidentals = '', numeral = '', suffix = '', bassAccidentals = '', bassDegree] = match;
  const minor = numeral === numeral.toLowerCase();
  return chordText(
    noteOfDegree(accidentals, NUMERALS.indexOf(numeral.toUpperCase()), key),
    (minor ? 'm' : '') + suffix,
    bassDegree === undefined ? null : noteOfDegree(bassAccidentals, Number(bassDegree) - 1, key),
  );
}
