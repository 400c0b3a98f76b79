import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import {
  AnnouncePayloadSchema,
  LIVE_LIMITS,
  LIVE_TEXTS,
  SetlistIdSchema,
  UpdateCurrentPayloadSchema,
  UpdatePartPayloadSchema,
  type ClientToServerEvents,
  type LiveState,
  type ServerToClientEvents,
} from '@segue/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthenticatedAccount, SessionResolver } from '../accounts/sessions.ts';
import { tokenFromAuthorization } from '../accounts/sessions.ts';
import type { Db, PreparedQuery } from '../db/client.ts';
import type { ChangeFeed } from '../lib/change-feed.ts';
import { LiveRepository, type StepResult } from './live.repository.ts';
import { TokenBucket } from './token-bucket.ts';

interface SocketData {
  account: AuthenticatedAccount;
  /** setlist id -> team id, for the setlists this socket joined. */
  joined: Map<string, string>;
  bucket: TokenBucket;
}

type LiveServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
type LiveSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

const room = (setlistId: string) => `setlist:${setlistId}`;

/** How often a connected socket's session and memberships are checked again. */
export const LIVE_RECHECK_MS = 30_000;

export interface LiveGatewayOptions {
  httpServer: HttpServer;
  db: Db;
  liveStep: PreparedQuery;
  changes: ChangeFeed;
  sessions: SessionResolver;
  appUrl: string;
  logger: FastifyBaseLogger;
  recheckMs?: number | undefined;
  /** With Redis, events reach members connected to any instance. */
  redis?: { pub: Redis; sub: Redis; key: string } | undefined;
}

/**
 * The live channel: socket.io on the HTTP server, authenticated at the
 * handshake, every event validated and authorised, the state kept on the
 * setlist so a late or reconnecting screen lands on the leader's part.
 */
