import type { SongAuthorType } from '@segue/shared';
import { t, type MessageId } from '../../lib/i18n/i18n.ts';

// The texts of a song's chart (the song view, the setlist view, practice mode and their
// printouts) are the catalogs' `chart.*`.

/** Between the items of a details or footer line. */
export const CHART_SEPARATOR = ' · ';

const AUTHOR_TYPES = {
  words: 'chart.authorWords',
  music: 'chart.authorMusic',
  translation: 'chart.authorTranslation',
} as const satisfies Record<SongAuthorType, MessageId>;

/** What an author wrote: "Words", "Music", "Translation". */
export const authorTypeText = (type: SongAuthorType) => t(AUTHOR_TYPES[type]);
