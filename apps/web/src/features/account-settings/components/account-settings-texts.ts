/**
 * The Account Settings and recovery screens' own texts. The server's answers
 * (ACCOUNT_SETTINGS_TEXTS in @segue/shared) are shown as they come.
 */
export const SETTINGS_TEXTS = {
  nameUpdated: 'Name updated',
  phoneUpdated: 'Phone number updated',
  passwordChanged: 'Password changed',
  passwordChangeSignsOut: 'Changing your password signs you out on every other device.',
  passwordsDiffer: 'The passwords do not match.',
  sessionSignedOut: 'Session signed out',
  otherSessionsSignedOut: 'All other sessions signed out',
  twoFactorOn: 'Two-factor authentication is on.',
  twoFactorOff: 'Two-factor authentication is off.',
  twoFactorTurnedOff: 'Two-factor authentication turned off',
  twoFactorEnabled: 'Two-factor authentication is now on',
  backupCodesNote: 'Each code works once. Keep them somewhere safe: they are shown only now.',
  accountDeleted: 'Your account was deleted',
  chordViewExplained: 'The view each of your devices starts with. A device keeps its own changes.',
  chordViewSaved: 'Chord view saved',
  offlineDataExplained:
    'Segue keeps the setlists of your teams from yesterday to 14 days ahead, with their songs, on this device, so they open without a connection.',
  keepTheWeek: "Keep the week's setlists on this device",
  nothingKept: 'Nothing is kept on this device.',
  offlineDataRemoved: 'Offline data removed from this device.',
  offlineUnsupported: 'This browser cannot keep data for offline use.',
  keepRecordings: 'Keep recordings for offline practice',
  // 1 GB is KEPT_RECORDINGS_BYTES_LIMIT (lib/offline/keep-recordings.ts).
  keepRecordingsExplained:
    'On request, the recordings of those setlists’ songs are kept too, the nearest services first and up to 1 GB, so practice mode works without a connection.',
  keepingRecordings: 'Keeping the recordings…',
  noRecordingsKept: 'No recordings are kept on this device.',
  removeRecordings: 'Remove kept recordings',
  recordingsRemoved: 'Kept recordings removed from this device.',
  invalidResetLink: 'Invalid reset link.',
  passwordReset: 'Password reset! Redirecting...',
  confirmingEmail: 'Confirming your new email...',
  emailChanged: 'Email changed! Redirecting...',
  // Fallbacks for answers without a server text (network failure, proxy page).
  couldNotSave: 'Could not save the change.',
  couldNotLoadSessions: 'Could not load your sessions.',
  couldNotLoadTwoFactor: 'Could not load the two-factor status.',
  couldNotLoadChordView: 'Could not load your chord view.',
  couldNotSignOut: 'Could not sign out the session.',
  couldNotSendLink: 'Could not send the link. Please try again later.',
  couldNotResetPassword: 'Could not reset the password.',
  couldNotDeleteAccount: 'Could not delete the account.',
} as const;
