import { LIVE_LIMITS } from '@segue/shared';
import type { LiveSocket } from './live-socket.ts';
import { TokenBucket } from './token-bucket.ts';

/** Live sockets one account may hold open on one instance (phones, laptop, projector, stage). */
export const LIVE_SOCKETS_PER_ACCOUNT = 20;
/**
 * Events one account may send per second over all its sockets on one instance, and in
 * one burst: a flood spread over many sockets is throttled like one from a single socket.
 */
export const LIVE_ACCOUNT_RATE = {
  perSecond: LIVE_LIMITS.eventsPerSecond * 2,
  burst: LIVE_LIMITS.eventBurst * 2,
};

/**
 * Each account's socket slots on this instance and the event budget its sockets share.
 * socket.io says `disconnect` only of a socket it said `connection` of, and a connection
 * may close in between (then neither comes), so a slot is given back by whichever comes
 * first: the socket's `disconnect`, or its raw connection's `close`.
 */
export class SocketSlots {
  private readonly accounts = new Map<string, { sockets: number; bucket: TokenBucket }>();
  /** Per raw connection: how to give back the slots its sockets hold, all run when it closes. */
  private readonly slotsOf = new WeakMap<LiveSocket['conn'], Set<() => void>>();

  /** One of the account's slots for a socket about to connect, or null when all are taken. */
  take(socket: LiveSocket, userId: string): { bucket: TokenBucket; release: () => void } | null {
    const mine = this.accounts.get(userId) ?? {
      sockets: 0,
      bucket: new TokenBucket(LIVE_ACCOUNT_RATE.perSecond, LIVE_ACCOUNT_RATE.burst),
    };
    if (mine.sockets >= LIVE_SOCKETS_PER_ACCOUNT) return null;
    mine.sockets += 1;
    this.accounts.set(userId, mine);
    const releases = this.releasesOf(socket.conn);
    const release = () => {
      if (!releases.delete(release)) return; // given back already
      mine.sockets -= 1;
      if (mine.sockets <= 0) this.accounts.delete(userId);
    };
    releases.add(release);
    return { bucket: mine.bucket, release };
  }

  private releasesOf(conn: LiveSocket['conn']): Set<() => void> {
    let releases = this.slotsOf.get(conn);
    if (!releases) {
      const all = new Set<() => void>();
      conn.once('close', () => {
        for (const release of all) release();
      });
      this.slotsOf.set(conn, all);
      releases = all;
    }
    return releases;
  }
}
