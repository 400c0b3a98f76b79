import type { LiveState } from '@segue/shared';
import type { LiveAnswer } from './queue.ts';

// Test support, imported by tests only: a socket.io-client socket without a network, for
// `vi.mock('socket.io-client')`. Only what LiveConnection uses; `connect`, `disconnect` and
// `active` behave as socket.io-client's do, the server's side is played by the test.

type Listener = (...args: unknown[]) => void;

class Listeners {
  private readonly byEvent = new Map<string, Set<Listener>>();

  on(event: string, listener: (...args: never[]) => void): this {
    const set = this.byEvent.get(event) ?? new Set();
    set.add(listener as Listener);
    this.byEvent.set(event, set);
    return this;
  }

  off(event: string, listener: (...args: never[]) => void): this {
    this.byEvent.get(event)?.delete(listener as Listener);
    return this;
  }

  removeAllListeners(): this {
    this.byEvent.clear();
    return this;
  }

  count(event: string): number {
    return this.byEvent.get(event)?.size ?? 0;
  }

  /** Calls the listeners of `event` in the order they were added. */
  fire(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.byEvent.get(event) ?? [])]) listener(...args);
  }
}

export interface Emitted {
  event: string;
  payload: unknown;
  /** The acknowledgement the client passed: the server's answer. */
  answer: (answer: LiveAnswer) => void;
}

export class FakeSocket extends Listeners {
  connected = false;
  /** socket.io's `active`: the manager still tries to (re)connect. */
  active = true;
  readonly emitted: Emitted[] = [];
  /** The manager; `engine.closed` counts the transports closed by hand. */
  readonly io = Object.assign(new Listeners(), {
    engine: {
      closed: 0,
      close() {
        this.closed += 1;
      },
    },
  });
  /** Calls of `connect()`. */
  connects = 0;

  connect(): this {
    this.connects += 1;
    this.active = true;
    return this;
  }

  /** As socket.io: the manager stops, and a connected socket hears its own disconnect. */
  disconnect(): this {
    this.active = false;
    if (this.connected) this.drop('io client disconnect');
    return this;
  }

  emit(event: string, payload: unknown, answer: Emitted['answer']): this {
    this.emitted.push({ event, payload, answer });
    return this;
  }

  /** Events the client emitted with `timeout(ms).emitWithAck` (clock pings, clicks). */
  readonly awaited: { event: string; payload: unknown; answer: (answer: unknown) => void }[] = [];

  /**
   * socket.io's `timeout(ms).emitWithAck(event, payload?)`: the answer the test gives through
   * `lastAwaited(event).answer` resolves it; none within `ms` rejects it, as socket.io does.
   */
  timeout(ms: number) {
    return {
      emitWithAck: (event: string, payload?: unknown): Promise<unknown> =>
        new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('operation has timed out')), ms);
          this.awaited.push({
            event,
            payload,
            answer: (answer) => {
              clearTimeout(timer);
              resolve(answer);
            },
          });
        }),
    };
  }

  /** The last event of that name the client emitted with `emitWithAck`. */
  lastAwaited(event: string) {
    const found = this.awaited.findLast((awaited) => awaited.event === event);
    if (!found) throw new Error(`${event} was not emitted`);
    return found;
  }

  /** The handshake succeeded. */
  accept(): void {
    this.connected = true;
    this.fire('connect');
  }

  /** The connection dropped; `active` says whether socket.io will try again. */
  drop(reason = 'transport close'): void {
    this.connected = false;
    this.fire('disconnect', reason);
  }

  /** The last event of that name the client emitted. */
  last(event: string): Emitted {
    const found = this.emitted.findLast((emitted) => emitted.event === event);
    if (!found) throw new Error(`${event} was not emitted`);
    return found;
  }
}

/** Every socket `io()` opened, newest last. */
export const sockets: FakeSocket[] = [];

/** Stands for socket.io-client's `io`. */
export function fakeIo(): FakeSocket {
  const socket = new FakeSocket();
  sockets.push(socket);
  return socket;
}

/** The newest socket. */
export function lastSocket(): FakeSocket {
  const socket = sockets.at(-1);
  if (!socket) throw new Error('no socket was opened');
  return socket;
}

/** The browser's window, document and navigator, as far as the live channel uses them. */
export function fakeBrowser(onLine = true) {
  const window = new EventTarget();
  const document = Object.assign(new EventTarget(), {
    visibilityState: 'visible' as DocumentVisibilityState,
  });
  const navigator = { onLine };
  return { window, document, navigator };
}

/** The setlist the tests' states belong to. */
export const SETLIST_ID = 'setlist-1';

/** A live state of that setlist, at a version. */
export const liveState = (
  version: number,
  currentIndex = 0,
  currentPartLabel: string | null = 'Verse',
  currentItem: number | null = null,
): LiveState => ({
  setlistId: SETLIST_ID,
  currentIndex,
  currentPartLabel,
  currentPartPosition: currentPartLabel === null ? null : 0,
  version,
  driver: null,
  startedAt: null,
  currentItem,
});
