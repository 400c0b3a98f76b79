/**
 * Devices for the band's click: each with a clock of its own and a network of its own, and a
 * record of every sound its click queues, so that a test can tell when each device makes a beat
 * heard, on one clock for all of them.
 */

/** How one device differs from the others. */
export interface DeviceQuirks {
  /**
   * How far this device's clock is off, in ms: `performance.timeOrigin + performance.now()` and
   * `Date.now()` read this much later than the real clock (the click's sync reads only these).
   */
  clockShiftMs: number;
  /** The part of the shift carried by `performance.now()` (the rest is in `timeOrigin`). */
  nowShiftMs: number;
  /** One-way delay of every live-socket message, each way, in ms... */
  networkBaseMs: number;
  /** ...plus a random 0 to this many ms, drawn for each message (order kept). */
  networkJitterMs: number;
  /** Whether the click is already on in this device's settings (else turned on in My view). */
  clickOn: boolean;
}

/** One `start()` of a sound on the device, as the spy saw it. */
export interface QueuedSound {
  /** The `when` given (context s); null for a start with none (the silent unlock). */
  when: number | null;
  /** The context's `currentTime` at the call. */
  currentTime: number;
  /** The real `performance.now()` at the call (the device's own is shifted). */
  realNow: number;
  /** The real `getOutputTimestamp()` at the call, when the browser has one. */
  stampContextTime: number;
  stampPerformanceTime: number;
  /** `baseLatency + outputLatency` (s), for a browser without a timestamp. */
  reportedLatency: number;
  /** Stopped before it sounded (the scheduler took it back). */
  cancelled: boolean;
}

export interface DeviceRecord {
  /** The real `performance.timeOrigin`. */
  realTimeOrigin: number;
  sounds: QueuedSound[];
  /** States of the page's AudioContexts, newest last. */
  contextStates: string[];
  /** Live-socket messages held back by the device's network, both ways. */
  delayedMessages: number;
}

/**
 * The init script of a device (`context.addInitScript(clickDevice, quirks)`): shifts its clocks,
 * delays its live socket's messages both ways, and records every sound queued on Web Audio in
 * `window.__clickDevice`. Runs in the page: it must not use anything from outside itself.
 */
export function clickDevice(quirks: DeviceQuirks): void {
  const perf = performance;
  const nativeNow = Performance.prototype.now;
  const realNow = () => nativeNow.call(perf);
  const realTimeOrigin = perf.timeOrigin;
  Object.defineProperty(perf, 'now', {
    configurable: true,
    value: () => realNow() + quirks.nowShiftMs,
  });
  Object.defineProperty(perf, 'timeOrigin', {
    configurable: true,
    value: realTimeOrigin + quirks.clockShiftMs - quirks.nowShiftMs,
  });
  const nativeDateNow = Date.now.bind(Date);
  Date.now = () => nativeDateNow() + quirks.clockShiftMs;

  if (quirks.clickOn && location.protocol.startsWith('http')) {
    localStorage.setItem('segue.live.click', JSON.stringify({ enabled: true }));
  }

  const record = {
    realTimeOrigin,
    sounds: [] as QueuedSound[],
    contexts: [] as AudioContext[],
    delayedMessages: 0,
    get contextStates() {
      return this.contexts.map((context) => context.state);
    },
  };
  (window as unknown as { __clickDevice: typeof record }).__clickDevice = record;

  // The output timestamp pairs the context's clock with performance.now's: shifted alike.
  const nativeStamp = AudioContext.prototype.getOutputTimestamp;
  AudioContext.prototype.getOutputTimestamp = function (this: AudioContext) {
    const stamp = nativeStamp.call(this);
    const performanceTime = stamp.performanceTime ?? 0;
    return {
      contextTime: stamp.contextTime ?? 0,
      performanceTime: performanceTime > 0 ? performanceTime + quirks.nowShiftMs : 0,
    };
  };
  const NativeContext = window.AudioContext;
  window.AudioContext = class extends NativeContext {
    constructor(options?: AudioContextOptions) {
      super(options);
      record.contexts.push(this);
    }
  };

  const queued = new WeakMap<AudioScheduledSourceNode, QueuedSound>();
  const spyOn = (prototype: AudioScheduledSourceNode) => {
    const start = prototype.start as (this: AudioScheduledSourceNode, ...args: number[]) => void;
    const stop = prototype.stop;
    prototype.start = function (this: AudioScheduledSourceNode, ...args: number[]) {
      const context = this.context as AudioContext;
      const stamp = nativeStamp.call(context);
      const sound: QueuedSound = {
        when: args[0] ?? null,
        currentTime: context.currentTime,
        realNow: realNow(),
        stampContextTime: stamp.contextTime ?? 0,
        stampPerformanceTime: stamp.performanceTime ?? 0,
        reportedLatency: (context.baseLatency ?? 0) + (context.outputLatency ?? 0),
        cancelled: false,
      };
      record.sounds.push(sound);
      queued.set(this, sound);
      start.apply(this, args);
    };
    prototype.stop = function (this: AudioScheduledSourceNode, when?: number) {
      const sound = queued.get(this);
      // A stop with no time before the sound's own: it never sounds.
      if (sound && when === undefined && (this.context.currentTime ?? 0) < (sound.when ?? 0)) {
        sound.cancelled = true;
      }
      stop.call(this, when);
    };
  };
  spyOn(AudioScheduledSourceNode.prototype);
  spyOn(AudioBufferSourceNode.prototype as AudioScheduledSourceNode);

  // The live socket's messages, each way, after the device's network delay, in order.
  const NativeWebSocket = window.WebSocket;
  const onmessage = Object.getOwnPropertyDescriptor(NativeWebSocket.prototype, 'onmessage')!;
  const delay = () => quirks.networkBaseMs + Math.random() * quirks.networkJitterMs;
  window.WebSocket = class extends NativeWebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      if (!String(url).includes('/socket.io/')) return;
      let sendAt = 0;
      let deliverAt = 0;
      const send = NativeWebSocket.prototype.send;
      this.send = (data) => {
        record.delayedMessages += 1;
        sendAt = Math.max(sendAt, realNow() + delay());
        setTimeout(() => {
          if (this.readyState === NativeWebSocket.OPEN) send.call(this, data);
        }, sendAt - realNow());
      };
      let handler: ((event: MessageEvent) => void) | null = null;
      onmessage.set!.call(this, (event: MessageEvent) => {
        record.delayedMessages += 1;
        deliverAt = Math.max(deliverAt, realNow() + delay());
        setTimeout(() => handler?.call(this, event), deliverAt - realNow());
      });
      Object.defineProperty(this, 'onmessage', {
        configurable: true,
        get: () => handler,
        set: (next: ((event: MessageEvent) => void) | null) => {
          handler = next;
        },
      });
    }
  };
}

