import { parseKey, transposeLine } from '@segue/shared';
import type { SetlistDetails, SongLine } from '@segue/shared';

/** A part with its chords moved from key `from` to key `to`; the same part when either is unknown. */
export function partInKey<P extends { lines: SongLine[] }>(
  part: P,
  from: string | null,
  to: string | null,
): P {
  const source = from === null ? null : parseKey(from);
  const target = to === null ? null : parseKey(to);
  if (!source || !target || source === target) return part;
  return {
    ...part,
    lines: part.lines.map((line) => ({
      ...line,
      chords: transposeLine(line.chords, source, target),
    })),
  };
}

/**
 * The key to name beside a song: the entry's, else the song's own. An entry's key on a song
 * without a key of its own is named too, but its chords stay as stored (there is no key to
 * move them from).
 */
export const shownKey = (entry: SetlistDetails['songs'][number]): string | null =>
  entry.key ?? entry.song.key;

/**
 * The setlist as the band plays it: each song's chords in its entry's key. Songs
 * without a key of their own, or entries without one, keep their chords as stored.
 */
export function setlistInKeys(setlist: SetlistDetails): SetlistDetails {
  return {
    ...setlist,
    songs: setlist.songs.map((entry) =>
      entry.key === null || entry.key === entry.song.key
        ? entry
        : {
            ...entry,
            song: {
              ...entry.song,
              parts: entry.song.parts.map((part) => partInKey(part, entry.song.key, entry.key)),
            },
          },
    ),
  };
}
