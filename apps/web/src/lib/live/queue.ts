import { LIVE_TEXTS } from '@segue/shared';
import type { LiveJoinState, LiveState } from '@segue/shared';
import { enqueueCommand } from '../live-state.ts';
import type { LiveCommand } from '../live-state.ts';

/** How long an event (or a join) may wait for its acknowledgement before it is unanswered. */
export const ACK_TIMEOUT_MS = 8000;
/** How long an event (or a join) refused for the rate or unanswered waits to be tried again. */
export const RETRY_DELAY_MS = 1000;
/** Tries of one command refused for the rate or timed out while connected. */
export const MAX_TRIES = 5;

/**
 * Any acknowledgement of the live channel: `state` on joins and moves (with every entry's key
 * on joins and key changes), `error` on refusals.
 */
export type LiveAnswer = { ok: boolean; error?: string; state?: LiveState | LiveJoinState };

/** What a request needs of a connection: socket.io's socket in the app, a fake in tests. */
export interface AckChannel {
  readonly connected: boolean;
  /** Calls `listener` when the connection drops; returns what stops listening. */
  onDisconnect(listener: () => void): () => void;
}

/** A connection that commands go out on: one per socket, so answers of an old one are known. */
export interface CommandEmitter extends AckChannel {
  emit(command: LiveCommand, ack: (answer: LiveAnswer) => void): void;
}

/**
 * Emits with an acknowledgement and calls `done` once: with the answer, or with null when
 * none came within `timeoutMs` or the connection dropped first.
 */
export function request(
  channel: AckChannel,
  timeoutMs: number,
  emit: (ack: (answer: LiveAnswer) => void) => void,
  done: (answer: LiveAnswer | null) => void,
): void {
  let settled = false;
  const finish = (answer: LiveAnswer | null) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    stopListening();
    done(answer);
  };
  const timer = setTimeout(() => finish(null), timeoutMs);
  const stopListening = channel.onDisconnect(() => finish(null));
  emit(finish);
}

/** What the queue tells its owner. */
export interface CommandQueueHooks {
  /** A command was acknowledged with the server's state. */
  answered(state: LiveState): void;
  /** Nothing waits or is on its way any more: the server's state can be shown again. */
  idle(): void;
  /** The server forgot the join (the command waits at the front): join again, then `open()`. */
  notJoined(): void;
  /** The server refused a command for good (not a driver, a part gone): say so on the screen. */
  refused(message: string): void;
}

/**
 * This screen's own queue of commands, independent of socket.io. socket.io-client would buffer
 * events made while offline, but it sends them before the re-join of a new connection, which
 * the server then refuses ("Join the setlist first."). So commands go out only once joined, one
 * at a time, each after the previous one's acknowledgement, in the order made. The server runs
 * one socket's events one after another, in the order sent, but a command refused for the rate,
 * unanswered or lost with a connection is sent again: waiting for each acknowledgement keeps the
 * commands made after it from overtaking it.
 */
export class CommandQueue {
  private emitter: CommandEmitter | null = null;
  private joined = false;
  private unsent: LiveCommand[] = [];
  private inFlight: LiveCommand | null = null;
  /** Tries of commands that timed out or were refused for the rate. */
  private readonly tries = new WeakMap<LiveCommand, number>();
  private readonly retryTimers = new Set<ReturnType<typeof setTimeout>>();

  constructor(private readonly hooks: CommandQueueHooks) {}

  /** Commands will go out on `emitter` (a new socket), once `open()`. */
  attach(emitter: CommandEmitter): void {
    this.emitter = emitter;
  }

  /** The page is leaving: unsent commands are dropped, and late answers ignored. */
  detach(): void {
    this.emitter = null;
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    this.joined = false;
    this.inFlight = null;
    this.unsent = [];
  }

  /** Joined: sends what waits. */
  open(): void {
    this.joined = true;
    this.pump();
  }

  /**
   * The connection dropped: nothing is sent until the next `open()`. Called before the emitter's
   * disconnect listeners give up the answer on its way, so that command waits, and is not re-sent
   * on the dead connection.
   */
  close(): void {
    this.joined = false;
  }

  /** Queues a command (merged as `enqueueCommand` says) and sends it if nothing is on its way. */
  push(command: LiveCommand): void {
    this.unsent = enqueueCommand(this.unsent, command);
    this.pump();
  }

  /** Sends the next command once the previous one is acknowledged, and only while joined. */
  private pump(): void {
    const emitter = this.emitter;
    if (!emitter || !this.joined || this.inFlight) return;
    const [command, ...rest] = this.unsent;
    if (!command) return this.settle();
    this.unsent = rest;
    this.inFlight = command;
    request(
      emitter,
      ACK_TIMEOUT_MS,
      (ack) => emitter.emit(command, ack),
      (answer) => this.acknowledged(emitter, command, answer),
    );
  }

  private acknowledged(
    emitter: CommandEmitter,
    command: LiveCommand,
    answer: LiveAnswer | null,
  ): void {
    if (this.emitter !== emitter) return;
    this.inFlight = null;
    const refusal = answer?.ok === false ? answer.error : undefined;

    if (!answer && !emitter.connected) {
      // Lost with the connection (perhaps applied, perhaps not): sent again after the re-join.
      this.unsent = [command, ...this.unsent];
    } else if (refusal === LIVE_TEXTS.notJoined) {
      this.unsent = [command, ...this.unsent];
      this.joined = false;
      this.hooks.notJoined();
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
      this.hooks.refused(refusal);
    } else if (answer.state) {
      this.hooks.answered(answer.state);
    }
    // The next command, if joined; else (or with none left) the moves shown may settle.
    if (this.joined) this.pump();
    else this.settle();
  }

  private settle(): void {
    if (this.inFlight || this.unsent.length > 0) return;
    this.hooks.idle();
  }

  private later(action: () => void): void {
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      action();
    }, RETRY_DELAY_MS);
    this.retryTimers.add(timer);
  }
}
