// Parts that a file repeats: a chorus sung again (ChordPro's `{chorus}`, crd's "-- Chorus", an
// empty `[Chorus]` header), or a verse named again in OpenLyrics' verse order or OpenSong's
// presentation. Each repeat is a copy of the part, so a small file of repeats could make a song
// many times its size (N repeats of a chorus of M lines are N × M lines); Segue copies only
// what a song can hold.
import { SONG_LIMITS } from '../schemas/songs.ts';

interface Lines {
  lines: readonly { chords: string; lyrics: string }[];
}

export const REPEAT_TEXTS = {
  leftOut: `Repeats that would take the song past ${SONG_LIMITS.maxParts} parts, or repeat a part of more than ${SONG_LIMITS.maxLinesPerPart} lines or ${SONG_LIMITS.lineMaxLength} characters a line, are left out: a song cannot hold them.`,
} as const;

/**
 * True when a repeat of `part` is copied into a song that already holds `parts` parts: while
 * the song has fewer than SONG_LIMITS.maxParts parts, and the part is within what one part may
 * hold. Past that the song could not be saved anyway, and the copies stay bounded by the
 * limits (maxParts × maxLinesPerPart lines of lineMaxLength characters) whatever the file.
 */
export function repeatFits(parts: number, part: Lines): boolean {
  const { maxParts, maxLinesPerPart, lineMaxLength } = SONG_LIMITS;
  return (
    parts < maxParts &&
    part.lines.length <= maxLinesPerPart &&
    part.lines.every(
      (line) => line.chords.length <= lineMaxLength && line.lyrics.length <= lineMaxLength,
    )
  );
}
