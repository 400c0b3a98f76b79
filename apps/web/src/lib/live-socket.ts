import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { clampSongIndex, LIVE_LIMITS, LIVE_SOCKET_OPTIONS, LIVE_TEXTS } from '@segue/shared';
import type { ClientToServerEvents, LiveState, ServerToClientEvents } from '@segue/shared';
import { restoreSessionToken } from './api-client.ts';
import { enqueueCommand, reduceLiveState } from './live-state.ts';
import type { LiveCommand, LivePosition, LiveUpdate } from './live-state.ts';
import { sessionToken } from './storage.ts';

type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * `connecting` until the first connection; `reconnecting` while socket.io retries (or the
 * browser says the network is gone); `offline` once the attempts ran out or the server closed
 * the connection: only the Reconnect button, the network coming back or a reload try again.
 */
export type LiveConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'offline';

export interface Announcement {
  /** Grows with each announcement this page receives, so the same text twice flashes twice. */
  id: number;
  message: string;
  from: string;
  at: string;
}

export interface LiveSnapshot {
  status: LiveConnectionStatus;
  /** The server's state under the version rule; null until the first arrives. */
  confirmed: LiveState | null;
  /** What to show: this screen's moves not yet confirmed, else `confirmed`. */
  position: LivePosition | null;
  announcement: Announcement | null;
  /** Successful joins of this page; more than one means the connection came back. */
  joins: number;
}

/** What the session needs to know of the setlist, read when it is needed. */
export interface LiveSetlistFacts {
  songCount: number;
  firstPartLabel: (songIndex: number) => string | null;
  /** The song the setlist was on when loaded, until the server's state arrives. */
  loadedIndex: number;
}

/** How long an event may wait for its acknowledgement before it is sent again. */
const ACK_TIMEOUT_MS = 8000;
/** How long the connection may take to answer a check after the network or the screen returns. */
const PROBE_TIMEOUT_MS = 4000;
const RETRY_DELAY_MS = 1000;
/** How often a screen that gave up reconnecting tries once more, on its own. */
const OFFLINE_RETRY_MS = 30_000;
/** Tries of one command refused for the rate or timed out while connected. */
const MAX_TRIES = 5;

/** Any acknowledgement of the live channel: `state` on joins and moves, `error` on refusals. */
type LiveAnswer = { ok: boolean; error?: string; state?: LiveState };

/**
 * One screen's part in the live session of one setlist: the socket, the join after every
 * (re)connect, the state under the version rule, and the moves and announcements of this screen.
 *
 * socket.io-client would buffer events made while offline, but it sends them before the
 * re-join of a new connection, which the server then refuses ("Join the setlist first."), and
 * the server runs events concurrently, so a song change and the part change after it could be
 * applied out of order. So this screen keeps its own queue: commands go out one at a time,
 * each after the previous one's acknowledgement and only once joined, in the order made.
 */
export class LiveSession {
  private socket: LiveSocket | null = null;
  private snapshot: LiveSnapshot = {
    status: 'connecting',
    confirmed: null,
    position: null,
    announcement: null,
    joins: 0,
  };
  private readonly listeners = new Set<() => void>();
  private optimistic: LivePosition | null = null;
  private unsent: LiveCommand[] = [];
  private inFlight: LiveCommand | null = null;
  /** Tries of commands that timed out or were refused for the rate. */
  private readonly tries = new WeakMap<LiveCommand, number>();
  private joined = false;
  private connectionStatus: LiveConnectionStatus = 'connecting';
  private browserOffline = false;
  private tokenRefreshed = false;
  private announcementCount = 0;
  private readonly retryTimers = new Set<ReturnType<typeof setTimeout>>();
  private detach: (() => void) | null = null;

  constructor(
    readonly setlistId: string,
    private readonly facts: () => LiveSetlistFacts,
  ) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly getSnapshot = (): LiveSnapshot => this.snapshot;

