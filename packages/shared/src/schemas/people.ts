import { z } from 'zod';
import { POSITION_OPTIONS, SETLIST_LIMITS } from './setlists.ts';
import { text } from './text.ts';

/**
 * People and availability: the positions each member plays, the days they are away
 * (blockouts), and their answers to the positions they are assigned in setlists.
 */
export const PEOPLE_LIMITS = {
  /** Positions one member says they play in one team. */
  maxPositionsPerMember: 20,
  blockoutReasonMaxLength: 200,
  /** The longest blockout, counting both its first and its last day. */
  blockoutMaxDays: 366,
  /** Blockouts one account keeps at once. */
  maxBlockouts: 100,
  /** The longest period `GET /api/teams/{id}/blockouts` covers. */
  maxQueryDays: 366,
} as const;

/** An assigned person's answer: asked (pending), then accepted or declined. */
export const ASSIGNMENT_STATUSES = ['pending', 'accepted', 'declined'] as const;
export const AssignmentStatusSchema = z.enum(ASSIGNMENT_STATUSES);
export type AssignmentStatus = z.infer<typeof AssignmentStatusSchema>;

/** Joins names as "A", "A and B", "A, B and C". */
export function listOfNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Words both sides show. */
export const PEOPLE_TEXTS = {
  // Setlist form: suggestions and away warnings
  plays: (position: string) => `plays ${position}`,
  away: 'away',
  awayOnThisDate: (name: string) => `${name} is away on this date`,
  assignAnyway: 'Assign anyway?',
  assignAnywayButton: 'Assign anyway',
  /** The 409 of a setlist save that assigns someone away on its date (without `confirmAway`). */
  awayConflict: (names: readonly string[], date: string) =>
    `${listOfNames(names)} ${names.length === 1 ? 'is' : 'are'} away on ${date}.`,

  // Assignment answers
  statusLabel: { pending: 'Pending', accepted: 'Accepted', declined: 'Declined' },
  accept: 'Accept',
  decline: 'Decline',
  yourAssignments: 'Your assignments',
  assignmentAccepted: 'Assignment accepted',
  assignmentDeclined: 'Assignment declined',
  failedToAnswer: 'Failed to answer the assignment.',
  notAssignee: 'Only the person assigned to this position can answer.',
  assignmentChanged: 'This assignment has changed. Reload to see it as it is now.',
  positionRequired: 'Name the position you are answering for.',
  responseRequired: "Answer 'accepted' or 'declined'.",

  // Availability (Account Settings)
  availability: 'Availability',
  availabilityExplained:
    'Days you are away. Whoever plans a setlist on one of them is warned before assigning you. ' +
    'Only the admins of your teams see the reason.',
  firstDay: 'First day',
  lastDay: 'Last day',
  reason: 'Reason (optional)',
  addBlockout: 'Add Dates',
  deleteBlockout: 'Delete',
  noBlockouts: 'No days away entered.',
  blockoutAdded: 'Days away added',
  blockoutDeleted: 'Days away deleted',
  failedToLoadBlockouts: 'Failed to load your days away.',
  failedToSaveBlockout: 'Failed to save your days away.',
  firstDayRequired: 'Choose the first day.',
  lastDayRequired: 'Choose the last day.',
  dayInvalid: 'Dates must be valid dates (YYYY-MM-DD).',
  lastBeforeFirst: 'The last day must be on or after the first day.',
  blockoutTooLong: `Days away can span at most ${PEOPLE_LIMITS.blockoutMaxDays} days at a time.`,
  reasonTooLong: `The reason must be at most ${PEOPLE_LIMITS.blockoutReasonMaxLength} characters.`,
  tooManyBlockouts: `You can keep at most ${PEOPLE_LIMITS.maxBlockouts} entries of days away. Delete old ones first.`,
  blockoutNotFound: 'Those days away were not found.',
  periodTooLong: `The period can be at most ${PEOPLE_LIMITS.maxQueryDays} days.`,
  fromAfterTo: 'From must be on or before To.',

  // My positions (Account Settings)
  myPositions: 'My positions',
  myPositionsExplained:
    'The positions you play in each of your teams. Whoever plans a setlist sees you first when assigning them.',
  positionsFor: (teamName: string) => `Positions in ${teamName}`,
  addYourOwn: 'Add your own',
  savePositions: 'Save Positions',
  positionsSaved: 'Positions saved',
  failedToLoadPositions: 'Failed to load your positions.',
  failedToSavePositions: 'Failed to save your positions.',
  tooManyPositions: `You can list at most ${PEOPLE_LIMITS.maxPositionsPerMember} positions per team.`,
  noTeams: 'Join a team to say which positions you play.',
} as const;

/**
 * For each position of `after`, the index of the position of `before` it continues (the same
 * name and the same person), or -1 for a new assignment or an unassigned position. A position
 * listed twice with the same person is matched once per copy, in order. The server keeps the
 * answers of the continued ones; the setlist form shows them beside the rows they belong to.
 */
