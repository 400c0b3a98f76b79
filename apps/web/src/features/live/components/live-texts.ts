/** Texts of the live view; the spec's own ones (spec section 2) are marked. */
export const LIVE_VIEW_TEXTS = {
  /** spec */
  loading: 'Loading...',
  /** spec */
  accessDenied: 'Access denied. You are not a member of this team.',
  /** spec */
  noSongs: 'No songs in this setlist.',
  back: 'Back',
  viewMode: 'View mode',
  singlePart: 'Single Part',
  fullSong: 'Full Song',
  layout: 'Layout',
  singleColumn: 'Single Column',
  splitView: 'Split View',
  textSize: 'Text size',
  decreaseTextSize: 'Decrease text size',
  increaseTextSize: 'Increase text size',
  previousSong: 'Previous Song',
  nextSong: 'Next Song',
  parts: 'Parts',
  previousPart: 'Previous Part',
  nextPart: 'Next Part',
  partControls: 'Part controls',
  noParts: 'This song has no parts.',
  /** spec */
  announceMessage: 'Announce Message',
  send: 'Send',
  songOf: (position: number, total: number) => `Song ${position} of ${total}`,
  ledBy: (name: string) => `Led by ${name}`,
  yourPosition: (names: string) => `Your position: ${names}`,
  midiUnavailable: 'MIDI unavailable',
  midiConnect: 'Connect MIDI',
  midiConnectHint: 'Listen to a MIDI foot controller on this device',
  midiNoInputs: 'MIDI: no inputs connected',
  midiInputs: (names: string) => `MIDI: ${names}`,
} as const;
