import type { SongAuthor } from '../schemas/songs.ts';

/** The song file formats Segue reads (issue 16); the first three are also written. */
export const SONG_FILE_FORMATS = [
  'chordpro',
  'openlyrics',
  'text',
  'opensong',
  'songselect',
] as const;
export type SongFileFormat = (typeof SONG_FILE_FORMATS)[number];

/** The longest original text kept with an imported song, so it can be exported unchanged. */
export const SOURCE_TEXT_MAX_LENGTH = 256 * 1024;

/**
 * Where an imported song came from, kept with it: its format, its original text (null when
 * longer than SOURCE_TEXT_MAX_LENGTH), and what Segue does not model, for the converter of
 * that format to write back where it was (JSON of the converter's own shape; other formats
 * ignore it).
 */
export interface SongSource {
  format: SongFileFormat;
  text: string | null;
  extras: unknown;
}

/** A song read from a file: exactly the fields `POST /api/songs` accepts. */
export interface ConvertedSong {
  title: string;
  artist: string;
  parts: { label: string; lines: { chords: string; lyrics: string }[] }[];
  /** The key the chords sound in (a file's `{key: C}{capo: 2}` is key D, capo 2). */
  key: string | null;
  capo: number;
  tempo: number | null;
  time: string | null;
  ccli: string | null;
  copyright: string;
  authors: SongAuthor[];
  source: SongSource;
}

/** Something read that Segue could not use as it stood; nothing in a file is fatal. */
export interface ConvertWarning {
  /** The song of the file it concerns (0-based), or null for the whole file. */
  song: number | null;
  /** The line of the file it concerns (1-based), or null. */
  line: number | null;
  message: string;
}

export interface ConvertResult {
  songs: ConvertedSong[];
  warnings: ConvertWarning[];
}

/** The song as a writer reads it: the stored song, with its source when it was imported. */
export type SongToWrite = Omit<ConvertedSong, 'source'> & {
  source?: SongSource | null | undefined;
};

type ModelField = Exclude<keyof SongToWrite, 'source'>;

/**
 * A song's model as text, over `fields` (by default all of them): two songs with the same
 * model read the same, so a writer gives back a file's original text while its song still
 * reads as that file does.
 */
export function songModel(
  song: SongToWrite,
  fields: readonly ModelField[] = [
    'title',
    'artist',
    'parts',
    'key',
    'capo',
    'tempo',
    'time',
    'ccli',
    'copyright',
    'authors',
  ],
): string {
  const plain: Record<string, unknown> = {
    ...song,
    parts: song.parts.map((part) => [part.label, part.lines.map((l) => [l.chords, l.lyrics])]),
    authors: song.authors.map((author) => [author.name, author.type]),
  };
  return JSON.stringify(fields.map((field) => plain[field]));
}

/** Unreadable input: what is wrong and where ("line 3: …"), for a 400 answer. */
export class ConvertError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConvertError';
  }
}

/** A song with none of the details: the converters' starting point. */
export function emptySong(format: SongFileFormat, text: string | null): ConvertedSong {
  return {
    title: '',
    artist: '',
    parts: [],
    key: null,
    capo: 0,
    tempo: null,
    time: null,
    ccli: null,
    copyright: '',
    authors: [],
    source: {
      format,
      text: text !== null && text.length <= SOURCE_TEXT_MAX_LENGTH ? text : null,
      extras: null,
    },
  };
}
