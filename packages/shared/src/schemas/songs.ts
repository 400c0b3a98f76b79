import { z } from 'zod';
import { OptionalKeySchema } from '../chords/key-schema.ts';
import { holdsInvalidText, INVALID_TEXT_MESSAGE, text } from './text.ts';

/** Size limits of a song, checked after the spec's four rules. */
export const SONG_LIMITS = {
  titleMaxLength: 200,
  artistMaxLength: 200,
  labelMaxLength: 60,
  maxParts: 50,
  maxLinesPerPart: 200,
  lineMaxLength: 500,
  importMaxSongs: 5000,
  /** Songs one team's library may hold. */
  maxSongsPerTeam: 20_000,
  maxCapo: 11,
  minTempo: 20,
  maxTempo: 400,
  copyrightMaxLength: 500,
  maxAuthors: 20,
  authorNameMaxLength: 200,
  partIdMaxLength: 40,
  /** Languages besides the song's own that one part's lyrics can be given in. */
  maxTranslationsPerPart: 4,
  languageTagMaxLength: 35,
} as const;

/** What an author of a song wrote (OpenLyrics' author types). */
export const SONG_AUTHOR_TYPES = ['words', 'music', 'translation'] as const;
export type SongAuthorType = (typeof SONG_AUTHOR_TYPES)[number];

/** Messages of the song's details, as the form and the API say them. */
export const SONG_DETAIL_TEXTS = {
  capo: `Capo must be a whole number from 0 to ${SONG_LIMITS.maxCapo}.`,
  tempo: `Tempo must be a whole number of beats per minute from ${SONG_LIMITS.minTempo} to ${SONG_LIMITS.maxTempo}.`,
  time: 'Time must look like 4/4 or 6/8.',
  ccli: 'The CCLI song number is digits only.',
  copyright: `Copyright must be at most ${SONG_LIMITS.copyrightMaxLength} characters.`,
  authors: `A song can have at most ${SONG_LIMITS.maxAuthors} authors.`,
  authorName: 'Each author needs a name.',
  authorNameLength: `Author names must be at most ${SONG_LIMITS.authorNameMaxLength} characters.`,
  authorType: 'An author wrote the words, the music or a translation.',
  partId: 'Part ids are short texts.',
} as const;

/** Messages of a song's languages (docs/DECISIONS.md, "Songs in several languages"). */
export const SONG_LANGUAGE_TEXTS = {
  tag: 'Choose a language: a language tag such as en, es or pt-BR.',
  lines: 'A translation is a list of lyric lines.',
  translations: `A part can have at most ${SONG_LIMITS.maxTranslationsPerPart} translations.`,
  tooManyLines: (label: string, lang: string) =>
    `The ${lang} translation of part "${label}" has more lines than the part.`,
  twice: (label: string, lang: string) => `Part "${label}" has the ${lang} translation twice.`,
  mainLanguage: (label: string, lang: string) =>
    `Part "${label}" has a translation in ${lang}, which is the song's own language.`,
  lineLength: (label: string) =>
    `Translated lines in part "${label}" must be at most ${SONG_LIMITS.lineMaxLength} characters.`,
} as const;

/**
 * The messages of songProblem: the spec's four rules (title, parts, labels, lines), then the
 * size limits. Named here so a screen can tell them apart and say them in its language.
 */
export const SONG_PROBLEM_TEXTS = {
  title: 'Title is required.',
  noParts: 'At least one part is required.',
  unlabelled: (part: number) => `Part ${part} is missing a label.`,
  lineless: (label: string) => `Part "${label}" needs at least one line.`,
  titleLength: `Title must be at most ${SONG_LIMITS.titleMaxLength} characters.`,
  artistLength: `Artist must be at most ${SONG_LIMITS.artistMaxLength} characters.`,
  tooManyParts: `A song can have at most ${SONG_LIMITS.maxParts} parts.`,
  labelLength: `Part labels must be at most ${SONG_LIMITS.labelMaxLength} characters.`,
  tooManyLines: (label: string) =>
    `Part "${label}" has more than ${SONG_LIMITS.maxLinesPerPart} lines.`,
  lineLength: (label: string) =>
    `Lines in part "${label}" must be at most ${SONG_LIMITS.lineMaxLength} characters.`,
} as const;

