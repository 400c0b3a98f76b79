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
 * bench's peak, 10 statements a second instead of hundreds).
 */
const WRITE_EVERY_MS = 100;
/** A failed write of the live state is tried again after this long. */
const RETRY_WRITE_MS = 250;
/** A room nobody stepped or joined for this long is forgotten once its state is written. */
const IDLE_ROOM_MS = 10 * 60 * 1000;
/** The live state in Redis outlives its last step by this long (the database keeps it anyway). */
const REDIS_STATE_SECONDS = 24 * 60 * 60;

/**
 * Orders one step of a setlist in Redis: the state is set only if the version there is still
 * the one the step was computed from (`ARGV[1]`; `new` when there is none yet). Answers 1 when
 * set, the current state (JSON) when another step came first, nil when there is no state.
 */
const CLAIM_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if current then
  if ARGV[1] == 'new' or cjson.decode(current)['version'] ~= tonumber(ARGV[1]) then
    return current
  end
elseif ARGV[1] ~= 'new' then
  return false
end
redis.call('SET', KEYS[1], ARGV[2], 'EX', tonumber(ARGV[3]))
return 1`;

type RedisWithClaim = Redis & {
  segueLiveClaim(key: string, expected: string, next: string, ttl: number): Promise<unknown>;
};

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
  /** Versions start above this (the written version plus the margin, when the room was read). */
  floor: number;
  /** The highest version known to be written. */
  written: number;
  touched: number;
}

export interface LiveEngineOptions {
  repo: LiveRepository;
  changes: ChangeFeed;
  /** With several instances: Redis orders the steps of each setlist. */
  redis?: { commands: Redis; prefix: string } | undefined;
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
  private readonly redis: { commands: RedisWithClaim; prefix: string } | null;
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly options: LiveEngineOptions) {
    this.writer = new LiveWriter(options.repo, options.changes, options.onError, (id, version) => {
      const room = this.rooms.get(id);
      if (room) room.written = Math.max(room.written, version);
    });
    if (options.redis) {
      const commands = options.redis.commands as RedisWithClaim;
      if (typeof commands.segueLiveClaim !== 'function') {
        commands.defineCommand('segueLiveClaim', { numberOfKeys: 1, lua: CLAIM_SCRIPT });
      }
      this.redis = { commands, prefix: options.redis.prefix };
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
    if (this.redis) await this.refresh(setlistId, room);
    return liveStateOf(setlistId, room.record!, facts);
  }

  /**
   * One step by `by`: refused unless they may drive (a song's leader, when the policy asks
   * for one) and the step fits the setlist; otherwise ordered, and written behind.
   */
  step(setlistId: string, teamId: string, by: Stepper, request: StepRequest): Promise<StepOutcome> {
    return this.serially(setlistId, async () => {
      const found = await this.room(setlistId);
      if (!found?.room.record || found.facts.teamId !== teamId) return { kind: 'missing' };
      const { room, facts } = found;
      if (by.mustLead !== null && !facts.leaders.has(by.mustLead)) return { kind: 'not-driver' };
      const ordered = await this.order(setlistId, room, (current) => {
        const position = positionAfter(facts, current, request);
        return position && recordAfter(current, position, by.name, Date.now(), room.floor);
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

  /** A new version for a change that is not a step (a key change), the position unchanged. */
  bump(setlistId: string): Promise<LiveState | null> {
    return this.serially(setlistId, async () => {
      const found = await this.room(setlistId);
      if (!found?.room.record) return null;
      const { room, facts } = found;
      const ordered = await this.order(setlistId, room, (current) =>
        recordBumped(current, room.floor),
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
    await this.writer.idle();
    this.writer.close();
  }

  /**
   * Orders the state `next` computes from the current one (null: refused). Alone, at once;
   * with Redis, one script call, again with the state another instance wrote first. A step
   * far ahead of the written version, or one of a setlist with steps unwritten for a second,
   * waits for the write first.
   */
  private async order(
    setlistId: string,
    room: Room,
    next: (current: LiveRecord) => LiveRecord | null,
  ): Promise<{ next: LiveRecord; before: LiveRecord } | null> {
    let checkedFresh = false;
    for (let attempt = 0; ; attempt += 1) {
      const current = room.record!;
      const candidate = next(current);
      if (!candidate) {
        // With Redis the state known here may be behind: a refusal is checked against Redis's.
        if (!this.redis || checkedFresh) return null;
        await this.refresh(setlistId, room);
        checkedFresh = true;
        continue;
      }
      await this.durableEnough(setlistId, room, candidate.version);
      if (room.record !== current) continue;
      if (!this.redis) {
        room.record = candidate;
        this.writer.mark(setlistId, candidate);
        return { next: candidate, before: current };
      }
      const { commands, prefix } = this.redis;
      const answer = await commands.segueLiveClaim(
        `${prefix}live:${setlistId}`,
        room.fromRedis ? String(current.version) : 'new',
        JSON.stringify(candidate),
        REDIS_STATE_SECONDS,
      );
      if (answer === 1) {
        room.record = candidate;
        room.fromRedis = true;
        this.writer.mark(setlistId, candidate);
        return { next: candidate, before: current };
      }
      if (attempt >= 50) throw new Error('live step: too many steps of other instances came first');
      if (typeof answer === 'string') {
        room.record = parseRecord(answer) ?? current;
        room.fromRedis = true;
      } else {
        // Redis forgot the state (restarted, or it expired): read it from the database again.
        await this.reload(setlistId, room);
      }
    }
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

  /** With Redis: the state there now, if it has one. */
  private async refresh(setlistId: string, room: Room) {
    const inRedis = await this.fromRedis(setlistId);
    if (inRedis) {
      room.record = inRedis;
      room.fromRedis = true;
    }
  }

  private async fromRedis(setlistId: string): Promise<LiveRecord | null> {
    if (!this.redis) return null;
    const { commands, prefix } = this.redis;
    const value = await commands.get(`${prefix}live:${setlistId}`);
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
