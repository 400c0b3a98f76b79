import type { ClickOnStep } from '@segue/shared';

/**
 * Texts of the setlist screens that only the web app shows. The spec's own setlist texts
 * (headings, buttons, failures) are `SETLIST_TEXTS` in `@segue/shared`.
 */
export const SETLIST_SCREEN_TEXTS = {
  setlists: 'Setlists',
  noSetlists: 'No setlists yet.',
  failedToLoadSetlists: 'Failed to load setlists.',
  setlistCreated: 'Setlist created',
  setlistUpdated: 'Setlist updated',
  setlistCloned: 'Setlist cloned',
  cloneTitle: 'Clone Setlist',
  cloneText:
    'The copy keeps the songs, items, leaders, keys, tempos, start time and positions. Which day is it for?',
  cloneDate: 'Date of the copy',
  cloneDateMissing: 'Choose the day of the copy.',
  cloneButton: 'Clone',
  /** A song played a second (third…) time in the set: "Amazing Grace (reprise)". */
  reprise: (title: string, time: number) =>
    time === 2 ? `${title} (reprise)` : `${title} (reprise ${time - 1})`,
  playAgain: (label: string) => `Play ${label} again`,
  setlistDeleted: 'Setlist deleted',
  deleteSetlistTitle: 'Delete Setlist',
  positionsHeading: 'Team Positions and Assignments',
  songOrderHeading: 'Selected Song Order and Leaders',
  noPositions: 'No positions yet.',
  noSongsChosen: 'No songs chosen yet. Pick them in Songs above.',
  // A real order of service: items that are not songs, durations and a start time.
  startTime: 'Start time',
  addItem: 'Add Item',
  /** An item's name in the order before it has a title. */
  untitledItem: 'Untitled item',
  /** A second (third…) item of the same title: "Prayer (2)", so its buttons have names of their own. */
  repeatedItem: (title: string, time: number) => `${title} (${time})`,
  itemTitle: 'Title',
  /** The Title field's name: by the item's place among the items, as its title is being typed. */
  itemTitleOf: (itemNumber: number) => `Title of item ${itemNumber}`,
  itemNotes: 'Notes',
  notesFor: (label: string) => `Notes for ${label}`,
  removeItem: (label: string) => `Remove ${label}`,
  duration: 'Duration',
  durationFor: (label: string) => `Duration for ${label}`,
  durationPlaceholder: 'm:ss',
  durationInvalid: 'Duration must be minutes or m:ss.',
  noSongsInSetlist: 'No songs in this setlist.',
  failedToLoadSongs: 'Failed to load the song library.',
  key: 'Key',
  keyFor: (title: string) => `Key for ${title}`,
  songsKey: (songKey: string | null) => (songKey ? `Song's key (${songKey})` : "Song's key"),
  /** The key a song is played in at this service; the song's own key beside it when that differs. */
  performanceKey: (key: string, songKey: string | null) =>
    songKey && songKey !== key ? `Key ${key} (song in ${songKey})` : `Key ${key}`,
  tempo: 'Tempo (BPM)',
  tempoFor: (title: string) => `Tempo for ${title}`,
  /** The Tempo field's placeholder: the tempo an empty field plays, the song's own. */
  songsTempo: (bpm: number | null) => (bpm === null ? '' : `Song: ${bpm}`),
  // What a running click does when a driver steps to the next song (docs/DECISIONS.md, "The click").
  clickOnStep: 'When the leader moves to the next song, the click…',
  clickOnStepChoices: {
    follow: "follows the next song's tempo",
    stop: 'stops',
  } satisfies Record<ClickOnStep, string>,
  upcomingSetlists: 'Upcoming Setlists',
  yourPosition: 'Your Position',
  view: 'View',
  edit: 'Edit',
  liveView: 'Live View',
  presenterView: 'Presenter View',
  practiseTheSet: 'Practise the set',
} as const;

/** Where each setlist screen lives (spec section 2, route list). */
export const setlistPaths = {
  list: '/setlists',
  create: '/setlists/new',
  view: (id: string) => `/setlists/view/${encodeURIComponent(id)}`,
  edit: (id: string) => `/setlists/edit/${encodeURIComponent(id)}`,
  live: (id: string) => `/setlists/live/${encodeURIComponent(id)}`,
  presenter: (id: string) => `/setlists/presenter/${encodeURIComponent(id)}`,
  /** The set's songs in practice mode, one after another; `song` counts from 1. */
  practice: (id: string, song?: number) =>
    `/setlists/practice/${encodeURIComponent(id)}${song ? `?song=${song}` : ''}`,
};
