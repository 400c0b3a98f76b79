import { useCallback, useEffect } from 'react';
import type { ClockPing, ClockReading } from '../click/clock-sync.ts';
import { useClockSync } from '../click/use-clock-sync.ts';

/**
 * This device's offset to the server's clock, measured over the page's live socket once it has
 * joined, and again at once each time it joins after a reconnect (the network in between may
 * have changed, and the server with it). `offsetMs` is stable, for the click's players.
 */
export function useBandClock(
  ping: ClockPing,
  joins: number,
): { reading: ClockReading | null; offsetMs: () => number | null } {
  const { sync, reading } = useClockSync(joins > 0 ? ping : null);
  useEffect(() => {
    if (joins > 1) void sync?.measure();
  }, [joins, sync]);
  const offsetMs = useCallback(() => sync?.offsetMs() ?? null, [sync]);
  return { reading, offsetMs };
}
