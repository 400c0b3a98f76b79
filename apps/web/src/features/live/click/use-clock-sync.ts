import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { ClockSync } from './clock-sync.ts';
import type { ClockPing, ClockReading } from './clock-sync.ts';

/**
 * This device's offset to the server's clock while `ping` is given (the live socket's
 * `clock:ping`; a stable function, or the measurements start over), and the reading for the
 * "Timing" readout.
 */
export function useClockSync(ping: ClockPing | null): {
  sync: ClockSync | null;
  reading: ClockReading | null;
} {
  const [sync, setSync] = useState<ClockSync | null>(null);
  useEffect(() => {
    if (!ping) return;
    const made = new ClockSync(ping);
    made.start();
    setSync(made);
    return () => {
      made.dispose();
      setSync(null);
    };
  }, [ping]);
  const subscribe = useCallback(
    (listener: () => void) => sync?.subscribe(listener) ?? (() => undefined),
    [sync],
  );
  const reading = useSyncExternalStore(subscribe, () => sync?.getSnapshot() ?? null);
  return { sync, reading };
}
