import { z } from 'zod';

/**
 * Who has listened (docs/DECISIONS.md, "Who has listened"): a team may let its leaders see
 * which members played each song of a set in the week before the service. Off unless the
 * owner turns it on; what is kept is one fact a day (this person played this song's recording
 * on this day), never when, how long or how often.
 */
export const LISTENING_LIMITS = {
  /** The days up to and including the service's day that count as "this week". */
  weekDays: 7,
  /** Plays older than this are deleted: no setlist's week reaches back further. */
  keptDays: 56,
} as const;

export const LISTENING_TEXTS = {
  heading: 'Who has listened',
  help: "When this is on, a set's leaders see which members played each song's recording in the week before the service. Segue keeps only the day someone played a song: never when, for how long or how often.",
  switchLabel: 'Show leaders who has listened',
  ownerOnly: "Only the team's owner can change this.",
  saved: 'Saved who has listened.',
  failedToSave: 'Could not save who has listened.',
  notLeader: "Only the set's leaders and the team's admins see who has listened.",
  /** Practice mode and the song's recordings, while the team has it on. */
  notice: "Your team's leaders see that you played this song this week: not when, or for how long.",
  /** The setlist view, for each song, for its leaders. */
  listened: (count: number, names: string) =>
    count === 0
      ? 'Nobody has played its recording this week.'
      : `Played this week by ${count === 1 ? '1 person' : `${count} people`}: ${names}.`,
} as const;

/** Body of `PUT /api/teams/{id}/listening`. */
export const TeamListeningInputSchema = z.object({
  shareListening: z.boolean({ error: 'Say whether leaders see who has listened: true or false.' }),
});
export type TeamListeningInput = z.infer<typeof TeamListeningInputSchema>;

/**
 * `GET /api/setlist/{id}/listening`: for each song of the set, the members who played one of
 * its recordings between `from` and `to` (the week up to the service's day, both `YYYY-MM-DD`).
 * `enabled` false (the team has it off): no songs.
 */
export const SetlistListeningSchema = z.object({
  enabled: z.boolean(),
  from: z.string(),
  to: z.string(),
  songs: z.array(z.object({ songId: z.string(), userIds: z.array(z.string()) })),
});
export type SetlistListening = z.infer<typeof SetlistListeningSchema>;
