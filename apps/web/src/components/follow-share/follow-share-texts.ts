/**
 * The share dialog's own texts; the ones both the band and the server say are FOLLOW_TEXTS in
 * `@segue/shared` (docs/DECISIONS.md, "The congregation follows").
 */
export const FOLLOW_SHARE_TEXTS = {
  explain:
    'Anyone with this link reads the words of the part the band is on, on their own phone, with no account. It shows no chords, names, notes or band messages.',
  linkLabel: 'Congregation link',
  copy: 'Copy link',
  copied: 'Link copied.',
  copyFailed: 'Could not copy the link. Select it and copy it yourself.',
  validUntil: (when: string) => `Works until ${when}.`,
  loading: 'Preparing the link…',
  loadFailed: 'The congregation link could not be loaded.',
  createFailed: 'The congregation link could not be made.',
  licenceFailed: 'The confirmation could not be saved.',
  tryAgain: 'Try again',
  close: 'Close',
  cancel: 'Cancel',
  withdrawTitle: 'Withdraw the link?',
  withdrawMessage:
    'Every phone following it stops at once, and its code leaves the screen. You can share a new link later.',
  withdrawConfirm: 'Withdraw',
  withdrawn: 'Link withdrawn.',
  withdrawFailed: 'The link could not be withdrawn.',
} as const;
