import { songIdentity } from '@segue/shared';
import type { ConvertedSong, SongFileConvertAnswer } from '@segue/shared';
import { t } from '../../../lib/i18n/i18n.ts';
import { songMessageText } from './song-messages.ts';

/** One song read from a file, as the preview lists it. */
export interface PreviewSong {
  /** Unique in the preview: the file's number and the song's place in it. */
  id: string;
  song: ConvertedSong;
  /** Its title and artist are in the library already, or earlier in this preview. */
  duplicate: boolean;
  chosen: boolean;
  /** Saved, or why it was not. */
  outcome: { saved: true } | { saved: false; reason: string } | null;
}

/** One file of the preview: being read, read (with its songs and warnings), or refused. */
export type PreviewFile =
  | { id: number; name: string; state: 'reading' }
  | {
      id: number;
      name: string;
      state: 'read';
      format: SongFileConvertAnswer['format'];
      songs: PreviewSong[];
      warnings: string[];
    }
  | { id: number; name: string; state: 'failed'; reason: string };

/**
 * The preview songs of a file just read. A song whose title and artist are in the library (or
 * read before it in this preview) is flagged and left unchosen, as the JSON import skips it.
 */
export function previewSongs(
  fileId: number,
  answer: SongFileConvertAnswer,
  taken: ReadonlySet<string>,
): PreviewSong[] {
  return answer.songs.map((song, index) => {
    const duplicate = taken.has(songIdentity(song));
    return { id: `${fileId}:${index}`, song, duplicate, chosen: !duplicate, outcome: null };
  });
}

/** The identities of the library's songs and of the songs already in the preview. */
export function takenIdentities(
  library: readonly { title: string; artist?: string | null }[],
  files: readonly PreviewFile[],
): Set<string> {
  const taken = new Set(library.map(songIdentity));
  for (const file of files) {
    if (file.state !== 'read') continue;
    for (const { song } of file.songs) taken.add(songIdentity(song));
  }
  return taken;
}

/**
 * A warning as the preview says it, in the active language: the song and line it concerns,
 * when the file says.
 */
export function warningText(
  warning: SongFileConvertAnswer['warnings'][number],
  songCount: number,
): string {
  const message = songMessageText(warning.message);
  const song = warning.song !== null && songCount > 1 ? warning.song + 1 : null;
  const { line } = warning;
  if (song !== null && line !== null) {
    return t('songs.files.warningAtSongLine', { song, line, message });
  }
  if (song !== null) return t('songs.files.warningAtSong', { song, message });
  if (line !== null) return t('songs.files.warningAtLine', { line, message });
  return message;
}

/** Every chosen song not yet saved, in preview order. */
export const chosenSongs = (files: readonly PreviewFile[]): PreviewSong[] =>
  files.flatMap((file) =>
    file.state === 'read' ? file.songs.filter((s) => s.chosen && !s.outcome?.saved) : [],
  );
