import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { SERVER_ERRORS } from '../texts.ts';
import { TeamSchema } from './teams.ts';
import { text } from './text.ts';

/** Limits of team invitations (docs/DECISIONS.md, Teams, "Invitations"). */
export const INVITE_LIMITS = {
  minDays: 1,
  maxDays: 30,
  /** The most uses an admin may allow a link. */
  maxUses: 1000,
  /** The expiry choices Manage Team offers, in days. */
  expiryChoices: [1, 3, 7, 14, 30],
  /** The expiry Manage Team starts with, in days. */
  defaultExpiryDays: 7,
} as const;

/** What the invitation screens and answers say, word for word. */
export const INVITE_TEXTS = {
  expired: 'This invitation has expired.',
  revoked: 'This invitation was withdrawn.',
  used: 'This invitation has already been used.',
  notValid: 'This invitation link is not valid.',
  inviteNotFound: 'Invitation not found.',
  expiryInvalid: `Choose an expiry from ${INVITE_LIMITS.minDays} to ${INVITE_LIMITS.maxDays} days.`,
  maxUsesInvalid: `Limit uses must be a whole number from 1 to ${INVITE_LIMITS.maxUses}.`,
  kindInvalid: "kind must be 'link' or 'email'.",
  tooManyPending: 'This team has too many pending invitations. Withdraw some first.',
  // Manage Team, Invitations tab
  tabLabel: 'Invitations',
  linkSectionTitle: 'Invite Link',
  linkSectionHelp:
    'Anyone with the link can join the team until it expires or its uses run out. ' +
    'It is shown only once: copy it now.',
  expiresIn: 'Expires in',
  limitUses: 'Limit uses',
  limitUsesHelp: 'Leave empty for no limit.',
  createLink: 'Create Link',
  createdLink: 'Invite link',
  copyLink: 'Copy link',
  linkCopied: 'Link copied.',
  copyFailed: 'Could not copy the link. Select it and copy it yourself.',
  linkCreated: 'Invite link created.',
  failedToCreate: 'Failed to create the invitation',
  emailSectionTitle: 'Invite by Email',
  emailSectionHelp:
    'We mail a link that works once. The person can join with an account they have, or a new one.',
  emailLabel: 'Email address',
  sendInvite: 'Send Invitation',
  invitationSent: 'Invitation sent.',
  pendingTitle: 'Pending Invitations',
  noPending: 'No pending invitations.',
  failedToLoad: 'Failed to load invitations',
  linkItem: 'Invite link',
  emailItem: 'Email invitation, single use',
  usedOf: (uses: number, maxUses: number) => `${uses} of ${maxUses} used`,
  usedNoLimit: (uses: number) => `${uses} used, no limit`,
  expires: (when: string) => `Expires ${when}`,
  days: (days: number) => (days === 1 ? '1 day' : `${days} days`),
  withdraw: 'Withdraw',
  withdrawLabel: (what: string) => `Withdraw ${what}`,
  withdrawTitle: 'Withdraw Invitation',
  confirmWithdraw: 'Are you sure you want to withdraw this invitation? Its link will stop working.',
  withdrawn: 'Invitation withdrawn',
  failedToWithdraw: 'Failed to withdraw the invitation',
  // The /invite/:token page
  loading: 'Opening your invitation...',
  invitedTo: (teamName: string) => `You are invited to join ${teamName}`,
  signInToJoin: 'Log in or create an account to join the team. You join as soon as you are in.',
  logIn: 'Log in',
  register: 'Register',
  goToDashboard: 'Go to Dashboard',
  joined: (teamName: string) => `You joined ${teamName}.`,
  alreadyMember: (teamName: string) => `You are already a member of ${teamName}.`,
  failedToOpen: 'The invitation could not be opened. Please try again.',
} as const;

