import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { FollowCount } from '@segue/shared';
import { followPartsKey } from './follow-rooms.ts';

/** The band hears a setlist's count of followers at most this often. */
export const FOLLOWER_COUNT_GAP_MS = 2_000;
/**
 * How soon an instance's change of a room's count reaches Redis (the other instances' room
 * limit and their "anyone following?" read it), at most: a reconnect storm of thousands of
 * joins is a handful of writes.
 */
const SHARE_GAP_MS = 200;
/** An instance writes its counts again this often, so a count is known to be alive... */
const HEARTBEAT_MS = 10_000;
/** ...and one not written for this long is an instance that went away without a word. */
const STALE_MS = 3 * HEARTBEAT_MS;
/** A room's counts stay in Redis this long after their last write. */
const KEPT_MS = 2 * STALE_MS;
/** A sum of none known this long is forgotten (read again when next needed). */
const FORGET_SUM_MS = 10 * 60 * 1000;

/**
 * Writes one instance's count of a room's followers (0 takes it out), sums the counts of the
 * instances still alive (dropping those gone quiet), and, when the sum is not the one the band
 * was last told and the last telling is FOLLOWER_COUNT_GAP_MS old (or told none), publishes it: in the script,
 * so every instance hears the tellings of a room in the order they were decided. Redis's clock,
 * so instances' clocks need not agree. Telling that nobody follows any more forgets the room's
 * page (its parts): steps are not sent to a room nobody follows, so the parts would go stale,
 * and the next first phone reads them afresh.
 * KEYS: the counts hash, the last telling's hash, the room's parts. ARGV: instance, count, stale ms, gap ms,
 * kept ms, channel, setlist id. Returns the sum and how long to wait before telling it (0: told
 * or nothing to tell).
 */
const COUNT_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if tonumber(ARGV[2]) > 0 then
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. ':' .. now)
else
  redis.call('HDEL', KEYS[1], ARGV[1])
end
local sum = 0
local fields = redis.call('HGETALL', KEYS[1])
for i = 1, #fields, 2 do
  local count, at = string.match(fields[i + 1], '^(%d+):(%d+)$')
  if count and now - tonumber(at) <= tonumber(ARGV[3]) then
    sum = sum + tonumber(count)
  else
    redis.call('HDEL', KEYS[1], fields[i])
  end
end
-- Kept while anybody follows (the heartbeats), so an instance started later reads the sum.
if sum > 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
  redis.call('PEXPIRE', KEYS[2], ARGV[5])
end
local told = redis.call('HMGET', KEYS[2], 'sum', 'at')
if (tonumber(told[1]) or 0) == sum then return {sum, 0} end
local at = tonumber(told[2])
-- A room's first followers are told at once: steps are sent to a room only once it has some.
if (tonumber(told[1]) or 0) > 0 and at and now >= at and now - at < tonumber(ARGV[4]) then
  return {sum, tonumber(ARGV[4]) - (now - at)}
