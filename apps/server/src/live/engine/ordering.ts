import type { LiveRepository } from '../live.repository.ts';
import type { LiveRecord } from '../live-steps.ts';
import type { LeaseCoordinator } from './lease.ts';
import { VERSION_MARGIN, type Room } from './rooms.ts';
import type { LiveWriter } from './writer.ts';

/**
 * A step waits for the write in flight when its setlist has steps unwritten for this long
 * (docs/DECISIONS.md, Live: "What a crash can lose").
 */
export const MAX_UNWRITTEN_MS = 1_000;

/** The state a step makes from the current one, given the version to go on above; null: refused. */
export type NextState = (current: LiveRecord, floor: number) => LiveRecord | null;

/** A step ordered: the room's state now, and the one it was ordered after. */
export interface Ordered {
  next: LiveRecord;
  before: LiveRecord;
}

/** What one try at ordering a step came to. */
type Attempt =
  | ({ kind: 'ordered' } & Ordered)
  | { kind: 'refused' }
  /** This instance may not order the setlist's steps now: it needs the lease. */
  | { kind: 'wait'; for: 'lease' }
  /** Every version of the lease's block is used, or its cap reached. */
  | { kind: 'wait'; for: 'block' }
  /** The step would be too far ahead of the state written, or its setlist's steps unwritten too long. */
  | { kind: 'wait'; for: 'write'; version: number };

/** The state and lease a step waited for the write with. */
interface Waited {
  record: LiveRecord | null;
  lease: Room['lease'];
}

/** This instance's steps of each setlist, one after another. */
export class StepQueue {
  private readonly queues = new Map<string, Promise<void>>();

  /** Whether a step (or a handover) of the setlist is under way here. */
  busy(setlistId: string): boolean {
    return this.queues.has(setlistId);
  }

  /** Runs `work` after this instance's earlier work on the setlist. */
  serially<T>(setlistId: string, work: () => Promise<T>): Promise<T> {
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
}

export interface OrderingOptions {
  repo: Pick<LiveRepository, 'raise'>;
  writer: LiveWriter;
  leases: LeaseCoordinator;
}

/**
 * Gives each step of a setlist a version no other step of it shares, and makes its state the
 * room's. One rule (`tryStep`) decides, for the step made in the tick it arrived (`now`) and
 * for the step that waits for what it lacks (`order`) alike.
 */
export class Ordering {
  constructor(private readonly options: OrderingOptions) {}

  /**
   * The step at once, when everything it needs is at hand: no write to wait for and, with
   * Redis, the setlist's lease held. Null when it must wait. Asked only while no step of the
   * setlist is under way here (`StepQueue.busy`), which it would overtake. At the peak almost
   * every step is made here, in the tick it arrived.
   */
  now(setlistId: string, room: Room, next: NextState): Ordered | 'refused' | null {
    const attempt = this.tryStep(setlistId, room, next, null);
    if (attempt.kind === 'wait') return null;
    return attempt.kind === 'refused' ? 'refused' : attempt;
  }

  /**
   * Orders the state `next` computes from the current one (null: refused), after waiting for
   * what it lacks: with Redis, the setlist's lease (or a further block of versions); a step
   * far ahead of the written version, or one of a setlist with steps unwritten for a second,
   * waits for the write first. Run in the setlist's queue.
   */
  async order(setlistId: string, room: Room, next: NextState): Promise<Ordered | null> {
    let waited: Waited | null = null;
    for (;;) {
      const attempt = this.tryStep(setlistId, room, next, waited);
      if (attempt.kind === 'ordered') return attempt;
      if (attempt.kind === 'refused') return null;
      waited = null;
      if (attempt.for === 'lease') {
        await this.options.leases.acquire(setlistId, room);
      } else if (attempt.for === 'block') {
        await this.options.leases.extend(setlistId, room);
      } else {
        const before: Waited = { record: room.record, lease: room.lease };
        await this.durableEnough(setlistId, room, attempt.version);
        waited = before;
      }
    }
  }

  /**
   * The rule: a step is ordered when this instance may order the setlist's steps (with Redis,
   * it holds the lease), its version is within the lease's block, and it is durable enough
   * (see `durableEnough`); its state then becomes the room's, to be written behind the
   * broadcast and, under a lease, stored in Redis. After `waited`, the wait for the write
   * is not asked again while the state and the lease are the ones it was made for: the write
   * came (or the writer stopped, and the step is heard rather than held forever).
   */
  private tryStep(setlistId: string, room: Room, next: NextState, waited: Waited | null): Attempt {
    const grant = this.options.leases.held(room);
    if (!grant) return { kind: 'wait', for: 'lease' };
    const current = room.record!;
    const candidate = next(current, grant.floor);
    if (!candidate) return { kind: 'refused' };
    // The write first: a lease goes no further than the margin past the version written
    // when it was renewed, so a block is asked for past a write that moved that on.
    const afterWrite = waited?.record === current && waited.lease === room.lease;
    if (
      !afterWrite &&
      (this.options.writer.unwrittenFor(setlistId) > MAX_UNWRITTEN_MS ||
        candidate.version > room.written + VERSION_MARGIN)
    ) {
      return { kind: 'wait', for: 'write', version: candidate.version };
    }
    if (candidate.version > grant.blockEnd) return { kind: 'wait', for: 'block' };
    room.record = candidate;
    this.options.writer.mark(setlistId, candidate);
    this.options.leases.ordered(setlistId, room, candidate);
    return { kind: 'ordered', next: candidate, before: current };
  }

  /**
   * Waits until `version` may be heard: at most VERSION_MARGIN past the version written, and
   * no step of the setlist unwritten for longer than MAX_UNWRITTEN_MS.
   */
  private async durableEnough(setlistId: string, room: Room, version: number) {
    const { writer, repo } = this.options;
    if (writer.unwrittenFor(setlistId) > MAX_UNWRITTEN_MS) await writer.idle(setlistId);
    if (version <= room.written + VERSION_MARGIN) return;
    await writer.idle(setlistId);
    if (version <= room.written + VERSION_MARGIN) return;
    // One below the step's: the row keeps its state under a version nobody heard, so no
    // screen ever meets two states under one version (the step's own is written behind).
    await repo.raise(setlistId, version - 1);
    room.written = Math.max(room.written, version - 1);
  }
}
