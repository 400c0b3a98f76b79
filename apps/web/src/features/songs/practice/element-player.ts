import { Listeners } from './practice-player.ts';
import type { PracticePlayer } from './practice-player.ts';
import type { Region } from './practice.ts';
import { computePeaks } from './waveform.ts';

/**
 * The rate the overview decodes at: a waveform needs no more, and a fifth of 44.1 kHz holds a
 * fifth of the samples while they are read.
 */
const OVERVIEW_SAMPLE_RATE = 8000;

/** The recording's overview, decoded apart from the `<audio>` element; null where it cannot be. */
async function decodePeaks(blob: Blob): Promise<Float32Array | null> {
  if (typeof OfflineAudioContext === 'undefined') return null;
  try {
    const context = new OfflineAudioContext(1, 1, OVERVIEW_SAMPLE_RATE);
    const audio = await context.decodeAudioData(await blob.arrayBuffer());
    return computePeaks(
      Array.from({ length: audio.numberOfChannels }, (_, c) => audio.getChannelData(c)),
    );
  } catch (error) {
    console.warn('Practice: the recording could not be decoded for its waveform', error);
    return null;
  }
}

/**
 * The recording in an `<audio>` element (never in the page), for browsers where the stretch
 * worklet cannot run: tempo with the pitch kept (`preservesPitch`), no pitch shift, and a loop
 * that jumps back when a frame finds the end passed (a few milliseconds late, not seamless).
 */
export async function openElementPlayer(blob: Blob): Promise<PracticePlayer> {
  const url = URL.createObjectURL(blob);
  const audio = new Audio();
  audio.preload = 'auto';
  audio.preservesPitch = true;
  try {
    await new Promise<void>((resolve, reject) => {
      audio.addEventListener('loadedmetadata', () => resolve(), { once: true });
      audio.addEventListener('error', () => reject(new Error('The recording could not be read.')), {
        once: true,
      });
      audio.src = url;
    });
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
  return new ElementPlayer(audio, url, blob);
}

class ElementPlayer implements PracticePlayer {
  readonly kind = 'element';
  readonly canShiftPitch = false;
  readonly durationMs: number;
  private readonly listeners = new Listeners();
  private loop: Region | null = null;
  private frame = 0;
  private overview: Promise<Float32Array | null> | null = null;

  constructor(
    private readonly audio: HTMLAudioElement,
    private readonly url: string,
    private readonly blob: Blob,
  ) {
    this.durationMs = Number.isFinite(audio.duration) ? audio.duration * 1000 : 0;
    audio.addEventListener('ended', () => {
      // A loop that runs to the end of the recording starts again from its start.
      if (this.loop) {
        audio.currentTime = this.loop.startMs / 1000;
        void this.play();
      } else this.listeners.tell();
    });
    audio.addEventListener('pause', () => this.listeners.tell());
    audio.addEventListener('seeked', () => this.listeners.tell());
  }

  private readonly tick = () => {
    if (this.loop && this.audio.currentTime * 1000 >= this.loop.endMs) {
      this.audio.currentTime = this.loop.startMs / 1000;
    }
    this.listeners.tell();
    if (!this.audio.paused) this.frame = requestAnimationFrame(this.tick);
  };

  positionMs(): number {
    return this.audio.currentTime * 1000;
  }

  isPlaying(): boolean {
    return !this.audio.paused && !this.audio.ended;
  }

  async play(): Promise<void> {
    await this.audio.play();
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(this.tick);
    this.listeners.tell();
  }

  pause(): void {
    this.audio.pause();
  }

  seek(ms: number): void {
    this.audio.currentTime = Math.min(Math.max(ms, 0), this.durationMs) / 1000;
    this.listeners.tell();
  }

  setRate(rate: number): void {
    this.audio.playbackRate = rate;
  }

  setSemitones(): void {
    // An <audio> element cannot shift pitch apart from tempo; the page says so.
  }

  setLoop(region: Region | null): void {
    this.loop = region;
    const at = this.positionMs();
    if (region && (at < region.startMs || at >= region.endMs)) this.seek(region.startMs);
  }

  peaks(): Promise<Float32Array | null> {
    // Decoded only when the waveform asks, so the recording plays without waiting for it.
    this.overview ??= decodePeaks(this.blob);
    return this.overview;
  }

  subscribe(listener: () => void): () => void {
    return this.listeners.subscribe(listener);
  }

  dispose(): void {
    cancelAnimationFrame(this.frame);
    this.listeners.clear();
    this.audio.pause();
    this.audio.removeAttribute('src');
    this.audio.load();
    URL.revokeObjectURL(this.url);
  }
}
