import type { Region } from './practice.ts';

/**
 * A recording loaded for practice: played at a tempo and a pitch of the musician's choosing,
 * looping a region if asked. Two kinds (docs/DECISIONS.md, "Practice mode"): `stretch` (the
 * Signalsmith Stretch AudioWorklet: tempo and pitch apart) and `element`, an `<audio>` element
 * with `preservesPitch` where the worklet cannot run (tempo only).
 */
export interface PracticePlayer {
  readonly kind: 'stretch' | 'element';
  readonly durationMs: number;
  readonly canShiftPitch: boolean;
  /** Where the recording is, in milliseconds. */
  positionMs(): number;
  isPlaying(): boolean;
  play(): Promise<void>;
  pause(): void;
  seek(ms: number): void;
  setRate(rate: number): void;
  setSemitones(semitones: number): void;
  /** Repeats `region` without a gap while set; null plays on. */
  setLoop(region: Region | null): void;
  /**
   * The recording's overview for the waveform (`computePeaks`, `PEAK_BUCKETS` stretches), worked
   * out once; null where the browser cannot decode the recording.
   */
  peaks(): Promise<Float32Array | null>;
  /** Told of the position several times a second while playing, and of every change. */
  subscribe(listener: () => void): () => void;
  dispose(): void;
}

/** What both players share: listeners, and the end of the recording. */
export class Listeners {
  private readonly listeners = new Set<() => void>();

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  tell(): void {
    for (const listener of this.listeners) listener();
  }

  clear(): void {
    this.listeners.clear();
  }
}

/** Why the stretch player was not used, kept for the page's data attribute and the console. */
export type FallbackReason = 'no-worklet' | 'no-wasm' | 'failed';

/**
 * Opens `blob` for practice: with the stretch worklet when the browser (and the page's
 * Content-Security-Policy) allow it, else with an `<audio>` element.
 */
export async function openPracticePlayer(
  blob: Blob,
): Promise<{ player: PracticePlayer; fallback: FallbackReason | null }> {
  const { openStretchPlayer, stretchSupport } = await import('./stretch-player.ts');
  const support = stretchSupport();
  if (support === 'ok') {
    try {
      return { player: await openStretchPlayer(blob), fallback: null };
    } catch (error) {
      console.warn('Practice: the stretch player could not start; playing without pitch', error);
      const { openElementPlayer } = await import('./element-player.ts');
      return { player: await openElementPlayer(blob), fallback: 'failed' };
    }
  }
  const { openElementPlayer } = await import('./element-player.ts');
  return { player: await openElementPlayer(blob), fallback: support };
}
