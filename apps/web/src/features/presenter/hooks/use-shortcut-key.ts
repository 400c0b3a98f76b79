import { useEffect } from 'react';
import { isShortcutKey } from '../utils/shortcut-key.ts';

/** Calls `onPress` when the one-letter shortcut `letter` is pressed anywhere on the page (see `isShortcutKey`). */
export function useShortcutKey(letter: string, onPress: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isShortcutKey(event, letter)) return;
      event.preventDefault();
      onPress();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [letter, onPress]);
}
