import type { SongPart } from '@segue/shared';

/** A place in the set: a song of the setlist and one of its parts (-1 for a song without parts). */
export interface SetPosition {
  songIndex: number;
  partIndex: number;
}

/** What the position rules read of a setlist: its songs' titles and parts, in order. */
export interface SetSongs {
  songs: readonly { song: { title: string; parts: readonly SongPart[] } }[];
}

const partCount = (set: SetSongs, songIndex: number) =>
  set.songs[songIndex]?.song.parts.length ?? 0;

/** The first part of a song, or -1 when it has none. */
const first = (set: SetSongs, songIndex: number) => (partCount(set, songIndex) > 0 ? 0 : -1);

/**
 * Where Next Part goes, as a pedal expects: the next part of the song, and from its last
 * part the first part of the next song. Null at the end of the set.
 */
export function nextPosition(set: SetSongs, at: SetPosition): SetPosition | null {
  if (at.partIndex + 1 < partCount(set, at.songIndex)) {
    return { songIndex: at.songIndex, partIndex: at.partIndex + 1 };
  }
  const songIndex = at.songIndex + 1;
  return songIndex < set.songs.length ? { songIndex, partIndex: first(set, songIndex) } : null;
}

/**
 * Where Previous Part goes: the part before, and from a song's first part the last part of
 * the song before. Null at the start of the set.
 */
export function previousPosition(set: SetSongs, at: SetPosition): SetPosition | null {
  if (at.partIndex > 0) return { songIndex: at.songIndex, partIndex: at.partIndex - 1 };
  const songIndex = at.songIndex - 1;
  return songIndex >= 0 ? { songIndex, partIndex: partCount(set, songIndex) - 1 } : null;
}

/** What comes after this position, for the small preview every live screen shows. */
export type UpNext =
  | { kind: 'part'; label: string; firstLine: string }
  | { kind: 'song'; title: string; label: string | null; firstLine: string }
  | { kind: 'end' };

export function upNext(set: SetSongs, at: SetPosition): UpNext {
  const next = nextPosition(set, at);
  if (!next) return { kind: 'end' };
  const song = set.songs[next.songIndex]?.song;
  const part = song?.parts[next.partIndex];
  const firstLine = part ? firstLyric(part) : '';
  if (next.songIndex === at.songIndex && part) {
    return { kind: 'part', label: part.label, firstLine };
  }
  return { kind: 'song', title: song?.title ?? '', label: part?.label ?? null, firstLine };
}

/** A part's first line of lyrics, or its first chords when it has no words (an intro). */
export function firstLyric(part: SongPart): string {
  const words = part.lines.find((line) => line.lyrics.trim() !== '');
  if (words) return words.lyrics.trim();
  return part.lines.find((line) => line.chords.trim() !== '')?.chords.trim() ?? '';
}
