import { DEFAULT_CHORD_VIEW } from '@segue/shared';
import type { ChordView } from '@segue/shared';
import { keyCaption } from '../../../components/my-view/my-view.ts';
import { SETLIST_SCREEN_TEXTS } from './setlist-texts.ts';

/**
 * The key an entry is played in, with the song's own when it differs, then this musician's capo
 * and shapes: "Key A (song in G) · Capo 2 · G shapes". Null when neither has a key.
 */
export function entryKeyCaption(
  key: string | null,
  songKey: string | null,
  view: ChordView,
): string | null {
  const caption = keyCaption(key, view);
  const plain = keyCaption(key, DEFAULT_CHORD_VIEW);
  if (key === null || caption === null || plain === null) return caption;
  return `${SETLIST_SCREEN_TEXTS.performanceKey(key, songKey)}${caption.slice(plain.length)}`;
}
