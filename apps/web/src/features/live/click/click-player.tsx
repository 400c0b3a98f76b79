import { useEffect } from 'react';
import type { ClickState } from '@segue/shared';
import type { ClickScheduler } from './click-scheduler.ts';
import { useClickPlayer } from './use-click.ts';

/**
 * Plays the band's click on this device (`useClickPlayer`), as a component the live view loads
 * only once its musician turns the click or MIDI clock on: the scheduler, the sounds, the
 * spoken count-in and MIDI clock stay out of every other device's first load. Tells
 * `onScheduler` the scheduler it plays with (null when it stops), for the beat pulse.
 */
export function ClickPlayer(props: {
  click: ClickState | null;
  offsetMs: () => number | null;
  onScheduler: (scheduler: ClickScheduler | null) => void;
}) {
  const { onScheduler } = props;
  const scheduler = useClickPlayer(props.click, props.offsetMs);
  useEffect(() => {
    onScheduler(scheduler);
    return () => onScheduler(null);
  }, [scheduler, onScheduler]);
  return null;
}
