import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { clickOf } from '../live-click.ts';
import { liveKeysOf, type LiveRecord } from '../live-steps.ts';
import type { StepQueue } from './ordering.ts';
import { pickNewer, VERSION_MARGIN, type Room, type Rooms } from './rooms.ts';

/**
 * With Redis, one instance at a time orders a setlist's steps: the one holding its lease.
 * The holder orders in memory, as a lone instance does, so no step waits for Redis; another
 * instance with a step to make asks the holder to hand the lease over. A lease lapses this
 * long after it was last granted or renewed (an instance that died holding it blocks the
 * setlist's steps elsewhere at most this long). Why a lease rather than one Redis round trip
 * per step: docs/DECISIONS.md, Live: "With several instances, one orders each setlist".
 */
export const LEASE_MS = 2_000;
/**
 * Versions are handed out in blocks: the holder of a lease uses only the versions of its
 * block, and a new holder's block starts above every block handed out before, so even a
 * holder that lost its lease without knowing (a pause longer than the lease, Redis forgetting
 * the lease) never uses a version another instance uses. A Redis that restarts empty forgets
 * the blocks too: then the next block starts above the version written plus VERSION_MARGIN,
 * read from the database after Redis was found without them, and a holder never goes further
 * than VERSION_MARGIN past the version it knew written when Redis last granted or renewed
 * its lease, so no block handed out before the restart reaches the new one.
 */
export const LEASE_BLOCK = 100;
/** The live state in Redis outlives its last step by this long (the database keeps it anyway). */
const REDIS_STATE_SECONDS = 24 * 60 * 60;

/** The versions this instance may give a setlist's next step now. */
export interface Grant {
  /** Versions start above this: every version handed out before the lease was granted. */
  floor: number;
  /** The last version it may use: the block's, or `cap` when that comes first. */
  blockEnd: number;
}

/** A lease this instance holds: until when it uses it (performance.now()), and its versions. */
export interface Lease extends Grant {
  until: number;
  /** The end of its block in Redis. */
  high: number;
  /** VERSION_MARGIN past the version known written when Redis last granted or renewed it. */
  cap: number;
  /** Names this grant in Redis, so a lapsed lease is renewed only if its block is the last one. */
  token: string;
  renewing: boolean;
}

/** Says which instance orders each setlist's steps, and with which versions. */
export interface LeaseCoordinator {
  /** The versions the room's next step may take, when this instance may order it now; else null. */
  held(room: Room): Grant | null;
  /** Makes this instance the one ordering the setlist's steps, with its latest state. */
  acquire(setlistId: string, room: Room): Promise<void>;
  /** Every version of the room's grant is used: a further block, or the lease is dropped. */
  extend(setlistId: string, room: Room): Promise<void>;
  /** A step under the room's grant became its state: shared with the other instances. */
  ordered(setlistId: string, room: Room, state: LiveRecord): void;
  /** The state the instances share for the setlist, if any. */
  stored(setlistId: string): Promise<LiveRecord | null>;
  /** Hands back every lease held, each after the steps under way. */
  close(): Promise<void>;
}

/** One instance alone orders every setlist's steps: always at once, above the room's floor. */
export class SingleInstanceLeases implements LeaseCoordinator {
  held(room: Room): Grant {
    return { floor: room.floor, blockEnd: Infinity };
  }

  acquire(): Promise<void> {
    return Promise.resolve();
  }

  extend(): Promise<void> {
    return Promise.resolve();
  }

  ordered() {}

