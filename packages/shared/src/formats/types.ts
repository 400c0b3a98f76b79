import {
  type ConvertedSong,
  type ConvertWarning,
  type SongFileConvertAnswer,
  type SongFileFormat,
  type SongSource,
  SOURCE_TEXT_MAX_LENGTH,
} from '../schemas/songs.ts';

// The converters' shapes are the convert answer's, defined once by its schema in
// schemas/songs.ts (which imports nothing from formats/); readers and writers name them here.
export type { ConvertedSong, ConvertWarning, SongFileFormat, SongSource };

/** What a reader gives back: the convert answer but its format, which the caller knows. */
export type ConvertResult = Omit<SongFileConvertAnswer, 'format'>;

/**
 * The song as a writer reads it: the stored song, with its source when it was imported, and
 * its language when it has one.
 */
export type SongToWrite = Omit<ConvertedSong, 'source' | 'language'> & {
  language?: string | null | undefined;
  source?: SongSource | null | undefined;
};

/** The song's fields, and `translations`: the parts' lyrics in other languages. */
type ModelField = Exclude<keyof SongToWrite, 'source'> | 'translations';

/** A song's fields but its languages: what a format with one language of lyrics keeps. */
export const SINGLE_LANGUAGE_FIELDS = [
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
] as const satisfies readonly ModelField[];

/**
 * A song's model as text, over `fields` (by default all of them): two songs with the same
 * model read the same, so a writer gives back a file's original text while its song still
 * reads as that file does.
 */
export function songModel(
  song: SongToWrite,
  fields: readonly ModelField[] = [...SINGLE_LANGUAGE_FIELDS, 'language', 'translations'],
): string {
  const plain: Record<string, unknown> = {
    ...song,
    parts: song.parts.map((part) => [part.label, part.lines.map((l) => [l.chords, l.lyrics])]),
    authors: song.authors.map((author) => [author.name, author.type]),
    language: song.language ?? null,
    translations: song.parts.map((part) =>
      (part.translations ?? []).map((t) => [t.lang, t.translit ?? null, t.lines]),
    ),
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
    language: null,
    source: {
      format,
      text: text !== null && text.length <= SOURCE_TEXT_MAX_LENGTH ? text : null,
      extras: null,
    },
  };
}
