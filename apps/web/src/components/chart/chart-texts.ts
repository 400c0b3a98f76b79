import type { SongAuthorType } from '@segue/shared';

/** Texts of a song's chart, on the song view, the setlist view and their printouts. */
export const CHART_TEXTS = {
  print: 'Print',
  tempo: (bpm: number) => `${bpm} BPM`,
  /** The song's own capo suggestion, with the shapes it gives in the key shown. */
  suggestedCapo: (capo: number, shapes: string | null) =>
    shapes ? `Capo ${capo} suggested (${shapes} shapes)` : `Capo ${capo} suggested`,
  ccli: (number: string) => `CCLI #${number}`,
  authorTypes: {
    words: 'Words',
    music: 'Music',
    translation: 'Translation',
  } satisfies Record<SongAuthorType, string>,
  authors: (type: string, names: string) => `${type}: ${names}`,
  /** Between the items of a details or footer line. */
  separator: ' · ',
} as const;
