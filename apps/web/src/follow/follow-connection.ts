import { io } from 'socket.io-client';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { FOLLOW_SOCKET_PATH, FOLLOW_TEXTS } from '@segue/shared/follow-texts';
import type { FollowServerToClientEvents, FollowState } from '@segue/shared';
import type { FollowStatus } from './follow-store.ts';

type FollowSocket = Socket<FollowServerToClientEvents, Record<string, never>>;

/** What the connection tells the page. */
export interface FollowHooks {
  /** A state; `landing` for the first one of each connection. */
  state(state: FollowState, landing: boolean): void;
  announce(text: string, remainingMs: number | null, at: string): void;
  ended(): void;
  status(status: FollowStatus, refusal?: string): void;
}

/**
 * socket.io's own retries, spread out: after a Wi-Fi blip a whole room comes back over
 * 1 to 5 s instead of at once (each delay is ±50% of the backoff).
 */
export const FOLLOW_SOCKET_OPTIONS: Partial<ManagerOptions & SocketOptions> = {
  path: FOLLOW_SOCKET_PATH,
  // WebSocket first, needing no sticky sessions; where a network refuses it, long-polling.
  transports: ['websocket', 'polling'],
  tryAllTransports: true,
  withCredentials: false,
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20_000,
};

/** After a refusal for a full room or network, the next try comes this long later, ±50%. */
export const REFUSED_RETRY_MS = 60_000;

/** The refusals a person is told about and that pass with time. */
const PASSING_REFUSALS: ReadonlySet<string> = new Set([
  FOLLOW_TEXTS.roomFull,
  FOLLOW_TEXTS.addressFull,
  FOLLOW_TEXTS.instanceFull,
]);

/** The token's alphabet (base64url); its length and its validity are the server's to judge. */
const TOKEN = /^[A-Za-z0-9_-]{1,100}$/;

/** The token of a `/follow/<token>` address, or null when the address cannot hold one. */
export function followToken(pathname: string): string | null {
  const encoded = /^\/follow\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (encoded === undefined) return null;
  let token: string;
  try {
    token = decodeURIComponent(encoded);
  } catch {
    return null;
  }
  return TOKEN.test(token) ? token : null;
}

/** A delay spread ±50% around `ms`, so many phones do not act in the same second. */
export function jittered(ms: number, random: () => number = Math.random): number {
  return Math.round(ms * (0.5 + random()));
}

/**
 * The follow page's connection: one fetch of the state for a quick first paint, then a
 * listen-only socket that brings every step. Neither carries a cookie.
 */
export class FollowConnection {
  private socket: FollowSocket | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private landing = true;
  private stopped = false;

  constructor(
    private readonly token: string,
    private readonly hooks: FollowHooks,
  ) {}

  start(): void {
    void this.fetchState();
    const socket: FollowSocket = io({ ...FOLLOW_SOCKET_OPTIONS, auth: { token: this.token } });
    this.socket = socket;
    socket.on('connect', () => {
      this.landing = true;
      this.hooks.status('connected');
    });
    socket.on('follow:state', (state) => {
      const landing = this.landing;
      this.landing = false;
      this.hooks.state(state, landing);
    });
    socket.on('follow:announce', (message) => {
      this.hooks.announce(message.text, message.remainingMs, message.at);
    });
    socket.on('follow:ended', () => this.end());
    socket.on('connect_error', (error) => this.refused(error.message));
    socket.on('disconnect', (reason) => {
      if (this.stopped) return;
      this.hooks.status('reconnecting');
      // The server closed this socket without saying the link ended (a restart, a
      // handover): socket.io does not try again by itself then, so the page does.
      if (reason === 'io server disconnect') this.retryLater(jittered(3000));
    });
  }

  /** Closes the socket for good. */
  stop(): void {
    this.stopped = true;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
    this.socket = null;
  }

  private async fetchState() {
    try {
      const response = await fetch(`/api/follow/${encodeURIComponent(this.token)}`, {
        credentials: 'omit',
        headers: { accept: 'application/json' },
        cache: 'no-store',
      });
      if (this.stopped) return;
      if (response.status === 404) return this.end();
      if (!response.ok) return; // the socket brings the state
      this.hooks.state((await response.json()) as FollowState, false);
    } catch {
      // Offline or refused: the socket brings the state when it connects.
    }
  }

  private end() {
    if (this.stopped) return;
    this.stop();
    this.hooks.ended();
  }

  /** A handshake failed: the link ended, the room or network is full, or the network is out. */
  private refused(message: string) {
    if (this.stopped) return;
    if (message === FOLLOW_TEXTS.ended || message === FOLLOW_TEXTS.notFound) return this.end();
    if (PASSING_REFUSALS.has(message)) {
      this.hooks.status('refused', message);
      this.retryLater(jittered(REFUSED_RETRY_MS));
      return;
    }
    // socket.io tries again by itself after a network error; after any other refusal by
    // the server it does not, so the page does, after a while.
    this.hooks.status('reconnecting');
    if (this.socket && !this.socket.active) this.retryLater(jittered(REFUSED_RETRY_MS));
  }

  private retryLater(ms: number) {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.stopped && this.socket && !this.socket.connected) this.socket.connect();
    }, ms);
  }
}
