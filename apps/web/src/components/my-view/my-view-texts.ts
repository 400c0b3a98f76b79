/** Texts of "My view", in the live, setlist and song views and Account Settings. */
export const MY_VIEW_TEXTS = {
  myView: 'My view',
  capo: 'Capo',
  noCapo: 'No capo',
  capoFret: (fret: number) => `Capo ${fret}`,
  instrumentTranspose: 'Instrument',
  concertPitch: 'Concert pitch',
  notation: 'Notation',
  accidentals: 'Sharps and flats',
  accidentalsAuto: 'As the key',
  sharps: 'Sharps',
  flats: 'Flats',
  showChords: 'Chords',
  capoRule: 'When the key changes live',
  keepShapes: 'Keep my shapes',
  keepCapo: 'Keep my capo',
  lyrics: 'Lyrics languages',
  mainLyrics: 'Main lyrics',
  /** One language alone: "Español (es) only". */
  only: (language: string) => `${language} only`,
  /** The main lyrics with a translation under them: "English (en) + Español (es)". */
  both: (main: string, language: string) => `${main} + ${language}`,
} as const;
