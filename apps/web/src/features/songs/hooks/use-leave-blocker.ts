import { useCallback, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { UNSAFE_NavigationContext, useBeforeUnload } from 'react-router';

/** As react-router's `useBlocker` answers: a held navigation to let go (proceed) or drop (reset). */
export type LeaveBlocker =
  | { state: 'unblocked'; proceed: undefined; reset: undefined }
  | { state: 'blocked'; proceed: () => void; reset: () => void };

const UNBLOCKED: LeaveBlocker = { state: 'unblocked', proceed: undefined, reset: undefined };

/** What this hook uses of the Navigation API, which TypeScript's DOM types do not have yet. */
interface NavigateEventLike extends Event {
  readonly navigationType: 'push' | 'replace' | 'reload' | 'traverse';
  readonly destination: { readonly index: number };
}
interface NavigationLike extends EventTarget {
  readonly currentEntry: { readonly index: number } | null;
}

/**
 * Holds every in-app navigation away from the page while `when` is true (links, `navigate()`,
 * the browser's back and forward buttons) and lets the page ask first; the browser asks on its
 * own before a reload, a typed address or closing the tab.
 *
 * React Router's `useBlocker` does this but needs a data router, and the app runs under
 * `<BrowserRouter>`: this holds the router's own navigator calls instead, and cancels back and
 * forward through the Navigation API before the router hears of them. Browsers cancel those
 * only for a page the user touched since (Chromium; a browser without the API lets them go).
 * It answers like `useBlocker`, so it can give way to it once the app moves to a data router.
 */
export function useLeaveBlocker(when: boolean): LeaveBlocker {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const [held, setHeld] = useState<(() => void) | null>(null);
  const whenRef = useRef(when);
  // Set once the user chose to leave, so the held navigation goes through.
  const leavingRef = useRef(false);

  // In a layout effect, so a `flushSync` that turns `when` off frees a navigation made right after.
  useLayoutEffect(() => {
    whenRef.current = when;
  }, [when]);

  useEffect(() => {
    const { push, replace } = navigator;
    const blocking = () => whenRef.current && !leavingRef.current;
    const hold = (go: () => void) => setHeld(() => go);

    navigator.push = (...args) => {
      if (blocking()) hold(() => push(...args));
      else push(...args);
    };
    navigator.replace = (...args) => {
      if (blocking()) hold(() => replace(...args));
      else replace(...args);
    };

    // Back and forward: by `popstate` the router has moved on already (its listener came
    // first), so they are cancelled before, when the browser announces them.
    const navigation = (window as Window & { navigation?: NavigationLike }).navigation;
    const onNavigate = (event: Event) => {
      const { navigationType, destination, cancelable } = event as NavigateEventLike;
      const here = navigation?.currentEntry?.index ?? -1;
      if (navigationType !== 'traverse' || !cancelable || !blocking()) return;
      if (here < 0 || destination.index < 0) return;
      event.preventDefault();
      hold(() => window.history.go(destination.index - here));
    };
    navigation?.addEventListener('navigate', onNavigate);

    return () => {
      navigator.push = push;
      navigator.replace = replace;
      navigation?.removeEventListener('navigate', onNavigate);
    };
  }, [navigator]);

  useBeforeUnload(
    useCallback((event: BeforeUnloadEvent) => {
      if (!whenRef.current || leavingRef.current) return;
      // Either asks the browser to confirm, depending on its age.
      event.preventDefault();
      event.returnValue = '';
    }, []),
  );

  if (!held) return UNBLOCKED;
  return {
    state: 'blocked',
    proceed: () => {
      leavingRef.current = true;
      setHeld(null);
      held();
    },
    reset: () => setHeld(null),
  };
}
