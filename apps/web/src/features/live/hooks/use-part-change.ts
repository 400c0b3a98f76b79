import { useState } from 'react';

/**
 * Counts the moves to another part (or entry of the set) and tells their direction: 1 forward,
 * -1 back, 0 before the first move. `entry` is the place in the order of service (a song or an
 * item), `partIndex` the song's part (-1 on an item). A new count starts the slide and the
 * transition window; the same part arriving again (this screen's move confirmed by the server)
 * starts nothing.
 */
export function usePartChange(entry: number, partIndex: number) {
  const [state, setState] = useState({ entry, partIndex, count: 0, direction: 0 });
  if (state.entry !== entry || state.partIndex !== partIndex) {
    const forward = entry > state.entry || (entry === state.entry && partIndex > state.partIndex);
    const next = { entry, partIndex, count: state.count + 1, direction: forward ? 1 : -1 };
    setState(next);
    return next;
  }
  return state;
}
