import { SongFileConvertAnswerSchema } from '@segue/shared';
import type { SongFileConvertAnswer } from '@segue/shared';
import { apiDownload, apiFetch } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** The formats one song can be exported in, as the export menu names them. */
export const SONG_EXPORT_FORMATS = ['chordpro', 'openlyrics', 'text', 'json'] as const;
export type SongExportFormat = (typeof SONG_EXPORT_FORMATS)[number];

/** `POST /api/songs/convert`: a file's songs as the server reads them; nothing is saved. */
export async function convertSongFile(file: File): Promise<SongFileConvertAnswer> {
  const answer = await apiFetch(`/songs/convert?filename=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    bytes: file,
  });
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