  /** Connects and joins; safe to call again after `stop()`. */
  start(): void {
    if (this.socket) return;
    const socket: LiveSocket = io({
      ...LIVE_SOCKET_OPTIONS,
      transports: [...LIVE_SOCKET_OPTIONS.transports],
      // A manager of its own: the page's reconnection state is not shared with anyone.
      forceNew: true,
      // Read at every attempt, so a reconnect uses the freshest token.
      auth: (send) => send({ token: sessionToken.get() ?? '' }),
    });
    this.socket = socket;
    this.browserOffline = !navigator.onLine;
    this.setConnection('connecting');

    socket.on('connect', () => {
      this.tokenRefreshed = false;
      this.setConnection('connected');
      this.join();
    });
    socket.on('disconnect', (reason) => {
      this.joined = false;
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

    socket.on('setlist:state', (state) => this.apply({ type: 'state', state }));
    socket.on('setlist:currentChanged', (index, meta) => {
      const facts = this.facts();
      const firstPartLabel = facts.firstPartLabel(clampSongIndex(index, facts.songCount));
      this.apply({ type: 'currentChanged', index, meta, firstPartLabel });
    });
    socket.on('setlist:partChanged', (label, meta) =>
      this.apply({ type: 'partChanged', label, meta, indexIfUnknown: this.facts().loadedIndex }),
    );
    socket.on('setlist:announceBroadcast', (message, meta) => {
      if (meta.setlistId !== this.setlistId) return;
      this.announcementCount += 1;
      this.publish({
        announcement: { id: this.announcementCount, message, from: meta.from, at: meta.at },
      });
    });
    socket.on('live:error', ({ message }) => console.warn(`[live] ${message}`));

    // A phone that slept or a Wi-Fi that came back may hold a socket that is dead without
    // knowing it yet; check at once instead of waiting for the heartbeat to time out.
    const onOnline = () => {
      this.browserOffline = false;
      this.publish({});
      this.reconnectNow();
    };
    const onOffline = () => {
      this.browserOffline = true;
      this.publish({});
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

  /** Disconnects (the page is leaving). Unsent commands are dropped with it. */
  stop(): void {
    const socket = this.socket;
    this.socket = null;
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    this.detach?.();
    this.detach = null;
    this.joined = false;
    this.inFlight = null;
    this.unsent = [];
    this.optimistic = null;
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
   * After socket.io's attempts ran out, a quiet try now and then: a projector in full screen
   * has nobody at a Reconnect button, and a venue's network may take minutes to return.
   */
  private retryWhileOffline(socket: LiveSocket): void {
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      if (this.socket !== socket || this.connectionStatus !== 'offline') return;
      this.reconnectNow();
    }, OFFLINE_RETRY_MS);
    this.retryTimers.add(timer);
  }

  /** Moves everyone to a song (clamped), with its first part; shown here at once. */
  goToSong(index: number): void {
    const { songCount, firstPartLabel } = this.facts();
    if (songCount === 0) return;
    const target = clampSongIndex(index, songCount);
    this.optimistic = { currentIndex: target, currentPartLabel: firstPartLabel(target) };
    this.send({ event: 'setlist:updateCurrent', newIndex: target });
  }

  /** Moves everyone to a part of the current song; shown here at once. */
  goToPart(label: string): void {
    const shown = this.snapshot.position;
    const currentIndex = shown?.currentIndex ?? this.facts().loadedIndex;
    this.optimistic = { currentIndex, currentPartLabel: label };
    this.send({ event: 'setlist:updatePart', label });
  }

  /** Sends an announcement; false (nothing sent) when the text is blank (spec section 5). */
  announce(text: string): boolean {
    const message = text.trim();
    if (!message) return false;
    this.send({
      event: 'setlist:announce',
      message: message.slice(0, LIVE_LIMITS.announcementMaxLength),
    });
    return true;
  }

  private send(command: LiveCommand): void {
    this.unsent = enqueueCommand(this.unsent, command);
    this.publish({});
    this.pump();
  }

  private join(): void {
    const socket = this.socket;
    if (!socket?.connected) return;
    this.request(
      socket,
      ACK_TIMEOUT_MS,
      (ack) => socket.emit('setlist:join', this.setlistId, ack),
      (answer) => {
        if (this.socket !== socket || !socket.connected) return; // the next connect joins
        if (!answer || answer.error === LIVE_TEXTS.slowDown) {
          console.warn(`[live] join not answered: ${answer?.error ?? 'timed out'}`);
          this.later(() => this.join());
        } else if (!answer.ok || !answer.state) {
          console.warn(`[live] join refused: ${answer.error}`);
        } else {
          this.joined = true;
          this.snapshot = { ...this.snapshot, joins: this.snapshot.joins + 1 };
          this.apply({ type: 'state', state: answer.state });
          this.pump();
        }
      },
    );
  }

  /** Re-joins on a connection that may be dead; if it does not answer, connects anew. */
  private probe(socket: LiveSocket): void {
    this.request(
      socket,
      PROBE_TIMEOUT_MS,
      (ack) => socket.emit('setlist:join', this.setlistId, ack),
      (answer) => {
        if (this.socket !== socket || !socket.connected) return;
        if (answer?.state) return this.apply({ type: 'state', state: answer.state });
        if (answer) return;
        console.warn('[live] connection did not answer; reconnecting');
        // Closing the transport makes socket.io reconnect, and the connect handler re-join.
        socket.io.engine.close();
      },
    );
  }

  /** Sends the next command once the previous one is acknowledged, and only while joined. */
  private pump(): void {
    const socket = this.socket;
    if (!socket || !this.joined || this.inFlight) return;
    const [command, ...rest] = this.unsent;
    if (!command) return this.settle();
    this.unsent = rest;
    this.inFlight = command;
    const { setlistId } = this;
    this.request(
      socket,
      ACK_TIMEOUT_MS,
      (ack) => {
        switch (command.event) {
          case 'setlist:updateCurrent':
            return socket.emit(
              'setlist:updateCurrent',
              { setlistId, newIndex: command.newIndex },
              ack,
            );
          case 'setlist:updatePart':
            return socket.emit('setlist:updatePart', { setlistId, partIndex: command.label }, ack);
          case 'setlist:announce':
            return socket.emit('setlist:announce', { setlistId, message: command.message }, ack);
        }
      },
      (answer) => this.acknowledged(socket, command, answer),
    );
  }

  private acknowledged(socket: LiveSocket, command: LiveCommand, answer: LiveAnswer | null): void {
    if (this.socket !== socket) return;
    this.inFlight = null;
    const refusal = answer?.ok === false ? answer.error : undefined;

    if (!answer && !socket.connected) {
      // Lost with the connection (perhaps applied, perhaps not): sent again after the re-join.
      this.unsent = [command, ...this.unsent];
    } else if (refusal === LIVE_TEXTS.notJoined) {
      this.unsent = [command, ...this.unsent];
      this.joined = false;
      this.join();
    } else if (!answer || refusal === LIVE_TEXTS.slowDown) {
      const tries = (this.tries.get(command) ?? 1) + 1;
      if (tries <= MAX_TRIES) {
        this.unsent = [command, ...this.unsent];
        this.tries.set(command, tries);
        this.later(() => this.pump());
        return;
      }
      console.warn(`[live] ${command.event} dropped: ${refusal ?? 'not answered'}`);
    } else if (refusal) {
      // E.g. a part of a song someone else has just left: the server's state wins.
      console.warn(`[live] ${command.event} refused: ${refusal}`);
    } else if (answer.state) {
      this.apply({ type: 'state', state: answer.state });
    }
    this.pump();
    this.settle();
  }

  /**
   * Emits with an acknowledgement and calls `done` once: with the answer, or with null when
   * none came within `timeoutMs` or the connection dropped first.
   */
  private request(
    socket: LiveSocket,
    timeoutMs: number,
    emit: (ack: (answer: LiveAnswer) => void) => void,
    done: (answer: LiveAnswer | null) => void,
  ): void {
    let settled = false;
    const finish = (answer: LiveAnswer | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.off('disconnect', dropped);
      done(answer);
    };
    const dropped = () => finish(null);
    const timer = setTimeout(dropped, timeoutMs);
    socket.on('disconnect', dropped);
    emit(finish);
  }

  /** Shows the server's state again once nothing of ours is on its way. */
  private settle(): void {
    if (this.inFlight || this.unsent.length > 0 || !this.optimistic) return;
    this.optimistic = null;
    this.publish({});
  }

  private apply(update: LiveUpdate): void {
    const confirmed = reduceLiveState(this.snapshot.confirmed, this.setlistId, update);
    if (confirmed !== this.snapshot.confirmed) this.publish({ confirmed });
  }

  private setConnection(status: LiveConnectionStatus): void {
    this.connectionStatus = status;
    this.publish({});
  }

  private later(action: () => void): void {
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      action();
    }, RETRY_DELAY_MS);
    this.retryTimers.add(timer);
  }

  private publish(change: Partial<LiveSnapshot>): void {
    const next = { ...this.snapshot, ...change };
    const status =
      this.browserOffline && this.connectionStatus === 'connected'
        ? 'reconnecting'
        : this.connectionStatus;
    const position = this.optimistic ?? next.confirmed;
    this.snapshot = { ...next, status, position };
    for (const listener of this.listeners) listener();
  }
}

/** The live channel of a setlist for a page; connects while `facts` is given, and disconnects on unmount. */
export function useLiveChannel(setlistId: string, facts: LiveSetlistFacts | null) {
  const factsRef = useRef(facts);
  useEffect(() => {
    factsRef.current = facts;
  });
  const session = useMemo(
    () =>
      new LiveSession(
        setlistId,
        () => factsRef.current ?? { songCount: 0, firstPartLabel: () => null, loadedIndex: 0 },
      ),
    [setlistId],
  );
  const enabled = facts !== null;
  useEffect(() => {
    if (!enabled) return;
    session.start();
    return () => session.stop();
  }, [session, enabled]);

  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot);
  const goToSong = useCallback((index: number) => session.goToSong(index), [session]);
  const goToPart = useCallback((label: string) => session.goToPart(label), [session]);
  const announce = useCallback((text: string) => session.announce(text), [session]);
  const reconnect = useCallback(() => session.reconnectNow(), [session]);
  return { ...snapshot, goToSong, goToPart, announce, reconnect };
}
