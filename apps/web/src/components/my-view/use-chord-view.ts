import { useEffect, useState } from 'react';
import { chordViewFrom } from '@segue/shared';
import type { ChordView } from '@segue/shared';
import { liveChordView } from '../../lib/storage.ts';

/** This musician's "My view" of the chords, kept on this device only. */
export function useChordView() {
  const [view, setView] = useState(() => chordViewFrom(liveChordView.get()));
  useEffect(() => liveChordView.set(view), [view]);
  return {
    view,
    change: (change: Partial<ChordView>) => setView((current) => ({ ...current, ...change })),
  };
}
