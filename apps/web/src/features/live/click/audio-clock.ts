import type { ClickAudioContext } from './click-sounds.ts';

/** Readings kept: a third of a second of the scheduler's wake-ups. */
const READINGS = 15;

/**
 * When a sound queued on an AudioContext reaches the ear, on `performance.now()`'s clock. The
 * two clocks run on different crystals, so they are paired afresh on every pass of the scheduler
 * and the median of the recent pairings is used: one late reading (the main thread paused between
 * the two reads) cannot move a beat.
 *
 * Where the browser has `getOutputTimestamp()`, its pair is the sample leaving the speaker and
 * the moment it does, which already holds the whole output path. Elsewhere `currentTime` is read
 * against `performance.now()`, and the latencies the browser reports (`baseLatency`, the graph's,
 * and `outputLatency`, the device's) are added. `currentTime` moves in blocks of a few ms, so a
 * reading lands anywhere within one: the median sits in the middle of that, a bias below 2 ms that
 * a calibration absorbs.
 */
export class AudioOutputClock {
  /** Recent `heard ms − context ms` gaps, newest last. */
  private gaps: number[] = [];
  private fromTimestamp: boolean | null = null;

  constructor(
    private readonly context: ClickAudioContext,
    /** `performance.now()` (a test's clock). */
    private readonly now: () => number,
  ) {}

  /** Takes a fresh pairing of the two clocks. */
  read(): void {
    const stamp = this.context.getOutputTimestamp?.();
    // Before the context has played its first block, the stamp is zeros.
    const fromTimestamp = !!stamp && stamp.contextTime! > 0 && stamp.performanceTime! > 0;
    if (fromTimestamp !== this.fromTimestamp) this.gaps = [];
    this.fromTimestamp = fromTimestamp;
    let gap: number;
    if (fromTimestamp) {
      gap = stamp!.performanceTime! - stamp!.contextTime! * 1000;
    } else {
      const reported = (this.context.baseLatency ?? 0) + (this.context.outputLatency ?? 0);
      gap = this.now() - this.context.currentTime * 1000 + reported * 1000;
    }
    if (!Number.isFinite(gap)) return;
    this.gaps.push(gap);
    if (this.gaps.length > READINGS) this.gaps.shift();
  }

  /** Forgets the pairings (the context stopped, and its clock with it). */
  reset(): void {
    this.gaps = [];
    this.fromTimestamp = null;
  }

  /** Whether there is a pairing to map times with. */
  get ready(): boolean {
    return this.gaps.length > 0;
  }

  /** The `performance.now()` time a sound started at `contextTime` (s) is heard. */
  heardAt(contextTime: number): number {
    return contextTime * 1000 + this.gap();
  }

  /** The context time (s) to start a sound at so that it is heard at `heardMs`. */
  contextTimeFor(heardMs: number): number {
    return (heardMs - this.gap()) / 1000;
  }

  private gap(): number {
    const sorted = [...this.gaps].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1
      ? sorted[middle]!
      : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  }
}
