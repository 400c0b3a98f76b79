import { type Key, transposeKey } from '../chords/keys.ts';
import { transposeLineBy } from '../chords/transpose.ts';

interface Part {
  label: string;
  lines: { chords: string; lyrics: string }[];
}

/** Every chords line moved by `semitones`, spelled as `key` spells notes (sharps without one). */
function moveChords<P extends Part>(parts: P[], semitones: number, key: Key | null): P[] {
  if (semitones === 0) return parts;
  const spelling = key ?? 'sharps';
  return parts.map((part) => ({
    ...part,
    lines: part.lines.map((line) => ({
      ...line,
      chords: transposeLineBy(line.chords, semitones, spelling),
    })),
  }));
}

/**
 * A chart written in capo shapes, as Segue stores it: in sounding pitch. Shapes in G with capo
 * 2 sound in A, so the key becomes A and every chord moves up 2.
 */
export function fromCapoShapes<P extends Part>(
  parts: P[],
  shapesKey: Key | null,
  capo: number,
): { parts: P[]; key: Key | null } {
  const key = shapesKey && capo !== 0 ? transposeKey(shapesKey, capo) : shapesKey;
  return { parts: moveChords(parts, capo, key), key };
}

/** The other way: a stored song's chords as a guitarist with the capo reads them. */
export function toCapoShapes<P extends Part>(
  parts: P[],
  soundingKey: Key | null,
  capo: number,
): { parts: P[]; key: Key | null } {
  const key = soundingKey && capo !== 0 ? transposeKey(soundingKey, -capo) : soundingKey;
  return { parts: moveChords(parts, -capo, key), key };
}