  stored(): Promise<LiveRecord | null> {
    return Promise.resolve(null);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * Grants or renews the lease of a setlist to `ARGV[1]`. KEYS: the live state, the lease (the
 * holder's id), the highest version of any block handed out (`<version> <grant's token>`
 * while that block's grant holds it). ARGV: the instance, the lease's length (ms), the block's
 * size, the caller's last block as it holds it ('' when it has none), a version to start
 * above read from the database since Redis answered {2} ('' otherwise), whether to extend
 * the block, the seconds the state and blocks are kept, the token of a fresh grant.
 *
 * Answers {0, holder} when another instance holds it. {1, blockEnd} when the caller's lease
 * was renewed: its block is still the last one handed out, so nobody stepped since (even if
 * the lease lapsed meanwhile) and it goes on where it was. {1, blockEnd, floor, state} when
 * granted afresh: versions from floor + 1, state '' when there is none. {2} when Redis has
 * no state or no blocks of the setlist (never stepped, expired, or restarted empty) and the
 * caller gave no version to start above: it reads the database first.
 */
const LEASE_SCRIPT = `
local holder = redis.call('GET', KEYS[2])
if holder and holder ~= ARGV[1] then return {0, holder} end
local high = redis.call('GET', KEYS[3])
if high and high == ARGV[4] then
  local version, token = string.match(high, '^(%d+) (.+)$')
  version = tonumber(version)
  if ARGV[6] == '1' then version = version + tonumber(ARGV[3]) end
  redis.call('SET', KEYS[3], version .. ' ' .. token, 'EX', ARGV[7])
  redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2])
  return {1, version}
end
local state = redis.call('GET', KEYS[1])
if (not high or not state) and ARGV[5] == '' then return {2} end
local floor = high and tonumber(string.match(high, '^%d+')) or 0
if state then floor = math.max(floor, cjson.decode(state)['version']) end
if ARGV[5] ~= '' then floor = math.max(floor, tonumber(ARGV[5])) end
local blockEnd = floor + tonumber(ARGV[3])
redis.call('SET', KEYS[3], blockEnd .. ' ' .. ARGV[8], 'EX', ARGV[7])
redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2])
return {1, blockEnd, floor, state or ''}`;

/**
 * Hands a lease back (to `ARGV[5]`, or to nobody): only by its holder. Stores the holder's
 * last state (unless Redis has a newer one) and lowers the highest version handed out to
 * the last the holder may have used, so the next holder goes on from there. KEYS as above;
 * ARGV: the holder, its state (JSON), that state's version, the highest version it may have
 * used, the next holder or '', the lease's length (ms), the seconds the state is kept.
 */
const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[2]) ~= ARGV[1] then return 0 end
local current = redis.call('GET', KEYS[1])
local version = tonumber(ARGV[3])
if not current or cjson.decode(current)['version'] < version then
  redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[7])
end
redis.call('SET', KEYS[3], ARGV[4], 'EX', ARGV[7])
if ARGV[5] ~= '' then
  redis.call('SET', KEYS[2], ARGV[5], 'PX', ARGV[6])
else
  redis.call('DEL', KEYS[2])
end
return 1`;

