import { io as connect, type Socket } from 'socket.io-client';
import type {
  ClientToServerEvents,
  LiveState,
  LiveViewKind,
  ServerToClientEvents,
} from '@segue/shared';

export type LiveClient = Socket<ServerToClientEvents, ClientToServerEvents>;
export type LiveAnswer = { ok: boolean; state?: LiveState; error?: string };

/** A live socket as a screen opens one (websocket, no reconnection), not yet connected. */
export function openLiveClient(
  url: string,
  token: string,
  origin?: string,
  view?: LiveViewKind,
): LiveClient {
  return connect(url, {
    transports: ['websocket'],
    auth: view ? { token, view } : { token },
    reconnection: false,
    forceNew: true,
    extraHeaders: origin ? { origin } : {},
  });
}

/** Resolves once the socket is connected; rejects with the handshake's refusal. */
export function liveConnected(socket: LiveClient): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
}

/** Sends any event (valid or not) with an acknowledgement, and resolves with the answer. */
export function askLive(socket: LiveClient, event: string, payload: unknown): Promise<LiveAnswer> {
  return new Promise((resolve) =>
    (socket.emit as (e: string, p: unknown, ack: (a: LiveAnswer) => void) => void)(
      event,
      payload,
      resolve,
    ),
  );
}

/**
 * The sockets a test file opens, connected on request and all closed after each test, so a
 * test never inherits another's rooms.
 */
export function liveClients() {
  const open: LiveClient[] = [];
  return {
    /** A connected socket of the account holding `token`. */
    async connect(url: string, token: string): Promise<LiveClient> {
      const socket = openLiveClient(url, token);
      open.push(socket);
      await liveConnected(socket);
      return socket;
    },
    disconnectAll() {
      for (const socket of open.splice(0)) socket.disconnect();
    },
  };
}
