import { capoShapes, notateLine, parseKey, transposeKey, transposeLineBy } from '@segue/shared';
import type { ChordView, Key, SongLine } from '@segue/shared';
import { t } from '../../lib/i18n/i18n.ts';

/**
 * The key this musician reads in: the song's (performance) key moved down by the capo and
 * up by the instrument's transposition. Null when the song has no key.
 */
export function readingKey(key: string | null, view: ChordView): Key | null {
  const sounding = key === null ? null : parseKey(key);
  if (!sounding) return null;
  return transposeKey(capoShapes(sounding, view.capo), view.transpose);
}

/**
 * A part's lines as this musician reads them: moved by capo and instrument, spelled as the
 * reading key (or the device's sharps/flats), written in the chosen notation, or without
 * chords. Lines come back unchanged for the default view.
 */
export function linesForMe<L extends SongLine>(
  lines: readonly L[],
  key: string | null,
  view: ChordView,
): L[] {
  if (!view.chords) return lines.map((line) => ({ ...line, chords: '' }));
  const semitones = view.transpose - view.capo;
  const reading = readingKey(key, view);
  if (semitones === 0 && view.notation === 'letters' && view.accidentals === 'auto') {
    return [...lines];
  }
  const spelling = view.accidentals !== 'auto' ? view.accidentals : (reading ?? 'sharps');
  return lines.map((line) => {
    const moved =
      semitones === 0 && view.accidentals === 'auto'
        ? line.chords
        : transposeLineBy(line.chords, semitones, spelling);
    return { ...line, chords: notateLine(moved, view.notation, reading ?? undefined) };
  });
}

/**
 * "Key A · Capo 2 · G shapes", or just "Key A" without a capo, in the active language: call it
 * while rendering, on a route that loads the `myView` texts.
 */
export function keyCaption(key: string | null, view: ChordView): string | null {
  if (key === null) return null;
  if (view.capo === 0) return t('myView.keyCaption', { key });
  const shapes = readingKey(key, { ...view, transpose: 0 });
  const capo = view.capo;
  return shapes
    ? t('myView.keyCaptionShapes', { key, capo, shapes })
    : t('myView.keyCaptionCapo', { key, capo });
}
