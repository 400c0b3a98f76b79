import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { LiveRepository } from '../live.repository.ts';
import type { LiveRecord, RoomFacts } from '../live-steps.ts';
import type { Lease } from './lease.ts';

/**
 * How far ahead of the last version written a step may be heard. A restarted server (or one
 * whose Redis forgot the live state) starts a room this far above the version it reads, so
 * it never hands out a version a screen has already seen: a step further ahead first raises
 * the written version (one write, once per this many steps at most).
 */
export const VERSION_MARGIN = 1_000;
/** A room nobody stepped or joined for this long is forgotten once its state is written. */
const IDLE_ROOM_MS = 10 * 60 * 1000;

/** What this instance keeps of a setlist being performed. */
export interface Room {
  /** The facts steps are checked against; null until read, and again after a change. */
  facts: RoomFacts | null;
  /** Bumped by every change of the setlist: facts read before it are not kept. */
  generation: number;
  /** The latest state this instance knows: with Redis, a hint (the lease's holder orders); alone, the truth. */
  record: LiveRecord | null;
  /** With Redis: this instance's lease on the setlist's steps, if it holds one. */
  lease: Lease | null;
  /** Versions start above this (the written version plus the margin, when the room was read). */
  floor: number;
  /** The highest version known to be written. */
  written: number;
  touched: number;
}

/** A room ready for a step: its facts and state at hand. */
export type ReadyRoom = Room & { facts: RoomFacts; record: LiveRecord };

export interface RoomsOptions {
  repo: Pick<LiveRepository, 'room'>;
  changes: ChangeFeed;
  /** Whether a state of the setlist is still to be written (its room is kept until it is). */
  unwritten: (setlistId: string) => boolean;
  /** The state the instances share for the setlist, if any (null alone). */
  stored: (setlistId: string) => Promise<LiveRecord | null>;
}

/**
 * The rooms of the setlists this instance steps or serves: each setlist's facts, read in one
 * query when the room is first used and dropped when the change feed says the setlist, a song
 * of it or its team changed (on every instance), and its latest known state.
 */
export class Rooms {
  private readonly rooms = new Map<string, Room>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly options: RoomsOptions) {
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

  /** The room of a setlist, as it is (its facts may be missing). */
  get(setlistId: string): Room | undefined {
    return this.rooms.get(setlistId);
  }

  /** The room of a setlist when its facts and state are cached, for a step in this tick. */
  ready(setlistId: string): ReadyRoom | undefined {
    const room = this.rooms.get(setlistId);
    return room?.facts && room.record ? (room as ReadyRoom) : undefined;
  }

  /** Every room this instance keeps. */
  all(): IterableIterator<[string, Room]> {
    return this.rooms.entries();
  }

  /**
   * The room of a setlist with the facts to check against (read when not cached, and its
   * state the first time); null when there is no such setlist.
   */
  async load(setlistId: string): Promise<{ room: Room; facts: RoomFacts } | null> {
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
      if (this.rooms.get(setlistId) === room && !this.options.unwritten(setlistId)) {
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

  /** Redis has no state or blocks of the setlist: the written state again, above the margin. */
  async reload(setlistId: string, room: Room) {
    const read = await this.options.repo.room(setlistId);
    if (!read) throw new Error('live step: the setlist is gone');
    room.written = Math.max(room.written, read.record.version);
    room.floor = Math.max(room.floor, read.record.version + VERSION_MARGIN);
    room.record = pickNewer(room.record, read.record);
  }

  /** The state the instances share now, if there is one (or the one known here, when newer). */
  async refresh(setlistId: string, room: Room) {
    const stored = await this.options.stored(setlistId);
    if (stored) room.record = pickNewer(room.record, stored);
  }

  /** A state of the setlist is written: steps may go that much further ahead. */
  written(setlistId: string, version: number) {
    const room = this.rooms.get(setlistId);
    if (room) room.written = Math.max(room.written, version);
  }

  close() {
    clearInterval(this.sweeper);
  }

  /** A room's first state: the shared one when there is one, else the one written, with the margin. */
  private async adopt(setlistId: string, room: Room, written: LiveRecord) {
    room.floor = Math.max(room.floor, written.version + VERSION_MARGIN);
    const stored = await this.options.stored(setlistId);
    room.record = stored ?? pickNewer(room.record, written);
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
      if (room.touched < old && !this.options.unwritten(id)) this.rooms.delete(id);
    }
  }
}

/** The newer of two states (`b` when they are as new). */
export function pickNewer(a: LiveRecord | null, b: LiveRecord): LiveRecord {
  return a && a.version > b.version ? a : b;
}