/** The clicks a device made heard (not taken back), as real epoch ms, in order. */
export function heardClicks(record: DeviceRecord): number[] {
  // Each click by the pairing of the clocks when it was queued, a beat or less before it
  // sounded. One pairing for the whole run would not do: on a busy machine the audio thread
  // falls behind now and then (ten seconds of three devices drifted 40 to 60 ms against the real
  // clock, 10 ms at a time), and every click after such a stall sounds that much later than the
  // run's pairing says, wherever the app queued it.
  return heardSounds(record).map(
    (sound) => record.realTimeOrigin + sound.when! * 1000 + outputGap(sound),
  );
}

/** The sounds a device queued for a moment and did not take back. */
export const heardSounds = (record: DeviceRecord): QueuedSound[] =>
  record.sounds.filter((sound) => sound.when !== null && !sound.cancelled);

/**
 * How far a device's audio clock was from the real performance clock when `sound` was queued
 * (ms), paired the way the app pairs them: the output timestamp, else currentTime and the
 * reported latency. Steady on a device whose audio runs smoothly.
 */
export const outputGap = (sound: QueuedSound): number =>
  sound.stampContextTime > 0 && sound.stampPerformanceTime > 0
    ? sound.stampPerformanceTime - sound.stampContextTime * 1000
    : sound.realNow - sound.currentTime * 1000 + sound.reportedLatency * 1000;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? sorted[middle]!
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The `p`-th percentile (0–100) of `values`, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** A MIDI message a stubbed output was given: its bytes and its timestamp (performance.now ms). */
export interface SentMidi {
  data: number[];
  timestamp: number | null;
}

/**
 * The init script of a device with one MIDI output, "Drum machine" (`context.addInitScript`):
 * Web MIDI answers with it, and what the page sends to it is kept in `window.__midiSent`. Runs
 * in the page: it must not use anything from outside itself.
 */
export function stubMidiOutput(): void {
  const sent: SentMidi[] = [];
  (window as unknown as { __midiSent: SentMidi[] }).__midiSent = sent;
  const output = {
    id: 'drum-machine',
    name: 'Drum machine',
    manufacturer: 'Test',
    type: 'output',
    state: 'connected',
    connection: 'open',
    send(data: Iterable<number>, timestamp?: number) {
      sent.push({ data: [...data], timestamp: timestamp ?? null });
    },
    clear() {},
    addEventListener() {},
    removeEventListener() {},
  };
  const access = {
    inputs: new Map(),
    outputs: new Map([[output.id, output]]),
    sysexEnabled: false,
    onstatechange: null,
    addEventListener() {},
    removeEventListener() {},
  };
  Object.defineProperty(Navigator.prototype, 'requestMIDIAccess', {
    configurable: true,
    value: () => Promise.resolve(access),
  });
}
