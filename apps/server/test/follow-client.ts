import { randomBytes, randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import {
  FOLLOW_SOCKET_PATH,
  type FollowServerToClientEvents,
  type FollowState,
} from '@segue/shared';
import { hashAudienceToken, sealAudienceToken } from '../src/follow/audience-token.ts';
import { FollowRepository } from '../src/follow/follow.repository.ts';
import type { TestApp } from './harness.ts';

/** A follow page's socket: it hears, and (as far as the server is concerned) says nothing. */
export type FollowClient = Socket<FollowServerToClientEvents, Record<string, never>>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A congregation link written straight into the database (the routes that make one are
 * tested with them), valid now unless told otherwise; answers its token.
 */
export async function createFollowLink(
  t: TestApp,
  options: { setlistId: string; teamId: string; validFrom?: Date; expiresAt?: Date },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const made = await new FollowRepository(t.database.db, t.app.changes).create({
    id: randomUUID(),
    setlistId: options.setlistId,
    teamId: options.teamId,
    tokenHash: hashAudienceToken(token),
    tokenSealed: sealAudienceToken(token, 'test-secret-test-secret-test-secret-0123'),
    validFrom: options.validFrom ?? new Date(Date.now() - DAY_MS),
    expiresAt: options.expiresAt ?? new Date(Date.now() + DAY_MS),
    createdBy: null,
  });
  if (!made) throw new Error('the setlist has a live link already');
  return token;
}

/** A follow socket as the page opens one (no reconnection here), not yet connected. */
export function openFollowClient(
  url: string,
  auth: unknown,
  options: {
    transports?: ('polling' | 'websocket')[];
    headers?: Record<string, string>;
  } = {},
): FollowClient {
  return connect(url, {
    path: FOLLOW_SOCKET_PATH,
    transports: options.transports ?? ['websocket'],
    auth: auth as Record<string, unknown>,
    reconnection: false,
    forceNew: true,
    timeout: 5000,
    extraHeaders: options.headers ?? {},
  });
}

/**
 * Resolves with the first `follow:state` once connected (listened for before the handshake, so
 * none is missed); rejects with the handshake's refusal.
 */
export function followAdmitted(socket: FollowClient): Promise<FollowState> {
  return new Promise((resolve, reject) => {
    socket.once('follow:state', resolve);
    socket.once('connect_error', reject);
  });
}

/**
 * The handshake's refusal message ('connected' when it was let in). A CONNECT packet the server
 * cannot read closes the connection without a `connect_error`: 'closed: <reason>' then.
 */
export function followRefusal(socket: FollowClient): Promise<string> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('neither admitted nor refused'), 6000);
    const done = (outcome: string) => {
      clearTimeout(timer);
      resolve(outcome);
    };
    socket.once('connect', () => done('connected'));
    socket.once('connect_error', (error) => done(error.message));
    // A refusal closes the connection just before it says why: the reason wins.
    socket.io.once('close', (reason) => setImmediate(() => done(`closed: ${reason}`)));
  });
}

/**
 * How a phone's connection ends: 'ended' when the server said the link ended before closing it,
 * 'dropped' when it closed without a word.
 */
export function howItEnds(socket: FollowClient): Promise<'ended' | 'dropped'> {
  return new Promise((resolve) => {
    let said = false;
    socket.once('follow:ended', () => (said = true));
    socket.once('disconnect', () => resolve(said ? 'ended' : 'dropped'));
  });
}

/** Every `follow:state` a socket hears from now on. */
export function statesOf(socket: FollowClient): FollowState[] {
  const states: FollowState[] = [];
  socket.on('follow:state', (state) => states.push(state));
  return states;
}

/** Sends any event with an acknowledgement, and resolves with the answer (or 'timeout'). */
export function askFollow(
  socket: FollowClient,
  event: string,
  ...args: unknown[]
): Promise<unknown> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), 3000);
    (socket as unknown as { emit(e: string, ...a: unknown[]): void }).emit(
      event,
      ...args,
      (answer: unknown) => {
        clearTimeout(timer);
        resolve(answer);
      },
    );
  });
}
