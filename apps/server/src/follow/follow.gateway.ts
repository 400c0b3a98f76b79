import type { Server as HttpServer } from 'node:http';
import { createShardedAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import {
  FOLLOW_SOCKET_PATH,
  FOLLOW_TEXTS,
  FollowTokenSchema,
  type FollowCount,
  type FollowServerToClientEvents,
} from '@segue/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeFeed } from '../lib/change-feed.ts';
import { allowOrigins } from '../live/live-handshake.ts';
import { clientAddress, FollowerSlots } from './follow-limits.ts';
import { FollowLinks, tokenHash, type FollowLink, type ResolveToken } from './follow-links.ts';
import { FollowRooms, type FollowPart, type FollowSources } from './follow-rooms.ts';
import { FollowerCounts } from './follower-count.ts';

/** Events a follow socket sends before it is disconnected (each one refused). */
export const FOLLOW_STRIKES = 20;
/**
 * A follow socket sends nothing but the transport's own packets, and its handshake carries a
 * 43-character token: anything much larger is not a follow page.
 */
const FOLLOW_MAX_BUFFER = 2 * 1024;
/** How often every link with sockets here is looked up again, a safety net under the change feed. */
const LINK_RECHECK_MS = 60_000;
/**
 * A change skipped this recently (nobody followed) is made up for when a room's first phone
 * is heard: far longer than a count takes to cross Redis.
 */
const SKIPPED_MS = 5_000;
/** setTimeout's longest wait; a link ending later is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface FollowSocketData {
  setlistId: string;
  /** The link's token's SHA-256: the sockets of one link end together. */
  link: string;
  /** Gives back the socket's slot (per instance, address and room); only the first call counts. */
  release: () => void;
  /** Events it sent, all refused. */
  strikes: number;
  /** When its handshake began: a link changed after that is looked up again once it is in. */
  since: number;
}

export type FollowServer = Server<
  Record<string, never>,
  FollowServerToClientEvents,
  Record<string, never>,
  FollowSocketData
>;
type FollowSocket = Socket<
  Record<string, never>,
  FollowServerToClientEvents,
  Record<string, never>,
  FollowSocketData
>;

/** The room of a setlist's followers, apart from the band's rooms (another server). */
export const followRoom = (setlistId: string) => `follow:${setlistId}`;

export interface FollowGatewayOptions {
  httpServer: HttpServer;
  /** Where a token leads (one query; remembered here until the link changes or ends). */
  resolveToken: ResolveToken;
  sources: FollowSources;
  changes: ChangeFeed;
  appUrl: string;
  appUrlIsDefault?: boolean | undefined;
  /** How many proxies stand in front (TRUST_PROXY): the address counted is the one they saw. */
  trustProxy: number;
  limits: { perInstance: number; perAddress: number };
  logger: FastifyBaseLogger;
  /**
   * With several instances: the follow server's own pub/sub pair (sharded: `subscriber`
   * hears only the rooms this instance has followers in, plus the followers' counts), and
   * the command connection for the counts and the pages' state.
   */
  redis?: { commands: Redis; publisher: Redis; subscriber: Redis; prefix: string } | undefined;
}

/** A link's sockets on this instance, ended together when it is withdrawn or ends. */
interface LinkSockets {
  token: string;
  setlistId: string;
  expiresAt: number;
  sockets: Set<FollowSocket>;
  timer: NodeJS.Timeout | null;
}

/**
 * The congregation's sockets (docs/DECISIONS.md, "The congregation follows"): a second
 * socket.io server on the same HTTP server, at FOLLOW_SOCKET_PATH, for anyone holding a
 * setlist's link. A socket comes in with the link's token, within the limits per instance,
 * per address and per room, joins its setlist's room, and hears the page's state; every event
 * it sends is refused. The band's live gateway calls `publish` and `announce`: a step, a
 * screen change or an on-screen message becomes one broadcast to the room, built once, and
 * only when somebody follows.
 */
