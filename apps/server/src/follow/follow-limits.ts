import { FOLLOW_TEXTS } from '@segue/shared';
import type { Socket } from 'socket.io';

/**
 * The caller's address as Fastify takes it for the rest of the server (`request.ip`): with
 * TRUST_PROXY set to N proxies, the address the outermost of them saw, read from the right of
 * X-Forwarded-For, never what the client wrote at its left. The same walk as
 * `@fastify/proxy-addr` with a trust function of `hop < N`.
 */
export function clientAddress(
  remoteAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustProxy: number,
): string {
  const socketAddress = remoteAddress ?? '';
  // Node joins repeated X-Forwarded-For headers with ", "; a header given as an array is ignored
  // as Fastify ignores it.
  if (trustProxy <= 0 || typeof forwardedFor !== 'string') return socketAddress;
  const hops = [
    socketAddress,
    ...forwardedFor
      .split(',')
      .map((hop) => hop.trim())
      .filter((hop) => hop !== '')
      .reverse(),
  ];
  // Each trusted hop tells who came before it; the first untrusted one is the client.
  return hops[Math.min(trustProxy, hops.length - 1)]!;
}

/** Why a follow socket was refused at the handshake, said as its `connect_error`. */
export type FollowRefusal =
  typeof FOLLOW_TEXTS.instanceFull | typeof FOLLOW_TEXTS.roomFull | typeof FOLLOW_TEXTS.addressFull;

export interface FollowerSlotsOptions {
  /** Follow sockets this instance holds at once (FOLLOW_MAX_SOCKETS). */
  perInstance: number;
  /** Follow sockets from one address on this instance at once (FOLLOW_MAX_PER_ADDRESS). */
  perAddress: number;
  /** A room's count of followers on this instance changed. */
  onRoomChange: (setlistId: string, here: number) => void;
}

/** A follower about to be let in: where from, which room, and how many that room may hold. */
export interface FollowerRequest {
  address: string;
  setlistId: string;
  /** The team's limit of followers per setlist. */
  roomLimit: number;
  /** The room's followers on the other instances, as last heard (0 alone). */
  elsewhere: number;
}

/**
 * The follow sockets this instance holds, counted per instance, per address and per room. A
 * slot is taken in one synchronous step (checked and counted together), so handshakes that
 * run side by side never both take the last one. As with the band's socket slots, socket.io
 * says `disconnect` only of a socket it said `connection` of, and a connection may close in
 * between, so a slot is given back by whichever comes first: the socket's `disconnect` or
 * its raw connection's `close`.
 */
export class FollowerSlots {
  private total = 0;
  private readonly byAddress = new Map<string, number>();
  private readonly byRoom = new Map<string, number>();

  constructor(private readonly options: FollowerSlotsOptions) {}

  /** The room's followers on this instance. */
  here(setlistId: string): number {
    return this.byRoom.get(setlistId) ?? 0;
  }

  /** Every room with followers on this instance. */
  rooms(): IterableIterator<[string, number]> {
    return this.byRoom.entries();
  }

  get size(): number {
    return this.total;
  }

  /** A slot for a socket about to connect (its release), or why there is none. */
  take(
    conn: Socket['conn'],
    request: FollowerRequest,
  ): { release: () => void } | { refused: FollowRefusal } {
    const { address, setlistId } = request;
    if (this.total >= this.options.perInstance) return { refused: FOLLOW_TEXTS.instanceFull };
    const inRoom = this.here(setlistId);
    if (inRoom + request.elsewhere >= request.roomLimit) return { refused: FOLLOW_TEXTS.roomFull };
    const fromAddress = this.byAddress.get(address) ?? 0;
    if (fromAddress >= this.options.perAddress) return { refused: FOLLOW_TEXTS.addressFull };

    this.total += 1;
    this.byAddress.set(address, fromAddress + 1);
    this.byRoom.set(setlistId, inRoom + 1);
    this.options.onRoomChange(setlistId, inRoom + 1);
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      this.total -= 1;
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.byAddress.set(address, left);
      else this.byAddress.delete(address);
      const stay = (this.byRoom.get(setlistId) ?? 1) - 1;
      if (stay > 0) this.byRoom.set(setlistId, stay);
      else this.byRoom.delete(setlistId);
      this.options.onRoomChange(setlistId, stay);
    };
    conn.once('close', release);
    return { release };
  }
}