const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;

/** A BCP 47 language tag as songs and setlists name languages: `en`, `es`, `pt-BR`, `zh-Hant`. */
export const LanguageTagSchema = text({ error: SONG_LANGUAGE_TEXTS.tag })
  .trim()
  .min(2, SONG_LANGUAGE_TEXTS.tag)
  .max(SONG_LIMITS.languageTagMaxLength, SONG_LANGUAGE_TEXTS.tag)
  .regex(LANGUAGE_TAG, SONG_LANGUAGE_TEXTS.tag);

/** Two language tags name one language: BCP 47 tags do not tell case apart. */
export const sameLanguage = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.toLowerCase() === b.toLowerCase();

/**
 * A part's lyrics in another language: line i translates the part's line i. `translit` names
 * the language whose script it is written in when it is a transliteration (OpenLyrics'
 * `translit`: `lang="he" translit="en"` is Hebrew in Latin letters). An empty `translit` is none.
 */
export const PartTranslationSchema = z.object({
  lang: LanguageTagSchema,
  translit: z
    .preprocess((t) => (t === null || t === '' ? undefined : t), LanguageTagSchema.optional())
    .optional(),
  lines: z.array(text({ error: SONG_LANGUAGE_TEXTS.lines }), { error: SONG_LANGUAGE_TEXTS.lines }),
});
export type PartTranslation = z.infer<typeof PartTranslationSchema>;

export const SongAuthorSchema = z.object({
  name: text({ error: SONG_DETAIL_TEXTS.authorName })
    .trim()
    .min(1, SONG_DETAIL_TEXTS.authorName)
    .max(SONG_LIMITS.authorNameMaxLength, SONG_DETAIL_TEXTS.authorNameLength),
  type: z.enum(SONG_AUTHOR_TYPES, { error: SONG_DETAIL_TEXTS.authorType }),
});
export type SongAuthor = z.infer<typeof SongAuthorSchema>;

/** A time signature as musicians write it: 4/4, 6/8, 12/8, 7/4. */
const TIME_PATTERN = /^([1-9]|1[0-9]|2[0-9]|3[0-2])\/(1|2|4|8|16|32)$/;

/**
 * The song's details beside its parts. `key` is the key the stored chords sound in; `capo` a
 * suggestion for guitarists (the chords stay in sounding pitch). Null (or blank text) means
 * none: no key, capo 0. Absent (an old client, an old export file) stays absent: a new song
 * gets none, and an edit keeps what the song had.
 */
export const SongDetailsInputSchema = z.object({
  // A blank key (an emptied select) is no key; anything else must be one.
  key: OptionalKeySchema,
  capo: z
    .number({ error: SONG_DETAIL_TEXTS.capo })
    .int(SONG_DETAIL_TEXTS.capo)
    .min(0, SONG_DETAIL_TEXTS.capo)
    .max(SONG_LIMITS.maxCapo, SONG_DETAIL_TEXTS.capo)
    .nullish()
    .transform((c) => (c === undefined ? c : (c ?? 0))),
  tempo: z
    .number({ error: SONG_DETAIL_TEXTS.tempo })
    .int(SONG_DETAIL_TEXTS.tempo)
    .min(SONG_LIMITS.minTempo, SONG_DETAIL_TEXTS.tempo)
    .max(SONG_LIMITS.maxTempo, SONG_DETAIL_TEXTS.tempo)
    .nullish()
    .transform((t) => (t === undefined ? t : (t ?? null))),
  time: text({ error: SONG_DETAIL_TEXTS.time })
    .trim()
    .refine((t) => t === '' || TIME_PATTERN.test(t), SONG_DETAIL_TEXTS.time)
    .nullish()
    .transform((t) => (t === undefined ? t : t || null)),
  ccli: text({ error: SONG_DETAIL_TEXTS.ccli })
    .trim()
    .refine((c) => /^\d{0,12}$/.test(c), SONG_DETAIL_TEXTS.ccli)
    .nullish()
    .transform((c) => (c === undefined ? c : c || null)),
  copyright: text({ error: SONG_DETAIL_TEXTS.copyright })
    .trim()
    .max(SONG_LIMITS.copyrightMaxLength, SONG_DETAIL_TEXTS.copyright)
    .nullish()
    .transform((c) => (c === undefined ? c : (c ?? ''))),
  authors: z
    .array(SongAuthorSchema, { error: SONG_DETAIL_TEXTS.authors })
    .max(SONG_LIMITS.maxAuthors, SONG_DETAIL_TEXTS.authors)
    .nullish()
    .transform((a) => (a === undefined ? a : (a ?? []))),
});

