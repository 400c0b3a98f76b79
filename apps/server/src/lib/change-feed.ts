import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { ServiceUnavailableError } from './errors.ts';

/**
 * Something that cached answers may depend on changed:
 * - `team`: the team itself, its memberships or roles;
 * - `library`: a team's song library (a song added, edited, deleted or imported);
 * - `setlist`: one setlist's content, or a song it holds;
 * - `live`: one setlist's live state was written (behind the broadcast, so its
 *   HTTP answers are read again; the live channel's own caches do not depend on it);
 * - `user`: an account (deleted, verified, its sessions ended);
 * - `session`: one session ended, named by the SHA-256 of its token;
 * - `members`: a team lost members (removed, left, or the team deleted): open live
 *   sockets of that team are checked again at once;
 * - `audience`: a setlist's congregation link was made or withdrawn (`id` the setlist,
 *   `teamId` its team): the follow sockets of every instance act on it.
 */
export interface Change {
  kind: 'team' | 'library' | 'setlist' | 'live' | 'user' | 'session' | 'members' | 'audience';
  id: string;
  /** With `audience`: the setlist's team. */
  teamId?: string;
}

/** The kinds a cached answer may depend on: each has a generation. */
type CountedKind = 'team' | 'library' | 'setlist' | 'live' | 'user' | 'session';
/** A scope a cached answer depends on. */
export type Scope = Change & { kind: CountedKind };

/** The changes and scopes there are, built by name so no code spells one by hand. */
export const scope = {
  team: (teamId: string) => ({ kind: 'team', id: teamId }) as const satisfies Scope,
  library: (teamId: string) => ({ kind: 'library', id: teamId }) as const satisfies Scope,
  setlist: (setlistId: string) => ({ kind: 'setlist', id: setlistId }) as const satisfies Scope,
  live: (setlistId: string) => ({ kind: 'live', id: setlistId }) as const satisfies Scope,
  user: (userId: string) => ({ kind: 'user', id: userId }) as const satisfies Scope,
  /** A session ended, named by tokenKey(token). */
  session: (key: string) => ({ kind: 'session', id: key }) as const satisfies Scope,
  members: (teamId: string) => ({ kind: 'members', id: teamId }) as const satisfies Change,
  audience: (setlistId: string, teamId: string) =>
    ({ kind: 'audience', id: setlistId, teamId }) as const satisfies Change,
};

/**
 * What a write changes: a list, or a function that reads it (asked before the write
 * and again after it commits, e.g. the setlists that hold a song).
 */
export type Changes = Change[] | (() => Promise<Change[]>);

const listOf = async (changes: Changes) => (typeof changes === 'function' ? changes() : changes);

/**
 * A change, or `resync`: this instance may have missed changes of other instances
 * (its Redis subscription was down), so whatever listeners keep must be checked afresh.
 */
type Listener = (change: Change | { kind: 'resync' }) => void | Promise<void>;

/** How long a Redis command may take before the feed counts Redis as unreachable. */
const REDIS_TIMEOUT_MS = 2_000;
/** Retries of a change Redis did not take after its write committed. */
const RETRY_DELAYS_MS = [250, 1_000, 5_000, 15_000, 30_000, 60_000];
/** Past this many scopes remembered in memory, the counters start afresh (above all old values). */
const MAX_LOCAL_SCOPES = 100_000;
/** A scope's counter in Redis lives this long after its last change (far above any cache lifetime). */
const REDIS_COUNTER_SECONDS = 24 * 60 * 60;

const scopeOf = (change: Change) => `${change.kind}:${change.id}`;
/** Kinds that cached answers name as scopes: they get a generation. */
const COUNTED = new Set<Change['kind']>([
  'team',
  'library',
  'setlist',
  'live',
  'user',
  'session',
] satisfies CountedKind[]);
/** Every kind of change there is. */
const KINDS = new Set<Change['kind']>([...COUNTED, 'members', 'audience']);
/**
 * Kinds the other instances' listeners act on, so they cross pub/sub: the session cache
 * (sessions, users), live sockets (members, team roles) and the live rooms' cached facts
 * (a setlist, or its team, changed; docs/DECISIONS.md, Live, "A step is heard before it is
 * written") and the follow sockets (a congregation link made or withdrawn).
 */
