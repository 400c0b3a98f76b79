/**
 * Texts of the Song screens that the specification does not quote, so they are not in the
 * shared SONG_TEXTS (yet): chosen here, in the spirit of the quoted ones.
 */
export const SONG_SCREEN_TEXTS = {
  libraryTitle: 'Song Library',
  addSong: 'Add Song',
  exportLibrary: 'Export Library',
  importLibrary: 'Import Library',
  libraryFile: 'Library file',
  importingSongsLabel: 'Importing songs',
  importingSongs: (count: number) => `Importing ${count} ${count === 1 ? 'song' : 'songs'}...`,
  loadingSongs: 'Loading songs',
  deleteSongTitle: 'Delete Song',
  failedToDeleteSong: 'Failed to delete song',
  newSong: 'New Song',
  editSong: 'Edit Song',
  createSong: 'Create Song',
  updateSong: 'Update Song',
  backToLibrary: 'Back to Song Library',
} as const;

/** Asked before the song form is left with changes not saved. */
export const leaveSongTexts = {
  title: 'Leave without saving?',
  message: 'Your changes to this song are not saved.',
  stay: 'Stay',
  leave: 'Leave',
} as const;

/**
 * The library's column headers (Title, Artist, Created, Updated and Actions as the spec quotes
 * them; Key, Tempo and Last used are ours: docs/DECISIONS.md, Chords, "The library's columns")
 * and what their cells say.
 */
export const songColumnTexts = {
  title: 'Title',
  artist: 'Artist',
  key: 'Key',
  tempo: 'Tempo',
  lastUsed: 'Last used',
  created: 'Created',
  updated: 'Updated',
  actions: 'Actions',
  /** An empty cell: no artist, no key, no tempo. */
  none: '—',
  bpm: (tempo: number) => `${tempo} BPM`,
  /** Last used, for a song no setlist holds. */
  never: 'Never',
} as const;

/** The song form's two views of the parts (docs/DECISIONS.md, "Song entry as one chart"). */
export const songEntryTexts = {
  parts: 'Parts',
  views: 'How to enter the parts',
  chartView: 'Chart',
  linesView: 'Line by line',
  chart: 'Chart',
  chartHelp: 'ChordPro or chords over words: a heading such as [Verse 1] starts each part.',
  chartPlaceholder:
    '[Verse 1]\nG              C         G\nAmazing grace, how sweet the sound\n\n[Chorus]\n...',
  /** The preview's heading for a part not labelled yet (an empty heading says nothing). */
  unlabelledPart: (n: number) => `Part ${n} (no label yet)`,
} as const;

/** The accessible names of the parts editor's controls; parts and lines count from 1. */
export const partEditorLabels = {
  part: (n: number) => `Part ${n}`,
  label: (n: number) => `Part ${n} label`,
  movePartUp: (n: number) => `Move part ${n} up`,
  movePartDown: (n: number) => `Move part ${n} down`,
  removePart: (n: number) => `Remove part ${n}`,
  addLine: (n: number) => `Add line to part ${n}`,
  chords: (n: number, m: number) => `Part ${n} line ${m} chords`,
  lyrics: (n: number, m: number) => `Part ${n} line ${m} lyrics`,
  moveLineUp: (n: number, m: number) => `Move part ${n} line ${m} up`,
  moveLineDown: (n: number, m: number) => `Move part ${n} line ${m} down`,
  removeLine: (n: number, m: number) => `Remove part ${n} line ${m}`,
};

/** The song details' labels and accessible names; authors count from 1. */
export const songDetailsLabels = {
  details: 'Details',
  key: 'Key',
  noKey: 'No key',
  capo: 'Capo',
  noCapo: 'No capo',
  tempo: 'Tempo (BPM)',
  time: 'Time',
  timePlaceholder: '4/4',
  moreDetails: 'More details',
  ccli: 'CCLI number',
  copyright: 'Copyright',
  authors: 'Authors',
  noAuthors: 'No authors yet.',
  addAuthor: 'Add author',
  authorName: (n: number) => `Author ${n} name`,
  authorType: (n: number) => `Author ${n} type`,
  removeAuthor: (n: number) => `Remove author ${n}`,
  authorTypes: { words: 'Words', music: 'Music', translation: 'Translation' },
} as const;

/** The song form's languages: the main lyrics' language and the parts' translations. */
export const SONG_LANGUAGE_FORM_TEXTS = {
  language: 'Language',
  addTranslation: 'Add translation',
  addTranslationTo: (part: string) => `Add a translation to ${part}`,
  translationLanguage: 'Translation language',
  translationLanguageHelp: 'Choose a language or type its tag, such as es or pt-BR.',
  cancel: 'Cancel',
  translationLine: (n: number, m: number, language: string) => `Part ${n} line ${m} in ${language}`,
  translationPlaceholder: (language: string) => `${language} translation`,
  removeTranslation: (part: string, language: string) =>
    `Remove the ${language} translation of ${part}`,
  partName: (n: number) => `part ${n}`,
  translations: 'Translations',
  addTranslationLead: 'Add translation to:',
  chartTranslation: (label: string, language: string) => `${label} in ${language}`,
  chartTranslationHelp: (lines: number) =>
    lines === 1
      ? 'One line, under the part’s one line.'
      : `One line for each of the part’s ${lines} lines, in their order.`,
} as const;
