import SignalsmithStretch from 'signalsmith-stretch';
import type { StretchNode } from 'signalsmith-stretch';
// The package's file as it is, for the worklet: same origin, so a `script-src 'self'` page
// loads it (the package's own fallback is a blob: URL of its code, which such a page refuses).
import workletUrl from 'signalsmith-stretch?url';
import { Listeners } from './practice-player.ts';
import type { FallbackReason, PracticePlayer } from './practice-player.ts';
import type { Region } from './practice.ts';
import { computePeaks } from './waveform.ts';

/** How long the worklet may take to load and compile before the `<audio>` player is used. */
const READY_WITHIN_MS = 8000;

/** The smallest WebAssembly module: compiling it tells whether the page may compile any. */
const EMPTY_WASM = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

/**
 * Whether the stretch worklet can run here. A worklet compiles its WebAssembly under the
 * page's Content-Security-Policy, which must allow 'wasm-unsafe-eval'; asked here on the main
 * thread, where a refusal throws at once instead of leaving the worklet silent.
 */
export function stretchSupport(): 'ok' | Exclude<FallbackReason, 'failed'> {
  if (typeof AudioContext === 'undefined' || typeof AudioWorkletNode === 'undefined') {
    return 'no-worklet';
  }
  try {
    new WebAssembly.Module(EMPTY_WASM);
    return 'ok';
  } catch {
    return 'no-wasm';
  }
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The stretch worklet did not start.')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The recording decoded whole, played through Signalsmith Stretch (tempo and pitch apart). */
export async function openStretchPlayer(blob: Blob): Promise<PracticePlayer> {
  const context = new AudioContext();
  try {
    const audio = await context.decodeAudioData(await blob.arrayBuffer());
    // Now, while the samples are here: kept, they would double the memory a recording takes.
    const peaks = computePeaks(
      Array.from({ length: audio.numberOfChannels }, (_, c) => audio.getChannelData(c)),
    );
    SignalsmithStretch.moduleUrl = workletUrl;
    const node = await within(SignalsmithStretch(context), READY_WITHIN_MS);
    const channels = Array.from({ length: audio.numberOfChannels }, (_, c) =>
      audio.getChannelData(c).slice(),
    );
    await node.addBuffers(
      channels,
      channels.map((channel) => channel.buffer),
    );
    node.connect(context.destination);
    return new StretchPlayer(context, node, audio.duration * 1000, peaks);
  } catch (error) {
    void context.close();
    throw error;
  }
}

class StretchPlayer implements PracticePlayer {
  readonly kind = 'stretch';
  readonly canShiftPitch = true;
  private readonly listeners = new Listeners();
  private playing = false;
  private position = 0;
  private loop: Region | null = null;

  constructor(
    private readonly context: AudioContext,
    private readonly node: StretchNode,
    readonly durationMs: number,
    private readonly overview: Float32Array,
  ) {
    void node.setUpdateInterval(0.05, (seconds) => this.heard(seconds * 1000));
  }

  private heard(ms: number): void {
    if (this.playing && this.loop === null && ms >= this.durationMs) {
      // The worklet plays silence past the end: the recording is over.
      this.playing = false;
      void this.node.schedule({ active: false, input: this.durationMs / 1000 });
      this.position = this.durationMs;
    } else {
      this.position = Math.min(Math.max(ms, 0), this.durationMs);
    }
    this.listeners.tell();
  }

  positionMs(): number {
    return this.position;
  }

  isPlaying(): boolean {
    return this.playing;
  }

  async play(): Promise<void> {
    await this.context.resume();
    const from = this.position >= this.durationMs ? 0 : this.position;
    this.playing = true;
    void this.node.schedule({ active: true, input: from / 1000 });
    this.listeners.tell();
  }

  pause(): void {
    this.playing = false;
    void this.node.schedule({ active: false });
    this.listeners.tell();
  }

  seek(ms: number): void {
    this.position = Math.min(Math.max(ms, 0), this.durationMs);
    void this.node.schedule({ input: this.position / 1000 });
    this.listeners.tell();
  }

  setRate(rate: number): void {
    void this.node.schedule({ rate });
  }

  setSemitones(semitones: number): void {
    void this.node.schedule({ semitones });
  }

  setLoop(region: Region | null): void {
    this.loop = region;
    if (region === null) {
      void this.node.schedule({ loopStart: 0, loopEnd: 0 });
      return;
    }
    const change = { loopStart: region.startMs / 1000, loopEnd: region.endMs / 1000 };
    // The worklet loops back only on reaching the end: from outside, start at the start.
    const outside = this.position < region.startMs || this.position >= region.endMs;
    if (outside) this.position = region.startMs;
    void this.node.schedule(outside ? { ...change, input: region.startMs / 1000 } : change);
    this.listeners.tell();
  }

  peaks(): Promise<Float32Array | null> {
    return Promise.resolve(this.overview);
  }

  subscribe(listener: () => void): () => void {
    return this.listeners.subscribe(listener);
  }

  dispose(): void {
    this.listeners.clear();
    this.playing = false;
    this.node.disconnect();
    void this.context.close();
  }
}
