import { scope, type ChangeFeed } from '../../lib/change-feed.ts';
import type { LiveRepository } from '../live.repository.ts';
import type { LiveRecord } from '../live-steps.ts';

/**
 * Writes of the live state start at most this often: the first step after a quiet spell is
 * written at once, and under load each write takes every setlist stepped meanwhile (at the
 * bench's peak, 2 statements a second instead of hundreds). Every 100 ms was tried first: the
 * database's commits then competed with the steps for the same cores and showed in the live
 * tail (docs/DECISIONS.md, Live: "A step is heard before it is written").
 */
const WRITE_EVERY_MS = 500;
/** A failed write of the live state is tried again after this long. */
const RETRY_WRITE_MS = 250;

/**
 * Writes live states behind the broadcast: whatever was stepped while a write was under way
 * goes in the next one, the latest state of each setlist only, all setlists in one statement.
 */
export class LiveWriter {
  /** Waiting for the next write: each setlist's latest state, and since when it waits. */
  private waiting = new Map<string, { record: LiveRecord; since: number }>();
  private writing = new Map<string, { record: LiveRecord; since: number }>();
  private running: Promise<void> | null = null;
  /** When the last write started (ms). */
  private lastStart = 0;
  private closed = false;
  /** Callers of `flush` waiting: while there are any, a write starts without waiting its turn. */
  private hurrying = 0;
  /** Ends the wait for the next write's turn early (set while waiting). */
  private wake: (() => void) | null = null;

  constructor(
    private readonly repo: Pick<LiveRepository, 'persist'>,
    private readonly changes: ChangeFeed,
    private readonly onError: (error: unknown, message: string) => void,
    private readonly onWritten: (setlistId: string, version: number) => void,
  ) {}

  mark(setlistId: string, record: LiveRecord) {
    const before = this.waiting.get(setlistId);
    if (before && before.record.version > record.version) return;
    this.waiting.set(setlistId, { record, since: before?.since ?? Date.now() });
    this.start();
  }

  /** Whether a state of this setlist is still to be written. */
  holds(setlistId: string): boolean {
    return this.waiting.has(setlistId) || this.writing.has(setlistId);
  }

  /** How long the setlist's oldest unwritten step has waited (0: none). */
  unwrittenFor(setlistId: string): number {
    const since = this.writing.get(setlistId)?.since ?? this.waiting.get(setlistId)?.since;
    return since === undefined ? 0 : Date.now() - since;
  }

  /** Resolves once nothing (of `setlistId`, or at all) is left to write. */
  async idle(setlistId?: string): Promise<void> {
    while (setlistId === undefined ? this.running : this.holds(setlistId) && this.running) {
      await this.running;
    }
  }

  /**
   * Writes what waits now, without waiting out WRITE_EVERY_MS, and resolves once nothing is
   * left to write (closing; tests that read the database after a step).
   */
  async flush(): Promise<void> {
    this.hurrying += 1;
    try {
      this.wake?.();
      await this.idle();
    } finally {
      this.hurrying -= 1;
    }
  }

  close() {
    this.closed = true;
  }

  private start() {
    if (this.running || this.closed) return;
    this.running = this.run().finally(() => {
      this.running = null;
      if (this.waiting.size > 0 && !this.closed) this.start();
    });
  }

  private async run() {
    while (this.waiting.size > 0) {
      // Steps of the same moment, or of the last WRITE_EVERY_MS, go in one write.
      const wait = this.lastStart + WRITE_EVERY_MS - Date.now();
      await new Promise<void>((resolve) => {
        if (wait <= 0 || this.closed || this.hurrying > 0) return void setImmediate(resolve);
        const timer = setTimeout(resolve, wait);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
      this.lastStart = Date.now();
      this.writing = this.waiting;
      this.waiting = new Map();
      const records = new Map([...this.writing].map(([id, w]) => [id, w.record]));
      try {
        await this.repo.persist(records);
      } catch (error) {
        this.onError(error, 'live state not written; trying again');
        // Back in line, unless a newer state of the setlist is already waiting.
        for (const [id, w] of this.writing) {
          const newer = this.waiting.get(id);
          this.waiting.set(id, newer ? { ...newer, since: w.since } : w);
        }
        this.writing = new Map();
        if (this.closed) return;
        await new Promise((resolve) => setTimeout(resolve, RETRY_WRITE_MS));
        continue;
      }
      const written = this.writing;
      this.writing = new Map();
      for (const [id, w] of written) this.onWritten(id, w.record.version);
      // The setlists' HTTP answers (which show the live state) are read again.
      void this.changes.publishAll([...written.keys()].map(scope.live));
    }
  }
}
