import { useEffect, useRef } from 'react';
import { keyFocusOf, liveKeyAction } from '../utils/page-turn-keys.ts';
import type { KeyFocus } from '../utils/page-turn-keys.ts';

export interface LiveKeyActions {
  previousPart: () => void;
  nextPart: () => void;
  previousSong: () => void;
  nextSong: () => void;
}

/**
 * Left/right change part, up/down change song (spec section 2); PageDown/PageUp and Space, what
 * page-turn pedals send, change part too. Never while typing, nor a key a focused control has a
 * use for (Space presses a button): page-turn-keys.ts.
 */
export function useLiveKeys(actions: LiveKeyActions): void {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = liveKeyAction(event, focusOf(event.target));
      if (!action) return;
      event.preventDefault();
      latest.current[action]();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

function focusOf(target: EventTarget | null): KeyFocus {
  if (!(target instanceof HTMLElement)) return 'none';
  return keyFocusOf({
    tagName: target.tagName,
    isContentEditable: target.isContentEditable,
    role: target.getAttribute('role'),
    type: target.getAttribute('type'),
    href: target.getAttribute('href'),
  });
}