export function matchAssignments(
  before: readonly { name: string; assignedTo: string | null }[],
  after: readonly { name: string; assignedTo?: string | null | undefined }[],
): number[] {
  const taken = new Set<number>();
  return after.map((p) => {
    if (!p.assignedTo) return -1;
    const match = before.findIndex(
      (old, i) => !taken.has(i) && old.name === p.name && old.assignedTo === p.assignedTo,
    );
    if (match >= 0) taken.add(match);
    return match;
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A real day of the calendar written as YYYY-MM-DD (not 2030-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

/** Days from `first` to `last`, both counted (two calendar days). */
export function daysSpanned(first: string, last: string): number {
  return (
    Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / DAY_MS) + 1
  );
}

const daySchema = (required: string) =>
  text({ error: required }).trim().min(1, required).refine(isCalendarDay, PEOPLE_TEXTS.dayInvalid);

const PositionNameSchema = text({ error: 'A position needs a name.' })
  .trim()
  .min(1, 'A position needs a name.')
  .max(
    SETLIST_LIMITS.positionNameMaxLength,
    `Position names must be at most ${SETLIST_LIMITS.positionNameMaxLength} characters.`,
  );

/** The positions every team offers: the spec's list without its "Other" (that is a custom one). */
export const STANDARD_POSITIONS: readonly string[] = POSITION_OPTIONS.filter((p) => p !== 'Other');

/** Positions in their first spelling, without repeats that differ only in case. */
export function distinctPositions(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const name of names) {
    const key = name.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(name.trim());
  }
  return out;
}

/** Body of `PUT /api/teams/{id}/members/me/positions`. */
export const MyPositionsInputSchema = z.object({
  positions: z
    .array(PositionNameSchema, { error: 'Send the positions as a list.' })
    .max(PEOPLE_LIMITS.maxPositionsPerMember, PEOPLE_TEXTS.tooManyPositions)
    .transform(distinctPositions),
});
export type MyPositionsInput = z.input<typeof MyPositionsInputSchema>;

/**
 * `GET`/`PUT /api/teams/{id}/members/me/positions`: what the caller plays in the team, and the
 * team's positions to choose from (the standard ones and those its setlists use).
 */
export const MyPositionsSchema = z.object({
  positions: z.array(z.string()),
  teamPositions: z.array(z.string()),
});
export type MyPositions = z.infer<typeof MyPositionsSchema>;

/** `GET /api/teams/{id}/member-positions`: one row a member. */
export const MemberPositionsSchema = z.object({
  userId: z.string(),
  positions: z.array(z.string()),
});
export type MemberPositions = z.infer<typeof MemberPositionsSchema>;

/** Body of `POST /api/account/blockouts`: a stretch of days away, both days included. */
export const BlockoutInputSchema = z
  .object({
    startsOn: daySchema(PEOPLE_TEXTS.firstDayRequired),
    endsOn: daySchema(PEOPLE_TEXTS.lastDayRequired),
    reason: text()
      .trim()
      .max(PEOPLE_LIMITS.blockoutReasonMaxLength, PEOPLE_TEXTS.reasonTooLong)
      .nullish()
      .transform((v) => v ?? ''),
  })
  .refine((b) => b.startsOn <= b.endsOn, {
    message: PEOPLE_TEXTS.lastBeforeFirst,
    path: ['endsOn'],
  })
  .refine((b) => daysSpanned(b.startsOn, b.endsOn) <= PEOPLE_LIMITS.blockoutMaxDays, {
    message: PEOPLE_TEXTS.blockoutTooLong,
    path: ['endsOn'],
  });
export type BlockoutInput = z.input<typeof BlockoutInputSchema>;

/** One of the caller's blockouts (`GET`/`POST /api/account/blockouts`). */
export const BlockoutSchema = z.object({
  _id: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
export type Blockout = z.infer<typeof BlockoutSchema>;

/** Query of `GET /api/teams/{id}/blockouts`: the days asked about, both included. */
export const TeamBlockoutsQuerySchema = z
  .object({
    from: daySchema('Choose the first day of the period (from).'),
    to: daySchema('Choose the last day of the period (to).'),
  })
  .refine((q) => q.from <= q.to, { message: PEOPLE_TEXTS.fromAfterTo, path: ['to'] })
  .refine((q) => daysSpanned(q.from, q.to) <= PEOPLE_LIMITS.maxQueryDays, {
    message: PEOPLE_TEXTS.periodTooLong,
    path: ['to'],
  });
export type TeamBlockoutsQuery = z.infer<typeof TeamBlockoutsQuerySchema>;

/**
 * A member of the team away during (part of) the period asked about. `reason` only in the
 * answer to the team's admins.
 */
export const TeamBlockoutSchema = z.object({
  userId: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  reason: z.string().optional(),
});
export type TeamBlockout = z.infer<typeof TeamBlockoutSchema>;

/** Body of `POST /api/setlist/{id}/positions/{index}/response`. */
export const AssignmentResponseInputSchema = z.object({
  response: z.enum(['accepted', 'declined'], { error: PEOPLE_TEXTS.responseRequired }),
  /**
   * The position's name as the caller saw it: the answer is refused (409) if the position at
   * that index is now another one.
   */
  name: text({ error: PEOPLE_TEXTS.positionRequired })
    .trim()
    .min(1, PEOPLE_TEXTS.positionRequired)
    .max(200),
});
export type AssignmentResponseInput = z.input<typeof AssignmentResponseInputSchema>;

/** The answer to an assignment response: the position as it is now. */
export const AssignmentAnswerSchema = z.object({
  index: z.number(),
  name: z.string(),
  assignedTo: z.string(),
  status: AssignmentStatusSchema,
});
export type AssignmentAnswer = z.infer<typeof AssignmentAnswerSchema>;

/** Query of `GET /api/account/assignments`: from which day on (default: yesterday, UTC). */
export const AssignmentsQuerySchema = z.object({
  from: text().trim().refine(isCalendarDay, PEOPLE_TEXTS.dayInvalid).optional(),
});

/** `GET /api/account/assignments`: one position the caller holds in a coming setlist. */
export const AssignmentSchema = z.object({
  setlistId: z.string(),
  setlistName: z.string(),
  /** The setlist's day, YYYY-MM-DD. */
  date: z.string(),
  teamId: z.string(),
  teamName: z.string(),
  /** The position's place in the setlist, for the answer's path. */
  index: z.number(),
  position: z.string(),
  status: AssignmentStatusSchema,
});
export type Assignment = z.infer<typeof AssignmentSchema>;
