import { zipSync, strToU8 } from 'fflate';
import { safeFileName, SONG_TEXTS } from '@segue/shared';
import {
  writeSongFile,
  fileStem,
  type ExportFormat,
  type SongToWrite,
} from '@segue/shared/formats';
import { NotFoundError, ValidationError } from '../lib/errors.ts';
import type { TeamActor } from '../policy/actor.ts';
import { authorize } from '../policy/policy.ts';
import type { SongFileBudget } from './song-file-budget.ts';
import type { SongFileReader } from './song-file-reader.ts';
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
    parts: row.parts.map((p) => ({
      label: p.label,
      lines: p.lines,
      translations: p.translations ?? [],
    })),
    key: row.key,
    capo: row.capo,
    tempo: row.tempo,
    time: row.timeSignature,
    ccli: row.ccli,
    copyright: row.copyright,
    authors: row.authors,
    language: row.language,
    source: row.source,
  };
}

/** Song files in and out: converting a file to songs, and songs to files. */
export class SongFilesService {
  constructor(
    private readonly repo: SongsRepository,
    private readonly files: { reader: SongFileReader; budget: SongFileBudget },
  ) {}

  /**
   * A file's songs, as `POST /api/songs` takes them, with what could not be used, as the
   * answer's UTF-8 JSON; nothing is saved. Unreadable input is a 400 saying what is wrong; a
   * file that takes too long or too much memory to read is a 422.
   */
  async convert(actor: TeamActor, bytes: Buffer, filename: string): Promise<Uint8Array> {
    authorize(actor, 'editLibrary');
    if (bytes.length === 0) throw new ValidationError(SONG_FILE_TEXTS.empty);
    if (bytes.length > SONG_FILE_MAX_BYTES) throw new ValidationError(SONG_FILE_TEXTS.tooLarge);
    await this.files.budget.convert(actor, bytes.length);
    return this.files.reader.convert(bytes, filename);
  }

  /** One song as a file of `format`. */
  async exportSong(actor: TeamActor, songId: string, format: ExportFormat) {
    authorize(actor, 'readLibrary');
    const row = await this.repo.findInLibrary(actor.team.id, songId);
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
      files[uniqueName(files, safeFileName(file.filename))] = strToU8(file.text);
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
