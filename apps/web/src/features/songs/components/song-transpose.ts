import { parseKey, transposeKey, transposeLineBy } from '@segue/shared';
import type { Key, SongPart } from '@segue/shared';
import { partInKey } from '../../../components/chart/in-key.ts';

/** How far the song view moves a song, in semitones either way (a 12th would be the same key). */
export const TRANSPOSE_LIMIT = 11;

/** The key `steps` semitones from the song's own, named as a key list names it; null without one. */
export function transposedKey(songKey: string | null, steps: number): Key | null {
  const own = songKey === null ? null : parseKey(songKey);
  // Unmoved, the key keeps its own name: C# stays C#, though the key list calls it Db.
  return own && (steps === 0 ? own : transposeKey(own, steps));
}

/**
 * The parts moved `steps` semitones for showing only: from the song's key to the new one, spelled
 * as that key spells; without a key, spelled with sharps going up and flats going down.
 */
export function transposedParts<P extends SongPart>(
  parts: readonly P[],
  songKey: string | null,
  steps: number,
): P[] {
  if (steps === 0) return [...parts];
  const to = transposedKey(songKey, steps);
  if (to) return parts.map((part) => partInKey(part, songKey, to));
  const spelling = steps > 0 ? 'sharps' : 'flats';
  return parts.map((part) => ({
    ...part,
    lines: part.lines.map((line) => ({
      ...line,
      chords: transposeLineBy(line.chords, steps, spelling),
    })),
  }));
}
