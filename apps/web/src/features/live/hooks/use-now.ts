import { useEffect, useState } from 'react';

/**
 * The current time (ms since the epoch), updated every `intervalMs` on the interval's
 * boundary, so a clock's seconds and minutes turn over when the wall clock's do.
 */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = (from: number) => {
      timer = setTimeout(tick, intervalMs - (from % intervalMs));
    };
    const tick = () => {
      const current = Date.now();
      setNow(current);
      schedule(current);
    };
    // Also reads the time at once: the first value may be from an earlier render.
    tick();
    return () => clearTimeout(timer);
  }, [intervalMs]);
  return now;
}
