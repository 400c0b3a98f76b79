// OpenLyrics chords: 0.9's `<chord root structure bass>`, 0.8's `<chord name>` in the song's
// chordNotation, and back.
import { formatChord, parseChord } from '../chords/chord.ts';
import type { Spelling } from '../chords/spelling.ts';
import { transposeChordBy } from '../chords/transpose.ts';

/**
 * Chord suffixes and OpenLyrics 0.9 structures (short codes and formulas): each row is the
 * suffix Segue shows, the structure written for it, then other structures read as it.
 */
const STRUCTURES: [suffix: string, written: string, ...read: string[]][] = [
  ['5', 'power', '5'],
  ['m', 'min', 'm3-5'],
  ['aug', 'aug', '3-a5'],
  ['dim', 'dim', 'm3-d5'],
  ['7', 'dom7', '3-5-m7'],
  ['maj7', 'maj7', '3-5-7'],
  ['m7', 'min7', 'm3-5-m7'],
  ['dim7', 'dim7', 'm3-d5-d7'],
  ['m7b5', 'halfdim7', 'm3-d5-m7'],
  ['mMaj7', 'minmaj7', 'm3-5-7'],
  ['maj7#5', 'augmaj7', '3-a5-7'],
  ['7#5', 'aug7', '3-a5-m7'],
  ['7b5', '3-d5-m7'],
  ['6', 'maj6', '3-5-6'],
  ['m6', 'min6', 'm3-5-6'],
  ['9', 'dom9', '3-5-m7-9'],
  ['7b9', 'dom9b', '3-5-m7-m9'],
  ['maj9', 'maj9', '3-5-7-9'],
  ['m9', 'min9', 'm3-5-m7-9'],
  ['mMaj9', 'minmaj9', 'm3-5-7-9'],
  ['9#5', 'aug9', '3-a5-m7-9'],
  ['m9b5', 'halfdim9', 'm3-d5-m7-9'],
  ['11', '3-5-m7-9-11'],
  ['m11', 'm3-5-m7-9-11'],
  ['maj11', '3-5-7-9-11'],
  ['13', '3-5-m7-9-11-13'],
  ['m13', 'm3-5-m7-9-11-13'],
  ['maj13', '3-5-7-9-11-13'],
  ['sus4', 'sus4', '4-5'],
  ['sus2', 'sus2', '2-5'],
  ['add9', 'add9', '3-5-9'],
  ['7sus4', '4-5-m7'],
  ['7sus2', '2-5-m7'],
  ['9sus4', '4-5-m7-9'],
  ['6/9', '3-5-6-9'],
];

const SUFFIX_OF_STRUCTURE = new Map<string, string>([
  ['3-5', ''],
  ['major', ''],
  ...STRUCTURES.flatMap(([suffix, ...structures]) =>
    structures.map((structure): [string, string] => [structure, suffix]),
  ),
]);
const STRUCTURE_OF_SUFFIX = new Map(STRUCTURES.map(([suffix, written]) => [suffix, written]));

/** The suffix for a 0.9 structure (absent: major), or null when Segue does not know it. */
export function suffixOfStructure(structure: string | undefined): string | null {
  return structure === undefined ? '' : (SUFFIX_OF_STRUCTURE.get(structure.trim()) ?? null);
}

