import { SONG_AUTHOR_TYPES, capoShapes, parseKey } from '@segue/shared';
import type { ChordView, Song } from '@segue/shared';
import { t } from '../../lib/i18n/i18n.ts';
import { authorTypeText, CHART_SEPARATOR } from './chart-texts.ts';

/** What a chart's header and footer read of a song. */
export type ChartSong = Pick<Song, 'capo' | 'tempo' | 'time' | 'ccli' | 'copyright' | 'authors'>;

/**
 * The song's facts after its key caption: its capo suggestion (with the shapes it gives in `key`,
 * unless this musician's own capo is that one already, shown in the caption), tempo and time.
 */
export function songFacts(song: ChartSong, key: string | null, view: ChordView): string[] {
  const facts: string[] = [];
  if (song.capo > 0 && song.capo !== view.capo) {
    const sounding = key === null ? null : parseKey(key);
    const shapes = sounding ? capoShapes(sounding, song.capo) : null;
    facts.push(
      shapes
        ? t('chart.suggestedCapoShapes', { capo: song.capo, shapes })
        : t('chart.suggestedCapo', { capo: song.capo }),
    );
  }
  if (song.tempo !== null) facts.push(t('chart.tempo', { bpm: song.tempo }));
  if (song.time !== null) facts.push(song.time);
  return facts;
}

/** "Words: A, B · Music: C", authors grouped by what they wrote; null without authors. */
export function authorsLine(authors: ChartSong['authors']): string | null {
  const groups = SONG_AUTHOR_TYPES.map((type) => {
    const names = authors.filter((author) => author.type === type).map(({ name }) => name);
    return names.length === 0
      ? null
      : t('chart.authors', { type: authorTypeText(type), names: names.join(', ') });
  }).filter((group) => group !== null);
  return groups.length === 0 ? null : groups.join(CHART_SEPARATOR);
}

/** The footer's items: the copyright as written, then "CCLI #1234". */
export function chartFooter(song: ChartSong): string[] {
  const items: string[] = [];
  const copyright = song.copyright.trim();
  if (copyright) items.push(copyright);
  if (song.ccli) items.push(t('chart.ccli', { number: song.ccli }));
  return items;
}
