import { useCallback, useState } from 'react';
import { useShortcutKey } from './use-shortcut-key.ts';

/**
 * Whether the projector is blacked out, and a toggle for it; key B toggles it too, as in
 * presentation programs, so the operator can hide the screen between songs or during prayer.
 */
export function useBlackout() {
  const [blackedOut, setBlackedOut] = useState(false);
  const toggle = useCallback(() => setBlackedOut((on) => !on), []);
  useShortcutKey('b', toggle);
  return { blackedOut, toggle };
}
