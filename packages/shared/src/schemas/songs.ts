import { z } from 'zod';

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
} as const;

export const PART_LABEL_SUGGESTIONS = [
  'Verse 1',
  'Verse 2',
  'Chorus',
  'Bridge',
  'Intro',
  'Outro',
] as const;

export const SongLineSchema = z.object({
  chords: z.string().default(''),
  lyrics: z.string().default(''),
});
export type SongLine = z.infer<typeof SongLineSchema>;

export const SongPartSchema = z.object({
  label: z.string().default(''),
  lines: z.array(SongLineSchema).default([]),
});
export type SongPart = z.infer<typeof SongPartSchema>;

interface SongLike {
  title: string;
  artist?: string | undefined;
  parts: { label: string; lines: { chords: string; lyrics: string }[] }[];
}

/**
 * The first problem with a song, in the order the spec's form checks them
 * (title, parts, labels, lines), then the size limits; null when it is fine.
 */
export function songProblem(song: SongLike): string | null {
  if (!song.title.trim()) return 'Title is required.';
  if (song.parts.length === 0) return 'At least one part is required.';
  const unlabelled = song.parts.findIndex((p) => !p.label.trim());
  if (unlabelled >= 0) return `Part ${unlabelled + 1} is missing a label.`;
  const empty = song.parts.find((p) => p.lines.length === 0);
  if (empty) return `Part "${empty.label.trim()}" needs at least one line.`;

  if (song.title.trim().length > SONG_LIMITS.titleMaxLength) {
    return `Title must be at most ${SONG_LIMITS.titleMaxLength} characters.`;
  }
  if ((song.artist ?? '').trim().length > SONG_LIMITS.artistMaxLength) {
    return `Artist must be at most ${SONG_LIMITS.artistMaxLength} characters.`;
  }
  if (song.parts.length > SONG_LIMITS.maxParts)
    return `A song can have at most ${SONG_LIMITS.maxParts} parts.`;
  for (const part of song.parts) {
    const label = part.label.trim();
    if (label.length > SONG_LIMITS.labelMaxLength) {
      return `Part labels must be at most ${SONG_LIMITS.labelMaxLength} characters.`;
    }
    if (part.lines.length > SONG_LIMITS.maxLinesPerPart) {
      return `Part "${label}" has more than ${SONG_LIMITS.maxLinesPerPart} lines.`;
    }
    if (
      part.lines.some(
        (l) =>
          l.chords.length > SONG_LIMITS.lineMaxLength ||
          l.lyrics.length > SONG_LIMITS.lineMaxLength,
      )
    ) {
      return `Lines in part "${label}" must be at most ${SONG_LIMITS.lineMaxLength} characters.`;
    }
  }
  return null;
}

/** Body of `POST /api/songs` and `PUT /api/songs/{id}`; the same schema checks the song form. */
export const SongInputSchema = z
  .object({
    title: z.string({ error: 'Title is required.' }).default(''),
    artist: z
      .string({ error: 'Artist must be text.' })
      .nullish()
      .transform((a) => a ?? ''),
    parts: z.array(SongPartSchema, { error: 'At least one part is required.' }).default([]),
    teamId: z.string().optional(),
  })
  .superRefine((song, ctx) => {
    const problem = songProblem(song);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
export type SongInput = z.input<typeof SongInputSchema>;

/** A song as the API presents it (spec section 3, Song). */
export const SongSchema = z.object({
  _id: z.string(),
  title: z.string(),
  artist: z.string(),
  parts: z.array(
    z.object({
      label: z.string(),
      lines: z.array(z.object({ chords: z.string(), lyrics: z.string() })),
    }),
  ),
  teamId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Song = z.infer<typeof SongSchema>;

/** A song without its parts, for long lists (`GET /api/songs?fields=summary`). */
export const SongSummarySchema = SongSchema.omit({ parts: true });
export type SongSummary = z.infer<typeof SongSummarySchema>;

export const SongListQuerySchema = z.object({
  q: z.string().max(200).optional(),
  fields: z.enum(['full', 'summary']).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
});

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
