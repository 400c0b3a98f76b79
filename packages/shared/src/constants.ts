/** Keys the web app keeps in the browser's storage (spec section 3 and the product README). */
export const STORAGE_KEYS = {
  /** session storage */
  jwt: 'jwt',
  /** local storage */
  selectedTeamId: 'selectedTeamId',
  /** local storage */
  theme: 'theme',
  /** local storage */
  presenterBackground: 'segue.presenter.background',
  /** local storage: this device listens to MIDI controllers in the live view ('on'). */
  liveMidi: 'segue.live.midi',
  /** session storage: the address of a login refused for verification, for Resend. */
  pendingVerificationEmail: 'segue.pendingVerificationEmail',
} as const;

/** Business constants of spec section 9. */
export const LIMITS = {
  tokenCacheMs: 60_000,
  teamCreatedRedirectMs: 2000,
  verifiedRedirectMs: 3000,
  toastAutoHideMs: 4000,
  passwordMinLength: 8,
  passwordMaxLength: 128,
  nameMaxLength: 100,
  phoneMaxLength: 32,
  emailMaxLength: 254,
  teamNameMaxLength: 100,
  teamDescriptionMaxLength: 1000,
  /** How long an e-mail verification link stays valid. */
  verificationLinkTtlMs: 24 * 60 * 60 * 1000,
} as const;

export const THEME_COLORS = {
  primary: '#646cff',
  dark: { background: '#121212', paper: '#1e1e1e' },
  light: { background: '#f5f5f5', paper: '#ffffff' },
  transitionSeconds: 1.5,
} as const;

export const TOOLTIP = {
  enterDelay: 100,
  enterTouchDelay: 700,
  leaveTouchDelay: 1500,
  maxWidth: 300,
} as const;

export const API_PREFIX = '/api';

/**
 * Machine-readable codes beside the human `error` text, for the few answers the UI branches on.
 * Here rather than beside the account schemas, so the web app can read them without loading zod.
 */
export const ERROR_CODES = {
  emailNotVerified: 'email_not_verified',
  rateLimited: 'rate_limited',
  unauthorized: 'unauthorized',
  validation: 'validation',
  notFound: 'not_found',
  mfaRequired: 'mfa_required',
  /** A setlist save assigns someone away on its date; resend with `confirmAway`. */
  assigneeAway: 'assignee_away',
} as const;
