/**
 * What the follow page needs of the contract at run time: its texts and its socket's path.
 * Kept apart from follow.ts, whose schemas bring zod: the page's first load must stay small
 * (docs/DECISIONS.md, "The congregation follows"). follow.ts re-exports both.
 */

/** Where the follow page's socket.io server listens, beside the band's `/socket.io`. */
export const FOLLOW_SOCKET_PATH = '/follow.io';

export const FOLLOW_TEXTS = {
  waiting: 'Waiting for the next song',
  ended: 'This link has ended.',
  notFound: 'This link has ended.',
  listenOnly: 'A follow page only listens.',
  roomFull: 'This service has as many followers as it allows. Try again in a minute.',
  addressFull: 'Too many phones on this network follow right now. Try again in a minute.',
  instanceFull: 'Segue is very busy right now. Try again in a minute.',
  backToLive: 'Back to live',
  textSize: 'Text size',
  theme: 'Theme',
  light: 'Light',
  dark: 'Dark',
  highContrast: 'High contrast',
  keepScreenOn: 'Keep the screen on',
  ccliLicence: 'CCLI licence',
  // The follow page's own
  settings: 'Display settings',
  smallerText: 'Smaller text',
  largerText: 'Larger text',
  /** "Back to live" once the band has moved on while the reader looks back. */
  backToLiveMoved: 'Back to live: the band moved on',
  reconnecting: 'Reconnecting…',
  loading: 'Loading…',
  screenOnUnavailable: 'This browser cannot keep the screen on.',
  /** The choice of the song's languages, shown when it has more than one. */
  lyricsLanguage: 'Lyrics language',
  /** The song's own words, when it does not say which language they are in. */
  originalLyrics: 'As written',
  songCcli: (number: string) => `CCLI #${number}`,
  // The band's side
  share: 'Share with the congregation',
  showJoinCode: 'Show join code',
  hideJoinCode: 'Hide join code',
  withdraw: 'Withdraw link',
  following: (count: number) => (count === 1 ? '1 phone following' : `${count} phones following`),
  licenceTitle: 'Lyrics on personal devices',
  licenceQuestion:
    "Does your team's licence cover showing song lyrics on the congregation's own phones? The team's owner confirms this once, before the first link.",
  licenceConfirm: 'Yes, our licence covers it',
  licenceOwnerOnly:
    "The team's owner must first confirm that your licence covers lyrics on personal devices.",
  notDriver: 'Only the leader can share the setlist with the congregation.',
} as const;
