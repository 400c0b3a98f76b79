import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { LIVE_SOCKET_OPTIONS, LIVE_TEXTS } from '@segue/shared';
import type {
  AnnouncementMeta,
  ClickAnswer,
  ClickPayload,
  ClickState,
  ClientToServerEvents,
  FollowCount,
  ScreenState,
  LiveMeta,
  LiveState,
  LiveViewKind,
  ServerToClientEvents,
} from '@segue/shared';
import { restoreSessionToken } from '../api-client.ts';
import { sessionToken } from '../storage.ts';
import type { LiveCommand } from '../live-state.ts';
import { ACK_TIMEOUT_MS, RETRY_DELAY_MS, request } from './queue.ts';
import type { CommandEmitter, LiveAnswer } from './queue.ts';

type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * `connecting` until the first connection; `reconnecting` while socket.io retries or a renewed
 * token is tried (or the browser says the network is gone); `offline` once the attempts ran out
 * or the server closed or refused the connection. Then the Reconnect button, the network or the
 * screen coming back, or a reload try again; after the attempts ran out, also a quiet try every
 * `OFFLINE_RETRY_MS`.
 */
export type LiveConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'offline';

/** How long the connection may take to answer a check after the network or the screen returns. */
export const PROBE_TIMEOUT_MS = 4000;
/** How often a screen that gave up reconnecting tries once more, on its own. */
export const OFFLINE_RETRY_MS = 30_000;

/** What the connection tells its owner. */
export interface LiveConnectionHooks {
  /** A new socket is open: commands go out on it. */
  opened(commands: CommandEmitter): void;
  /** `status` may have changed. */
  statusChanged(): void;
  /** Joined after a (re)connect, with the server's state. */
  joined(state: LiveState): void;
  /** The connection dropped: nothing is joined any more. */
  dropped(): void;
  /** The whole state: sent by the server, or brought by a check of the connection. */
  state(state: LiveState): void;
  currentChanged(index: number, meta: LiveMeta): void;
  partChanged(label: string | null, meta: LiveMeta): void;
  keyChanged(index: number, key: string | null, meta: LiveMeta): void;
  announcement(message: string, meta: AnnouncementMeta): void;
  /** The congregation's screen changed (mode, message or join code). */
  screenChanged(screen: ScreenState): void;
  /** How many phones follow the setlist's congregation link. */
  followers(count: FollowCount): void;
  /** The band's click changed (started, stopped, a new tempo). */
  clickChanged(click: ClickState, meta: LiveMeta): void;
}

/** A driver's click, for the setlist the connection is for. */
export type ClickCommand =
  | { action: 'start'; countInBars: number; bpm?: number }
  | { action: 'stop' }
  | { action: 'tempo'; bpm: number };

/** How long a clock ping may take before it is given up (`ClockSync` drops it). */
export const CLOCK_PING_TIMEOUT_MS = 2000;

/** The socket as requests and the queue see it: each command as its event, for this setlist. */
class SocketCommands implements CommandEmitter {
  constructor(
    private readonly socket: LiveSocket,
    private readonly setlistId: string,
  ) {}

  get connected(): boolean {
    return this.socket.connected;
  }

  onDisconnect(listener: () => void): () => void {
    this.socket.on('disconnect', listener);
    return () => void this.socket.off('disconnect', listener);
  }

  emit(command: LiveCommand, ack: (answer: LiveAnswer) => void): void {
    const { socket, setlistId } = this;
    switch (command.event) {
      case 'setlist:updateCurrent': {
        const { newIndex, part, item } = command;
        socket.emit(
          'setlist:updateCurrent',
          item !== undefined
            ? { setlistId, newIndex, item }
            : part === undefined
              ? { setlistId, newIndex }
              : { setlistId, newIndex, partLabel: part.label, partPosition: part.position },
          ack,
        );
        return;
      }
      case 'setlist:updatePart': {
        const { label, position } = command;
        socket.emit(
          'setlist:updatePart',
          position === undefined
            ? { setlistId, partIndex: label }
            : { setlistId, partIndex: label, position },
          ack,
        );
        return;
      }
      case 'setlist:setKey':
        socket.emit('setlist:setKey', { setlistId, index: command.index, key: command.key }, ack);
        return;
      case 'setlist:announce': {
        const { message, onScreen, seconds } = command;
        socket.emit(
          'setlist:announce',
          onScreen
            ? { setlistId, message, onScreen, ...(seconds !== undefined ? { seconds } : {}) }
            : { setlistId, message },
          ack,
        );
        return;
      }
      case 'setlist:screen':
        socket.emit(
          'setlist:screen',
          'mode' in command
            ? { setlistId, mode: command.mode }
            : 'joinCode' in command
              ? { setlistId, joinCode: command.joinCode }
              : { setlistId, message: null },
          ack,
        );
        return;
    }
  }
}

