import { z } from 'zod';
import type { EditorsSetting } from '../policy.ts';

/** How long a deleted song or setlist stays in the trash before it is deleted for good. */
export const TRASH_DAYS = 30;

/** A song or setlist in the trash, as `GET /api/teams/{id}/trash` lists it. */
export const TrashEntrySchema = z.object({
  _id: z.string(),
  /** The song's title or the setlist's name. */
  title: z.string(),
  /** The song's artist, or the setlist's date (YYYY-MM-DD). */
  detail: z.string(),
  deletedAt: z.string(),
  /** Who deleted it: their id and name, or null for an account deleted since. */
  deletedBy: z.object({ $id: z.string(), name: z.string() }).nullable(),
  /** When it is deleted for good. */
  purgeAt: z.string(),
  /** Whether the caller may restore it (whoever may delete it, as the team's setting says). */
  canRestore: z.boolean(),
});
export type TrashEntry = z.infer<typeof TrashEntrySchema>;

export const TrashSchema = z.object({
  songs: z.array(TrashEntrySchema),
  setlists: z.array(TrashEntrySchema),
});
export type Trash = z.infer<typeof TrashSchema>;

/** What the team's owner may pick, as the settings screen names it. */
export const EDITORS_LABELS: Record<EditorsSetting, string> = {
  everyone: 'Every member',
  leaders: 'Song leaders, admins and the owner',
  admins: 'Admins only (owner and admins)',
};

export const TRASH_TEXTS = {
  title: 'Trash',
  intro: `Deleted songs and setlists stay here for ${TRASH_DAYS} days, then they are deleted for good.`,
  songs: 'Songs',
  setlists: 'Setlists',
  empty: 'Nothing in the trash.',
  restore: 'Restore',
  songRestored: 'Song restored',
  setlistRestored: 'Setlist restored',
  failedToLoad: 'Failed to load the trash',
  failedToRestore: 'Failed to restore',
  deletedBy: (name: string, when: string) => `Deleted by ${name} on ${when}`,
  deletedByUnknown: (when: string) => `Deleted on ${when}`,
  purgeOn: (when: string) => `Deleted for good on ${when}`,
  songMovedToTrash: 'Song moved to the trash',
  setlistMovedToTrash: 'Setlist moved to the trash',
  songEditorsRefused: "Your team's owner has not let you change this team's songs.",
  setlistEditorsRefused: "Your team's owner has not let you change this team's setlists.",
  editorsHeading: 'Who may change songs and setlists',
  songEditorsLabel: 'Who may edit and delete songs',
  setlistEditorsLabel: 'Who may edit and delete setlists',
  editorsHelp:
    'Everyone may add songs and plan new setlists. A song leader is whoever leads that song in one of the team’s setlists; for a setlist, whoever leads a song in it.',
  editorsOwnerOnly: 'Only the team owner can change these.',
  editorsSaved: 'Saved who may change songs and setlists',
  failedToSaveEditors: 'Failed to save the setting',
} as const;