const ExpiresInDaysSchema = z
  .number({ error: INVITE_TEXTS.expiryInvalid })
  .int(INVITE_TEXTS.expiryInvalid)
  .min(INVITE_LIMITS.minDays, INVITE_TEXTS.expiryInvalid)
  .max(INVITE_LIMITS.maxDays, INVITE_TEXTS.expiryInvalid);

const MaxUsesSchema = z
  .number({ error: INVITE_TEXTS.maxUsesInvalid })
  .int(INVITE_TEXTS.maxUsesInvalid)
  .min(1, INVITE_TEXTS.maxUsesInvalid)
  .max(INVITE_LIMITS.maxUses, INVITE_TEXTS.maxUsesInvalid);

/** A link admins share: valid for `expiresInDays`, for `maxUses` joins (null: no limit). */
export const LinkInviteInputSchema = z.object({
  kind: z.literal('link'),
  expiresInDays: ExpiresInDaysSchema,
  maxUses: MaxUsesSchema.nullable().optional().default(null),
});
export type LinkInviteInput = z.input<typeof LinkInviteInputSchema>;

/** A single-use link mailed to an address, with or without a Segue account. */
export const EmailInviteInputSchema = z.object({
  kind: z.literal('email'),
  email: text({ error: SERVER_ERRORS.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, SERVER_ERRORS.emailRequired)
    .max(LIMITS.emailMaxLength, SERVER_ERRORS.invalidEmail)
    .pipe(z.email({ error: SERVER_ERRORS.invalidEmail })),
  expiresInDays: ExpiresInDaysSchema,
});
export type EmailInviteInput = z.input<typeof EmailInviteInputSchema>;

/** Body of `POST /api/teams/{id}/invites`. */
export const InviteInputSchema = z.discriminatedUnion(
  'kind',
  [LinkInviteInputSchema, EmailInviteInputSchema],
  { error: INVITE_TEXTS.kindInvalid },
);
export type InviteInput = z.output<typeof InviteInputSchema>;

export const InviteKindSchema = z.enum(['link', 'email']);
export type InviteKind = z.infer<typeof InviteKindSchema>;

/** A pending invitation as admins see it. Its token is never part of it. */
export const InviteSchema = z.object({
  _id: z.string(),
  kind: InviteKindSchema,
  /** The invited address (kind 'email'); null for a link. */
  email: z.string().nullable(),
  expiresAt: z.string(),
  /** null: no limit until it expires. */
  maxUses: z.number().nullable(),
  uses: z.number(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Invite = z.infer<typeof InviteSchema>;

/**
 * Answer of `POST /api/teams/{id}/invites`: the invitation, and for a link its URL (shown
 * once: only its hash is stored). An e-mail invitation's link goes only in the mail.
 */
export const CreatedInviteSchema = z.object({
  invite: InviteSchema,
  url: z.string().optional(),
});
export type CreatedInvite = z.infer<typeof CreatedInviteSchema>;

export const InviteStatusSchema = z.enum(['valid', 'expired', 'revoked', 'used']);
export type InviteStatus = z.infer<typeof InviteStatusSchema>;

/** Answer of `GET /api/invites/{token}` (no sign-in needed): whom it joins, and whether it still works. */
export const InvitePreviewSchema = z.object({
  teamName: z.string(),
  kind: InviteKindSchema,
  status: InviteStatusSchema,
});
export type InvitePreview = z.infer<typeof InvitePreviewSchema>;

/**
 * Answer of `POST /api/invites/{token}/accept`: the team; `joined` is false when the caller
 * was a member already (the invitation was then not used).
 */
export const AcceptedInviteSchema = z.object({
  team: TeamSchema,
  joined: z.boolean(),
});
export type AcceptedInvite = z.infer<typeof AcceptedInviteSchema>;

/** The message of an invitation that can no longer be used. */
export const inviteStatusMessage = (status: Exclude<InviteStatus, 'valid'>): string =>
  INVITE_TEXTS[status];