// Note names across the chordNotation values: letters with # b ♯ ♭ or the German, Dutch and
// Hungarian endings (Cis, Es, As, Fisz; an s before "us" starts a suffix: Esus4), or solfège.
const LETTER_NOTE = /^([A-H])(isz|is|esz|es|sz|s(?!us)|#|b|♯|♭)?/;
const SOLFEGE_NOTE = /^(Do|Re|Mi|Fa|Sol|La|Si)(#|b|♯|♭)?/;
const SOLFEGE_LETTERS: Record<string, string> = {
  Do: 'C',
  Re: 'D',
  Mi: 'E',
  Fa: 'F',
  Sol: 'G',
  La: 'A',
  Si: 'B',
};
/** Notations where B is B flat and H is B natural. */
const B_FLAT_NOTATIONS = ['german', 'hungarian', 'english-b'];

function accidentalOf(ending: string): string {
  if (ending === '') return '';
  return /^(is|#|♯)/.test(ending) ? '#' : 'b';
}

/** The English name of the note at the start of `text`, and how long it was; else null. */
function leadingNote(text: string, notation: string): { note: string; length: number } | null {
  const solfege = notation === 'neolatin' ? SOLFEGE_NOTE.exec(text) : null;
  if (solfege) {
    const [whole, name = '', ending = ''] = solfege;
    return { note: SOLFEGE_LETTERS[name] + accidentalOf(ending), length: whole.length };
  }
  const match = LETTER_NOTE.exec(text);
  if (!match) return null;
  const [whole, letter = '', ending = ''] = match;
  const accidental = accidentalOf(ending);
  if (letter === 'H') return { note: `B${accidental}`, length: whole.length };
  if (letter === 'B' && B_FLAT_NOTATIONS.includes(notation)) {
    return { note: 'Bb', length: whole.length };
  }
  return { note: letter + accidental, length: whole.length };
}

/** A 0.9 root or bass as an English note ('F#', 'H' → 'B', 'Cis' → 'C#'), or null. */
export function englishNote(text: string): string | null {
  const found = leadingNote(text.trim(), 'english');
  return found && found.length === text.trim().length ? found.note : null;
}

function isEnglishNotation(notation: string): boolean {
  return notation === '' || notation === 'english';
}

/**
 * A 0.8 chord name in English letters: in the song's chordNotation (German 'H7' → 'B7', 'B' →
 * 'Bb'; Dutch 'Bes' → 'Bb'; neolatin 'Sol' → 'G'). A name that then is no chord, and any name
 * in English notation, is kept as written.
 */
export function chordFromName(name: string, notation: string): string {
  if (isEnglishNotation(notation)) return name;
  const root = leadingNote(name, notation);
  if (!root) return name;
  const rest = name.slice(root.length);
  const slash = rest.lastIndexOf('/');
  const bass = slash < 0 ? null : leadingNote(rest.slice(slash + 1), notation);
  const english =
    bass && bass.length === rest.length - slash - 1
      ? `${root.note}${rest.slice(0, slash)}/${bass.note}`
      : root.note + rest;
  return parseChord(english) ? english : name;
}

/** A chord name for `<chord name>` in the song's chordNotation, read back by chordFromName. */
export function nameInNotation(chord: string, notation: string): string {
  const parsed = parseChord(chord);
  if (!parsed || !B_FLAT_NOTATIONS.includes(notation)) return chord;
  const german = (note: string) => (note === 'Bb' ? 'B' : note.replace(/^B/, 'H'));
  return formatChord({
    root: german(parsed.root),
    suffix: parsed.suffix,
    bass: parsed.bass === null ? null : german(parsed.bass),
  });
}

/**
 * The attributes of `<chord>` for a chord on a Segue chords line: root, structure and bass
 * when Segue reads them back as exactly this text, else the whole text as `name`.
 */
export function chordAttributes(chord: string, notation: string): Record<string, string> {
  const parsed = parseChord(chord);
  const structure = parsed ? STRUCTURE_OF_SUFFIX.get(parsed.suffix) : undefined;
  if (!parsed || formatChord(parsed) !== chord || (structure === undefined && parsed.suffix)) {
    return { name: nameInNotation(chord, notation) };
  }
  return {
    root: parsed.root,
    ...(structure === undefined ? {} : { structure }),
    ...(parsed.bass === null ? {} : { bass: parsed.bass }),
  };
}

/** Moves a chord by the file's `<transposition>`; anything that is not a chord stays. */
export function transposeBy(chord: string, semitones: number, spelling: Spelling): string {
  return semitones === 0 ? chord : transposeChordBy(chord, semitones, spelling);
}

const CHORD_TAG = /<(?:[\w.-]+:)?chord\b[^>]*>/g;
const CHORD_ATTRIBUTE = /(\s)(name|root|bass)(\s*=\s*)(["'])([^"'&<]*)\4/g;

/**
 * Moves the chords of XML kept as written (a translation's lines) by `semitones`, so that they
 * sound as before once `<transposition>` is applied to the song and left out of the file.
 */
export function transposeChordsInXml(
  xml: string,
  semitones: number,
  spelling: Spelling,
  notation: string,
): string {
  if (semitones === 0) return xml;
  const move = (attribute: string, value: string) => {
    if (attribute === 'name') {
      const chord = chordFromName(value, notation);
      return parseChord(chord)
        ? nameInNotation(transposeBy(chord, semitones, spelling), notation)
        : value;
    }
    const note = englishNote(value);
    return note === null ? value : transposeBy(note, semitones, spelling);
  };
  return xml.replace(CHORD_TAG, (tag) =>
    tag.replace(
      CHORD_ATTRIBUTE,
      (_all, space: string, attribute: string, equals: string, quote: string, value: string) =>
        `${space}${attribute}${equals}${quote}${move(attribute, value)}${quote}`,
    ),
  );
}
