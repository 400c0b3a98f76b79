import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Something that cached answers may depend on changed:
 * - `team`: the team itself, its memberships or roles, or its song library;
 * - `setlist`: one setlist's content or its live state;
 * - `user`: an account (deleted, verified, its sessions ended);
 * - `session`: one session ended, named by the SHA-256 of its token.
 */
export interface Change {
  kind: 'team' | 'setlist' | 'user' | 'session';
  id: string;
}

type Listener = (change: Change) => void;

const KINDS = new Set<Change['kind']>(['team', 'setlist', 'user', 'session']);
/** Past this many scopes remembered in memory, the counters start afresh (above all old values). */
const MAX_LOCAL_SCOPES = 100_000;
/** A scope's counter in Redis lives this long after its last change (far above any cache lifetime). */
const REDIS_COUNTER_SECONDS = 24 * 60 * 60;

const scopeOf = (change: Change) => `${change.kind}:${change.id}`;
/** Kinds that cached answers name as scopes: they get a generation. */
const COUNTED = new Set<Change['kind']>(['team', 'setlist', 'user']);
/** Kinds the other instances' listeners (the session cache) act on: they cross pub/sub. */
const HEARD = new Set<Change['kind']>(['session', 'user']);

/**
 * What changed, for the caches of this instance and of every other one.
 *
 * Each scope (`team:<id>`, `setlist:<id>`, `user:<id>`) has a generation that a
 * change bumps. A cached answer remembers the generations it was read under and is
 * used only while they are unchanged. Alone, the generations live in memory; with
 * Redis they live there, so an answer cached on one instance is never used after a
 * change committed through another: a writer bumps (and waits for it) after its
 * write commits and before it answers, and a reader reads the generations before it
 * reads the database.
 *
 * Listeners (the session cache) hear every change, this instance's at once and the
 * others' through Redis pub/sub.
 */
export class ChangeFeed {
  private readonly listeners: Listener[] = [];
  private readonly origin = randomUUID();
  private readonly local = new Map<string, number>();
  /** What a scope not in `local` reads: above every value `local` ever held. */
  private floor = 0;
  private highest = 0;
  private redis: {
    commands: Redis;
    channel: string;
    prefix: string;
    onError: (error: unknown) => void;
  } | null = null;

  on(listener: Listener) {
    this.listeners.push(listener);
  }

  /** Runs a write, then publishes the change it made (not when the write failed). */
  async after<T>(change: Change, write: PromiseLike<T>): Promise<T> {
    const result = await write;
    await this.publish(change);
    return result;
  }

  /** Records a committed change: bumps its generation, then tells the listeners everywhere. */
  async publish(change: Change) {
    this.deliver(change);
    if (!this.redis) {
      if (COUNTED.has(change.kind)) this.bumpLocal(scopeOf(change));
      return;
    }
    const { commands, channel, prefix, onError } = this.redis;
    if (HEARD.has(change.kind)) {
      // A lost message only leaves another instance's session cache as it was, for at most its 30 s.
      commands.publish(channel, JSON.stringify({ ...change, origin: this.origin })).catch(() => {});
    }
    if (!COUNTED.has(change.kind)) return;
    const key = `${prefix}${scopeOf(change)}`;
    try {
      await commands.multi().incr(key).expire(key, REDIS_COUNTER_SECONDS).exec();
    } catch (error) {
      // The write is committed and must be answered as done; other instances may then
      // use their cached answers until these expire (READ_CACHE_TTL_MS).
      onError(error);
    }
  }

  /**
   * The current generations of some scopes, as one tag to compare; throws when Redis
   * does not answer. With Redis the tag starts with the counters' epoch: a Redis that
   * restarted empty gets a new epoch, so its counters starting again from zero never
   * match an answer cached before.
   */
  async generations(scopes: string[]): Promise<string> {
    if (!this.redis) return scopes.map((s) => this.local.get(s) ?? this.floor).join(',');
    const { commands, prefix } = this.redis;
    const epochKey = `${prefix}epoch`;
    const [epoch, ...values] = await commands.mget(epochKey, ...scopes.map((s) => `${prefix}${s}`));
    if (epoch === null || epoch === undefined) {
      await commands.set(epochKey, randomUUID(), 'NX');
      return `new:${randomUUID()}`; // matches nothing cached: read afresh this once
    }
    return `${epoch}:${values.map((v) => v ?? '0').join(',')}`;
  }

  /** Shares changes with the other instances through Redis. */
  async connect(options: {
    commands: Redis;
    subscriber: Redis;
    prefix: string;
    onError: (error: unknown) => void;
  }) {
    const channel = `${options.prefix}changes`;
    this.redis = {
      commands: options.commands,
      channel,
      prefix: `${options.prefix}gen:`,
      onError: options.onError,
    };
    options.subscriber.on('message', (from: string, message: string) => {
      if (from !== channel) return;
      const change = parseChange(message);
      if (change && change.origin !== this.origin) this.deliver(change);
    });
    await options.subscriber.subscribe(channel);
  }

  private bumpLocal(scope: string) {
    if (!this.local.has(scope) && this.local.size >= MAX_LOCAL_SCOPES) {
      this.local.clear();
      this.floor = this.highest + 1;
    }
    const next = (this.local.get(scope) ?? this.floor) + 1;
    this.local.set(scope, next);
    this.highest = Math.max(this.highest, next);
  }

  private deliver(change: Change) {
    for (const listener of this.listeners) listener({ kind: change.kind, id: change.id });
  }
}

function parseChange(message: string): (Change & { origin: string }) | null {
  try {
    const value = JSON.parse(message) as Partial<Change & { origin: string }>;
    if (
      typeof value.id === 'string' &&
      typeof value.origin === 'string' &&
      value.kind !== undefined &&
      KINDS.has(value.kind)
    ) {
      return { kind: value.kind, id: value.id, origin: value.origin };
    }
  } catch {
    // not ours
  }
  return null;
}
