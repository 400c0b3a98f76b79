import { asciiAccidentals } from './fifths.ts';

/** A chord symbol in parts. Root and bass are written with ASCII accidentals ('F#', 'Bb'). */
export interface Chord {
  root: string;
  /** Everything between the root and the bass, kept as written: 'm7', 'sus2', '†', ''. */
  suffix: string;
  bass: string | null;
}

const CHORD_PATTERN = /^([A-G][#b♯♭]?)(.*?)(?:\/([A-G][#b♯♭]?))?$/u;
// Any character but a space may follow the root ('7', '(add9)', '†', "'"), but letters must
// spell chord words: a word on a chords line ('Chorus', 'Capo', 'Drums') is not a chord.
const SUFFIX_PATTERN =
  /^(?:[^\sA-Za-z]|maj|Maj|MAJ|ma|min|mi|m|M|dim|aug|sus|add|no|omit|alt|b)*$/u;

/**
 * Reads one chord symbol such as 'F#m7', 'D/F#', 'B♭sus2' or 'D†'; null for anything else
 * (a word, '(x2)', 'N.C.', a lowercase 'am'), which every operation passes through unchanged.
 * A '/' followed by something that is not a note belongs to the suffix ('C6/9').
 */
export function parseChord(text: string): Chord | null {
  const match = CHORD_PATTERN.exec(text);
  const [, root, suffix, bass] = match ?? [];
  if (root === undefined || suffix === undefined || !SUFFIX_PATTERN.test(suffix)) return null;
  return {
    root: asciiAccidentals(root),
    suffix,
    bass: bass === undefined ? null : asciiAccidentals(bass),
  };
}

/** Writes a chord back as text: 'F#' + 'm7' + '/E' → 'F#m7/E'. */
export function formatChord({ root, suffix, bass }: Chord): string {
  return root + suffix + (bass === null ? '' : `/${bass}`);
}