export function createLiveGateway(options: LiveGatewayOptions) {
  const { sessions, logger } = options;
  const repo = new LiveRepository(options.db, options.liveStep, options.changes);
  const allowedOrigin = new URL(options.appUrl).origin;

  const io: LiveServer = new Server(options.httpServer, {
    path: '/socket.io',
    // Websocket only: no long-polling, so several instances need no sticky sessions.
    transports: ['websocket'],
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      // Browsers always send Origin; it must be Segue's own. Non-browser clients send none.
      const ok = !origin || origin === allowedOrigin || sameHost(origin, req.headers.host);
      callback(ok ? null : 'origin not allowed', ok);
    },
  });

  if (options.redis) {
    io.adapter(createAdapter(options.redis.pub, options.redis.sub, { key: options.redis.key }));
  }

  io.use(async (socket, next) => {
    try {
      const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      const token =
        typeof fromAuth === 'string'
          ? tokenFromAuthorization(fromAuth)
          : tokenFromAuthorization(socket.handshake.headers.authorization);
      const account = token ? await sessions.resolve(token) : null;
      if (!account || !account.emailVerified) return next(new Error(LIVE_TEXTS.unauthorized));
      socket.data.account = account;
      socket.data.joined = new Map();
      socket.data.bucket = new TokenBucket(LIVE_LIMITS.eventsPerSecond, LIVE_LIMITS.eventBurst);
      next();
    } catch (error) {
      logger.error({ err: error }, 'live handshake failed');
      next(new Error(LIVE_TEXTS.unauthorized));
    }
  });

  io.on('connection', (socket: LiveSocket) => {
    /** Runs a handler if the socket is within its rate, answering errors on the ack or as live:error. */
    // One socket's events run one after another, in the order sent: a song change
    // followed at once by a part change must not overtake each other.
    let queue: Promise<void> = Promise.resolve();

    /** Runs a handler if the socket is within its rate, answering errors on the ack or as live:error. */
    const guarded =
      <A extends unknown[]>(handler: (...args: A) => Promise<void>) =>
      (...args: A) => {
        const ack = args.find((a) => typeof a === 'function') as
          ((answer: unknown) => void) | undefined;
        if (!socket.data.bucket.take()) {
          const error = { ok: false, error: LIVE_TEXTS.slowDown };
          if (ack) ack(error);
          else socket.emit('live:error', { message: LIVE_TEXTS.slowDown });
          return;
        }
        queue = queue.then(() =>
          handler(...args).catch((error: unknown) => {
            const message = error instanceof LiveError ? error.message : LIVE_TEXTS.invalid;
            if (!(error instanceof LiveError)) logger.error({ err: error }, 'live event failed');
            if (ack) ack({ ok: false, error: message });
            else socket.emit('live:error', { message });
          }),
        );
      };

    const joinedTeam = (setlistId: unknown): { setlistId: string; teamId: string } => {
      const id = SetlistIdSchema.safeParse(setlistId);
      if (!id.success) throw new LiveError(LIVE_TEXTS.invalid);
      const teamId = socket.data.joined.get(id.data);
      if (!teamId) throw new LiveError(LIVE_TEXTS.notJoined);
      return { setlistId: id.data, teamId };
    };

    const broadcastState = (state: LiveState, changed: { song: boolean }) => {
      const meta = { setlistId: state.setlistId, version: state.version };
      const target = io.to(room(state.setlistId));
      if (changed.song) target.emit('setlist:currentChanged', state.currentIndex, meta);
      target.emit('setlist:partChanged', state.currentPartLabel, meta);
    };

    socket.on(
      'setlist:join',
      guarded(async (setlistId: unknown, ack?: unknown) => {
        const id = SetlistIdSchema.safeParse(setlistId);
        if (!id.success) throw new LiveError(LIVE_TEXTS.invalid);
        // Into the room first, then read: a change made in between is then both read and heard.
        await socket.join(room(id.data));
        const found = await repo.accessible(id.data, socket.data.account.userId);
        if (!found) {
          if (!socket.data.joined.has(id.data)) await socket.leave(room(id.data));
          // A setlist of another team answers like one that does not exist.
          throw new LiveError(LIVE_TEXTS.notFound);
        }
        socket.data.joined.set(id.data, found.teamId);
        const state: LiveState = {
          setlistId: id.data,
          currentIndex: found.currentIndex,
          currentPartLabel: found.currentPartLabel,
          version: found.version,
        };
        socket.emit('setlist:state', state);
        if (typeof ack === 'function') ack({ ok: true, state });
      }),
    );

    socket.on('setlist:leave', (setlistId: unknown) => {
      const id = SetlistIdSchema.safeParse(setlistId);
      if (!id.success) return;
      socket.data.joined.delete(id.data);
      void socket.leave(room(id.data));
    });

    /** Sends a written step to the room, or turns a refused one into the right error. */
    const finishStep = (
      setlistId: string,
      result: StepResult,
      changed: { song: boolean },
      ack: unknown,
    ) => {
      if (result.kind === 'missing') throw new LiveError(LIVE_TEXTS.notFound);
      if (result.kind === 'refused') throw new LiveError(LIVE_TEXTS.invalid);
      const state = { setlistId, ...result.state };
      broadcastState(state, changed);
      if (typeof ack === 'function') ack({ ok: true, state });
    };

    socket.on(
      'setlist:updateCurrent',
      guarded(async (payload: unknown, ack?: unknown) => {
        const parsed = UpdateCurrentPayloadSchema.safeParse(payload);
        if (!parsed.success) throw new LiveError(LIVE_TEXTS.invalid);
        const { setlistId, teamId } = joinedTeam(parsed.data.setlistId);
        // Changing song resets the part to the new song's first part (spec 4).
        const result = await repo.changeSong(setlistId, teamId, parsed.data.newIndex);
        finishStep(setlistId, result, { song: true }, ack);
      }),
    );

    socket.on(
      'setlist:updatePart',
      guarded(async (payload: unknown, ack?: unknown) => {
        const parsed = UpdatePartPayloadSchema.safeParse(payload);
        if (!parsed.success) throw new LiveError(LIVE_TEXTS.invalid);
        const { setlistId, teamId } = joinedTeam(parsed.data.setlistId);
        const result = await repo.changePart(setlistId, teamId, parsed.data.partIndex);
        finishStep(setlistId, result, { song: false }, ack);
      }),
    );

    socket.on(
      'setlist:announce',
      guarded(async (payload: unknown, ack?: unknown) => {
        const parsed = AnnouncePayloadSchema.safeParse(payload);
        if (!parsed.success) throw new LiveError(LIVE_TEXTS.invalid);
        const { setlistId } = joinedTeam(parsed.data.setlistId);
        const message = parsed.data.message.trim();
        if (!message) throw new LiveError(LIVE_TEXTS.emptyAnnouncement);
        io.to(room(setlistId)).emit(
          'setlist:announceBroadcast',
          message.slice(0, LIVE_LIMITS.announcementMaxLength),
          {
            setlistId,
            from: socket.data.account.name,
            at: new Date().toISOString(),
          },
        );
        if (typeof ack === 'function') ack({ ok: true });
      }),
    );
  });

  // A revoked session or a lost membership closes the door within LIVE_RECHECK_MS plus the
  // session cache. Two queries for all of this instance's sockets, not two per socket.
  const recheck = setInterval(() => {
    void (async () => {
      const sockets = (await io.local.fetchSockets()) as unknown as LiveSocket[];
      const accounts = await sessions.resolveMany(sockets.map((s) => s.data.account.token));
      const pairs = sockets.flatMap((s) =>
        [...s.data.joined.values()].map((teamId) => ({ teamId, userId: s.data.account.userId })),
      );
      const members = await repo.memberships(pairs);
      for (const live of sockets) {
        if (!accounts.get(live.data.account.token)) {
          live.disconnect(true);
          continue;
        }
        for (const [setlistId, teamId] of live.data.joined) {
          if (!members.has(`${teamId}:${live.data.account.userId}`)) {
            live.data.joined.delete(setlistId);
            await live.leave(room(setlistId));
          }
        }
      }
    })().catch((error: unknown) => logger.error({ err: error }, 'live recheck failed'));
  }, options.recheckMs ?? LIVE_RECHECK_MS);
  recheck.unref();

  return {
    io,
    async close() {
      clearInterval(recheck);
      await io.close();
    },
  };
}

class LiveError extends Error {}

function sameHost(origin: string, host: string | undefined): boolean {
  try {
    return Boolean(host) && new URL(origin).host === host;
  } catch {
    return false;
  }
}
