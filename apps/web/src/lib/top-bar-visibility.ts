import { useEffect, useSyncExternalStore } from 'react';

/** How many mounted screens ask for the top bar to be hidden (the live view in stage mode). */
let hiders = 0;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const change = (delta: number) => {
  hiders += delta;
  for (const listener of listeners) listener();
};

/** Hides the app's top bar while `hidden` and the calling screen is mounted. */
export function useHideTopBar(hidden: boolean): void {
  useEffect(() => {
    if (!hidden) return;
    change(1);
    return () => change(-1);
  }, [hidden]);
}

/** Whether some screen asked for the top bar to be hidden. */
export function useTopBarHidden(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hiders > 0,
    () => false,
  );
}
