import { z } from 'zod';
import { OptionalKeySchema } from '../chords/key-schema.ts';
import {
  LanguageTagSchema,
  SONG_DETAIL_TEXTS,
  SONG_LIMITS,
  SongSchema,
  sameLanguage,
} from './songs.ts';
import { text } from './text.ts';

export const SETLIST_LIMITS = {
  nameMaxLength: 200,
  notesMaxLength: 5000,
  maxSongs: 100,
  maxPositions: 50,
  positionNameMaxLength: 60,
  /** Entries of the order of service that are not songs (welcome, sermon, ...). */
  maxItems: 100,
  itemTitleMaxLength: 200,
  itemNotesMaxLength: 2000,
  /** A song's or an item's duration, in seconds: at most 6 hours. */
  maxDurationSeconds: 6 * 60 * 60,
  /** Languages the projector and the stage display show at once, first over second. */
  maxLyricLanguages: 2,
} as const;

/** Messages of a setlist's screen languages (docs/DECISIONS.md, "Screen and chart languages"). */
export const LYRIC_LANGUAGES_TEXTS = {
  list: 'Screen languages are a list of language tags such as en or es.',
  tooMany: `A setlist shows at most ${SETLIST_LIMITS.maxLyricLanguages} languages on the screens.`,
  twice: 'Choose two different screen languages.',
} as const;

/**
 * The languages the projector and the stage display show, first over second (BCP 47 tags);
 * empty shows each song's main lyrics.
 */
export const LyricLanguagesSchema = z
  .array(LanguageTagSchema, { error: LYRIC_LANGUAGES_TEXTS.list })
  .max(SETLIST_LIMITS.maxLyricLanguages, LYRIC_LANGUAGES_TEXTS.tooMany)
  .refine(
    (tags) => tags.every((tag, i) => !tags.slice(0, i).some((t) => sameLanguage(t, tag))),
    LYRIC_LANGUAGES_TEXTS.twice,
  );

export const POSITION_OPTIONS = [
  'Leader',
  'Vocal',
  'Acoustic Guitar',
  'Electric Guitar',
  'Bass',
  'Drums',
  'Keys',
  'Other',
] as const;

const Id = text().trim().min(1).max(200);
const OptionalUserId = text()
  .trim()
  .max(200)
  .nullish()
  .transform((v) => (v ? v : null));

/** `YYYY-MM-DD`, or an ISO time whose date part is taken (the form sends the part before T). */
export const SetlistDateSchema = text({ error: 'Date is required.' })
  .trim()
  .min(1, 'Date is required.')
  .transform((v) => v.split('T')[0]!)
  .refine(isCalendarDate, { message: 'Date must be a valid date (YYYY-MM-DD).' });

/** A real day of the calendar written as YYYY-MM-DD (not 2030-02-30). */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

/**
 * What the click does when a driver moves the set to another song while it runs: follow the
 * new song's tempo and time from its first bar line after the step, or stop
 * (docs/DECISIONS.md, "The click").
 */
export const CLICK_ON_STEP = ['follow', 'stop'] as const;
export type ClickOnStep = (typeof CLICK_ON_STEP)[number];
export const DEFAULT_CLICK_ON_STEP: ClickOnStep = 'follow';
/** What a setlist saved with another `clickOnStep` is told. */
export const CLICK_ON_STEP_TEXT =
  "When the song changes, the click follows it or stops ('follow' or 'stop').";

const DurationSecondsSchema = z
  .number({ error: 'A duration is a number of seconds.' })
  .int('A duration is a whole number of seconds.')
  .min(0, 'A duration cannot be negative.')
  .max(
    SETLIST_LIMITS.maxDurationSeconds,
    `A duration can be at most ${SETLIST_LIMITS.maxDurationSeconds / 3600} hours.`,
  );

/** How long a song or an item takes at the service, in whole seconds; none (or left out): unknown. */
export const DurationSchema = DurationSecondsSchema.nullish().transform((v) => v ?? null);

export const SetlistEntryInputSchema = z.object({
  song: Id,
  leader: OptionalUserId,
  /**
   * The key this song is played in at this service; none (or left out): the
   * song's own key. The setlist form sends every entry whole.
   */
  key: OptionalKeySchema.transform((key) => key ?? null),
  /**
   * How long this song takes at this service; null: none. Left out (an older
   * client): the duration saved for this song in the setlist is kept.
   */
  duration: DurationSecondsSchema.nullable().optional(),
  /**
   * The tempo this song is played at this service, in BPM (the song's limits); null: the
   * song's own. Left out (an older client): the tempo saved for this song in the setlist is
   * kept.
   */
  tempo: z
    .number({ error: SONG_DETAIL_TEXTS.tempo })
    .int(SONG_DETAIL_TEXTS.tempo)
    .min(SONG_LIMITS.minTempo, SONG_DETAIL_TEXTS.tempo)
    .max(SONG_LIMITS.maxTempo, SONG_DETAIL_TEXTS.tempo)
    .nullable()
    .optional(),
});

