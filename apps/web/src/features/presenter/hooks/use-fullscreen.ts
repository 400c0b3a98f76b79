import { useCallback, useEffect, useState } from 'react';
import { useShortcutKey } from './use-shortcut-key.ts';

const isFullscreen = () => document.fullscreenElement !== null;

/** Whether the page fills the screen, and a toggle for it (spec section 2: key F). */
export function useFullscreen() {
  const [fullscreen, setFullscreen] = useState(isFullscreen);
  useEffect(() => {
    const onChange = () => setFullscreen(isFullscreen());
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggle = useCallback(() => {
    const change = isFullscreen()
      ? document.exitFullscreen()
      : document.documentElement.requestFullscreen();
    change.catch((error: unknown) => console.warn('[presenter] full screen refused', error));
  }, []);

  return { fullscreen, toggle };
}

/** Calls `onToggle` when F is pressed, except while typing or with a modifier key. */
export function useFullscreenKey(onToggle: () => void): void {
  useShortcutKey('f', onToggle);
}
