import { z } from 'zod';
import { OptionalKeySchema } from '../chords/key-schema.ts';
import { SongSchema } from './songs.ts';

export const SETLIST_LIMITS = {
  nameMaxLength: 200,
  notesMaxLength: 5000,
  maxSongs: 100,
  maxPositions: 50,
  positionNameMaxLength: 60,
} as const;

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

const Id = z.string().trim().min(1).max(200);
const OptionalUserId = z
  .string()
  .trim()
  .max(200)
  .nullish()
  .transform((v) => (v ? v : null));

/** `YYYY-MM-DD`, or an ISO time whose date part is taken (the form sends the part before T). */
export const SetlistDateSchema = z
  .string({ error: 'Date is required.' })
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

export const SetlistEntryInputSchema = z.object({
  song: Id,
  leader: OptionalUserId,
  /**
   * The key this song is played in at this service (issue 15); none (or left out): the
   * song's own key. The setlist form sends every entry whole.
   */
  key: OptionalKeySchema.transform((key) => key ?? null),
});

export const PositionInputSchema = z.object({
  name: z
    .string({ error: 'A position needs a name.' })
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
  name: z
    .string({ error: 'Setlist name is required.' })
    .trim()
    .min(1, 'Setlist name is required.')
    .max(
      SETLIST_LIMITS.nameMaxLength,
      `Setlist name must be at most ${SETLIST_LIMITS.nameMaxLength} characters.`,
    ),
  date: SetlistDateSchema,
  notes: z
    .string()
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
  teamId: z.string().optional(),
  /**
   * Issue 18: save even though someone assigned (a leader or a position) is away on the date.
   * Without it such a save is refused with 409 and the names of who is away.
   */
  confirmAway: z.boolean().optional(),
});
export type SetlistInput = z.input<typeof SetlistInputSchema>;

export const PositionSchema = z.object({
  name: z.string(),
  assignedTo: z.string().nullable(),
  /**
   * Issue 18: the assigned person's answer. Absent on unassigned positions and on those saved
   * before assignments were confirmed. The server sets it; a status sent in a body is ignored.
   */
  status: z.enum(['pending', 'accepted', 'declined']).optional(),
});
export type Position = z.infer<typeof PositionSchema>;

/** A setlist in the list: song entries hold song ids. */
export const SetlistSchema = z.object({
  _id: z.string(),
  name: z.string(),
  date: z.string(),
  notes: z.string(),
  songs: z.array(
    z.object({ song: z.string(), leader: z.string().nullable(), key: z.string().nullable() }),
  ),
  positions: z.array(PositionSchema),
  teamId: z.string(),
  currentIndex: z.number(),
  currentPartLabel: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Setlist = z.infer<typeof SetlistSchema>;

/** `GET /api/setlist/{id}`: entries carry the whole song; entries whose song is gone are dropped. */
export const SetlistDetailsSchema = SetlistSchema.extend({
  songs: z.array(
    z.object({ song: SongSchema, leader: z.string().nullable(), key: z.string().nullable() }),
  ),
});
export type SetlistDetails = z.infer<typeof SetlistDetailsSchema>;

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
} as const;