/**
 * An entry of the order of service that is not a song (a welcome, prayer, sermon,
 * offering). `at` places it: the number of the setlist's songs before it, so 0 is before the
 * first song and `songs.length` after the last; items with the same `at` keep their order.
 * Items are kept beside `songs`, so the spec's `songs` array and `currentIndex` are unchanged.
 */
export const SetlistItemInputSchema = z.object({
  title: text({ error: 'An item needs a title.' })
    .trim()
    .min(1, 'An item needs a title.')
    .max(
      SETLIST_LIMITS.itemTitleMaxLength,
      `Item titles must be at most ${SETLIST_LIMITS.itemTitleMaxLength} characters.`,
    ),
  notes: text()
    .max(
      SETLIST_LIMITS.itemNotesMaxLength,
      `Item notes must be at most ${SETLIST_LIMITS.itemNotesMaxLength} characters.`,
    )
    .nullish()
    .transform((v) => (v ?? '').trim()),
  duration: DurationSchema,
  at: z
    .number({ error: 'An item needs its place in the order.' })
    .int('An item needs its place in the order.')
    .min(0, 'An item needs its place in the order.')
    .max(10_000, 'An item needs its place in the order.'),
});
export type SetlistItemInput = z.input<typeof SetlistItemInputSchema>;

/** A service's start time of day, `HH:MM` (24 hours); none: the setlist shows no start times. */
export const StartTimeSchema = text()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), {
    message: 'Start time must be a time of day (HH:MM).',
  });

export const PositionInputSchema = z.object({
  name: text({ error: 'A position needs a name.' })
    .trim()
    .min(1, 'A position needs a name.')
    .max(
      SETLIST_LIMITS.positionNameMaxLength,
      `Position names must be at most ${SETLIST_LIMITS.positionNameMaxLength} characters.`,
    ),
  assignedTo: OptionalUserId,
});

/** Body of `POST /api/setlist` and `PUT /api/setlist/{id}`. */
export const SetlistInputSchema = z.object({
  name: text({ error: 'Setlist name is required.' })
    .trim()
    .min(1, 'Setlist name is required.')
    .max(
      SETLIST_LIMITS.nameMaxLength,
      `Setlist name must be at most ${SETLIST_LIMITS.nameMaxLength} characters.`,
    ),
  date: SetlistDateSchema,
  notes: text()
    .max(
      SETLIST_LIMITS.notesMaxLength,
      `Notes must be at most ${SETLIST_LIMITS.notesMaxLength} characters.`,
    )
    .nullish()
    .transform((v) => (v ?? '').trim()),
  songs: z
    .array(SetlistEntryInputSchema)
    .max(SETLIST_LIMITS.maxSongs, `A setlist can hold at most ${SETLIST_LIMITS.maxSongs} songs.`)
    .default([]),
  positions: z
    .array(PositionInputSchema)
    .max(
      SETLIST_LIMITS.maxPositions,
      `A setlist can have at most ${SETLIST_LIMITS.maxPositions} positions.`,
    )
    .default([]),
  /**
   * The items between the songs. Left out (an older client): the items already
   * saved are kept, placed by their `at` among the songs sent.
   */
  items: z
    .array(SetlistItemInputSchema)
    .max(SETLIST_LIMITS.maxItems, `A setlist can hold at most ${SETLIST_LIMITS.maxItems} items.`)
    .optional(),
  /** When the service starts; left out: the saved start time is kept. */
  startTime: StartTimeSchema.optional(),
  /**
   * What a running click does when a driver moves to another song. Left out (an older
   * client): the saved setting is kept, `follow` for a new setlist.
   */
  clickOnStep: z.enum(CLICK_ON_STEP, { error: CLICK_ON_STEP_TEXT }).optional(),
  /**
   * The screens' languages, first over second. Left out (an older client): the saved ones are
   * kept, none for a new setlist.
   */
  lyricLanguages: LyricLanguagesSchema.optional(),
  teamId: text().optional(),
  /**
   * Save even though someone assigned (a leader or a position) is away on the date.
   * Without it such a save is refused with 409 and the names of who is away.
   */
  confirmAway: z.boolean().optional(),
});
export type SetlistInput = z.input<typeof SetlistInputSchema>;

