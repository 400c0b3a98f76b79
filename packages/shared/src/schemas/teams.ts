import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { DEFAULT_EDITORS, EDITORS_SETTINGS } from '../policy.ts';
import { text } from './text.ts';

const IdSchema = text({ error: 'userId is required.' })
  .trim()
  .min(1, 'userId is required.')
  .max(200);

/** Body of `POST /api/teams` and `PUT /api/teams/{id}` (spec: Create a Team, Edit Team Info). */
export const TeamInputSchema = z.object({
  name: text({ error: 'Team name is required.' })
    .trim()
    .min(1, 'Team name is required.')
    .max(
      LIMITS.teamNameMaxLength,
      `Team name must be at most ${LIMITS.teamNameMaxLength} characters.`,
    ),
  description: text()
    .trim()
    .max(
      LIMITS.teamDescriptionMaxLength,
      `Description must be at most ${LIMITS.teamDescriptionMaxLength} characters.`,
    )
    .optional()
    .default(''),
});
export type TeamInput = z.input<typeof TeamInputSchema>;

/** A team as the API presents it (spec section 3, Team). */
export const TeamSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  members: z.array(z.string()),
  admins: z.array(z.string()),
  createdBy: z.string(),
  /** Pending requester ids; only admins see them, others get an empty list. */
  requestedUsers: z.array(z.string()),
  /**
   * Who may edit and delete the team's songs, and its setlists (ours). The default reads a
   * team kept on a device before the setting existed as the spec's "every member".
   */
  songEditors: z.enum(EDITORS_SETTINGS).default(DEFAULT_EDITORS),
  setlistEditors: z.enum(EDITORS_SETTINGS).default(DEFAULT_EDITORS),
  /** Whether the set's leaders see who played each song's recording (off unless the owner says). */
  shareListening: z.boolean().default(false),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Team = z.infer<typeof TeamSchema>;

const EditorsSchema = z.enum(EDITORS_SETTINGS, {
  error: "Choose 'everyone', 'leaders' or 'admins'.",
});
/** Body of `PUT /api/teams/{id}/editors`: who may edit and delete songs, and setlists. */
export const TeamEditorsInputSchema = z.object({
  songEditors: EditorsSchema,
  setlistEditors: EditorsSchema,
});
export type TeamEditorsInput = z.infer<typeof TeamEditorsInputSchema>;

/** `GET /api/teams/{id}`: the team plus the Overview counts. */
export const TeamDetailsSchema = TeamSchema.extend({
  stats: z.object({ members: z.number(), songs: z.number(), setlists: z.number() }),
});
export type TeamDetails = z.infer<typeof TeamDetailsSchema>;

/** One result of `GET /api/teams/search`. */
export const TeamSearchResultSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  memberCount: z.number(),
  isMember: z.boolean(),
  hasRequested: z.boolean(),
});
export type TeamSearchResult = z.infer<typeof TeamSearchResultSchema>;

export const TeamSearchQuerySchema = z.object({
  q: text().trim().min(1, 'Enter a team name to search for.').max(LIMITS.teamNameMaxLength),
});

export const UserIdInputSchema = z.object({ userId: IdSchema });
export const AddMemberInputSchema = z.object({
  email: text({ error: 'Email is required.' })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required.')
    .max(LIMITS.emailMaxLength)
    .pipe(z.email({ error: 'Enter a valid email address.' })),
});
export const RoleInputSchema = z.object({
  userId: IdSchema,
  role: z.enum(['member', 'admin'], { error: "Role must be 'member' or 'admin'." }),
});
/** A role an admin can give a member; the owner is whoever created the team. */
export type MemberRole = z.infer<typeof RoleInputSchema>['role'];
export const TransferOwnershipInputSchema = z.object({
  newOwnerId: text({ error: 'newOwnerId is required.' })
    .trim()
    .min(1, 'newOwnerId is required.')
    .max(200),
});

/** A person as `POST /api/users/batch` and the join request list present them. */
export const PersonSchema = z.object({
  $id: z.string(),
  name: z.string(),
  email: z.string(),
});
export type Person = z.infer<typeof PersonSchema>;

export const UsersBatchInputSchema = z.object({
  ids: z.array(text().max(200)).max(500, 'At most 500 ids at a time.'),
});

export const MessageAnswerSchema = z.object({ message: z.string() });
/**
 * The answer of Add User by Email. It is the same for every address (it names no
 * user): see docs/DECISIONS.md.
 */
export const AddMemberAnswerSchema = z.object({ message: z.string() });
