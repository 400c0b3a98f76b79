/**
 * A Web Audio spy for the click's tests: an AudioContext whose `currentTime` follows a test's
 * clock, and whose sources record when they were started, stopped, how loud and how high.
 */
import type { ClickAudioContext } from './click-sounds.ts';

interface ParamEvent {
  method: string;
  value: number;
  time: number;
}

class FakeParam {
  readonly events: ParamEvent[] = [];
  constructor(public value: number) {}
  private record(method: string, value: number, time: number) {
    this.events.push({ method, value, time });
    return this;
  }
  setValueAtTime(value: number, time: number) {
    return this.record('set', value, time);
  }
  linearRampToValueAtTime(value: number, time: number) {
    return this.record('linear', value, time);
  }
  exponentialRampToValueAtTime(value: number, time: number) {
    return this.record('exponential', value, time);
  }
  /** The highest value the param is set or ramped to. */
  get peak(): number {
    return Math.max(...this.events.map((e) => e.value));
  }
  /** The value it settles on: the last set or ramped to. */
  get settled(): number {
    return this.events.at(-1)?.value ?? this.value;
  }
}

class FakeNode {
  readonly outputs: FakeNode[] = [];
  connected = true;
  constructor(readonly context: FakeAudioContext) {}
  connect(node: FakeNode) {
    this.outputs.push(node);
    return node;
  }
  disconnect() {
    this.connected = false;
  }
}

class FakeGain extends FakeNode {
  readonly gain = new FakeParam(1);
}

class FakeFilter extends FakeNode {
  type = 'lowpass';
  readonly frequency = new FakeParam(350);
}

class FakeSource extends FakeNode {
  /** The context time given to start(), and the context's time when start() was called. */
  when: number | null = null;
  calledAt: number | null = null;
  /** Where stop() was last asked for (its time, or the context's time for "now"). */
  stoppedAt: number | null = null;
  onended: (() => void) | null = null;

  start(when = 0) {
    if (this.when !== null) throw new Error('A source starts once.');
    this.when = when;
    this.calledAt = this.context.currentTime;
    this.context.started.push(this);
  }

  stop(when?: number) {
    if (this.when === null) throw new Error('InvalidStateError: stop() before start()');
    this.stoppedAt = when === undefined || when === 0 ? this.context.currentTime : when;
  }

  /** Whether it sounds at all: not stopped before its start. */
  get sounds(): boolean {
    return this.stoppedAt === null || this.stoppedAt > this.when!;
  }

  /** The nodes it plays through, to the destination. */
  private chain(): FakeNode[] {
    const nodes: FakeNode[] = [];
    let node: FakeNode | undefined = this.outputs[0];
    while (node) {
      nodes.push(node);
      node = node.outputs[0];
    }
    return nodes;
  }

  /** How loud its envelope peaks (the first gain after it; not the master volume). */
  get peak(): number {
    return this.chain().find((n): n is FakeGain => n instanceof FakeGain)!.gain.peak;
  }

  /** Its pitch: an oscillator's settled frequency, or the hi-hat's filter. */
  get pitch(): number {
    if (this instanceof FakeOscillator) return this.frequency.settled;
    return this.chain().find((n): n is FakeFilter => n instanceof FakeFilter)!.frequency.settled;
  }
}

class FakeOscillator extends FakeSource {
  type = 'sine';
  readonly frequency = new FakeParam(440);
}

class FakeBufferSource extends FakeSource {
  buffer: unknown = null;
}

export interface FakeAudioOptions {
  /** `performance.now()` of the test. */
  now: () => number;
  /** Reported output latency, in s. */
  outputLatency?: number;
  baseLatency?: number;
  /**
   * With it, `getOutputTimestamp()` says a sample reaches the speaker this many s after the
   * context's time; without it, the method is missing.
   */
  outputDelay?: number;
}

/** How long the context has run when a test makes it: its first blocks have played. */
const AGE_MS = 1000;

export type { FakeSource };

export class FakeAudioContext {
  state: AudioContextState = 'running';
  readonly sampleRate = 48_000;
  readonly destination = new FakeNode(this);
  /** Every source started, in the order start() was called. */
  readonly started: FakeSource[] = [];
  outputLatency: number;
  baseLatency: number;
  getOutputTimestamp?: () => AudioTimestamp;
  private readonly origin: number;

  constructor(private readonly options: FakeAudioOptions) {
    this.origin = options.now() - AGE_MS;
    this.outputLatency = options.outputLatency ?? 0;
    this.baseLatency = options.baseLatency ?? 0;
    const delay = options.outputDelay;
    if (delay !== undefined) {
      this.getOutputTimestamp = () => ({
        contextTime: Math.max(0, this.currentTime - delay),
        performanceTime: this.options.now(),
      });
    }
  }

  get currentTime(): number {
    return (this.options.now() - this.origin) / 1000;
  }

  /** The context time at `performance.now()` time `ms`. */
  contextTimeAt(ms: number): number {
    return (ms - this.origin) / 1000;
  }

  createGain() {
    return new FakeGain(this);
  }
  createOscillator() {
    return new FakeOscillator(this);
  }
  createBufferSource() {
    return new FakeBufferSource(this);
  }
  createBiquadFilter() {
    return new FakeFilter(this);
  }
  createBuffer(channels: number, length: number, sampleRate: number) {
    const data = Array.from({ length: channels }, () => new Float32Array(length));
    return { length, sampleRate, getChannelData: (channel: number) => data[channel]! };
  }

  /** This fake, typed as the context the click takes. */
  get asContext(): ClickAudioContext {
    return this as unknown as ClickAudioContext;
  }
}
