import { useEffect, useState } from 'react';
import { NOTATIONS } from '@segue/shared';
import { liveChordView } from '../../../lib/storage.ts';
import { DEFAULT_CHORD_VIEW } from '../utils/my-view.ts';
import type { ChordView } from '../utils/my-view.ts';

const inRange = (value: unknown, min: number, max: number): value is number =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/** The stored view, field by field: anything missing or not valid takes the default. */
function storedView(): ChordView {
  const stored = liveChordView.get();
  const s = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<
    string,
    unknown
  >;
  return {
    capo: inRange(s.capo, 0, 11) ? s.capo : DEFAULT_CHORD_VIEW.capo,
    transpose: inRange(s.transpose, -11, 11) ? s.transpose : DEFAULT_CHORD_VIEW.transpose,
    notation: NOTATIONS.find((n) => n === s.notation) ?? DEFAULT_CHORD_VIEW.notation,
    accidentals: s.accidentals === 'sharps' || s.accidentals === 'flats' ? s.accidentals : 'auto',
    chords: typeof s.chords === 'boolean' ? s.chords : DEFAULT_CHORD_VIEW.chords,
  };
}

/** This musician's "My view" of the chords, kept on this device only. */
export function useChordView() {
  const [view, setView] = useState(storedView);
  useEffect(() => liveChordView.set(view), [view]);
  return {
    view,
    change: (change: Partial<ChordView>) => setView((current) => ({ ...current, ...change })),
  };
}
