import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { HttpError, ServiceUnavailableError, ValidationError } from '../lib/errors.ts';
import type { SongFileOutcome, SongFileTask } from './song-file.worker.ts';
import type { PreparedSong } from './song-values.ts';

export const SONG_FILE_READING_TEXTS = {
  tooSlow: 'This file took too long to read.',
  tooBig: 'This file needs more memory to read than Segue gives one file.',
  busy: 'Segue is reading many files right now. Please try again in a moment.',
} as const;

export interface SongFileReaderOptions {
  /** Worker threads; by default one per core but one. */
  threads?: number;
  /** How long one file may take once a thread has it, in milliseconds. */
  budgetMs?: number;
  /** The heap a thread may use, in megabytes. */
  memoryMb?: number;
}

/** docs/DECISIONS.md, "Reading song files": the budget per file, and why. */
export const SONG_FILE_READING = { budgetMs: 5_000, memoryMb: 256, queuePerThread: 16 } as const;

/** A file Segue will not read: answered 422 with what went wrong. */
export class UnreadableFileError extends HttpError {
  constructor(message: string) {
    super(422, message, 'unreadable');
  }
}

// The bundle (dist/main.js) has the worker built beside it; from the sources, a small entry
// loads the TypeScript.
const BUILT = new URL('./song-file.worker.js', import.meta.url);
const WORKER = existsSync(fileURLToPath(BUILT))
  ? BUILT.href
  : new URL('./song-file.worker.dev.mjs', import.meta.url).href;

/**
 * Reads song files and import files in a pool of worker threads, so no file, however shaped,
 * holds up the event loop. A file gets a time budget once a thread has it, and a thread a
 * memory cap: past either, the thread is ended and the file refused.
 */
export class SongFileReader {
  private readonly pool: Piscina<SongFileTask, SongFileOutcome>;
  private readonly budgetMs: number;
  private closed = false;

  constructor(options: SongFileReaderOptions = {}) {
    // One core is left to the event loop (and the database beside it): with every core
    // reading files, a health check's p99 reached 114 ms on two cores, against 15 ms idle.
    const threads = options.threads ?? Math.max(1, availableParallelism() - 1);
    const memoryMb = options.memoryMb ?? SONG_FILE_READING.memoryMb;
    this.budgetMs = options.budgetMs ?? SONG_FILE_READING.budgetMs;
    this.pool = new Piscina({
      filename: WORKER,
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 60_000,
      maxQueue: threads * SONG_FILE_READING.queuePerThread,
      resourceLimits: {
        maxOldGenerationSizeMb: memoryMb,
        maxYoungGenerationSizeMb: Math.min(32, Math.max(4, memoryMb / 8)),
      },
    });
  }

  /** `POST /api/songs/convert`'s answer for a file, as UTF-8 JSON. */
  async convert(bytes: Uint8Array, filename: string): Promise<Uint8Array> {
    const outcome = await this.run((started) => ({ kind: 'convert', bytes, filename, started }));
    if (outcome.kind !== 'converted') throw new Error(`unexpected outcome ${outcome.kind}`);
    return outcome.json;
  }

  /** An import file's songs, checked and ready to store. */
  async importSongs(bytes: Uint8Array): Promise<PreparedSong[]> {
    const outcome = await this.run((started) => ({ kind: 'import', bytes, started }));
    if (outcome.kind !== 'imported') throw new Error(`unexpected outcome ${outcome.kind}`);
    return outcome.songs;
  }

  /** Ends every thread; files still being read are answered 503. */
  async close(): Promise<void> {
    this.closed = true;
    await this.pool.destroy();
  }

  private async run(
    task: (started: MessageChannel['port2']) => SongFileTask,
  ): Promise<Exclude<SongFileOutcome, { kind: 'refused' }>> {
    if (this.closed) throw new ServiceUnavailableError();
    const { port1, port2 } = new MessageChannel();
    const overrun = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    port1.once('message', () => {
      timer = setTimeout(() => overrun.abort(), this.budgetMs);
    });
    try {
      const outcome = await this.pool.run(task(port2), {
        signal: overrun.signal,
        transferList: [port2],
      });
      if (outcome.kind === 'refused') throw new ValidationError(outcome.message);
      return outcome;
    } catch (error) {
      throw this.answerFor(error, overrun.signal.aborted);
    } finally {
      clearTimeout(timer);
      port1.close();
    }
  }

  private answerFor(error: unknown, overran: boolean): unknown {
    if (error instanceof HttpError) return error;
    if (overran) return new UnreadableFileError(SONG_FILE_READING_TEXTS.tooSlow);
    if ((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      return new UnreadableFileError(SONG_FILE_READING_TEXTS.tooBig);
    }
    if (this.closed) return new ServiceUnavailableError();
    if (error instanceof Error && error.message === 'Task queue is at limit') {
      return new ServiceUnavailableError(SONG_FILE_READING_TEXTS.busy);
    }
    return error;
  }
}
