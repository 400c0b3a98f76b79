import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { scope, type ChangeFeed } from '../lib/change-feed.ts';
import type { LiveRepository, Stepper } from './live.repository.ts';
import type { LiveState } from '@segue/shared';
import {
  liveStateOf,
  positionAfter,
  recordAfter,
  recordBumped,
  type LiveRecord,
  type RoomFacts,
  type StepRequest,
} from './live-steps.ts';

/**
 * How far ahead of the last version written a step may be heard. A restarted server (or one
 * whose Redis forgot the live state) starts a room this far above the version it reads, so
 * it never hands out a version a screen has already seen: a step further ahead first raises
 * the written version (one write, once per this many steps at most).
 */
export const VERSION_MARGIN = 1_000;
/** A step waits for the write in flight when its setlist has steps unwritten for this long. */
export const MAX_UNWRITTEN_MS = 1_000;
/**
 * Writes of the live state start at most this often: the first step after a quiet spell is
 * written at once, and under load each write takes every setlist stepped meanwhile (at the
 * bench's peak, 2 statements a second instead of hundreds). Well inside MAX_UNWRITTEN_MS;
 * every 100 ms, the database's share of the machine showed in the live tail (issue 19).
 */
const WRITE_EVERY_MS = 500;
/** A failed write of the live state is tried again after this long. */
const RETRY_WRITE_MS = 250;
/** A room nobody stepped or joined for this long is forgotten once its state is written. */
const IDLE_ROOM_MS = 10 * 60 * 1000;
/** The live state in Redis outlives its last step by this long (the database keeps it anyway). */
const REDIS_STATE_SECONDS = 24 * 60 * 60;

/**
 * With Redis, one instance at a time orders a setlist's steps: the one holding its lease
 * (issue 19). The holder orders in memory, as a lone instance does, so no step waits for
 * Redis; another instance with a step to make asks the holder to hand the lease over. A
 * lease lapses this long after it was last granted or renewed (an instance that died
 * holding it blocks the setlist's steps elsewhere at most this long).
 */
export const LEASE_MS = 2_000;
/** A holder stops using its lease this long before Redis would let it lapse. */
const LEASE_MARGIN_MS = 500;
/**
 * Versions are handed out in blocks: the holder of a lease uses only the versions of its
 * block, and a new holder's block starts above every block handed out before, so even a
 * holder that lost its lease without knowing (a long pause, a Redis restart) never uses a
 * version another instance uses.
 */
export const LEASE_BLOCK = 100;
/** How long a step waits for another instance to hand a setlist's lease over. */
const HANDOVER_WAIT_MS = LEASE_MS + 1_000;

/**
 * Grants or renews the lease of a setlist to `ARGV[1]`. KEYS: the live state, the lease (the
 * holder's id), the highest version of any block handed out. ARGV: the instance, the lease's
 * length (ms), the block's size, the end of the caller's last block ('' when it has none), a
 * version to start above ('' unless read from the database), whether to extend the block,
 * the seconds the state and blocks are kept.
 *
 * Answers {0, holder} when another instance holds it. {1, blockEnd} when the caller's lease
 * was renewed: its block is still the last one handed out, so nobody stepped since (even if
 * the lease lapsed meanwhile) and it goes on where it was. {1, blockEnd, floor, state} when
 * granted afresh: versions from floor + 1, state '' when there is none. {2} when Redis has
 * no state and the caller gave no version to start above (it reads the database first).
 */