end
redis.call('HSET', KEYS[2], 'sum', sum, 'at', now)
redis.call('PEXPIRE', KEYS[2], ARGV[5])
redis.call('PUBLISH', ARGV[6], cjson.encode({setlistId = ARGV[7], followers = sum}))
if sum == 0 then redis.call('DEL', KEYS[3]) end
return {sum, 0}`;

type RedisWithCount = Redis & {
  segueFollowCount(
    counts: string,
    told: string,
    parts: string,
    ...args: (string | number)[]
  ): Promise<[number, number]>;
};

function withScript(client: Redis): RedisWithCount {
  const scripted = client as RedisWithCount;
  if (typeof scripted.segueFollowCount !== 'function') {
    client.defineCommand('segueFollowCount', { numberOfKeys: 3, lua: COUNT_SCRIPT });
  }
  return scripted;
}

export interface FollowerCountsOptions {
  /**
   * With several instances: each instance's count of a room in a Redis hash of the room, summed
   * there; the sums told to every instance on `channel` (heard on `subscriber`).
   */
  redis?: { commands: Redis; subscriber: Redis; prefix: string } | undefined;
  /** Tells this instance's band sockets of a setlist how many follow it. */
  tell: (count: FollowCount) => void;
  onError: (error: unknown, message: string) => void;
}

/** Per room: what this instance last wrote, and its writing's timers. */
interface Shared {
  /** This instance's count as last written to Redis. */
  written: number;
  /** The sum the last write found, less this instance's part: the other instances' followers. */
  elsewhere: number;
  lastWrite: number;
  timer: NodeJS.Timeout | null;
  writing: boolean;
  /** A count changed while a write was under way: write again after it. */
  again: boolean;
}

/**
 * How many phones follow each setlist, on this instance and on all of them. Alone, the count is
 * this instance's; with Redis, each instance keeps its own count in a hash of the room and the
 * sum is told to every instance on a channel, at most every FOLLOWER_COUNT_GAP_MS and only
 * when it changed. Every instance so knows, without asking Redis, whether a setlist has
 * followers anywhere (a step of a setlist nobody follows costs nothing), and tells its own
 * band sockets.
 */
export class FollowerCounts {
  /** This instance's followers per room (kept up to date by the slots). */
  private readonly here = new Map<string, number>();
  /** Alone: when the band was last told of a room, the count it was told, and a timer. */
  private readonly told = new Map<
    string,
    { count: number; at: number; timer: NodeJS.Timeout | null }
  >();
  /**
   * With Redis: each room's sum as last told on the channel, or read from the last telling
   * when this instance first needed it (an instance started after the room's last change).
   */
  private readonly sums = new Map<string, { followers: number; at: number }>();
  private readonly learning = new Map<string, Promise<void>>();
  private readonly shared = new Map<string, Shared>();
  private readonly firstListeners: ((setlistId: string) => void)[] = [];
  private readonly me = randomUUID();
  private readonly channel: string;
  private readonly heartbeat: NodeJS.Timeout | null = null;
  private readonly commands: RedisWithCount | null;
  private closed = false;

  constructor(private readonly options: FollowerCountsOptions) {
    const redis = options.redis;
    this.channel = `${redis?.prefix ?? ''}follow-count`;
    this.commands = redis ? withScript(redis.commands) : null;
    if (redis) {
      redis.subscriber.on('message', (channel: string, message: string) => {
        if (channel === this.channel) this.heard(message);
      });
      void redis.subscriber
        .subscribe(this.channel)
        .catch((error: unknown) => options.onError(error, 'follower count: subscribe failed'));
      // Back after an outage: tellings may have been missed, so every sum is read again.
      redis.subscriber.on('ready', () => this.sums.clear());
      this.heartbeat = setInterval(() => {
        for (const [setlistId, count] of this.here) if (count > 0) this.share(setlistId);
        // Rooms only looked at (a follower refused, or gone again): read afresh next time.
        for (const [setlistId, s] of this.shared) {
          const idle = !s.writing && !s.timer && s.written === 0;
          if (idle && !this.here.has(setlistId)) this.shared.delete(setlistId);
        }
        const old = Date.now() - FORGET_SUM_MS;
        for (const [setlistId, sum] of this.sums) {
          if (sum.followers === 0 && sum.at < old) this.sums.delete(setlistId);
        }
      }, HEARTBEAT_MS);
      this.heartbeat.unref();
    }
  }

  /** This instance's count of a room changed. */
  changed(setlistId: string, count: number) {
    if (count > 0) this.here.set(setlistId, count);
    else this.here.delete(setlistId);
    if (this.commands) this.share(setlistId);
    else this.tellLater(setlistId);
  }

  /** The setlist's followers on every instance, as this instance knows them now. */
  anywhere(setlistId: string): number {
    const here = this.here.get(setlistId) ?? 0;
    if (!this.commands) return here;
    return Math.max(this.sums.get(setlistId)?.followers ?? 0, here + this.elsewhere(setlistId));
  }

  /** Whether this instance knows the setlist's sum (always alone). */
  known(setlistId: string): boolean {
    return !this.commands || this.sums.has(setlistId);
  }

  /**
   * Reads the setlist's sum as last told, when this instance has not heard it (one read per
   * setlist; the channel keeps it after that). Never fails: unread, the sum stays unknown.
   */
  learn(setlistId: string): Promise<void> {
    const commands = this.commands;
    if (!commands || this.sums.has(setlistId)) return Promise.resolve();
    let learning = this.learning.get(setlistId);
    if (!learning) {
      learning = commands
        .hget(this.toldKey(setlistId), 'sum')
        .then((sum) => {
          // A telling heard meanwhile is newer.
          if (!this.sums.has(setlistId)) {
            this.sums.set(setlistId, { followers: Number(sum) || 0, at: Date.now() });
          }
        })
        .catch((error: unknown) => this.options.onError(error, 'follower count: read failed'))
        .finally(() => this.learning.delete(setlistId));
      this.learning.set(setlistId, learning);
    }
    return learning;
  }

  /** The setlist's followers on the other instances, as last heard (0 alone). */
  elsewhere(setlistId: string): number {
    return this.shared.get(setlistId)?.elsewhere ?? 0;
  }

  /**
   * Reads a room's counts from Redis while this instance holds none of its followers, so a
   * first follower here is checked against the room's limit too; while it holds some, its
   * own writes and the channel keep the count.
   */
  async know(setlistId: string): Promise<void> {
    if (!this.commands || (this.here.get(setlistId) ?? 0) > 0) return;
    let counts: Record<string, string>;
    try {
      counts = await this.commands.hgetall(this.countsKey(setlistId));
    } catch (error) {
      // Redis unreachable: the phone is counted against what this instance last heard.
      this.options.onError(error, 'follower count: Redis did not answer');
      return;
    }
    let elsewhere = 0;
    // This instance's own count may still be on its way down to what it holds now (none).
    for (const [instance, value] of Object.entries(counts)) {
      if (instance !== this.me) elsewhere += Number(value.split(':')[0]) || 0;
    }
    this.sharedOf(setlistId).elsewhere = elsewhere;
  }

  /**
   * With Redis: called when a setlist's followers go from none anywhere to some, as told on
   * the channel (every instance hears it).
   */
  onFirstFollowers(listener: (setlistId: string) => void) {
    this.firstListeners.push(listener);
  }

  /** Takes this instance's counts out of Redis (it is closing). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const told of this.told.values()) if (told.timer) clearTimeout(told.timer);
    for (const shared of this.shared.values()) if (shared.timer) clearTimeout(shared.timer);
    const commands = this.commands;
    if (!commands) return;
    const rooms = [...this.shared].filter(([, s]) => s.written > 0).map(([id]) => id);
    await Promise.allSettled(rooms.map((id) => this.write(commands, id, 0)));
  }

  /** Alone: tells the band the room's count, at once or when the gap since the last is over. */
  private tellLater(setlistId: string) {
    const told = this.told.get(setlistId) ?? { count: 0, at: 0, timer: null };
    this.told.set(setlistId, told);
    if (told.timer) return;
    const wait = told.at + FOLLOWER_COUNT_GAP_MS - Date.now();
    const tell = () => {
      told.timer = null;
      const count = this.here.get(setlistId) ?? 0;
      if (count === told.count) {
        if (count === 0) this.told.delete(setlistId);
        return;
      }
      told.count = count;
      told.at = Date.now();
      this.options.tell({ setlistId, followers: count });
      // Counted again when the gap is over: the count may have moved on meanwhile.
      told.timer = setTimeout(tell, FOLLOWER_COUNT_GAP_MS);
      told.timer.unref();
    };
    if (wait <= 0 || this.closed) tell();
    else {
      told.timer = setTimeout(tell, wait);
      told.timer.unref();
    }
  }

  /** With Redis: writes this instance's count of the room soon (at once when none was lately). */
  private share(setlistId: string) {
    if (this.closed) return;
    const shared = this.sharedOf(setlistId);
    if (shared.writing) {
      shared.again = true;
      return;
    }
    if (shared.timer) return;
    const wait = shared.lastWrite + SHARE_GAP_MS - Date.now();
    const run = () => {
      shared.timer = null;
      void this.writeNow(setlistId, shared);
    };
    if (wait <= 0) run();
    else {
      shared.timer = setTimeout(run, wait);
      shared.timer.unref();
    }
  }

  private async writeNow(setlistId: string, shared: Shared) {
    const commands = this.commands!;
    shared.writing = true;
    shared.again = false;
    shared.lastWrite = Date.now();
    const count = this.here.get(setlistId) ?? 0;
    try {
      const [sum, wait] = await this.write(commands, setlistId, count);
      shared.elsewhere = Math.max(0, sum - count);
      // The band's telling was held back by the gap: this instance tells it once the gap is over.
      if (wait > 0 && !shared.timer) {
        shared.timer = setTimeout(() => {
          shared.timer = null;
          this.share(setlistId);
        }, wait);
        shared.timer.unref();
      }
    } catch (error) {
      this.options.onError(error, 'follower count: Redis did not take a count');
    } finally {
      shared.writing = false;
    }
    if (shared.again) this.share(setlistId);
    else if (count === 0 && shared.written === 0 && !shared.timer) this.shared.delete(setlistId);
  }

  private async write(commands: RedisWithCount, setlistId: string, count: number) {
    const answer = await commands.segueFollowCount(
      this.countsKey(setlistId),
      this.toldKey(setlistId),
      followPartsKey(this.options.redis!.prefix, setlistId),
      this.me,
      count,
      STALE_MS,
      FOLLOWER_COUNT_GAP_MS,
      KEPT_MS,
      this.channel,
      setlistId,
    );
    const shared = this.shared.get(setlistId);
    if (shared) shared.written = count;
    return [Number(answer[0]), Number(answer[1])] as const;
  }

  /** A room's sum told on the channel: kept, and told to this instance's band sockets. */
  private heard(message: string) {
    let count: FollowCount;
    try {
      const value = JSON.parse(message) as Partial<FollowCount>;
      if (typeof value.setlistId !== 'string' || typeof value.followers !== 'number') return;
      count = { setlistId: value.setlistId, followers: value.followers };
    } catch {
      return;
    }
    const before = this.sums.get(count.setlistId)?.followers ?? 0;
    this.sums.set(count.setlistId, { followers: count.followers, at: Date.now() });
    const shared = this.shared.get(count.setlistId);
    if (shared) shared.elsewhere = Math.max(0, count.followers - shared.written);
    if (before === 0 && count.followers > 0) {
      for (const listener of this.firstListeners) listener(count.setlistId);
    }
    this.options.tell(count);
  }

  private sharedOf(setlistId: string): Shared {
    let shared = this.shared.get(setlistId);
    if (!shared) {
      shared = {
        written: 0,
        elsewhere: 0,
        lastWrite: 0,
        timer: null,
        writing: false,
        again: false,
      };
      this.shared.set(setlistId, shared);
    }
    return shared;
  }

  private countsKey(setlistId: string) {
    // One hash slot per room (the braces), so the script's keys may live on a Redis cluster.
    return `${this.options.redis!.prefix}follow:{${setlistId}}:count`;
  }

  private toldKey(setlistId: string) {
    return `${this.options.redis!.prefix}follow:{${setlistId}}:told`;
  }
}
