import { CLOCK_SYNC, addClockSample, estimateOffset, smoothOffset } from '@segue/shared';
import type { ClockSample } from '@segue/shared';
import { deviceNow } from './click-timing.ts';

/** What the "Timing" readout shows, and what the click maps beats with. */
export interface ClockReading {
  /** Server minus device clock, in ms. */
  offsetMs: number;
  /** The fastest round trip of the window, in ms. */
  roundTripMs: number;
}

/** One ping to the server: answers the server's clock (ms) when it answered; rejects on failure. */
export type ClockPing = () => Promise<{ serverAt: number }>;

export interface ClockSyncOptions {
  /** The device clock, in ms since the epoch (`deviceNow`; a test's clock). */
  now?: () => number;
  /** Between the end of one round trip and the next ping of a measurement. */
  spacingMs?: number;
  /** A ping not answered by then is dropped (the socket went away). */
  pingTimeoutMs?: number;
  intervalMs?: number;
  roundTrips?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * This device's offset to the server's clock, kept up to date: `CLOCK_SYNC.roundTrips` pings one
 * after another (never two at once, which would queue behind each other) when started and every
 * `CLOCK_SYNC.intervalMs`, over the window `addClockSample` keeps, read by `estimateOffset`.
 * In the first measurement the reading changes after every answer, so a device that joins can
 * play within a round trip and sharpens as the answers come; after it, once a measurement ends,
 * the offset moves halfway to its estimate (`smoothOffset`), so the click steps by less at each
 * one. `getSnapshot`/`subscribe` fit `useSyncExternalStore`.
 */
export class ClockSync {
  private samples: ClockSample[] = [];
  private reading: ClockReading | null = null;
  private readonly listeners = new Set<() => void>();
  private interval: ReturnType<typeof setInterval> | null = null;
  private measuring: Promise<void> | null = null;
  /** Whether a measurement has ended: from then on, only the end of one changes the offset. */
  private settled = false;
  private disposed = false;
  private readonly now: () => number;

  constructor(
    private readonly ping: ClockPing,
    private readonly options: ClockSyncOptions = {},
  ) {
    this.now = options.now ?? deviceNow;
  }

  /** Measures now and every interval after, until disposed. */
  start(): void {
    if (this.disposed || this.interval !== null) return;
    void this.measure();
    this.interval = setInterval(
      () => void this.measure(),
      this.options.intervalMs ?? CLOCK_SYNC.intervalMs,
    );
  }

  /** Measures at once (after a reconnect, say), unless a measurement is under way. */
  measure(): Promise<void> {
    this.measuring ??= this.roundTrips().finally(() => {
      this.measuring = null;
    });
    return this.measuring;
  }

  getSnapshot = (): ClockReading | null => this.reading;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** The offset the click maps beats with; null until the first answer. */
  offsetMs = (): number | null => this.reading?.offsetMs ?? null;

  dispose(): void {
    this.disposed = true;
    if (this.interval !== null) clearInterval(this.interval);
    this.interval = null;
    this.listeners.clear();
  }

  private async roundTrips(): Promise<void> {
    const count = this.options.roundTrips ?? CLOCK_SYNC.roundTrips;
    for (let i = 0; i < count && !this.disposed; i += 1) {
      if (i > 0) await sleep(this.options.spacingMs ?? 50);
      if (this.disposed) return;
      const sentAt = this.now();
      const serverAt = await this.answer();
      const receivedAt = this.now();
      if (serverAt === null || this.disposed) continue;
      this.samples = addClockSample(this.samples, { sentAt, serverAt, receivedAt });
      if (!this.settled) this.publish(null);
    }
    if (this.disposed) return;
    const inUse = this.settled ? (this.reading?.offsetMs ?? null) : null;
    this.settled = this.settled || this.reading !== null;
    this.publish(inUse);
  }

  /** The server's time from one ping, or null when it failed or took too long. */
  private async answer(): Promise<number | null> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), this.options.pingTimeoutMs ?? 2000);
    });
    try {
      const answer = await Promise.race([this.ping().then((a) => a.serverAt), timeout]);
      return typeof answer === 'number' && Number.isFinite(answer) ? answer : null;
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Reads the window: the offset whole (`inUse` null), or moved from `inUse` towards it. */
  private publish(inUse: number | null) {
    const estimate = estimateOffset(this.samples);
    if (estimate === null) return;
    const offsetMs = smoothOffset(inUse, estimate.offsetMs);
    const { roundTripMs } = estimate;
    if (this.reading?.offsetMs === offsetMs && this.reading.roundTripMs === roundTripMs) return;
    this.reading = { offsetMs, roundTripMs };
    for (const listener of [...this.listeners]) listener();
  }
}
