import { useEffect, useRef } from 'react';

export interface LiveKeyActions {
  previousPart: () => void;
  nextPart: () => void;
  previousSong: () => void;
  nextSong: () => void;
}

const KEYS: Record<string, keyof LiveKeyActions> = {
  ArrowLeft: 'previousPart',
  ArrowRight: 'nextPart',
  ArrowUp: 'previousSong',
  ArrowDown: 'nextSong',
};

/** Left/right change part, up/down change song (spec section 2), except while typing. */
export function useLiveKeys(actions: LiveKeyActions): void {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.shiftKey || isTyping(event.target)) return;
      const action = KEYS[event.key];
      if (!action) return;
      event.preventDefault();
      latest.current[action]();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
