/** Texts of the setlist view (/setlists/view/{id}) beyond SETLIST_SCREEN_TEXTS. */
export const SETLIST_VIEW_TEXTS = {
  showChords: 'Show chords',
  team: 'Team',
  ledBy: (name: string) => `Led by ${name}`,
  /** Each song's link to practice mode, in the key it is played in at this service. */
  practise: 'Practise',
  practiseSong: (title: string) => `Practise ${title}`,
  /** A position and who plays it: "Drums: Gideon Tester". */
  position: (position: string, person: string) => `${position}: ${person}`,
  /** Assigned to someone who has left the team since. */
  formerMember: 'Former member',
  /** While the team's names load. */
  nameLoading: '…',
  // A real order of service: times from the start time, durations, the total.
  serviceStarts: (start: string) => `Starts at ${start}`,
  serviceStartsEnds: (start: string, end: string) => `Starts at ${start}, ends at ${end}`,
  /** Some entry has no duration: the end is the earliest it can be. */
  serviceStartsEndsOrLater: (start: string, end: string) =>
    `Starts at ${start}, ends at ${end} or later`,
  totalLength: (length: string) => `Total length: ${length}`,
  totalLengthAtLeast: (length: string, missing: number) =>
    `Total length: at least ${length} (${
      missing === 1 ? '1 entry has' : `${missing} entries have`
    } no duration)`,
  /** An entry's time of day. */
  starts: (time: string) => `Starts ${time}`,
  /** An entry after one without a duration. */
  startsOrLater: (time: string) => `Starts ${time} or later`,
  duration: (length: string) => `Duration ${length}`,
} as const;