export function createFollowGateway(options: FollowGatewayOptions) {
  const { logger, changes } = options;
  const bandListeners: ((count: FollowCount) => void)[] = [];
  const counts = new FollowerCounts({
    redis: options.redis && {
      commands: options.redis.commands,
      subscriber: options.redis.subscriber,
      prefix: options.redis.prefix,
    },
    tell: (count) => {
      for (const listener of bandListeners) listener(count);
    },
    onError: (error, message) => logger.warn({ err: error }, message),
  });
  const slots = new FollowerSlots({
    ...options.limits,
    onRoomChange: (setlistId, here) => counts.changed(setlistId, here),
  });
  const links = new FollowLinks(options.resolveToken);
  const rooms = new FollowRooms({
    sources: options.sources,
    changes,
    redis: options.redis && {
      commands: options.redis.commands,
      publisher: options.redis.publisher,
      prefix: options.redis.prefix,
    },
    followersHere: (setlistId) => slots.here(setlistId),
    onChanged: (setlistId) => void resend(setlistId),
  });

  const io: FollowServer = new Server(options.httpServer, {
    path: FOLLOW_SOCKET_PATH,
    // Long-polling too: church and guest Wi-Fi often blocks WebSockets. With several
    // instances, polling needs sticky sessions at the proxy (docs/DEPLOYMENT.md).
    transports: ['polling', 'websocket'],
    cookie: false,
    serveClient: false,
    maxHttpBufferSize: FOLLOW_MAX_BUFFER,
    // The band's server on the same HTTP server answers its own upgrades; this one leaves
    // an upgrade it does not serve to it.
    destroyUpgrade: false,
    allowRequest: allowOrigins(options.appUrl, options.appUrlIsDefault ?? false),
  });
  if (options.redis) {
    // Sharded pub/sub (Redis 7 SPUBLISH), one channel per room: an instance hears only the
    // rooms it has followers in (docs/CAPACITY.md).
    io.adapter(
      createShardedAdapter(options.redis.publisher, options.redis.subscriber, {
        channelPrefix: `${options.redis.prefix}follow.io`,
      }),
    );
  }

  /** Each link's sockets here, by the token's hash. */
  const byLink = new Map<string, LinkSockets>();
  /** When a setlist's link last changed (made, withdrawn, moved), for handshakes under way. */
  const linkChanged = new Map<string, number>();

  io.use(async (socket: FollowSocket, next) => {
    const since = Date.now();
    // A full instance refuses before any look-up: under a storm, a refusal costs nothing.
    if (slots.size >= options.limits.perInstance) return next(new Error(FOLLOW_TEXTS.instanceFull));
    try {
      const parsed = FollowTokenSchema.safeParse(
        (socket.handshake.auth as { token?: unknown } | undefined)?.token,
      );
      if (!parsed.success) return next(new Error(FOLLOW_TEXTS.notFound));
      const token = parsed.data;
      const link = await links.resolve(token);
      if (!link) return next(new Error(FOLLOW_TEXTS.notFound));
      const refusal = refusalOf(link, Date.now());
      if (refusal) return next(new Error(refusal));
      const facts = rooms.cachedFacts(link.setlistId) ?? (await rooms.facts(link.setlistId));
      if (!facts || facts.teamId !== link.teamId) return next(new Error(FOLLOW_TEXTS.notFound));
      await counts.know(link.setlistId);
      // A client that went while its link was looked up: a slot taken now would never return.
      if (socket.conn.readyState !== 'open') return next(new Error(FOLLOW_TEXTS.notFound));
      // Last, with nothing after it that can fail: a refused handshake holds no slot.
      const slot = slots.take(socket.conn, {
        address: clientAddress(
          socket.handshake.address,
          socket.handshake.headers['x-forwarded-for'],
          options.trustProxy,
        ),
        setlistId: link.setlistId,
        roomLimit: facts.roomLimit,
        elsewhere: counts.elsewhere(link.setlistId),
      });
      if ('refused' in slot) return next(new Error(slot.refused));
      socket.data = {
        setlistId: link.setlistId,
        link: tokenHash(token),
        release: slot.release,
        strikes: 0,
        since,
      };
      group(socket, token, link);
      next();
    } catch (error) {
      logger.error({ err: error }, 'follow handshake failed');
      next(new Error(FOLLOW_TEXTS.instanceFull));
    }
  });

  io.on('connection', (socket: FollowSocket) => {
    socket.on('disconnect', () => {
      socket.data.release();
      ungroup(socket);
    });
    // Listen only: whatever a follow page sends is refused, and reaches nothing.
    socket.use((packet) => {
      const ack = packet.at(-1);
      if (typeof ack === 'function') ack({ ok: false, error: FOLLOW_TEXTS.listenOnly });
      socket.data.strikes += 1;
      if (socket.data.strikes >= FOLLOW_STRIKES) socket.disconnect(true);
    });
    void admit(socket);
  });

  /** Puts a socket let in into its room and shows it the page. */
  async function admit(socket: FollowSocket) {
    const { setlistId } = socket.data;
    try {
      // Its link changed while it came in: looked up again before it hears anything.
      if ((linkChanged.get(setlistId) ?? 0) >= socket.data.since) {
        const group = byLink.get(socket.data.link);
        if (!group || !(await stillValid(group))) return end(socket);
      }
      if (!socket.connected) return;
      // In the room first, then the page read: a step made meanwhile is in it or heard after.
      await socket.join(followRoom(setlistId));
      const facts = rooms.cachedFacts(setlistId) ?? (await rooms.facts(setlistId));
      if (!facts) return end(socket);
      const { state, message } = await rooms.showing(setlistId, facts);
      if (!socket.connected) return;
      socket.emit('follow:state', state);
      if (message) socket.emit('follow:announce', message);
    } catch (error) {
      logger.error({ err: error }, 'follow join failed');
      // It reconnects and tries again.
      socket.disconnect(true);
    }
  }

  function group(socket: FollowSocket, token: string, link: FollowLink) {
    const hash = socket.data.link;
    let sockets = byLink.get(hash);
    if (!sockets) {
      sockets = {
        token,
        setlistId: link.setlistId,
        expiresAt: link.expiresAt.getTime(),
        sockets: new Set(),
        timer: null,
      };
      byLink.set(hash, sockets);
      arm(hash, sockets);
    }
    sockets.sockets.add(socket);
    // Given back with the slot: a connection that closes before `connection` leaves no entry.
    socket.conn.once('close', () => ungroup(socket));
  }

  function ungroup(socket: FollowSocket) {
    const sockets = byLink.get(socket.data.link);
    if (!sockets?.sockets.delete(socket) || sockets.sockets.size > 0) return;
    if (sockets.timer) clearTimeout(sockets.timer);
    byLink.delete(socket.data.link);
  }

  /** The link's end, waited for: its sockets end then, on every instance (each has the timer). */
  function arm(hash: string, sockets: LinkSockets) {
    if (sockets.timer) clearTimeout(sockets.timer);
    const wait = sockets.expiresAt - Date.now();
    sockets.timer = setTimeout(
      () => {
        sockets.timer = null;
        if (byLink.get(hash) !== sockets) return;
        if (Date.now() >= sockets.expiresAt) endLink(hash, sockets);
        else arm(hash, sockets);
      },
      Math.min(Math.max(wait, 0), MAX_TIMER_MS),
    );
    sockets.timer.unref();
  }

  function end(socket: FollowSocket) {
    socket.emit('follow:ended');
    socket.disconnect(true);
  }

  function endLink(hash: string, sockets: LinkSockets) {
    if (sockets.timer) clearTimeout(sockets.timer);
    byLink.delete(hash);
    for (const socket of sockets.sockets) end(socket);
  }

  /** Whether a link's sockets may stay (looked up again); ends them when not. */
  async function stillValid(sockets: LinkSockets): Promise<boolean> {
    const hash = tokenHash(sockets.token);
    const link = await links.recheck(sockets.token);
    if (!link || link.setlistId !== sockets.setlistId || refusalOf(link, Date.now()) !== null) {
      if (byLink.get(hash) === sockets) endLink(hash, sockets);
      return false;
    }
    sockets.expiresAt = link.expiresAt.getTime();
    if (byLink.get(hash) === sockets) arm(hash, sockets);
    return true;
  }

  async function recheck(pick: (sockets: LinkSockets) => boolean) {
    const picked = [...byLink.values()].filter(pick);
    await Promise.all(
      picked.map((sockets) =>
        stillValid(sockets).catch((error: unknown) =>
          logger.error({ err: error }, 'follow link recheck failed'),
        ),
      ),
    );
  }

  // A link made, withdrawn or moved reaches the follow sockets of every instance through the
  // change feed; on this instance, the change is answered only once its sockets were dealt with.
  changes.on((change) => {
    switch (change.kind) {
      case 'audience':
        linkChanged.set(change.id, Date.now());
        links.forgetSetlist(change.id);
        return recheck((sockets) => sockets.setlistId === change.id);
      case 'setlist':
        // In the trash, or back: its links lead nowhere, or somewhere again.
        links.forgetSetlist(change.id);
        return;
      case 'resync':
        links.forgetAll();
        return recheck(() => true);
      default:
        return;
    }
  });
  const rechecks = setInterval(() => {
    const old = Date.now() - LINK_RECHECK_MS;
    for (const [id, at] of linkChanged) if (at < old) linkChanged.delete(id);
    void recheck(() => true);
  }, LINK_RECHECK_MS);
  rechecks.unref();

  /** A room's facts changed (a song edited, the setlist gone): its phones here see it now. */
  async function resend(setlistId: string) {
    try {
      const facts = await rooms.facts(setlistId);
      const local = io.local.to(followRoom(setlistId));
      if (!facts) {
        // The setlist went to the trash or was deleted: its links lead nowhere now.
        for (const [hash, sockets] of byLink) {
          if (sockets.setlistId === setlistId) endLink(hash, sockets);
        }
        return;
      }
      const { state } = await rooms.showing(setlistId, facts);
      local.emit('follow:state', state);
    } catch (error) {
      logger.error({ err: error }, 'follow resend failed');
    }
  }

  /** Per room: the parts waiting to be sent, and whether a send is under way. */
  const sending = new Map<string, { live?: FollowPart; screen?: FollowPart; busy: boolean }>();
  /** With Redis: when this instance last skipped a change of a room because nobody followed. */
  const skipped = new Map<string, number>();

  /**
   * Sends a room its page after a part changed: built once, one broadcast to the room (on
   * every instance). Parts that come while one is being sent go out together after it.
   */
  function publish(setlistId: string, part: FollowPart) {
    // A setlist this instance never heard a count of (it started after the room's last
    // change): the last telling is read once, then this part is decided on.
    if (!counts.known(setlistId)) {
      void counts.learn(setlistId).then(() => decide(setlistId, part));
      return;
    }
    decide(setlistId, part);
  }

  function decide(setlistId: string, part: FollowPart) {
    // Nobody follows (or, when the count could not be read, sent anyway: the phones first).
    if (counts.anywhere(setlistId) === 0 && counts.known(setlistId)) {
      if (options.redis) skipped.set(setlistId, Date.now());
      else rooms.keepIfKnown(setlistId, part);
      return;
    }
    const queued = sending.get(setlistId) ?? { busy: false };
    queued[kindOf(part)] = part;
    sending.set(setlistId, queued);
    if (!queued.busy) void send(setlistId, queued);
  }

  async function send(
    setlistId: string,
    queued: { live?: FollowPart; screen?: FollowPart; busy: boolean },
  ) {
    queued.busy = true;
    try {
      while (queued.live || queued.screen) {
        const parts = [queued.live, queued.screen].filter((p) => p !== undefined);
        delete queued.live;
        delete queued.screen;
        let state = null;
        for (const part of parts) state = await rooms.merge(setlistId, part);
        if (state) io.to(followRoom(setlistId)).emit('follow:state', state);
      }
    } catch (error) {
      logger.error({ err: error }, 'follow publish failed');
    } finally {
      queued.busy = false;
      sending.delete(setlistId);
    }
  }

  // A room's first phone, heard from any instance: an instance that skipped a change of that
  // setlist a moment ago (its count was still on its way) sends the room what is live now, as
  // the engine and the screen say (not what it skipped: another instance may have stepped
  // since), so the phone misses nothing.
  counts.onFirstFollowers((setlistId) => {
    const at = skipped.get(setlistId);
    skipped.delete(setlistId);
    if (at === undefined || Date.now() - at > SKIPPED_MS) return;
    void rooms
      .fresh(setlistId)
      .then((parts) => {
        for (const part of parts) publish(setlistId, part);
      })
      .catch((error: unknown) => logger.error({ err: error }, 'follow catch-up failed'));
  });
  const forgetSkipped = setInterval(() => {
    const old = Date.now() - SKIPPED_MS;
    for (const [id, at] of skipped) if (at < old) skipped.delete(id);
  }, 60_000);
  forgetSkipped.unref();

  return {
    io,
    /** A step or a screen change of a setlist: its followers' page, sent when anybody follows. */
    publish,
    /** A message a driver put on the congregation's screen, for the phones too. */
    announce(setlistId: string, message: { text: string; at: string; remainingMs: number | null }) {
      if (counts.anywhere(setlistId) === 0) return;
      io.to(followRoom(setlistId)).emit('follow:announce', message);
    },
    /** How many phones follow a setlist, on every instance, as this instance knows now. */
    async followers(setlistId: string): Promise<number> {
      await counts.learn(setlistId);
      return counts.anywhere(setlistId);
    },
    /** Hears each setlist's count of followers when it changes (at most every 2 s). */
    onCount(listener: (count: FollowCount) => void) {
      bandListeners.push(listener);
    },
    /** This instance's follow sockets (tests, metrics). */
    get size() {
      return slots.size;
    },
    async close() {
      clearInterval(rechecks);
      clearInterval(forgetSkipped);
      for (const sockets of byLink.values()) if (sockets.timer) clearTimeout(sockets.timer);
      // Not `io.close()`: that also closes the HTTP server and waits for every connection on
      // it, the band's sockets included, which the band's gateway closes after this.
      const phones = io.of('/');
      for (const socket of phones.sockets.values()) socket.disconnect(true);
      await phones.adapter.close();
      io.engine.close();
      rooms.close();
      await counts.close();
    },
  };
}

export type FollowGateway = ReturnType<typeof createFollowGateway>;

/** Why a link lets no phone in now, or null when it does. */
function refusalOf(link: FollowLink, now: number): string | null {
  if (link.expiresAt.getTime() <= now) return FOLLOW_TEXTS.ended;
  if (link.validFrom.getTime() > now) return FOLLOW_TEXTS.notFound;
  return null;
}

const kindOf = (part: FollowPart): 'live' | 'screen' => ('live' in part ? 'live' : 'screen');
