/** Texts of the setlist view (/setlists/view/{id}) beyond SETLIST_SCREEN_TEXTS. */
export const SETLIST_VIEW_TEXTS = {
  showChords: 'Show chords',
  team: 'Team',
  ledBy: (name: string) => `Led by ${name}`,
  /** A position and who plays it: "Drums: Gideon Tester". */
  position: (position: string, person: string) => `${position}: ${person}`,
  /** Assigned to someone who has left the team since. */
  formerMember: 'Former member',
  /** While the team's names load. */
  nameLoading: '…',
} as const;
