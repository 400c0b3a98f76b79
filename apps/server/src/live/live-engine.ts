import type { Redis } from 'ioredis';
import type { ClickState, LiveState } from '@segue/shared';
import type { ChangeFeed } from '../lib/change-feed.ts';
import type { LiveRepository } from './live.repository.ts';
import { clickAfterStep, clickCommanded, type ClickCommand } from './live-click.ts';
import {
  liveStateOf,
  positionAfter,
  recordAfter,
  recordClicked,
  recordKeyed,
  runClick,
  runKeys,
  type LiveKeys,
  type LiveRecord,
  type RoomFacts,
  type StepRequest,
} from './live-steps.ts';
import {
  LEASE_MS,
  RedisLeases,
  SingleInstanceLeases,
  type LeaseCoordinator,
} from './engine/lease.ts';
import { Ordering, StepQueue, type NextState, type Ordered } from './engine/ordering.ts';
import { Rooms } from './engine/rooms.ts';
import { LiveWriter } from './engine/writer.ts';
import { serverClock } from './server-clock.ts';

export { LEASE_BLOCK, LEASE_MS } from './engine/lease.ts';
export { MAX_UNWRITTEN_MS } from './engine/ordering.ts';
export { VERSION_MARGIN } from './engine/rooms.ts';

/** What a step did. */
export type StepOutcome =
  | {
      kind: 'written';
      state: LiveState;
      /** The state it was ordered after: what a screen that heard every step showed before. */
      before: Pick<LiveRecord, 'driver' | 'startedAt'>;
      /** The click, when the step changed it (it followed the set, or stopped); else null. */
      click: ClickState | null;
    }
  | { kind: 'refused' }
  | { kind: 'missing' };

/**
 * What a key change did: written, with the live state it made, the run's keys, the song and
 * every entry of it (numbered as the views number them, the reprise too); or why not.
 */
export type KeyOutcome =
  | { kind: 'written'; state: LiveState; keys: LiveKeys; songId: string; indexes: number[] }
  | { kind: 'refused' }
  | { kind: 'missing' };

/**
 * What a driver's click event did: written (ordered like a step, under a version of its own),
 * nothing to change (no version), refused with the driver's reason, or no such setlist.
 */
export type ClickOutcome =
  | { kind: 'written'; click: ClickState }
  | { kind: 'unchanged'; click: ClickState | null }
  | { kind: 'refused'; reason: string }
  | { kind: 'missing' };

export interface LiveEngineOptions {
  /** The setlists' rows: their facts and live state read, the live state and keys written. */
  repo: Pick<LiveRepository, 'room' | 'persist' | 'raise'>;
  changes: ChangeFeed;
  /**
   * With several instances: Redis says which instance orders each setlist's steps.
   * `publisher` is the connection socket.io publishes broadcasts on: a step's state is
   * stored through it before the step is broadcast, so an instance that heard the step
   * reads that state (or a newer one) for a screen that joins. `subscriber` (in subscriber
   * mode) hears requests to hand a lease over.
   */
  redis?: { commands: Redis; publisher: Redis; subscriber: Redis; prefix: string } | undefined;
  /** How long a setlist's lease lasts with Redis: LEASE_MS, shorter only in tests. */
  leaseMs?: number | undefined;
  onError: (error: unknown, message: string) => void;
}

/**
 * The live state of the setlists being performed. A step is checked against its room's
 * cached facts (who leads, the songs' parts, the items: `engine/rooms.ts`), ordered
 * (`engine/ordering.ts`: in memory, on one instance; with Redis, in memory too, on the
 * instance holding the setlist's lease: `engine/lease.ts`), heard at once, and written to
 * the setlist behind the broadcast (`engine/writer.ts`): the steps made while a write is
 * under way become one write. See docs/DECISIONS.md, Live, for why each of these is so.
 */
