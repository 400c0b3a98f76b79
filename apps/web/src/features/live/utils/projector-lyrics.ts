import type { SetlistDetails } from '@segue/shared';

/** What the projector shows in its lyrics mode, as the leader's preview draws it. */
export type ProjectorLyrics =
  { kind: 'waiting' } | { kind: 'item' } | { kind: 'part'; lines: readonly string[] };

/**
 * The lyrics the projector shows for the set's live position, by the presenter's rule: none
 * on an item, the waiting message before a part is named, else the part's lyric lines (of two
 * parts with one label, the one at the named place).
 */
export function projectorLyrics(
  setlist: Pick<SetlistDetails, 'songs'>,
  live: {
    currentIndex: number;
    currentPartLabel: string | null;
    currentPartPosition: number | null;
    currentItem: number | null;
  },
): ProjectorLyrics {
  if (live.currentItem !== null) return { kind: 'item' };
  const label = live.currentPartLabel;
  if (label === null) return { kind: 'waiting' };
  const song = setlist.songs[live.currentIndex]?.song;
  const placed = live.currentPartPosition;
  const part =
    (placed !== null && song?.parts[placed]?.label === label ? song.parts[placed] : null) ??
    song?.parts.find((p) => p.label === label);
  if (!part) return { kind: 'waiting' };
  return {
    kind: 'part',
    lines: part.lines.map((line) => line.lyrics).filter((lyrics) => lyrics.trim() !== ''),
  };
}