/** The song file formats Segue reads; the first three are also written. */
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

/** Largest JSON of a song's preserved extras. */
const SOURCE_EXTRAS_MAX_LENGTH = 256 * 1024;

export const SONG_SOURCE_TEXTS = {
  source: 'The source of an imported song is its format, its text and its extras.',
  sourceText: `The original text of an imported song is kept up to ${SOURCE_TEXT_MAX_LENGTH / 1024} KB.`,
  sourceExtras: `The preserved extras of an imported song must be JSON of at most ${SOURCE_EXTRAS_MAX_LENGTH / 1024} KB.`,
} as const;

const jsonLength = (value: unknown): number => {
  try {
    return JSON.stringify(value ?? null).length;
  } catch {
    return Infinity;
  }
};

/**
 * Where an imported song came from, as `POST /api/songs` checks it (ConvertedSongSchema's
 * `source`, with limits and messages): left out, an edit keeps it; null forgets it. Export in
 * the same format gives back the original text while the song is unchanged, and writes the
 * extras back where they were after an edit.
 */
export const SongSourceSchema = z
  .object(
    {
      format: z.enum(SONG_FILE_FORMATS, { error: SONG_SOURCE_TEXTS.source }),
      text: text({ error: SONG_SOURCE_TEXTS.sourceText })
        .max(SOURCE_TEXT_MAX_LENGTH, SONG_SOURCE_TEXTS.sourceText)
        .nullable(),
      extras: z
        .unknown()
        .refine((e) => !holdsInvalidText(e), INVALID_TEXT_MESSAGE)
        .refine((e) => jsonLength(e) <= SOURCE_EXTRAS_MAX_LENGTH, SONG_SOURCE_TEXTS.sourceExtras)
        .transform((e) => (e === undefined ? null : e)),
    },
    { error: SONG_SOURCE_TEXTS.source },
  )
  .nullish();

export const PART_LABEL_SUGGESTIONS = [
  'Verse 1',
  'Verse 2',
  'Chorus',
  'Bridge',
  'Intro',
  'Outro',
] as const;

export const SongLineSchema = z.object({
  chords: text().default(''),
  lyrics: text().default(''),
});
export type SongLine = z.infer<typeof SongLineSchema>;

export const SongPartSchema = z.object({
  /**
   * Stable and unique in its song: kept across edits, so a part can be named apart from its
   * label. A new part comes without one; the server gives it one.
   */
  id: text({ error: SONG_DETAIL_TEXTS.partId })
    .trim()
    .max(SONG_LIMITS.partIdMaxLength, SONG_DETAIL_TEXTS.partId)
    .optional(),
  label: text().default(''),
  lines: z.array(SongLineSchema).default([]),
  /**
   * The part's lyrics in other languages than the song's, line by line. Left out (a client from
   * before translations, such as an app kept offline), an edit keeps those the part had; a new
   * part has none.
   */
  translations: z
    .array(PartTranslationSchema, { error: SONG_LANGUAGE_TEXTS.translations })
    .max(SONG_LIMITS.maxTranslationsPerPart, SONG_LANGUAGE_TEXTS.translations)
    .optional(),
});
export type SongPart = z.infer<typeof SongPartSchema>;

interface SongLike {
  title: string;
  artist?: string | undefined;
  language?: string | null | undefined;
  parts: {
    label: string;
    lines: { chords: string; lyrics: string }[];
    translations?: readonly { lang: string; translit?: string | undefined; lines: string[] }[];
  }[];
}

