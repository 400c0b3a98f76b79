import { SongFileConvertAnswerSchema } from '@segue/shared';
import type { SongFileConvertAnswer } from '@segue/shared';
import { apiDownload, apiFetch } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** The formats one song can be exported in, as the export menu names them. */
export const SONG_EXPORT_FORMATS = ['chordpro', 'openlyrics', 'text', 'json'] as const;
export type SongExportFormat = (typeof SONG_EXPORT_FORMATS)[number];

/**
 * Files read at once from this page. A folder of a hundred songs dropped at once would
 * otherwise fill the server's queue of files to read (it refuses more with 503); the others
 * wait their turn here.
 */
const READING_AT_ONCE = 4;
let reading = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (reading < READING_AT_ONCE) reading += 1;
  else await new Promise<void>((go) => waiting.push(go));
  try {
    return await work();
  } finally {
    // The next file takes this one's turn; with none waiting, the turn is given back.
    const next = waiting.shift();
    if (next) next();
    else reading -= 1;
  }
}

/** `POST /api/songs/convert`: a file's songs as the server reads them; nothing is saved. */
export async function convertSongFile(file: File): Promise<SongFileConvertAnswer> {
  const answer = await inTurn(() =>
    apiFetch(`/songs/convert?filename=${encodeURIComponent(file.name)}`, {
      method: 'POST',
      bytes: file,
    }),
  );
  return SongFileConvertAnswerSchema.parse(answer);
}

/** `GET /api/songs/{id}/export`: saves the song as a file of `format`. */
export async function exportSongFile(songId: string, format: SongExportFormat): Promise<void> {
  const { blob, filename } = await apiDownload(
    `/songs/${encodeURIComponent(songId)}/export?format=${format}`,
  );
  saveFile(blob, filename ?? `song.${format}`);
}

/** `GET /api/songs/export`: saves the whole library as a zip of ChordPro or OpenLyrics files. */
export async function exportLibraryZip(format: 'chordpro' | 'openlyrics'): Promise<void> {
  const { blob, filename } = await apiDownload(`/songs/export?format=${format}`);
  saveFile(blob, filename ?? `songs-${format}.zip`);
}