/** Stores a setlist's state unless Redis has a newer one. ARGV: its version, JSON, seconds kept. */
const STORE_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if current and cjson.decode(current)['version'] >= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[3])
return 1`;

type RedisWithScripts = Redis & {
  segueLiveLease(
    state: string,
    lease: string,
    high: string,
    ...args: (string | number)[]
  ): Promise<unknown>;
  segueLiveRelease(
    state: string,
    lease: string,
    high: string,
    ...args: (string | number)[]
  ): Promise<unknown>;
  segueLiveStore(state: string, ...args: (string | number)[]): Promise<unknown>;
};

/** Defines the live scripts on a connection once. */
function withScripts(client: Redis): RedisWithScripts {
  const scripts = client as RedisWithScripts;
  if (typeof scripts.segueLiveLease !== 'function') {
    client.defineCommand('segueLiveLease', { numberOfKeys: 3, lua: LEASE_SCRIPT });
    client.defineCommand('segueLiveRelease', { numberOfKeys: 3, lua: RELEASE_SCRIPT });
    client.defineCommand('segueLiveStore', { numberOfKeys: 1, lua: STORE_SCRIPT });
  }
  return scripts;
}

export interface RedisLeasesOptions {
  /**
   * `publisher` is the connection socket.io publishes broadcasts on: a step's state is
   * stored through it before the step is broadcast, so an instance that heard the step
   * reads that state (or a newer one) for a screen that joins. `subscriber` (in subscriber
   * mode) hears requests to hand a lease over.
   */
  redis: { commands: Redis; publisher: Redis; subscriber: Redis; prefix: string };
  rooms: Rooms;
  /** This instance's steps of each setlist, one after another: a handover waits its turn. */
  queue: StepQueue;
  /** How long a lease lasts (LEASE_MS but in tests that need lapses to come sooner). */
  leaseMs: number;
  onError: (error: unknown, message: string) => void;
}

/** The leases of setlists kept in Redis, for several instances. */
export class RedisLeases implements LeaseCoordinator {
  private readonly commands: RedisWithScripts;
  private readonly publisher: RedisWithScripts;
  private readonly prefix: string;
  /** Where requests to hand a lease over go: `<setlist id> <instance asking>`. */
  private readonly handovers: string;
  /** This instance, as a lease's holder. */
  private readonly me = randomUUID();
  private readonly leaseMs: number;
  /** A holder stops using its lease this long before Redis would let it lapse. */
  private readonly marginMs: number;
  /** How long a step waits for another instance to hand a setlist's lease over. */
  private readonly handoverWaitMs: number;
  /** Whether storing a state in Redis failed last time (logged once until it works again). */
  private storeFailing = false;

  constructor(private readonly options: RedisLeasesOptions) {
    const { commands, publisher, subscriber, prefix } = options.redis;
    this.commands = withScripts(commands);
    this.publisher = withScripts(publisher);
    this.prefix = prefix;
    this.handovers = `${prefix}live-handover`;
    this.leaseMs = options.leaseMs;
    this.marginMs = options.leaseMs / 4;
    this.handoverWaitMs = options.leaseMs + 1_000;
    subscriber.on('message', (channel: string, message: string) => {
      if (channel !== this.handovers) return;
      const [setlistId, asking] = message.split(' ');
      if (setlistId && asking && asking !== this.me) this.handOver(setlistId, asking);
    });
    subscriber.subscribe(this.handovers).catch((error: unknown) => {
      options.onError(error, 'live: requests to hand a setlist over not heard');
    });
  }

  held(room: Room): Lease | null {
    return room.lease !== null && room.lease.until > performance.now() ? room.lease : null;
  }

  /**
   * At once when this instance holds the lease already; else granted by Redis, after asking
   * the holder to hand it over when another instance holds it.
   */
  async acquire(setlistId: string, room: Room): Promise<void> {
    const started = performance.now();
    let asked = -Infinity;
    let read: number | null = null;
    for (let attempt = 0; !this.held(room); attempt += 1) {
      // A lease that lapsed here is renewed as it was when no other instance took one since.
      const lapsed = room.lease;
      const extend = lapsed !== null && room.record!.version > lapsed.high - LEASE_BLOCK / 2;
      const answer = await this.grant(setlistId, room, lapsed, extend, read);
      if (answer === 'granted') return;
      if (room.lease === lapsed) room.lease = null;
      read = null;
      if (answer === 'no-state') {
        // Redis has no blocks or state of the setlist (it may have restarted empty): the
        // written state, read now, and versions above it plus the margin, which no lease
        // granted before it was read can reach (see `grant`).
        await this.options.rooms.reload(setlistId, room);
        read = room.floor;
        continue;
      }
      if (performance.now() - started > this.handoverWaitMs) {
        throw new Error('live step: the instance holding the setlist did not hand it over');
      }
      if (performance.now() - asked > 100) {
        asked = performance.now();
        await this.commands.publish(this.handovers, `${setlistId} ${this.me}`);
      }
      await sleep(Math.min(2 ** attempt, 20));
    }
  }

  /**
   * Every version of the block used (renewals extend it ahead of time, so rarely), or the
   * lease's cap reached: renewed, with a further block when the block's end is near.
   */
  extend(setlistId: string, room: Room): Promise<void> {
    const lease = room.lease!;
    return this.renew(setlistId, room, lease, room.record!.version > lease.high - LEASE_BLOCK / 2);
  }

  /**
   * Its state goes to Redis (on the connection its broadcast will take, so it arrives first),
   * and the lease is renewed ahead of time when half its time or half its block is used.
   */
  ordered(setlistId: string, room: Room, state: LiveRecord) {
    const lease = room.lease!;
    this.publisher
      .segueLiveStore(
        this.stateKey(setlistId),
        state.version,
        JSON.stringify(state),
        REDIS_STATE_SECONDS,
      )
      .then(
        () => {
          this.storeFailing = false;
        },
        (error: unknown) => {
          if (!this.storeFailing) this.options.onError(error, 'live state not stored in Redis');
          this.storeFailing = true;
        },
      );
    const halfBlock = state.version > lease.high - LEASE_BLOCK / 2;
    const halfTime = lease.until - performance.now() < (this.leaseMs - this.marginMs) / 2;
    const nearCap =
      state.version > lease.cap - LEASE_BLOCK / 2 && room.written + VERSION_MARGIN > lease.cap;
    if (!lease.renewing && (halfBlock || halfTime || nearCap)) {
      void this.renew(setlistId, room, lease, halfBlock).catch((error: unknown) =>
        this.options.onError(error, 'live: lease not renewed'),
      );
    }
  }

  async stored(setlistId: string): Promise<LiveRecord | null> {
    const value = await this.commands.get(this.stateKey(setlistId));
    return value === null ? null : parseRecord(value);
  }

  /** The leases held go back at once, so the other instances need not wait for them to lapse. */
  async close(): Promise<void> {
    await Promise.allSettled(
      [...this.options.rooms.all()]
        .filter(([, room]) => room.lease)
        .map(([id, room]) => this.options.queue.serially(id, () => this.release(id, room, ''))),
    );
  }

  /**
   * Asks Redis for the setlist's lease (`lease`: renews that one, extending its block when
   * `extend`; `read`: a version to start above, read from the database since Redis said it
   * has no state or blocks). Answers whether it is granted (the room then holds it, with the
   * latest state), held by another instance, or Redis has nothing to start from. The lease
   * goes at most VERSION_MARGIN past the version known written when it was asked for: a
   * version written before Redis could restart empty, so below the block of any later grant.
   */
  private async grant(
    setlistId: string,
    room: Room,
    lease: Lease | null,
    extend: boolean,
    read: number | null,
  ): Promise<'granted' | 'held' | 'no-state'> {
    const sent = performance.now();
    const cap = room.written + VERSION_MARGIN;
    const token = randomUUID();
    const answer = (await this.commands.segueLiveLease(
      ...this.keysOf(setlistId),
      this.me,
      this.leaseMs,
      LEASE_BLOCK,
      lease ? `${lease.high} ${lease.token}` : '',
      read ?? '',
      extend ? '1' : '0',
      REDIS_STATE_SECONDS,
      token,
    )) as [number, unknown?, unknown?, unknown?];
    if (answer[0] === 2) return 'no-state';
    if (answer[0] !== 1) return 'held';
    if (lease && room.lease !== lease) return 'held'; // handed over meanwhile
    const high = Number(answer[1]);
    const until = sent + this.leaseMs - this.marginMs;
    if (answer.length === 2 && lease) {
      lease.until = until;
      lease.high = high;
      lease.cap = Math.max(lease.cap, cap);
      lease.blockEnd = Math.min(high, lease.cap);
      return 'granted';
    }
    const inRedis = typeof answer[3] === 'string' && answer[3] ? parseRecord(answer[3]) : null;
    if (inRedis) room.record = pickNewer(room.record, inRedis);
    const floor = Number(answer[2]);
    const blockEnd = Math.min(high, cap);
    room.lease = { until, floor, blockEnd, high, cap, token, renewing: false };
    return 'granted';
  }

  /** Renews a lease (see `grant`); a lease lost meanwhile is dropped at once. */
  private async renew(setlistId: string, room: Room, lease: Lease, extend: boolean) {
    lease.renewing = true;
    try {
      const answer = await this.grant(setlistId, room, lease, extend, null);
      if (answer !== 'granted' && room.lease === lease) room.lease = null;
    } finally {
      lease.renewing = false;
    }
  }

  /** Another instance has a step to make: the lease goes to it after this instance's steps. */
  private handOver(setlistId: string, asking: string) {
    const room = this.options.rooms.get(setlistId);
    if (!room?.lease) return;
    void this.options.queue
      .serially(setlistId, () => this.release(setlistId, room, asking))
      .catch((error: unknown) => this.options.onError(error, 'live: lease not handed over'));
  }

  /** Gives the room's lease back (to `to`, or to nobody), with its latest state. */
  private async release(setlistId: string, room: Room, to: string) {
    const lease = room.lease;
    if (!lease || !room.record) return;
    room.lease = null;
    await this.commands.segueLiveRelease(
      ...this.keysOf(setlistId),
      this.me,
      JSON.stringify(room.record),
      room.record.version,
      Math.max(room.record.version, lease.floor),
      to,
      this.leaseMs,
      REDIS_STATE_SECONDS,
    );
  }

  /** A setlist's keys in Redis: its live state, its lease, the highest version handed out. */
  private keysOf(setlistId: string): [string, string, string] {
    return [
      this.stateKey(setlistId),
      `${this.prefix}live-lease:${setlistId}`,
      `${this.prefix}live-high:${setlistId}`,
    ];
  }

  /** Where Redis keeps a setlist's live state. */
  private stateKey(setlistId: string): string {
    return `${this.prefix}live:${setlistId}`;
  }
}

function parseRecord(value: string): LiveRecord | null {
  try {
    const r = JSON.parse(value) as LiveRecord;
    if (typeof r.version !== 'number' || typeof r.currentIndex !== 'number') return null;
    // A state stored before runs had keys (or a click) of their own has none.
    return { ...r, keys: liveKeysOf(r.keys), click: clickOf(r.click) };
  } catch {
    return null;
  }
}