/**
 * The first problem with a song, in the order the spec's form checks them
 * (title, parts, labels, lines), then the size limits; null when it is fine.
 */
export function songProblem(song: SongLike): string | null {
  if (!song.title.trim()) return SONG_PROBLEM_TEXTS.title;
  if (song.parts.length === 0) return SONG_PROBLEM_TEXTS.noParts;
  const unlabelled = song.parts.findIndex((p) => !p.label.trim());
  if (unlabelled >= 0) return SONG_PROBLEM_TEXTS.unlabelled(unlabelled + 1);
  const empty = song.parts.find((p) => p.lines.length === 0);
  if (empty) return SONG_PROBLEM_TEXTS.lineless(empty.label.trim());

  if (song.title.trim().length > SONG_LIMITS.titleMaxLength) return SONG_PROBLEM_TEXTS.titleLength;
  if ((song.artist ?? '').trim().length > SONG_LIMITS.artistMaxLength) {
    return SONG_PROBLEM_TEXTS.artistLength;
  }
  if (song.parts.length > SONG_LIMITS.maxParts) return SONG_PROBLEM_TEXTS.tooManyParts;
  for (const part of song.parts) {
    const label = part.label.trim();
    if (label.length > SONG_LIMITS.labelMaxLength) return SONG_PROBLEM_TEXTS.labelLength;
    if (part.lines.length > SONG_LIMITS.maxLinesPerPart) {
      return SONG_PROBLEM_TEXTS.tooManyLines(label);
    }
    if (
      part.lines.some(
        (l) =>
          l.chords.length > SONG_LIMITS.lineMaxLength ||
          l.lyrics.length > SONG_LIMITS.lineMaxLength,
      )
    ) {
      return SONG_PROBLEM_TEXTS.lineLength(label);
    }
  }
  return translationProblem(song);
}

/**
 * The first problem with the parts' translations: more lines than the part, a language given
 * twice in a part (with the same `translit`), the song's own language; null when none.
 */
function translationProblem(song: SongLike): string | null {
  for (const part of song.parts) {
    const label = part.label.trim();
    const seen = new Set<string>();
    for (const translation of part.translations ?? []) {
      const { lang } = translation;
      if (!translation.translit && sameLanguage(lang, song.language)) {
        return SONG_LANGUAGE_TEXTS.mainLanguage(label, lang);
      }
      const key = `${lang}\u0000${translation.translit ?? ''}`.toLowerCase();
      if (seen.has(key)) return SONG_LANGUAGE_TEXTS.twice(label, lang);
      seen.add(key);
      if (translation.lines.length > part.lines.length) {
        return SONG_LANGUAGE_TEXTS.tooManyLines(label, lang);
      }
      if (translation.lines.some((line) => line.length > SONG_LIMITS.lineMaxLength)) {
        return SONG_LANGUAGE_TEXTS.lineLength(label);
      }
    }
  }
  return null;
}

/** The translation with a line for each of the part's lines: the missing ones empty. */
export function paddedTranslation<T extends { lines: string[] }>(translation: T, lines: number): T {
  if (translation.lines.length >= lines) return translation;
  const padded = [...translation.lines];
  while (padded.length < lines) padded.push('');
  return { ...translation, lines: padded };
}

/**
 * The languages a song has, each once: its own (when it has one), then its translations' in
 * the order they first come. A transliteration is not a language of its own.
 */
export function songLanguages(song: {
  language?: string | null | undefined;
  parts: readonly { translations?: readonly { lang: string }[] | undefined }[];
}): string[] {
  const languages: string[] = [];
  const add = (lang: string | null | undefined) => {
    if (lang && !languages.some((known) => sameLanguage(known, lang))) languages.push(lang);
  };
  add(song.language);
  for (const part of song.parts)
    for (const translation of part.translations ?? []) add(translation.lang);
  return languages;
}

