import { z } from 'zod';
import { AssignmentStatusSchema, isCalendarDay, PEOPLE_TEXTS } from './people.ts';
import { text } from './text.ts';

/**
 * The dashboard's next service (docs/DECISIONS.md, "Sunday-first dashboard"): the earliest
 * setlist, in any of the caller's teams, dated from `from` on, in which the caller holds a
 * position they have not declined or leads a song.
 */

/** Query of `GET /api/account/next-service`: the caller's today (default: today in UTC). */
export const NextServiceQuerySchema = z.object({
  from: text().trim().refine(isCalendarDay, PEOPLE_TEXTS.dayInvalid).optional(),
});
export type NextServiceQuery = z.infer<typeof NextServiceQuerySchema>;

/** One position the caller holds in the service; `index` is its place, for the answer's path. */
export const NextServicePositionSchema = z.object({
  index: z.number(),
  name: z.string(),
  /** Absent on positions saved before answers were asked ("not asked"). */
  status: AssignmentStatusSchema.optional(),
});
export type NextServicePosition = z.infer<typeof NextServicePositionSchema>;

/** A song of the service in its order, in the key it is played in. */
export const NextServiceSongSchema = z.object({
  songId: z.string(),
  title: z.string(),
  /** The setlist entry's key, else the song's own; null when neither has one. */
  key: z.string().nullable(),
  /** Whether the caller leads it. */
  youLead: z.boolean(),
});
export type NextServiceSong = z.infer<typeof NextServiceSongSchema>;

/**
 * How many of the service's assigned positions are accepted, and the names of the declined
 * ones. Positions still pending, or never asked, count as not confirmed.
 */
export const ServiceReadinessSchema = z.object({
  assigned: z.number(),
  confirmed: z.number(),
  declined: z.array(z.string()),
});
export type ServiceReadiness = z.infer<typeof ServiceReadinessSchema>;

export const NextServiceSchema = z.object({
  setlistId: z.string(),
  name: z.string(),
  /** The setlist's day, YYYY-MM-DD. */
  date: z.string(),
  /** `HH:MM`, or null when the setlist has no start time. */
  startTime: z.string().nullable(),
  teamId: z.string(),
  teamName: z.string(),
  positions: z.array(NextServicePositionSchema),
  songs: z.array(NextServiceSongSchema),
  /** Only for the team's owner and admins (those who plan the team); null for members. */
  readiness: ServiceReadinessSchema.nullable(),
});
export type NextService = z.infer<typeof NextServiceSchema>;

/** The answer: `service` is null when the caller is in no coming service. */
export const NextServiceAnswerSchema = z.object({ service: NextServiceSchema.nullable() });
export type NextServiceAnswer = z.infer<typeof NextServiceAnswerSchema>;
