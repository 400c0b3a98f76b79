import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MEDIA_TEXTS, SONG_TEXTS, SongImportAnswerSchema, TeamSongLinkSchema } from '@segue/shared';
import type { Song } from '@segue/shared';
import { ApiRequestError, apiFetch } from '../../../lib/api-client.ts';
import { t, type MessageId } from '../../../lib/i18n/i18n.ts';
import { translateServerText } from '../../../lib/i18n/server-texts.ts';
import { fetchAllSongs, songKeys } from './songs.ts';

/** The details of a song beside title, artist and parts, as files and the API name them. */
const SONG_DETAIL_FIELDS = [
  'key',
  'capo',
  'tempo',
  'time',
  'ccli',
  'copyright',
  'authors',
] as const satisfies readonly (keyof Song)[];
type SongDetailField = (typeof SONG_DETAIL_FIELDS)[number];

/** The downloaded library (spec section 3, Library export file); parts keep their ids. */
interface LibraryExportFile {
  exportedAt: string;
  teamId: string;
  teamName: string;
  /** What the file leaves out: the songs' recordings (their links are in it). */
  recordings: string;
  songs: (Pick<Song, 'title' | 'artist' | SongDetailField | 'parts' | 'createdAt' | 'updatedAt'> & {
    /** The song's reference links, when it has some. */
    links?: { name: string; url: string }[];
  })[];
}

/**
 * One song of an import file as it is sent: the server checks each one and names the first
 * bad one. The details are sent only when the file has them (an older file has none: the
 * server gives no key, capo 0 and so on).
 */
export interface ImportedSong extends Partial<Record<SongDetailField, unknown>> {
  title: unknown;
  artist: unknown;
  parts: unknown;
  /** The song's reference links, when the file has them (recordings are never in a file). */
  links?: unknown;
}

/** Downloads every song of the team as `segue-song-library.json` (creator only, spec section 6). */
export async function exportLibrary(team: { _id: string; name: string }): Promise<void> {
  const [songs, links] = await Promise.all([
    fetchAllSongs(),
    apiFetch('/songs/links').then((answer) => TeamSongLinkSchema.array().parse(answer)),
  ]);
  const linksOf = new Map<string, { name: string; url: string }[]>();
  for (const { songId, name, url } of links) {
    linksOf.set(songId, [...(linksOf.get(songId) ?? []), { name, url }]);
  }
  const file: LibraryExportFile = {
    exportedAt: new Date().toISOString(),
    teamId: team._id,
    teamName: team.name,
    recordings: MEDIA_TEXTS.notInExport,
    songs: songs.map((song) => ({
      title: song.title,
      artist: song.artist,
      key: song.key,
      capo: song.capo,
      tempo: song.tempo,
      time: song.time,
      ccli: song.ccli,
      copyright: song.copyright,
      authors: song.authors,
      parts: song.parts,
      createdAt: song.createdAt,
      updatedAt: song.updatedAt,
      ...(linksOf.has(song._id) ? { links: linksOf.get(song._id) } : {}),
    })),
  };
  const blob = new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = SONG_TEXTS.exportFileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns: let go of the file a little later.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Why a chosen file cannot be imported, in words for the user (the server is not asked). */
export class ImportFileError extends Error {
  override readonly name = 'ImportFileError';

  /** Its message is the reason's text in the active language. */
  constructor(reason: MessageId, options?: ErrorOptions) {
    super(t(reason), options);
  }
}

/** The reasons readImportFile gives, as catalog keys. */
export const IMPORT_FILE_TEXTS = {
  notJsonFile: 'songs.import.notJsonFile',
  notJson: 'songs.import.notJson',
  noSongs: 'songs.import.noSongs',
} as const satisfies Record<string, MessageId>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The songs of an import file: an export file (`{ songs: [...] }`) or a bare array of songs.
 * Each is cut down to title, artist ('' by default) and parts ([] by default) (spec section 7),
 * and the details it has (key, capo, tempo, time, ccli, copyright, authors).
 * Throws an ImportFileError when the file is not .json, not JSON, or holds no songs array.
 */
export async function readImportFile(file: File): Promise<ImportedSong[]> {
  if (!file.name.toLowerCase().endsWith('.json')) {
    throw new ImportFileError(IMPORT_FILE_TEXTS.notJsonFile);
  }
  const data = parseJson(await file.text());
  const songs = Array.isArray(data) ? data : isRecord(data) ? data.songs : undefined;
  if (!Array.isArray(songs)) throw new ImportFileError(IMPORT_FILE_TEXTS.noSongs);
  return songs.map((item: unknown) => {
    const song = isRecord(item) ? item : {};
    const imported: ImportedSong = {
      title: song.title,
      artist: song.artist ?? '',
      parts: song.parts ?? [],
    };
    for (const field of SONG_DETAIL_FIELDS) {
      if (song[field] !== undefined) imported[field] = song[field];
    }
    if (song.links !== undefined) imported.links = song.links;
    return imported;
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ImportFileError(IMPORT_FILE_TEXTS.notJson, { cause: error });
  }
}

/**
 * What a failed import says: the spec's text, then the reason when there is one the user can
 * act on (the server names the first bad song: 'Song 3: Title is required.').
 */
export function importFailureText(error: unknown): string {
  const reason =
    error instanceof ImportFileError
      ? error.message
      : error instanceof ApiRequestError
        ? error.error && translateServerText(error.error)
        : undefined;
  return reason ? t('songs.import.failedBecause', { reason }) : t('songs.import.failed');
}

/**
 * `POST /api/songs/import`: all of the file's songs in one call, all or nothing. The team's
 * songs are asked for again afterwards, so the new ones show without reloading the page.
 */
export function useImportSongs(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (songs: ImportedSong[]) =>
      SongImportAnswerSchema.parse(
        await apiFetch('/songs/import', { method: 'POST', body: { songs } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: songKeys.team(teamId) }),
  });
}