export class LiveEngine {
  private readonly rooms: Rooms;
  private readonly writer: LiveWriter;
  private readonly queue = new StepQueue();
  private readonly leases: LeaseCoordinator;
  private readonly ordering: Ordering;

  private readonly repo: LiveEngineOptions['repo'];

  constructor(options: LiveEngineOptions) {
    const { repo, changes, onError } = options;
    this.repo = repo;
    this.writer = new LiveWriter(repo, changes, onError, (id, version) =>
      this.rooms.written(id, version),
    );
    this.rooms = new Rooms({
      repo,
      changes,
      unwritten: (id) => this.writer.holds(id),
      stored: (id) => this.leases.stored(id),
    });
    this.leases = options.redis
      ? new RedisLeases({
          redis: options.redis,
          rooms: this.rooms,
          queue: this.queue,
          leaseMs: options.leaseMs ?? LEASE_MS,
          onError,
        })
      : new SingleInstanceLeases();
    this.ordering = new Ordering({ repo, writer: this.writer, leases: this.leases });
  }

  /**
   * A setlist's facts when they are cached, at once (null when they must be read): a caller
   * that has them can check and step in the tick its event arrived.
   */
  cachedFacts(setlistId: string): RoomFacts | null {
    return this.rooms.get(setlistId)?.facts ?? null;
  }

  /** A setlist's facts (its team, songs, items, leaders), from the cache; null when there is none. */
  async facts(setlistId: string): Promise<RoomFacts | null> {
    return (await this.rooms.load(setlistId))?.facts ?? null;
  }

  /** The setlist's live state now; null when there is no such setlist. */
  async state(setlistId: string): Promise<LiveState | null> {
    return (await this.joinState(setlistId))?.state ?? null;
  }

  /**
   * The setlist's live state now, with its run's keys and the facts it was read with, for a
   * screen that joins; null when there is no such setlist.
   */
  async joinState(setlistId: string): Promise<{
    state: LiveState;
    keys: LiveKeys;
    click: ClickState | null;
    facts: RoomFacts;
  } | null> {
    const found = await this.rooms.load(setlistId);
    if (!found?.room.record) return null;
    const { room, facts } = found;
    // The holder of the lease knows the latest state; any other instance reads Redis's.
    if (!this.leases.held(room)) await this.rooms.refresh(setlistId, room);
    const record = room.record!;
    const now = Date.now();
    return {
      state: liveStateOf(setlistId, record, facts),
      keys: runKeys(record, now),
      click: runClick(record, now),
      facts,
    };
  }

  /**
   * One step by `driver` (a name, for "Moved by"), whom the caller has let drive: refused
   * unless it fits the setlist, otherwise ordered, and written behind. Made at once when
   * everything it needs is at hand (the room's facts and state cached), so the caller's
   * broadcast goes out in the tick the step arrived; otherwise after what it waits for.
   */
  step(
    setlistId: string,
    teamId: string,
    driver: string,
    request: StepRequest,
  ): Promise<StepOutcome> {
    // In this tick when the room is cached and no earlier step of it is under way here.
    const cached = this.queue.busy(setlistId) ? undefined : this.rooms.ready(setlistId);
    if (cached && cached.facts.teamId === teamId) {
      const { facts } = cached;
      const now = this.ordering.now(setlistId, cached, stepTo(facts, driver, request));
      if (now === 'refused') return Promise.resolve({ kind: 'refused' });
      if (now) {
        cached.touched = Date.now();
        return Promise.resolve(written(setlistId, facts, now));
      }
    }
    return this.queue.serially(setlistId, async () => {
      const found = await this.rooms.load(setlistId);
      if (!found?.room.record || found.facts.teamId !== teamId) return { kind: 'missing' };
      const { room, facts } = found;
      const ordered = await this.ordering.order(setlistId, room, stepTo(facts, driver, request));
      return ordered ? written(setlistId, facts, ordered) : { kind: 'refused' };
    });
  }

