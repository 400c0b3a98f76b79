import { zipSync, strToU8 } from 'fflate';
import { SONG_TEXTS } from '@segue/shared';
import {
  ConvertError,
  readSongFile,
  writeSongFile,
  fileStem,
  type ExportFormat,
  type SongToWrite,
} from '@segue/shared/formats';
import { decodeSongBytes } from '@segue/shared/formats/decode';
import { NotFoundError, ValidationError } from '../lib/errors.ts';
import type { TeamActor } from '../policy/actor.ts';
import { authorize } from '../policy/policy.ts';
import type { SongRow, SongsRepository } from './songs.repository.ts';

/** The largest song file `POST /api/songs/convert` reads. */
export const SONG_FILE_MAX_BYTES = 5 * 1024 * 1024;

export const SONG_FILE_TEXTS = {
  empty: 'The file is empty.',
  tooLarge: 'A song file can be at most 5 MB.',
} as const;

/** A stored song as the converters' writers read it. */
function toWrite(row: SongRow): SongToWrite {
  return {
    title: row.title,
    artist: row.artist,
    parts: row.parts.map((p) => ({ label: p.label, lines: p.lines })),
    key: row.key,
    capo: row.capo,
    tempo: row.tempo,
    time: row.timeSignature,
    ccli: row.ccli,
    copyright: row.copyright,
    authors: row.authors,
    source: row.source,
  };
}

/** Song files in and out (issue 16): converting a file to songs, and songs to files. */
export class SongFilesService {
  constructor(private readonly repo: SongsRepository) {}

  /**
   * A file's songs, as `POST /api/songs` takes them, with what could not be used; nothing is
   * saved. Unreadable input is a 400 saying what is wrong.
   */
  convert(actor: TeamActor, bytes: Buffer, filename: string) {
    authorize(actor, 'editLibrary');
    if (bytes.length === 0) throw new ValidationError(SONG_FILE_TEXTS.empty);
    if (bytes.length > SONG_FILE_MAX_BYTES) throw new ValidationError(SONG_FILE_TEXTS.tooLarge);
    try {
      return readSongFile(filename, decodeSongBytes(bytes));
    } catch (error) {
      if (error instanceof ConvertError) throw new ValidationError(error.message);
      throw error;
    }
  }

  /** One song as a file of `format`. */
  async exportSong(actor: TeamActor, songId: string, format: ExportFormat) {
    authorize(actor, 'readLibrary');
    const row = await this.repo.find(actor.team.id, songId);
    if (!row) throw new NotFoundError(SONG_TEXTS.songNotFound);
    return writeSongFile(toWrite(row), format);
  }

  /** The whole library as a zip of files of `format`, one a song, names made unique. */
  async exportLibrary(actor: TeamActor, format: ExportFormat) {
    authorize(actor, 'readLibrary');
    const rows = await this.repo.allWithSource(actor.team.id);
    const files: Record<string, Uint8Array> = {};
    for (const row of rows) {
      const file = writeSongFile(toWrite(row), format);
      files[uniqueName(files, file.filename)] = strToU8(file.text);
    }
    return {
      zip: Buffer.from(zipSync(files, { level: 6 })),
      filename: `${fileStem(actor.team.name)}-${format}.zip`,
    };
  }
}

/** `name`, or `name (2).ext`, … when a file of that name is already there. */
function uniqueName(taken: Record<string, unknown>, name: string): string {
  if (!(name in taken)) return name;
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; ; n++) {
    const candidate = `${stem} (${n})${extension}`;
    if (!(candidate in taken)) return candidate;
  }
}
