import { useEffect, useRef, useState } from 'react';
import type { ClickState } from '@segue/shared';
import { BeatTimer } from './beat-events.ts';
import type { BeatSource } from './beat-events.ts';
import type { ClickScheduler } from './click-scheduler.ts';

/**
 * The beats to pulse with: the scheduler's while this device plays the click (the pulse then
 * follows the sound), else a silent timer on the same grid (the stage display, a musician
 * without the click).
 */
export function useBeatSource(
  click: ClickState | null,
  offsetMs: () => number | null,
  scheduler: ClickScheduler | null,
): BeatSource | null {
  const offset = useRef(offsetMs);
  useEffect(() => {
    offset.current = offsetMs;
  });
  const [timer, setTimer] = useState<BeatTimer | null>(null);
  useEffect(() => {
    if (scheduler) return;
    const made = new BeatTimer({ offsetMs: () => offset.current() });
    setTimer(made);
    return () => {
      made.dispose();
      setTimer(null);
    };
  }, [scheduler]);
  useEffect(() => {
    timer?.setState(click);
  }, [timer, click]);
  return scheduler ?? timer;
}