  /**
   * The band's key for the song of entry `index` (null: the song's own) for the rest of this
   * run, by a driver the caller has let drive: every entry of that song follows, and the
   * planned keys stay as they are (docs/DECISIONS.md, "Live keys and planned keys").
   * Ordered and versioned like a step, and written behind the broadcast with the state. The
   * room's facts stay cached: a key is not one of them.
   */
  setKey(
    setlistId: string,
    teamId: string,
    index: number,
    key: string | null,
  ): Promise<KeyOutcome> {
    return this.queue.serially(setlistId, async () => {
      const found = await this.rooms.load(setlistId);
      if (!found?.room.record || found.facts.teamId !== teamId) return { kind: 'missing' };
      const { room, facts } = found;
      const songId = facts.entries[index]?.songId;
      if (songId === undefined) return { kind: 'refused' };
      const ordered = await this.ordering.order(setlistId, room, (current, floor) =>
        recordKeyed(current, songId, key, Date.now(), floor),
      );
      if (!ordered) return { kind: 'missing' };
      const indexes = facts.entries.flatMap((entry, at) => (entry.songId === songId ? [at] : []));
      return {
        kind: 'written',
        state: liveStateOf(setlistId, ordered.next, facts),
        keys: ordered.next.keys,
        songId,
        indexes,
      };
    });
  }

  /**
   * A driver's click event (the caller has let them drive the click): start, stop or a new
   * tempo, worked out from the click and the song the set is on when it is ordered, in the
   * setlist's order of steps, with a version like a step's, and written behind the broadcast
   * with the state (docs/DECISIONS.md, "The click"). Its beats are stamped in this instance's
   * server time (`serverClock`), as its clock pings answer.
   */
  click(setlistId: string, teamId: string, command: ClickCommand): Promise<ClickOutcome> {
    return this.queue.serially(setlistId, async (): Promise<ClickOutcome> => {
      const found = await this.rooms.load(setlistId);
      if (!found?.room.record || found.facts.teamId !== teamId) return { kind: 'missing' };
      const { room, facts } = found;
      // Why nothing was ordered, from the last try (a try after a wait sees the newest state).
      const said: { outcome?: ClickOutcome } = {};
      const ordered = await this.ordering.order(setlistId, room, (current, floor) => {
        const now = Date.now();
        const click = runClick(current, now);
        const result = clickCommanded(click, facts, current, command, serverClock());
        if (result.kind === 'changed') return recordClicked(current, result.click, now, floor);
        said.outcome = result;
        return null;
      });
      if (ordered?.next.click) return { kind: 'written', click: ordered.next.click };
      return said.outcome ?? { kind: 'missing' };
    });
  }

  /** Writes every step heard so far now, and resolves once it is written (tests; closing). */
  flushed(): Promise<void> {
    return this.writer.flush();
  }

  async close(): Promise<void> {
    this.rooms.close();
    await this.leases.close();
    await this.writer.flush();
    this.writer.close();
  }
}

/**
 * The state a step by `driver` makes: where `request` moves the set from the current state,
 * with a running click following it onto another song (in the same state, so under the step's
 * version: the click's change cannot be ordered apart from its step).
 */
function stepTo(facts: RoomFacts, driver: string, request: StepRequest): NextState {
  return (current, floor) => {
    const position = positionAfter(facts, current, request);
    if (!position) return null;
    const next = recordAfter(current, position, driver, Date.now(), floor);
    if (next.click?.running) {
      next.click = clickAfterStep(facts, current, next, next.click, serverClock(), next.version);
    }
    return next;
  };
}

function written(setlistId: string, facts: RoomFacts, ordered: Ordered): StepOutcome {
  const { next, before } = ordered;
  return {
    kind: 'written',
    state: liveStateOf(setlistId, next, facts),
    before,
    click: next.click !== before.click ? next.click : null,
  };
}
