import type { ChangeFeed, Scope } from './change-feed.ts';

/** A cached value is used at most this long, even if no change was heard (a safety net). */
const READ_CACHE_TTL_MS = 60_000;
/** What the cached values may take in all; the least recently used go first. */
const READ_CACHE_MAX_BYTES = 64 * 1024 * 1024;
interface Entry {
  value: unknown;
  /** The generations of the entry's scopes when it was read, joined. */
  generations: string;
  until: number;
  bytes: number;
}

export interface ReadCacheOptions {
  ttlMs?: number;
  maxBytes?: number;
  now?: () => number;
}

/**
 * Answers of hot reads (a populated setlist, a team's library, a caller's team
 * access), kept until something they depend on changes. Each value names its
 * scopes (built by `scope`: a team, a library, a setlist, a user) and is tagged with their
 * generations (from the change feed) as they were before it was read from the
 * database; it is used only while they are the same. A change that lands while
 * a value is being read therefore makes that value stale at once.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, { promise: Promise<unknown>; generations: string }>();
  private bytes = 0;
  private readonly ttlMs: number;
  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor(
    private readonly feed: ChangeFeed,
    options: ReadCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? READ_CACHE_TTL_MS;
    this.maxBytes = options.maxBytes ?? READ_CACHE_MAX_BYTES;
    this.now = options.now ?? Date.now;
  }

  /**
   * The value under `key`, loaded by `load` when it is not cached or a scope it
   * depends on changed. `size` tells the bytes a value holds (1 by default).
   * Errors are not cached.
   */
  async get<T>(
    key: string,
    scopes: Scope[],
    load: () => Promise<T>,
    size: (value: T) => number = () => 1,
  ): Promise<T> {
    let generations: string;
    try {
      generations = await this.feed.generations(scopes);
    } catch {
      // Without the generations (Redis unreachable) nothing cached can be trusted: read afresh.
      return load();
    }
    const entry = this.entries.get(key);
    if (entry && entry.generations === generations && entry.until > this.now()) {
      // Most recently used last, so eviction takes the oldest first.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value as T;
    }
    if (entry) this.remove(key, entry);

    const pending = this.loading.get(key);
    if (pending && pending.generations === generations) return pending.promise as Promise<T>;

    const promise = load();
    this.loading.set(key, { promise, generations });
    try {
      const value = await promise;
      const bytes = size(value);
      const old = this.entries.get(key);
      if (old) this.remove(key, old);
      if (bytes <= this.maxBytes / 4) {
        this.entries.set(key, { value, generations, until: this.now() + this.ttlMs, bytes });
        this.bytes += bytes;
        this.evict();
      }
      return value;
    } finally {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
    }
  }

  /** How many values are cached (for tests). */
  get size() {
    return this.entries.size;
  }

  private remove(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private evict() {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(key, entry);
    }
  }
}