const LEASE_SCRIPT = `
local holder = redis.call('GET', KEYS[2])
if holder and holder ~= ARGV[1] then return {0, holder} end
local high = tonumber(redis.call('GET', KEYS[3]) or '0')
if ARGV[4] ~= '' and tonumber(ARGV[4]) == high and redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2])
  if ARGV[6] == '1' then
    high = high + tonumber(ARGV[3])
    redis.call('SET', KEYS[3], high, 'EX', ARGV[7])
  end
  return {1, high}
end
local state = redis.call('GET', KEYS[1])
local floor = high
if state then
  floor = math.max(floor, cjson.decode(state)['version'])
elseif ARGV[5] == '' then
  return {2}
end
if ARGV[5] ~= '' then floor = math.max(floor, tonumber(ARGV[5])) end
local blockEnd = floor + tonumber(ARGV[3])
redis.call('SET', KEYS[3], blockEnd, 'EX', ARGV[7])
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

/** A lease this instance holds: until when it uses it (performance.now()), and its versions. */
interface Lease {
  until: number;
  /** Versions start above this: every version handed out before the lease was granted. */
  floor: number;
  /** The last version of the block. */
  blockEnd: number;
  renewing: boolean;
}

/** What a step did. */
export type StepOutcome =
  | {
      kind: 'written';
      state: LiveState;
      /** The state it was ordered after: what a screen that heard every step showed before. */
      before: Pick<LiveRecord, 'driver' | 'startedAt'>;
    }
  | { kind: 'refused' }
  | { kind: 'not-driver' }
  | { kind: 'missing' };

interface Room {
  /** The facts steps are checked against; null until read, and again after a change. */
  facts: RoomFacts | null;
  /** Bumped by every change of the setlist: facts read before it are not kept. */
  generation: number;
  /** The latest state this instance knows: with Redis, a hint (Redis orders); alone, the truth. */
  record: LiveRecord | null;
  /** Whether `record` came from Redis (true), or from the database with none in Redis (false). */
  fromRedis: boolean;
  /** With Redis: this instance's lease on the setlist's steps, if it holds one. */
  lease: Lease | null;
  /** Versions start above this (the written version plus the margin, when the room was read). */
  floor: number;
  /** The highest version known to be written. */
  written: number;
  touched: number;
}

export interface LiveEngineOptions {
  repo: LiveRepository;
  changes: ChangeFeed;
  /**
   * With several instances: Redis says which instance orders each setlist's steps.
   * `publisher` is the connection socket.io publishes broadcasts on: a step's state is
   * stored through it before the step is broadcast, so an instance that heard the step
   * reads that state (or a newer one) for a screen that joins. `subscriber` (in subscriber
   * mode) hears requests to hand a lease over.
   */
  redis?: { commands: Redis; publisher: Redis; subscriber: Redis; prefix: string } | undefined;
  onError: (error: unknown, message: string) => void;
}

/**
 * The live state of the setlists being performed (issue 19). A step is checked against the
 * room's cached facts (who leads, the songs' parts, the items), ordered (in this process
 * alone; with one Redis script per step across instances), heard at once, and written to the
 * setlist behind the broadcast: the steps of one setlist made while a write is under way
 * become one write. The facts are dropped when the change feed says the setlist, its songs
 * or its team changed, and read again by the next step.
 */
export class LiveEngine {
  private readonly rooms = new Map<string, Room>();
  /** This instance's steps of a setlist run one after another. */
  private readonly queues = new Map<string, Promise<void>>();
  private readonly writer: LiveWriter;
  private readonly redis: {
    commands: RedisWithScripts;
    publisher: RedisWithScripts;
    prefix: string;
    /** Where requests to hand a lease over go: `<setlist id> <instance asking>`. */
    handovers: string;
    /** This instance, as a lease's holder. */
    me: string;
  } | null;
  /** Whether storing a state in Redis failed last time (logged once until it works again). */
  private storeFailing = false;
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly options: LiveEngineOptions) {
    this.writer = new LiveWriter(options.repo, options.changes, options.onError, (id, version) => {
      const room = this.rooms.get(id);
      if (room) room.written = Math.max(room.written, version);
    });
    if (options.redis) {
      const { prefix, subscriber } = options.redis;
      const handovers = `${prefix}live-handover`;
      this.redis = {
        commands: withScripts(options.redis.commands),
        publisher: withScripts(options.redis.publisher),
        prefix,
        handovers,
        me: randomUUID(),
      };
      subscriber.on('message', (channel: string, message: string) => {
        if (channel !== handovers) return;
        const [setlistId, asking] = message.split(' ');
        if (setlistId && asking && asking !== this.redis?.me) this.handOver(setlistId, asking);
      });
      subscriber.subscribe(handovers).catch((error: unknown) => {
        options.onError(error, 'live: requests to hand a setlist over not heard');
      });
    } else {
      this.redis = null;
    }
    options.changes.on((change) => {
      if (change.kind === 'setlist') this.forget(change.id);
      else if (change.kind === 'team' || change.kind === 'members') {
        for (const [id, room] of this.rooms) if (room.facts?.teamId === change.id) this.forget(id);
      } else if (change.kind === 'resync') {
        for (const id of this.rooms.keys()) this.forget(id);
      }
    });
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  /** A setlist's facts (its team, songs, items, leaders), from the cache; null when there is none. */
  async facts(setlistId: string): Promise<RoomFacts | null> {
    return (await this.room(setlistId))?.facts ?? null;
  }

  /** The setlist's live state now, for a screen that joins; null when there is no such setlist. */
  async state(setlistId: string): Promise<LiveState | null> {
    const found = await this.room(setlistId);
    if (!found?.room.record) return null;
    const { room, facts } = found;
    // The holder of the lease knows the latest state; any other instance reads Redis's.
    if (this.redis && !this.holds(room)) await this.refresh(setlistId, room);
    return liveStateOf(setlistId, room.record!, facts);
  }

  /**
   * One step by `by`: refused unless they may drive (a song's leader, when the policy asks
   * for one) and the step fits the setlist; otherwise ordered, and written behind. Made at
   * once when everything it needs is at hand (`stepNow`), so the caller's broadcast goes out
   * in the tick the step arrived; otherwise after what it waits for.
   */
  step(setlistId: string, teamId: string, by: Stepper, request: StepRequest): Promise<StepOutcome> {
    const now = this.stepNow(setlistId, teamId, by, request);
    if (now) return Promise.resolve(now);
    return this.serially(setlistId, async () => {
      const found = await this.room(setlistId);
      if (!found?.room.record || found.facts.teamId !== teamId) return { kind: 'missing' };
      const { room, facts } = found;
      if (by.mustLead !== null && !facts.leaders.has(by.mustLead)) return { kind: 'not-driver' };
      const ordered = await this.order(setlistId, room, (current, floor) => {
        const position = positionAfter(facts, current, request);
        return position && recordAfter(current, position, by.name, Date.now(), floor);
      });
      return ordered
        ? {
            kind: 'written',
            state: liveStateOf(setlistId, ordered.next, facts),
            before: ordered.before,
          }
        : { kind: 'refused' };
    });
  }

  /**
   * The step at once, when everything it needs is at hand: the room's facts and state
   * cached, no step of the setlist under way here, no write to wait for and, with Redis,
   * the setlist's lease held. Null when it must wait. At the peak almost every step is
   * made here, in the tick it arrived.
   */
  private stepNow(
    setlistId: string,
    teamId: string,
    by: Stepper,
    request: StepRequest,
  ): StepOutcome | null {
    if (this.queues.has(setlistId)) return null;
    const room = this.rooms.get(setlistId);
    const facts = room?.facts;
    const current = room?.record;
    if (!room || !facts || !current || facts.teamId !== teamId) return null;
    if (this.redis && !this.holds(room)) return null;
    if (by.mustLead !== null && !facts.leaders.has(by.mustLead)) return { kind: 'not-driver' };
    const position = positionAfter(facts, current, request);
    if (!position) return { kind: 'refused' };
    const lease = room.lease;
    const next = recordAfter(
      current,
      position,
      by.name,
      Date.now(),
      lease ? lease.floor : room.floor,
    );
    if (lease && next.version > lease.blockEnd) return null;
    if (this.writer.unwrittenFor(setlistId) > MAX_UNWRITTEN_MS) return null;
    if (next.version > room.written + VERSION_MARGIN) return null;
    this.commit(setlistId, room, lease, next);
    room.touched = Date.now();
    return { kind: 'written', state: liveStateOf(setlistId, next, facts), before: current };
  }

  /** A new version for a change that is not a step (a key change), the position unchanged. */
  bump(setlistId: string): Promise<LiveState | null> {
    return this.serially(setlistId, async () => {
      const found = await this.room(setlistId);
      if (!found?.room.record) return null;
      const { room, facts } = found;
      const ordered = await this.order(setlistId, room, (current, floor) =>
        recordBumped(current, floor),
      );
      return ordered && liveStateOf(setlistId, ordered.next, facts);
    });
  }

  /** Resolves once every step heard so far is written (tests; closing). */
  flushed(): Promise<void> {
    return this.writer.idle();
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    // The leases held go back at once, so the other instances need not wait for them to lapse.
    await Promise.allSettled(
      [...this.rooms]
        .filter(([, room]) => room.lease)
        .map(([id, room]) => this.serially(id, () => this.release(id, room, ''))),
    );
    await this.writer.idle();
    this.writer.close();
  }

  /**
   * Orders the state `next` computes from the current one (null: refused): alone, at once;
   * with Redis, once this instance holds the setlist's lease, at once too. A step far ahead
   * of the written version, or one of a setlist with steps unwritten for a second, waits for
   * the write first.
   */
  private async order(
    setlistId: string,
    room: Room,
    next: (current: LiveRecord, floor: number) => LiveRecord | null,
  ): Promise<{ next: LiveRecord; before: LiveRecord } | null> {
    for (;;) {
      if (this.redis) await this.holdLease(setlistId, room);
      const current = room.record!;
      const lease = room.lease;
      const candidate = next(current, lease ? lease.floor : room.floor);
      if (!candidate) return null;
      if (lease && candidate.version > lease.blockEnd) {
        // Every version of the block used (renewals extend it ahead of time, so rarely).
        await this.renew(setlistId, room, lease, true);
        continue;
      }
      await this.durableEnough(setlistId, room, candidate.version);
      // Checked again after the wait: a newer state, or a lease lost or handed over meanwhile.
      if (room.record !== current || room.lease !== lease) continue;
      if (lease && !this.holds(room)) continue;
      this.commit(setlistId, room, lease, candidate);
      return { next: candidate, before: current };
    }
  }

  /** A step's state becomes the room's, to be written (and, under a lease, stored in Redis). */
  private commit(setlistId: string, room: Room, lease: Lease | null, state: LiveRecord) {
    room.record = state;
    this.writer.mark(setlistId, state);
    if (lease) this.afterStep(setlistId, room, lease, state);
  }

  /** Whether this instance may order the room's steps now under its lease. */
  private holds(room: Room): boolean {
    return room.lease !== null && room.lease.until > performance.now();
  }

  /**
   * Makes this instance the holder of the setlist's lease, with the latest state: at once
   * when it holds it already; else granted by Redis, after asking the holder to hand it
   * over when another instance holds it.
   */
  private async holdLease(setlistId: string, room: Room): Promise<void> {
    const started = performance.now();
    let asked = -Infinity;
    for (let attempt = 0; !this.holds(room); attempt += 1) {
      // A lease that lapsed here is renewed as it was when no other instance took one since.
      const lapsed = room.lease;
      const extend = lapsed !== null && room.record!.version > lapsed.blockEnd - LEASE_BLOCK / 2;
      const answer = await this.grant(setlistId, room, lapsed, extend);
      if (answer === 'granted') return;
      if (room.lease === lapsed) room.lease = null;
      if (answer === 'no-state') {
        // Redis forgot the state (restarted, or it expired): the written one, above the margin.
        await this.reload(setlistId, room);
        continue;
      }
      if (performance.now() - started > HANDOVER_WAIT_MS) {
        throw new Error('live step: the instance holding the setlist did not hand it over');
      }
      if (performance.now() - asked > 100) {
        asked = performance.now();
        const { commands, handovers, me } = this.redis!;
        await commands.publish(handovers, `${setlistId} ${me}`);
      }
      await sleep(Math.min(2 ** attempt, 20));
    }
  }

  /**
   * Asks Redis for the setlist's lease (`lease`: renews that one, extending its block when
   * `extend`). Answers whether it is granted (the room then holds it, with the latest
   * state), held by another instance, or Redis has no state to start from.
   */
  private async grant(
    setlistId: string,
    room: Room,
    lease: Lease | null,
    extend: boolean,
  ): Promise<'granted' | 'held' | 'no-state'> {
    const { commands, me } = this.redis!;
    const sent = performance.now();
    const answer = (await commands.segueLiveLease(
      ...this.keysOf(setlistId),
      me,
      LEASE_MS,
      LEASE_BLOCK,
      lease ? lease.blockEnd : '',
      room.fromRedis ? '' : room.floor + LEASE_BLOCK,
      extend ? '1' : '0',
      REDIS_STATE_SECONDS,
    )) as [number, unknown?, unknown?, unknown?];
    if (answer[0] === 2) return 'no-state';
    if (answer[0] !== 1) return 'held';
    if (lease && room.lease !== lease) return 'held'; // handed over meanwhile
    const blockEnd = Number(answer[1]);
    const until = sent + LEASE_MS - LEASE_MARGIN_MS;
    if (answer.length === 2 && lease) {
      lease.until = until;
      lease.blockEnd = blockEnd;
      return 'granted';
    }
    const inRedis = typeof answer[3] === 'string' && answer[3] ? parseRecord(answer[3]) : null;
    if (inRedis) room.record = pickNewer(room.record, inRedis);
    room.fromRedis = true;
    room.lease = { until, floor: Number(answer[2]), blockEnd, renewing: false };
    return 'granted';
  }

  /**
   * After a step under a lease: its state goes to Redis (on the connection its broadcast
   * will take, so it arrives first), and the lease is renewed ahead of time when half its
   * time or half its block is used.
   */
  private afterStep(setlistId: string, room: Room, lease: Lease, state: LiveRecord) {
    const { publisher } = this.redis!;
    publisher
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
    const halfBlock = state.version > lease.blockEnd - LEASE_BLOCK / 2;
    const halfTime = lease.until - performance.now() < (LEASE_MS - LEASE_MARGIN_MS) / 2;
    if (!lease.renewing && (halfBlock || halfTime)) {
      void this.renew(setlistId, room, lease, halfBlock).catch((error: unknown) =>
        this.options.onError(error, 'live: lease not renewed'),
      );
    }
  }

  /** Renews a lease (see `grant`); a lease lost meanwhile is dropped. */
  private async renew(setlistId: string, room: Room, lease: Lease, extend: boolean) {
    lease.renewing = true;
    try {
      const answer = await this.grant(setlistId, room, lease, extend);
      if (answer !== 'granted' && room.lease === lease) room.lease = null;
    } finally {
      lease.renewing = false;
    }
  }

  /** Another instance has a step to make: the lease goes to it after this instance's steps. */
  private handOver(setlistId: string, asking: string) {
    const room = this.rooms.get(setlistId);
    if (!room?.lease) return;
    void this.serially(setlistId, () => this.release(setlistId, room, asking)).catch(
      (error: unknown) => this.options.onError(error, 'live: lease not handed over'),
    );
  }

  /** Gives the room's lease back (to `to`, or to nobody), with its latest state. */
  private async release(setlistId: string, room: Room, to: string) {
    const lease = room.lease;
    if (!lease || !room.record) return;
    room.lease = null;
    const { commands, me } = this.redis!;
    await commands.segueLiveRelease(
      ...this.keysOf(setlistId),
      me,
      JSON.stringify(room.record),
      room.record.version,
      Math.max(room.record.version, lease.floor),
      to,
      LEASE_MS,
      REDIS_STATE_SECONDS,
    );
  }

  /** A setlist's keys in Redis: its live state, its lease, the highest version handed out. */
  private keysOf(setlistId: string): [string, string, string] {
    const { prefix } = this.redis!;
    return [
      this.stateKey(setlistId),
      `${prefix}live-lease:${setlistId}`,
      `${prefix}live-high:${setlistId}`,
    ];
  }

  /** Where Redis keeps a setlist's live state. */
  private stateKey(setlistId: string): string {
    return `${this.redis!.prefix}live:${setlistId}`;
  }

  /**
   * Waits until `version` may be heard: at most VERSION_MARGIN past the version written, and
   * no step of the setlist unwritten for longer than MAX_UNWRITTEN_MS.
   */
  private async durableEnough(setlistId: string, room: Room, version: number) {
    if (this.writer.unwrittenFor(setlistId) > MAX_UNWRITTEN_MS) await this.writer.idle(setlistId);
    if (version <= room.written + VERSION_MARGIN) return;
    await this.writer.idle(setlistId);
    if (version <= room.written + VERSION_MARGIN) return;
    // One below the step's: the row keeps its state under a version nobody heard, so no
    // screen ever meets two states under one version (the step's own is written behind).
    await this.options.repo.raise(setlistId, version - 1);
    room.written = Math.max(room.written, version - 1);
  }

  /** Runs `work` after this instance's earlier steps of the setlist. */
  private serially<T>(setlistId: string, work: () => Promise<T>): Promise<T> {
    const before = this.queues.get(setlistId) ?? Promise.resolve();
    const result = before.then(work, work);
    const settled = result.then(
      () => {},
      () => {},
    );
    this.queues.set(setlistId, settled);
    void settled.then(() => {
      if (this.queues.get(setlistId) === settled) this.queues.delete(setlistId);
    });
    return result;
  }

  /**
   * The room of a setlist with the facts to check against (read when not cached, and its
   * state the first time); null when there is no such setlist.
   */
  private async room(setlistId: string): Promise<{ room: Room; facts: RoomFacts } | null> {
    let room = this.rooms.get(setlistId);
    if (room?.facts && room.record) {
      room.touched = Date.now();
      return { room, facts: room.facts };
    }
    if (!room) {
      room = {
        facts: null,
        generation: 0,
        record: null,
        fromRedis: false,
        lease: null,
        floor: 0,
        written: 0,
        touched: Date.now(),
      };
      this.rooms.set(setlistId, room);
    }
    const generation = room.generation;
    const read = await this.options.repo.room(setlistId);
    if (!read) {
      if (this.rooms.get(setlistId) === room && !this.writer.holds(setlistId)) {
        this.rooms.delete(setlistId);
      }
      return null;
    }
    // Facts read across a change are not kept (the next step reads them again), but this
    // step uses them: it was sent before the change was heard.
    if (room.generation === generation) room.facts = read.facts;
    room.written = Math.max(room.written, read.record.version);
    if (!room.record) await this.adopt(setlistId, room, read.record);
    room.touched = Date.now();
    return { room, facts: read.facts };
  }

  /** A room's first state: Redis's when it has one, else the one written, with the margin. */
  private async adopt(setlistId: string, room: Room, written: LiveRecord) {
    room.floor = Math.max(room.floor, written.version + VERSION_MARGIN);
    const inRedis = this.redis ? await this.fromRedis(setlistId) : null;
    room.record = inRedis ?? pickNewer(room.record, written);
    room.fromRedis = inRedis !== null;
  }

  /** Redis forgot the state: the written one again, above the margin. */
  private async reload(setlistId: string, room: Room) {
    const read = await this.options.repo.room(setlistId);
    if (!read) throw new Error('live step: the setlist is gone');
    room.written = Math.max(room.written, read.record.version);
    room.floor = Math.max(room.floor, read.record.version + VERSION_MARGIN);
    room.record = pickNewer(room.record, read.record);
    room.fromRedis = false;
  }

  /** With Redis: the state there now, if it has one (or the one known here, when newer). */
  private async refresh(setlistId: string, room: Room) {
    const inRedis = await this.fromRedis(setlistId);
    if (inRedis) {
      room.record = pickNewer(room.record, inRedis);
      room.fromRedis = true;
    }
  }

  private async fromRedis(setlistId: string): Promise<LiveRecord | null> {
    if (!this.redis) return null;
    const value = await this.redis.commands.get(this.stateKey(setlistId));
    return value === null ? null : parseRecord(value);
  }

  /** The setlist changed: its facts are read again by the next step. */
  private forget(setlistId: string) {
    const room = this.rooms.get(setlistId);
    if (!room) return;
    room.facts = null;
    room.generation += 1;
  }

  /** Forgets rooms idle for a while whose state is written (the next step reads them again). */
  private sweep() {
    const old = Date.now() - IDLE_ROOM_MS;
    for (const [id, room] of this.rooms) {
      if (room.touched < old && !this.writer.holds(id)) this.rooms.delete(id);
    }
  }
}

function pickNewer(a: LiveRecord | null, b: LiveRecord): LiveRecord {
  return a && a.version > b.version ? a : b;
}

function parseRecord(value: string): LiveRecord | null {
  try {
    const r = JSON.parse(value) as LiveRecord;
    return typeof r.version === 'number' && typeof r.currentIndex === 'number' ? r : null;
  } catch {
    return null;
  }
}

/**
 * Writes live states behind the broadcast: whatever was stepped while a write was under way
 * goes in the next one, the latest state of each setlist only, all setlists in one statement.
 */
class LiveWriter {
  /** Waiting for the next write: each setlist's latest state, and since when it waits. */
  private waiting = new Map<string, { record: LiveRecord; since: number }>();
  private writing = new Map<string, { record: LiveRecord; since: number }>();
  private running: Promise<void> | null = null;
  /** When the last write started (ms). */
  private lastStart = 0;
  private closed = false;

  constructor(
    private readonly repo: LiveRepository,
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
      await new Promise((resolve) =>
        wait > 0 && !this.closed ? setTimeout(resolve, wait) : setImmediate(resolve),
      );
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