export const PositionSchema = z.object({
  name: z.string(),
  assignedTo: z.string().nullable(),
  /**
   * The assigned person's answer. Absent on unassigned positions and on those saved
   * before assignments were confirmed. The server sets it; a status sent in a body is ignored.
   */
  status: z.enum(['pending', 'accepted', 'declined']).optional(),
});
export type Position = z.infer<typeof PositionSchema>;

/** An item as the API answers it: `at` counts the songs of the same answer before it. */
export const SetlistItemSchema = z.object({
  title: z.string(),
  notes: z.string(),
  duration: z.number().nullable(),
  at: z.number(),
});
export type SetlistItem = z.infer<typeof SetlistItemSchema>;

/** A setlist in the list: song entries hold song ids. */
export const SetlistSchema = z.object({
  _id: z.string(),
  name: z.string(),
  date: z.string(),
  notes: z.string(),
  songs: z.array(
    z.object({
      song: z.string(),
      leader: z.string().nullable(),
      key: z.string().nullable(),
      duration: z.number().nullable().default(null),
      /**
       * The entry's tempo (BPM), null: the song's own. The server always sends it; absent from
       * answers kept on a device before entries had tempos: the song's own.
       */
      tempo: z.number().nullable().optional(),
    }),
  ),
  /**
   * The items between the songs, sorted by `at` (ours, additive). The defaults read an
   * answer kept on a device before setlists had items (offline copies) as one without items.
   */
  items: z.array(SetlistItemSchema).default([]),
  /** The service's start time (`HH:MM`), or null. */
  startTime: z.string().nullable().default(null),
  /** What a running click does when a driver moves to another song. */
  clickOnStep: z.enum(CLICK_ON_STEP).default(DEFAULT_CLICK_ON_STEP),
  /**
   * The languages the projector and the stage display show, first over second; empty: each
   * song's main lyrics. Absent from answers kept on a device before setlists had them: none.
   */
  lyricLanguages: z.array(z.string()).default([]),
  positions: z.array(PositionSchema),
  teamId: z.string(),
  currentIndex: z.number(),
  currentPartLabel: z.string().nullable(),
  /** The item the live set is on (an index into `items`), null when on a song. */
  currentItem: z.number().nullable().default(null),
  /**
   * The keys the live run plays songs in, by song id (null: the song's own key), where a
   * driver changed them; the entries' `key` stay the plan until a driver keeps one. Absent
   * from answers kept on a device before runs had keys of their own: none.
   */
  liveKeys: z.record(z.string(), z.string().nullable()).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Setlist = z.infer<typeof SetlistSchema>;

/** `GET /api/setlist/{id}`: entries carry the whole song; entries whose song is gone are dropped. */
export const SetlistDetailsSchema = SetlistSchema.extend({
  songs: z.array(
    z.object({
      song: SongSchema,
      leader: z.string().nullable(),
      key: z.string().nullable(),
      duration: z.number().nullable().default(null),
      tempo: z.number().nullable().optional(),
    }),
  ),
});
export type SetlistDetails = z.infer<typeof SetlistDetailsSchema>;

/**
 * `PUT /api/setlist/{id}/key`: a key played live becomes the plan for every entry of the
 * song (null: the song's own key).
 */
export const KeepKeyInputSchema = z.object({
  song: Id,
  key: OptionalKeySchema.transform((key) => key ?? null),
});
export type KeepKeyInput = z.input<typeof KeepKeyInputSchema>;

export const SETLIST_TEXTS = {
  newSetlist: 'New Setlist',
  editSetlist: 'Edit Setlist',
  loading: 'Loading...',
  notFound: 'Setlist not found.',
  createSetlist: 'Create Setlist',
  updateSetlist: 'Update Setlist',
  noLeader: 'No Leader',
  unassigned: 'Unassigned',
  confirmDelete: 'Are you sure you want to delete this setlist?',
  failedToSave: (error: string) => `Failed to save setlist (${error})`,
  failedToDelete: 'Failed to delete setlist.',
  failedToClone: 'Failed to clone setlist.',
  copySuffix: ' (Copy)',
  songNotInTeam: "A chosen song is not in this team's library.",
  leaderNotMember: 'A song leader is not a member of this team.',
  assigneeNotMember: 'A position is assigned to someone who is not a member of this team.',
  songNotInSetlist: 'That song is not in this setlist.',
  /** Asked of a driver when the run ends with a song played in another key than planned. */
  keepKey: (key: string) => `Keep ${key} as this setlist's key?`,
} as const;