const HEARD = new Set<Change['kind']>([
  'session',
  'user',
  'members',
  'team',
  'setlist',
  'audience',
]);

/**
 * What changed, for the caches of this instance and of every other one.
 *
 * Each scope (a team, a library, a setlist, a user: see `scope`) has a generation that a
 * change bumps. A cached answer remembers the generations it was read under and is
 * used only while they are unchanged. Alone, the generations live in memory; with
 * Redis they live there, so an answer cached on one instance is never used after a
 * change committed through another: a writer bumps before its write (no Redis, no
 * write: 503) and again after it commits, and waits for both before it answers; a
 * reader reads the generations before it reads the database.
 *
 * Listeners (the session cache, the live channel) hear every change, this
 * instance's at once and the others' through Redis pub/sub, and hear `resync` when
 * the subscription was down and changes may have been missed.
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
  /** Whether the Redis subscription is up, so other instances' changes are heard. */
  private subscribed = false;
  private closed = false;

  on(listener: Listener) {
    this.listeners.push(listener);
  }

  /**
   * Runs a write and publishes the changes it made, failing closed: with Redis, the
   * write runs only after Redis took its changes' first bump (else 503 and nothing is
   * written), and the changes are published again once it committed (a reader that
   * read between the two bumps cached a value the second one makes stale). Should
   * Redis fail between the two, the second is retried in the background and logged.
   * A write that throws publishes nothing after it.
   */
  async after<T>(changes: Changes, write: () => PromiseLike<T>): Promise<T> {
    await this.prepare(await listOf(changes));
    const result = await write();
    // Asked again once committed: what the write touched may have grown meanwhile.
    const committed = await listOf(changes);
    await Promise.all(committed.map((change) => this.publish(change)));
    return result;
  }

  /**
   * Checks that the changes of a coming write can be shared: with Redis, bumps the
   * counted scopes (or pings) and throws a 503 when Redis does not answer in time.
   */
  async prepare(changes: Change[]): Promise<void> {
    if (!this.redis) return;
    const { commands, prefix, onError } = this.redis;
    try {
      const counted = changes.filter((c) => COUNTED.has(c.kind));
      if (!this.subscribed) throw new Error('the change feed subscription is down');
      await withTimeout<unknown>(
        counted.length === 0
          ? commands.ping()
          : counted
              .reduce(
                (multi, change) =>
                  multi
                    .incr(`${prefix}${scopeOf(change)}`)
                    .expire(`${prefix}${scopeOf(change)}`, REDIS_COUNTER_SECONDS),
                commands.multi(),
              )
              .exec()
              .then(throwOnFailedCommand),
      );
    } catch (error) {
      onError(error);
      throw new ServiceUnavailableError();
    }
  }

  /**
   * Records a committed change: tells this instance's listeners, bumps its generation
   * and tells the other instances. If Redis does not take it, it is retried in the
   * background (the write is committed and is answered as done); see `after` for how
   * writes avoid that case.
   */
  async publish(change: Change) {
    // This instance's listeners (live sockets to close or check again) finish before the
    // write is answered; a listener's failure is theirs to log.
    await Promise.allSettled(this.deliver(change));
    if (!this.redis) {
      if (COUNTED.has(change.kind)) this.bumpLocal(scopeOf(change));
      return;
    }
    try {
      await this.share(this.redis, change);
    } catch (error) {
      this.redis.onError(error);
      this.retry(change, 0);
    }
  }

  /**
   * Records many committed changes at once (the live state of every setlist one write
   * took): as `publish` each, with one Redis round trip for all of them.
   */
  async publishAll(changes: Change[]) {
    if (changes.length === 0) return;
    await Promise.allSettled(changes.flatMap((change) => this.deliver(change)));
    if (!this.redis) {
      for (const change of changes) if (COUNTED.has(change.kind)) this.bumpLocal(scopeOf(change));
      return;
    }
    const { commands, channel, prefix } = this.redis;
    const multi = commands.multi();
    for (const change of changes) {
      if (HEARD.has(change.kind)) {
        multi.publish(channel, JSON.stringify({ ...change, origin: this.origin }));
      }
      if (COUNTED.has(change.kind)) {
        const key = `${prefix}${scopeOf(change)}`;
        multi.incr(key).expire(key, REDIS_COUNTER_SECONDS);
      }
    }
    try {
      await withTimeout(multi.exec().then(throwOnFailedCommand));
    } catch (error) {
      this.redis.onError(error);
      for (const change of changes) this.retry(change, 0);
    }
  }

  /** Whether this instance hears the other instances' changes now (always, alone). */
  get healthy(): boolean {
    return !this.redis || this.subscribed;
  }

  private async share(redis: NonNullable<typeof this.redis>, change: Change) {
    const { commands, channel, prefix } = redis;
    const work: Promise<unknown>[] = [];
    if (HEARD.has(change.kind)) {
      work.push(commands.publish(channel, JSON.stringify({ ...change, origin: this.origin })));
    }
    if (COUNTED.has(change.kind)) {
      const key = `${prefix}${scopeOf(change)}`;
      work.push(
        commands
          .multi()
          .incr(key)
          .expire(key, REDIS_COUNTER_SECONDS)
          .exec()
          .then(throwOnFailedCommand),
      );
    }
    await withTimeout(Promise.all(work));
  }

  private retry(change: Change, attempt: number) {
    const delay = RETRY_DELAYS_MS[attempt];
    const redis = this.redis;
    if (delay === undefined || this.closed || !redis) return;
    const timer = setTimeout(() => {
      this.share(redis, change).catch((error: unknown) => {
        redis.onError(error);
        this.retry(change, attempt + 1);
      });
    }, delay);
    timer.unref();
  }

  /** Stops retrying (the instance is closing). */
  close() {
    this.closed = true;
  }

  /**
   * The current generations of some scopes, as one tag to compare; throws when Redis
   * does not answer. With Redis the tag starts with the counters' epoch: a Redis that
   * restarted empty gets a new epoch, so its counters starting again from zero never
   * match an answer cached before.
   */
  async generations(scopes: Scope[]): Promise<string> {
    const names = scopes.map(scopeOf);
    if (!this.redis) return names.map((s) => this.local.get(s) ?? this.floor).join(',');
    const { commands, prefix } = this.redis;
    const epochKey = `${prefix}epoch`;
    const [epoch, ...values] = await commands.mget(epochKey, ...names.map((s) => `${prefix}${s}`));
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
    // While the subscription is down, other instances' changes are missed: listeners
    // stop trusting what they keep, and check it all afresh once it is back.
    const down = () => {
      if (!this.subscribed) return;
      this.subscribed = false;
      this.deliver({ kind: 'resync' });
    };
    options.subscriber.on('close', down);
    options.subscriber.on('end', down);
    options.subscriber.on('error', down);
    await options.subscriber.subscribe(channel);
    this.subscribed = true;
    options.subscriber.on('ready', () => {
      // ioredis subscribes again by itself on reconnect; wait for it, then resync.
      void options.subscriber
        .subscribe(channel)
        .then(() => {
          if (this.subscribed) return;
          this.subscribed = true;
          this.deliver({ kind: 'resync' });
        })
        .catch(() => {});
    });
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

  private deliver(change: Change | { kind: 'resync' }): (void | Promise<void>)[] {
    const copy: Change | { kind: 'resync' } =
      change.kind === 'resync'
        ? change
        : {
            kind: change.kind,
            id: change.id,
            ...(change.teamId === undefined ? {} : { teamId: change.teamId }),
          };
    return this.listeners.map((listener) => listener(copy));
  }
}

/** A Redis answer that does not come within REDIS_TIMEOUT_MS counts as a failure. */
function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('Redis did not answer in time')), REDIS_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** A MULTI's answers: null when it was discarded, or an error per failed command. */
function throwOnFailedCommand(results: [Error | null, unknown][] | null) {
  if (!results) throw new Error('Redis discarded the transaction');
  for (const [error] of results) if (error) throw error;
  return results;
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
      return {
        kind: value.kind,
        id: value.id,
        origin: value.origin,
        ...(typeof value.teamId === 'string' ? { teamId: value.teamId } : {}),
      };
    }
  } catch {
    // not ours
  }
  return null;
}
