import { useState } from 'react';

/**
 * Counts the moves to another part (or song) and tells their direction: 1 forward, -1 back,
 * 0 before the first move. A new count starts the slide and the transition window; the same
 * part arriving again (this screen's move confirmed by the server) starts nothing.
 */
export function usePartChange(songIndex: number, partIndex: number) {
  const [state, setState] = useState({ songIndex, partIndex, count: 0, direction: 0 });
  if (state.songIndex !== songIndex || state.partIndex !== partIndex) {
    const forward =
      songIndex > state.songIndex || (songIndex === state.songIndex && partIndex > state.partIndex);
    const next = { songIndex, partIndex, count: state.count + 1, direction: forward ? 1 : -1 };
    setState(next);
    return next;
  }
  return state;
}