/** Body of `POST /api/songs` and `PUT /api/songs/{id}`; the same schema checks the song form. */
export const SongInputSchema = z
  .object({
    title: text({ error: 'Title is required.' }).default(''),
    artist: text({ error: 'Artist must be text.' })
      .nullish()
      .transform((a) => a ?? ''),
    parts: z.array(SongPartSchema, { error: 'At least one part is required.' }).default([]),
    teamId: text().optional(),
    source: SongSourceSchema,
    /**
     * The language of the lyrics under the chords (a BCP 47 tag). Left out, an edit keeps it;
     * null (or blank) is none.
     */
    language: z.preprocess(
      (l) => (typeof l === 'string' && l.trim() === '' ? null : l),
      LanguageTagSchema.nullish(),
    ),
  })
  .extend(SongDetailsInputSchema.shape)
  .superRefine((song, ctx) => {
    const problem = songProblem(song);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
export type SongInput = z.input<typeof SongInputSchema>;

/**
 * A song's details as every answer gives them: a stored song, a summary, a song read from a
 * file. The key is the one the chords sound in (a file's `{key: C}{capo: 2}` is key D, capo 2).
 */
const SONG_DETAILS = {
  key: z.string().nullable(),
  capo: z.number(),
  tempo: z.number().nullable(),
  time: z.string().nullable(),
  ccli: z.string().nullable(),
  copyright: z.string(),
  authors: z.array(z.object({ name: z.string(), type: z.enum(SONG_AUTHOR_TYPES) })),
};
/** A line of chords over lyrics, as answers give it. */
const LineSchema = z.object({ chords: z.string(), lyrics: z.string() });
/** A part's lyrics in another language, as answers give it (PartTranslationSchema). */
const TranslationSchema = z.object({
  lang: z.string(),
  translit: z.string().optional(),
  lines: z.array(z.string()),
});

/** A song as the API presents it (spec section 3, Song). */
export const SongSchema = z.object({
  _id: z.string(),
  title: z.string(),
  artist: z.string(),
  ...SONG_DETAILS,
  /**
   * The language of the lyrics under the chords, or null (also for a song a device kept offline
   * before songs had languages).
   */
  language: z.string().nullable().default(null),
  parts: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      lines: z.array(LineSchema),
      /** The part's lyrics in other languages, a line for each of `lines`; often none. */
      translations: z.array(TranslationSchema).default([]),
    }),
  ),
  teamId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Song = z.infer<typeof SongSchema>;

/**
 * A song without its parts, for long lists (`GET /api/songs?fields=summary`). `lastUsed` is the
 * day (YYYY-MM-DD) of the latest setlist of the team that holds the song, null when none holds
 * it. Every summary read answers it except the plain whole library (`fields=summary` alone, the
 * setlist form's song list), which is cached until a song changes and so cannot follow setlists.
 */
export const SongSummarySchema = SongSchema.omit({ parts: true }).extend({
  lastUsed: z.string().nullable().optional(),
});

/** Gives every part an id unique in its song, keeping the ids it has (the first of a repeat). */
export function withPartIds<P extends { id?: string | undefined }>(
  parts: readonly P[],
): (P & { id: string })[] {
  const taken = new Set<string>();
  const kept = parts.map((part) => {
    const id = part.id?.trim();
    if (!id || taken.has(id)) return null;
    taken.add(id);
    return id;
  });
  let next = 1;
  return parts.map((part, index) => {
    let id = kept[index];
    if (!id) {
      while (taken.has(`p${next}`)) next += 1;
      id = `p${next}`;
      taken.add(id);
    }
    return { ...part, id };
  });
}
export type SongSummary = z.infer<typeof SongSummarySchema>;

/** The orders the song library can be listed in; `title` is the default. */
export const SONG_SORTS = ['title', 'key', 'tempo', 'lastUsed', 'updated'] as const;
export type SongSort = (typeof SONG_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** Messages of the library's list query, as the API says them. */
export const SONG_LIST_TEXTS = {
  sort: 'Sort by title, key, tempo, lastUsed or updated.',
  dir: 'Sort direction is asc or desc.',
} as const;

/**
 * Query of `GET /api/songs`. `sort` orders the songs (empty values last, in either direction;
 * ties by title, then id, so pages do not overlap); `dir` defaults to `asc`.
 */
export const SongListQuerySchema = z.object({
  q: text().max(200).optional(),
  fields: z.enum(['full', 'summary']).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
  sort: z.enum(SONG_SORTS, { error: SONG_LIST_TEXTS.sort }).optional(),
  dir: z.enum(SORT_DIRECTIONS, { error: SONG_LIST_TEXTS.dir }).optional(),
});
export type SongListQuery = z.output<typeof SongListQuerySchema>;

/** Body of `POST /api/songs/import`: the import file's songs (spec section 3, Import file). */
export const SongImportInputSchema = z.object({
  songs: z
    .array(z.unknown(), { error: 'The file has no songs array.' })
    .max(
      SONG_LIMITS.importMaxSongs,
      `An import can hold at most ${SONG_LIMITS.importMaxSongs} songs.`,
    ),
});

export const SongImportAnswerSchema = z.object({ imported: z.number(), skipped: z.number() });

/** The key two songs are duplicates by: trimmed, case-insensitive title and artist. */
export function songIdentity(song: { title: string; artist?: string | null }): string {
  return `${song.title.trim().toLowerCase()}\u0000${(song.artist ?? '').trim().toLowerCase()}`;
}

export const SONG_TEXTS = {
  searchLabel: 'Search by title or artist',
  noMatchingSongs: 'No matching songs.',
  confirmDelete: 'Are you sure you want to delete this song?',
  failedToExport: 'Failed to export song library. See console for details.',
  failedToImport: 'Failed to import. Please check the file format.',
  imported: (n: number, m: number) => `Imported ${n} song(s). Skipped ${m} duplicate(s).`,
  failedToLoadSong: 'Failed to load song',
  failedToSaveSong: 'Failed to save song',
  saving: 'Saving...',
  exportFileName: 'segue-song-library.json',
  songNotFound: 'Song not found.',
  creatorOnlyImport: 'Only the team creator can import songs.',
  libraryFull: (max: number) =>
    `A team's song library holds at most ${max.toLocaleString('en-US')} songs. Delete some songs first.`,
  teamHeaderRequired: 'Choose a team first (X-Team-ID header).',
} as const;

/**
 * A song read from a file: exactly the fields `POST /api/songs` takes, typed but not checked,
 * since a file may hold a song the form would refuse (the preview says why; saving it checks
 * it as any song). Its field order is the order of the convert answer's JSON.
 */
export const ConvertedSongSchema = z.object({
  title: z.string(),
  artist: z.string(),
  parts: z.array(
    z.object({
      label: z.string(),
      lines: z.array(LineSchema),
      /** Left out by the formats that have none. */
      translations: z.array(TranslationSchema).optional(),
    }),
  ),
  ...SONG_DETAILS,
  /** The language the file says the lyrics are in, or null (most formats cannot say). */
  language: z.string().nullable(),
  /**
   * Where it came from, kept with it: its format, its original text (null when longer than
   * SOURCE_TEXT_MAX_LENGTH), and what Segue does not model, for the converter of that format
   * to write back where it was (JSON of the converter's own shape; other formats ignore it).
   */
  source: z.object({
    format: z.enum(SONG_FILE_FORMATS),
    text: z.string().nullable(),
    extras: z.unknown(),
  }),
});
export type ConvertedSong = z.output<typeof ConvertedSongSchema>;
export type SongSource = ConvertedSong['source'];

/** Something read that Segue could not use as it stood; nothing in a file is fatal. */
export const ConvertWarningSchema = z.object({
  /** The song of the file it concerns (0-based), or null for the whole file. */
  song: z.number().nullable(),
  /** The line of the file it concerns (1-based), or null. */
  line: z.number().nullable(),
  message: z.string(),
});
export type ConvertWarning = z.output<typeof ConvertWarningSchema>;

/**
 * `POST /api/songs/convert`'s answer: the file's format, its songs exactly as `POST /api/songs`
 * takes them, and what could not be used (nothing is saved).
 */
export const SongFileConvertAnswerSchema = z.object({
  format: z.enum(SONG_FILE_FORMATS),
  songs: z.array(ConvertedSongSchema),
  warnings: z.array(ConvertWarningSchema),
});
export type SongFileConvertAnswer = z.output<typeof SongFileConvertAnswerSchema>;
