import { Listeners } from './practice-player.ts';
import type { PracticePlayer } from './practice-player.ts';
import type { Region } from './practice.ts';

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
  return new ElementPlayer(audio, url);
}

class ElementPlayer implements PracticePlayer {
  readonly kind = 'element';
  readonly canShiftPitch = false;
  readonly durationMs: number;
  private readonly listeners = new Listeners();
  private loop: Region | null = null;
  private frame = 0;

  constructor(
    private readonly audio: HTMLAudioElement,
    private readonly url: string,
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