/**
 * One screen's connection to the live channel of one setlist: the socket, its status, the join
 * after every (re)connect, and the checks and retries that bring a dropped connection back.
 */
export class LiveConnection {
  private socket: LiveSocket | null = null;
  private connectionStatus: LiveConnectionStatus = 'connecting';
  private browserOffline = false;
  private tokenRefreshed = false;
  private readonly retryTimers = new Set<ReturnType<typeof setTimeout>>();
  private detach: (() => void) | null = null;

  constructor(
    readonly setlistId: string,
    private readonly hooks: LiveConnectionHooks,
    /** Which screen this is: the server sends a presenter only the messages for the screen. */
    private readonly view: LiveViewKind = 'live',
  ) {}

  /** The status to show: a connection the browser says has no network is not trusted. */
  get status(): LiveConnectionStatus {
    return this.browserOffline && this.connectionStatus === 'connected'
      ? 'reconnecting'
      : this.connectionStatus;
  }

  /** Connects and joins; safe to call again after `stop()`. */
  start(): void {
    if (this.socket) return;
    const socket: LiveSocket = io({
      ...LIVE_SOCKET_OPTIONS,
      transports: [...LIVE_SOCKET_OPTIONS.transports],
      // A manager of its own: the page's reconnection state is not shared with anyone.
      forceNew: true,
      // Read at every attempt, so a reconnect uses the freshest token.
      auth: (send) => send({ token: sessionToken.get() ?? '', view: this.view }),
    });
    this.socket = socket;
    this.hooks.opened(new SocketCommands(socket, this.setlistId));
    this.browserOffline = !navigator.onLine;
    this.setConnection('connecting');

    socket.on('connect', () => {
      this.tokenRefreshed = false;
      this.setConnection('connected');
      this.join();
    });
    // Registered before any request's listener, so the queue is closed before the answer it
    // waits for is given up, and the command waits for the re-join instead of going out again.
    socket.on('disconnect', (reason) => {
      this.hooks.dropped();
      // Spec section 8: a dropped connection is only logged; the indicator shows it calmly.
      console.warn(`[live] disconnected (${reason})`);
      this.setConnection(socket.active ? 'reconnecting' : 'offline');
    });
    socket.on('connect_error', (error) => {
      console.warn(`[live] connection failed: ${error.message}`);
      if (socket.active) return this.setConnection('reconnecting');
      // The server refused the handshake: an expired token is swapped once, as apiFetch does.
      if (error.message === LIVE_TEXTS.unauthorized && !this.tokenRefreshed) {
        this.tokenRefreshed = true;
        this.setConnection('reconnecting');
        restoreSessionToken()
          .then((token) => {
            if (this.socket !== socket) return;
            if (token) socket.connect();
            else this.setConnection('offline');
          })
          .catch((refreshError: unknown) => {
            console.warn('[live] could not renew the session token', refreshError);
            if (this.socket === socket) this.setConnection('offline');
          });
        return;
      }
      this.setConnection('offline');
    });
    socket.io.on('reconnect_failed', () => {
      console.warn('[live] reconnection failed: gave up after the last attempt');
      this.setConnection('offline');
      this.retryWhileOffline(socket);
    });

    socket.on('setlist:state', (state) => this.hooks.state(state));
    socket.on('setlist:currentChanged', (index, meta) => this.hooks.currentChanged(index, meta));
    socket.on('setlist:partChanged', (label, meta) => this.hooks.partChanged(label, meta));
    socket.on('setlist:keyChanged', (index, key, meta) => this.hooks.keyChanged(index, key, meta));
    socket.on('setlist:announceBroadcast', (message, meta) =>
      this.hooks.announcement(message, meta),
    );
    socket.on('setlist:screenChanged', (screen) => this.hooks.screenChanged(screen));
    socket.on('setlist:followers', (count) => this.hooks.followers(count));
    socket.on('setlist:clickChanged', (click, meta) => this.hooks.clickChanged(click, meta));
    socket.on('live:error', ({ message }) => console.warn(`[live] ${message}`));

    // A phone that slept or a Wi-Fi that came back may hold a socket that is dead without
    // knowing it yet; check at once instead of waiting for the heartbeat to time out.
    const onOnline = () => {
      this.browserOffline = false;
      this.hooks.statusChanged();
      this.reconnectNow();
    };
    const onOffline = () => {
      this.browserOffline = true;
      this.hooks.statusChanged();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') this.reconnectNow();
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    document.addEventListener('visibilitychange', onVisible);
    this.detach = () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }

  /** Disconnects (the page is leaving); answers still on their way are then ignored. */
  stop(): void {
    const socket = this.socket;
    this.socket = null;
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    this.detach?.();
    this.detach = null;
    if (socket) {
      socket.removeAllListeners();
      socket.io.removeAllListeners();
      socket.disconnect();
    }
  }

  /**
   * Connects again now: after the attempts ran out, or when the network or the screen came
   * back. A live connection is only checked (a re-join, which also brings the latest state).
   */
  reconnectNow(): void {
    const socket = this.socket;
    if (!socket) return;
    if (socket.connected) return this.probe(socket);
    // Skip the back-off wait: the disconnect resets the manager, the connect starts afresh.
    if (socket.active) socket.disconnect();
    socket.connect();
    this.setConnection('reconnecting');
  }

  /**
   * The server's clock, for this device's offset to it (docs/DECISIONS.md, "The click"): one
   * `clock:ping` on the live socket. Rejects at once without a connection (socket.io would hold
   * the ping until the next one, and its answer would measure the wait), on a refusal and after
   * `CLOCK_PING_TIMEOUT_MS`.
   */
  async ping(): Promise<{ serverAt: number }> {
    const socket = this.socket;
    if (!socket?.connected) throw new Error('not connected');
    const answer = await socket.timeout(CLOCK_PING_TIMEOUT_MS).emitWithAck('clock:ping');
    if (!answer.ok) throw new Error(answer.error);
    return { serverAt: answer.serverAt };
  }

  /**
   * Sends a driver's click (start, stop, tempo) for this setlist; answers the server's answer, or
   * null when it was not sent or not answered. Not queued like a step: a start sent late would
   * count the band in at a moment nobody chose.
   */
  async click(command: ClickCommand): Promise<ClickAnswer | null> {
    const socket = this.socket;
    if (!socket?.connected) return null;
    const payload: ClickPayload = { ...command, setlistId: this.setlistId };
    try {
      return await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('setlist:click', payload);
    } catch {
      return null;
    }
  }

  /** Joins the setlist on a live connection, again after a refusal for the rate or no answer. */
  join(): void {
    const socket = this.socket;
    if (!socket?.connected) return;
    request(
      new SocketCommands(socket, this.setlistId),
      ACK_TIMEOUT_MS,
      (ack) => socket.emit('setlist:join', this.setlistId, ack),
      (answer) => {
        if (this.socket !== socket || !socket.connected) return; // the next connect joins
        if (!answer || answer.error === LIVE_TEXTS.slowDown) {
          console.warn(`[live] join not answered: ${answer?.error ?? 'timed out'}`);
          this.later(RETRY_DELAY_MS, () => this.join());
        } else if (!answer.ok || !answer.state) {
          console.warn(`[live] join refused: ${answer.error}`);
        } else {
          this.hooks.joined(answer.state);
        }
      },
    );
  }

  /** Re-joins on a connection that may be dead; if it does not answer, connects anew. */
  private probe(socket: LiveSocket): void {
    request(
      new SocketCommands(socket, this.setlistId),
      PROBE_TIMEOUT_MS,
      (ack) => socket.emit('setlist:join', this.setlistId, ack),
      (answer) => {
        if (this.socket !== socket || !socket.connected) return;
        if (answer?.state) return this.hooks.state(answer.state);
        if (answer) return;
        console.warn('[live] connection did not answer; reconnecting');
        // Closing the transport makes socket.io reconnect, and the connect handler re-join.
        socket.io.engine.close();
      },
    );
  }

  /**
   * After socket.io's attempts ran out, a quiet try now and then: a projector in full screen
   * has nobody at a Reconnect button, and a venue's network may take minutes to return.
   */
  private retryWhileOffline(socket: LiveSocket): void {
    this.later(OFFLINE_RETRY_MS, () => {
      if (this.socket !== socket || this.connectionStatus !== 'offline') return;
      this.reconnectNow();
    });
  }

  private setConnection(status: LiveConnectionStatus): void {
    this.connectionStatus = status;
    this.hooks.statusChanged();
  }

  private later(delayMs: number, action: () => void): void {
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      action();
    }, delayMs);
    this.retryTimers.add(timer);
  }
}
