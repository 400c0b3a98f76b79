import type { IncomingMessage } from 'node:http';
import { LIVE_LIMITS, LIVE_TEXTS, type LiveViewKind } from '@segue/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionResolver } from '../accounts/sessions.ts';
import { tokenFromAuthorization, tokenKey } from '../accounts/sessions.ts';
import type { LiveSocket } from './live-socket.ts';
import type { SocketSlots } from './socket-slots.ts';
import { TokenBucket } from './token-bucket.ts';

const VIEWS: readonly LiveViewKind[] = ['live', 'presenter', 'stage'];

/**
 * socket.io's `allowRequest`: browsers always send Origin, and it must be APP_URL's, so a
 * page elsewhere (even one whose name resolves to this server, as in DNS rebinding) never
 * gets a socket. Non-browser clients send none, and still need a session token. When
 * APP_URL was left unset (one machine, `http://localhost:PORT`), the other loopback names
 * of that port are Segue's own origin too.
 */
export function allowOrigins(appUrl: string, isDefault: boolean) {
  const url = new URL(appUrl);
  const origins = new Set([url.origin]);
  if (isDefault) {
    for (const host of ['localhost', '127.0.0.1', '[::1]']) {
      origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
    }
  }
  return (req: IncomingMessage, callback: (error: string | null, ok: boolean) => void) => {
    const origin = req.headers.origin;
    const ok = !origin || origins.has(origin);
    callback(ok ? null : 'origin not allowed', ok);
  };
}

/**
 * The handshake's middleware: a verified account's session token (in `auth.token`, or the
 * Authorization header), the screen the socket is, its event budgets and, last, one of the
 * account's socket slots.
 */
export function authenticate(options: {
  sessions: SessionResolver;
  slots: SocketSlots;
  logger: FastifyBaseLogger;
}) {
  const { sessions, slots, logger } = options;
  return async (socket: LiveSocket, next: (error?: Error) => void) => {
    try {
      const auth = socket.handshake.auth as { token?: unknown; view?: unknown } | undefined;
      const fromAuth = auth?.token;
      const token =
        typeof fromAuth === 'string'
          ? tokenFromAuthorization(fromAuth)
          : tokenFromAuthorization(socket.handshake.headers.authorization);
      const account = token ? await sessions.resolve(token) : null;
      if (!account || !account.emailVerified) return next(new Error(LIVE_TEXTS.unauthorized));
      socket.data.account = account;
      socket.data.tokenKey = tokenKey(account.token);
      socket.data.joined = new Map();
      socket.data.bucket = new TokenBucket(LIVE_LIMITS.eventsPerSecond, LIVE_LIMITS.eventBurst);
      socket.data.clockBucket = new TokenBucket(
        LIVE_LIMITS.clockPingsPerSecond,
        LIVE_LIMITS.clockPingBurst,
      );
      socket.data.view = VIEWS.find((view) => view === auth?.view) ?? 'live';
      // A client that went while its token was checked: socket.io drops its socket without a
      // word, and the connection's `close` was already said, so a slot taken now would stay
      // taken until the instance stops.
      if (socket.conn.readyState !== 'open') return next(new Error(LIVE_TEXTS.unauthorized));
      // Last, with nothing after it that can fail: a refused handshake holds no slot.
      const slot = slots.take(socket, account.userId);
      if (!slot) return next(new Error(LIVE_TEXTS.slowDown));
      socket.data.accountBucket = slot.bucket;
      socket.data.releaseSlot = slot.release;
      next();
    } catch (error) {
      logger.error({ err: error }, 'live handshake failed');
      next(new Error(LIVE_TEXTS.unauthorized));
    }
  };
}
