import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_CHORD_VIEW, chordViewFrom } from '@segue/shared';
import type { ChordView } from '@segue/shared';
import { chordViewDefaultQuery } from '../../lib/chord-view-default.ts';
import { useSession } from '../../lib/session/session.ts';
import { liveChordView } from '../../lib/storage.ts';

/** The view this device stored, or null when it never made one of its own. */
function storedView(): ChordView | null {
  const stored = liveChordView.get();
  return stored === null ? null : chordViewFrom(stored);
}

/**
 * This musician's "My view" of the chords on this device. A device that never changed it
 * shows the account's default (Account Settings), or the standard view when that cannot be
 * read (logged out, offline); its first change is stored on the device and wins from then on.
 */
export function useChordView() {
  const [own, setOwn] = useState(storedView);
  const accountId = useSession().account?.$id ?? null;
  const accountDefault = useQuery({
    ...chordViewDefaultQuery(accountId ?? ''),
    enabled: own === null && accountId !== null,
    // The view a device starts with: not swapped under a musician in the middle of a song.
    staleTime: Infinity,
  });
  const base = accountDefault.data ?? DEFAULT_CHORD_VIEW;
  const view = own ?? base;

  // Only a change is written: what was read at mount stays as it was stored.
  const read = useRef(own);
  useEffect(() => {
    if (own !== null && own !== read.current) liveChordView.set(own);
  }, [own]);

  const change = useCallback(
    (change: Partial<ChordView>) => setOwn((current) => ({ ...(current ?? base), ...change })),
    [base],
  );
  return { view, change };
}
