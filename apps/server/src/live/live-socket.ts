import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, LiveViewKind, ServerToClientEvents } from '@segue/shared';
import type { AuthenticatedAccount } from '../accounts/sessions.ts';
import type { TeamActor } from '../policy/actor.ts';
import type { TokenBucket } from './token-bucket.ts';

export interface SocketData {
  account: AuthenticatedAccount;
  /** The session's name on the change feed (the SHA-256 of its token). */
  tokenKey: string;
  /** setlist id -> the socket's account in that setlist's team, for the setlists it joined. */
  joined: Map<string, TeamActor>;
  bucket: TokenBucket;
  /** The event budget this socket shares with its account's other sockets on this instance. */
  accountBucket: TokenBucket;
  /** The clock pings' own budget, so measuring the clock never spends the steps'. */
  clockBucket: TokenBucket;
  /**
   * Gives back the account's socket slot this socket holds; only the first call counts, so
   * each way a socket can end (a disconnect, or its connection closing first) may call it.
   */
  releaseSlot: () => void;
  /** The screen this socket is: a presenter hears only messages sent for the screen. */
  view: LiveViewKind;
}

export type LiveServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
export type LiveSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

export const room = (setlistId: string) => `setlist:${setlistId}`;
/**
 * The presenters of a setlist: in its room too, but band messages (and the band's click) pass
 * them by.
 */
export const screenRoom = (setlistId: string) => `screen:${setlistId}`;
/** A refusal said to the sender as it is (on the ack, or as `live:error`). */
export class LiveError extends Error {}

/** Takes a socket out of a setlist's rooms. */
export async function leaveRooms(socket: LiveSocket, setlistId: string): Promise<void> {
  await socket.leave(room(setlistId));
  await socket.leave(screenRoom(setlistId));
}
