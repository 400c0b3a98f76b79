import { z } from 'zod';
import { text } from './text.ts';

/**
 * Assignment mails that work on their own (docs/DECISIONS.md, "Assignment mails, reminders
 * and the calendar feed"): the one-tap answer links of an assignment mail, and the personal
 * calendar feed of Account Settings.
 */
export const ASSIGNMENT_LINK_LIMITS = {
  /** The longest reason a decline through a mailed link may give. */
  reasonMaxLength: 500,
} as const;

/** What the answer page and its answers say, word for word. */
export const ASSIGNMENT_LINK_TEXTS = {
  notValid: 'This answer link is not valid.',
  used: 'This link was already used. Your answer is recorded; you can change it on your Segue dashboard.',
  expired: 'This link has expired: the service is over.',
  responseRequired: "Answer 'accepted' or 'declined'.",
  reasonTooLong: `The reason must be at most ${ASSIGNMENT_LINK_LIMITS.reasonMaxLength} characters.`,
  // The page (/respond/:token)
  loading: 'Loading your assignment...',
  failedToOpen: 'Could not open this link. Please try again.',
  failedToAnswer: 'Could not record your answer. Please try again.',
  title: 'Your assignment',
  assignedTo: (positions: string) => `You are asked to play ${positions}.`,
  confirmAccept: 'Accept this assignment?',
  confirmDecline: 'Decline this assignment?',
  reasonLabel: 'Reason (optional)',
  reasonHelp: 'Whoever planned the setlist gets it with your answer.',
  accept: 'Accept',
  decline: 'Decline',
  orDecline: 'Decline instead',
  orAccept: 'Accept instead',
  accepted: (positions: string, setlist: string) => `You accepted ${positions} in ${setlist}.`,
  declined: (positions: string, setlist: string) => `You declined ${positions} in ${setlist}.`,
  changeLater: 'You can change your answer later on your Segue dashboard.',
  goToDashboard: 'Go to Dashboard',
} as const;

/** `GET /api/assignment-links/{token}`: what the link answers for, and whether it still works. */
export const AssignmentLinkPreviewSchema = z.object({
  setlistName: z.string(),
  /** YYYY-MM-DD */
  date: z.string(),
  /** HH:MM, or null when the setlist names no start time. */
  startTime: z.string().nullable(),
  teamName: z.string(),
  /** The positions the link answers for. */
  positions: z.array(z.string()),
  status: z.enum(['valid', 'used', 'expired']),
});
export type AssignmentLinkPreview = z.infer<typeof AssignmentLinkPreviewSchema>;

/** Body of `POST /api/assignment-links/{token}`: the answer, and on a decline an optional reason. */
export const AssignmentLinkAnswerInputSchema = z.object({
  response: z.enum(['accepted', 'declined'], { error: ASSIGNMENT_LINK_TEXTS.responseRequired }),
  reason: text()
    .trim()
    .max(ASSIGNMENT_LINK_LIMITS.reasonMaxLength, ASSIGNMENT_LINK_TEXTS.reasonTooLong)
    .optional(),
});
export type AssignmentLinkAnswerInput = z.input<typeof AssignmentLinkAnswerInputSchema>;

/** The answer to a link's use: what was answered, for which positions. */
export const AssignmentLinkAnswerSchema = z.object({
  response: z.enum(['accepted', 'declined']),
  setlistName: z.string(),
  positions: z.array(z.string()),
});
export type AssignmentLinkAnswer = z.infer<typeof AssignmentLinkAnswerSchema>;

/** What Account Settings says of the calendar feed, word for word. */
export const CALENDAR_FEED_TEXTS = {
  title: 'Calendar',
  explained:
    'Subscribe to this address in your calendar app to see every service you play in or lead ' +
    'songs in, across your teams. Anyone with the address sees them: keep it to yourself.',
  create: 'Create calendar address',
  revoke: 'Revoke',
  revokeExplained: 'Revoke makes a new address; the old one stops working at once.',
  webcalLabel: 'Calendar address (webcal)',
  httpsLabel: 'Calendar address (https)',
  shownOnce: 'The address is shown only now: copy it into your calendar app.',
  activeSince: (when: string) =>
    `A calendar address is active since ${when}. It is shown only when created: revoke it to get a new one.`,
  none: 'You have no calendar address.',
  created: 'Calendar address created.',
  revoked: 'The old calendar address no longer works.',
  failedToLoad: 'Failed to load your calendar address.',
  failedToCreate: 'Failed to create a calendar address.',
  feedNotFound: 'Calendar not found.',
} as const;

/** `GET /api/account/calendar-feed`: whether the account has a calendar address, and since when. */
export const CalendarFeedStatusSchema = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof CalendarFeedStatusSchema>;

/** `POST /api/account/calendar-feed`: a new address (the old one stops working); shown once. */
export const CreatedCalendarFeedSchema = z.object({
  url: z.string(),
  webcalUrl: z.string(),
  createdAt: z.string(),
});
export type CreatedCalendarFeed = z.infer<typeof CreatedCalendarFeedSchema>;
