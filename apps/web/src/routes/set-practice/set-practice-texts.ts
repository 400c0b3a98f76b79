/** Texts of "Practise the set" (/setlists/practice/{id}): docs/DECISIONS.md, "Practice mode". */
export const SET_PRACTICE_TEXTS = {
  practiseTheSet: 'Practise the set',
  /** The set's bar above the song: "Sunday Service: song 2 of 5". */
  songOf: (setlist: string, number: number, count: number) =>
    `${setlist}: song ${number} of ${count}`,
  songs: 'Songs of the set',
  previousSong: 'Previous song',
  nextSong: 'Next song',
  backToSetlist: 'Back to the setlist',
  noSongs: 'This setlist has no songs to practise.',
  failedToLoad: 'The setlist could not be loaded.',
  notFound: 'Setlist not found',
} as const;
