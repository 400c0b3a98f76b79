import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import {
  AnnouncePayloadSchema,
  clipText,
  LIVE_LIMITS,
  LIVE_TEXTS,
  SetKeyPayloadSchema,
  SetlistIdSchema,
  UpdateCurrentPayloadSchema,
  UpdatePartPayloadSchema,
  type ClientToServerEvents,
  type LiveJoinState,
  type LiveMeta,
  type LiveState,
  type LiveViewKind,
} from '@segue/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionResolver } from '../accounts/sessions.ts';
import { tokenFromAuthorization, tokenKey } from '../accounts/sessions.ts';
import type { Db, PreparedQuery } from '../db/client.ts';
import type { ChangeFeed } from '../lib/change-feed.ts';
import { HttpError, isInvalidDatabaseInput, NotFoundError } from '../lib/errors.ts';
import type { TeamActor } from '../policy/actor.ts';
import { authorize, refusalOf, ruleOf, type Action } from '../policy/policy.ts';
import type { TeamActors } from '../policy/team-actors.ts';
import { watchMembership } from './live-membership.ts';
import {
  leaveRooms,
  LiveError,
  room,
  screenRoom,
  type LiveServer,
  type LiveSocket,
} from './live-socket.ts';
import { LiveEngine, type StepOutcome } from './live-engine.ts';
import type { StepRequest } from './live-steps.ts';
import { LiveRepository, type Stepper } from './live.repository.ts';
import { TokenBucket } from './token-bucket.ts';

const VIEWS: readonly LiveViewKind[] = ['live', 'presenter', 'stage'];

/**
 * The policy's action for each event a client may send; `null` for one that changes
 * nothing anyone else sees. A new event must name its action here (the type says so,
 * and the policy tests check the table).
 */
export const LIVE_EVENT_ACTIONS = {
  'setlist:join': 'followLive',
  'setlist:leave': null,
  'setlist:updateCurrent': 'driveLive',
  'setlist:updatePart': 'driveLive',
  'setlist:setKey': 'driveLive',
  'setlist:announce': 'announceLive',
} as const satisfies Record<keyof ClientToServerEvents, Action | null>;

/**
 * How often every connected socket's session and memberships are checked again. A
 * safety net: an ended session or a lost membership reaches the sockets on every
 * instance at once through the change feed.
 */
const LIVE_RECHECK_MS = 30_000;
/** Live sockets one account may hold open on one instance (phones, laptop, projector, stage). */
export const LIVE_SOCKETS_PER_ACCOUNT = 20;
/**
 * Events one account may send per second over all its sockets on one instance, and in
 * one burst: a flood spread over many sockets is throttled like one from a single socket.
 */
export const LIVE_ACCOUNT_RATE = {
  perSecond: LIVE_LIMITS.eventsPerSecond * 2,
  burst: LIVE_LIMITS.eventBurst * 2,
};

export interface LiveGatewayOptions {
  httpServer: HttpServer;
  db: Db;
  liveStep: PreparedQuery;
  changes: ChangeFeed;
  sessions: SessionResolver;
  teamActors: TeamActors;
  appUrl: string;
  /** APP_URL was not set: the same port on another loopback name is Segue's own origin too. */
  appUrlIsDefault?: boolean;
  logger: FastifyBaseLogger;
  recheckMs?: number | undefined;
  /**
   * With Redis, events reach members connected to any instance (`key`: the adapter's), and
   * which instance orders each setlist's steps is decided there (`commands`, under `prefix`;
   * `listener`: a connection in subscriber mode the engine may subscribe on).
   */
  redis?:
    | { pub: Redis; sub: Redis; key: string; commands: Redis; listener: Redis; prefix: string }
    | undefined;
}

/**
 * The live channel: socket.io on the HTTP server, authenticated at the
 * handshake, every event validated and authorised, the state kept on the
 * setlist so a late or reconnecting screen lands on the leader's part.
 */
export function createLiveGateway(options: LiveGatewayOptions) {
  const { sessions, teamActors, logger } = options;
  const repo = new LiveRepository(options.db, options.liveStep, options.changes);
  // Issue 19: steps are checked against cached facts, ordered, heard, then written behind.
  const engine = new LiveEngine({
    repo,
    changes: options.changes,
    redis: options.redis && {
      commands: options.redis.commands,
      // Socket.io's: a step's state is stored before its broadcast, on the same connection.
      publisher: options.redis.pub,
      subscriber: options.redis.listener,
      prefix: options.redis.prefix,
    },
    onError: (error, message) => logger.error({ err: error }, message),
  });
  const allowedOrigins = originsOf(options.appUrl, options.appUrlIsDefault ?? false);
  /** Per account on this instance: its open sockets and their shared event budget. */
  const accounts = new Map<string, { sockets: number; bucket: TokenBucket }>();
  /** Per raw connection: how to give back the slots its sockets hold, all run when it closes. */
  const slotsOf = new WeakMap<LiveSocket['conn'], Set<() => void>>();
  const releasesOf = (conn: LiveSocket['conn']) => {
    let releases = slotsOf.get(conn);
    if (!releases) {
      const all = new Set<() => void>();
      conn.once('close', () => {
        for (const release of all) release();
      });
      slotsOf.set(conn, all);
      releases = all;
    }
    return releases;
  };

  /**
   * Takes one of the account's slots for a socket about to connect, or answers null when
   * all are taken. socket.io says `disconnect` only of a socket it said `connection` of, and
   * a connection may close in between (then neither comes), so the slot is given back by
   * whichever comes first: the socket's `disconnect`, or its connection's `close`.
   */
  const takeSlot = (socket: LiveSocket, userId: string) => {
    const mine = accounts.get(userId) ?? {
      sockets: 0,
      bucket: new TokenBucket(LIVE_ACCOUNT_RATE.perSecond, LIVE_ACCOUNT_RATE.burst),
    };
    if (mine.sockets >= LIVE_SOCKETS_PER_ACCOUNT) return null;
    mine.sockets += 1;
    accounts.set(userId, mine);
    const releases = releasesOf(socket.conn);
    const release = () => {
      if (!releases.delete(release)) return; // given back already
      mine.sockets -= 1;
      if (mine.sockets <= 0) accounts.delete(userId);
    };
    releases.add(release);
    return { bucket: mine.bucket, release };
  };

  const io: LiveServer = new Server(options.httpServer, {
    path: '/socket.io',
    // Websocket only: no long-polling, so several instances need no sticky sessions.
    transports: ['websocket'],
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      // Browsers always send Origin, and it must be APP_URL's: a page elsewhere (even one
      // whose name resolves to this server, as in DNS rebinding) never gets a socket.
      // Non-browser clients send none, and still need a session token.
      const ok = !origin || allowedOrigins.has(origin);
      callback(ok ? null : 'origin not allowed', ok);
    },
  });

  if (options.redis) {
    io.adapter(createAdapter(options.redis.pub, options.redis.sub, { key: options.redis.key }));
  }

  io.use(async (socket, next) => {
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
      socket.data.view = VIEWS.find((view) => view === auth?.view) ?? 'live';
      // A client that went while its token was checked: socket.io drops its socket without a
      // word, and the connection's `close` was already said, so a slot taken now would stay
      // taken until the instance stops.
      if (socket.conn.readyState !== 'open') return next(new Error(LIVE_TEXTS.unauthorized));
      // Last, with nothing after it that can fail: a refused handshake holds no slot.
      const slot = takeSlot(socket, account.userId);
      if (!slot) return next(new Error(LIVE_TEXTS.slowDown));
      socket.data.accountBucket = slot.bucket;
      socket.data.releaseSlot = slot.release;
      next();
    } catch (error) {
      logger.error({ err: error }, 'live handshake failed');
      next(new Error(LIVE_TEXTS.unauthorized));
    }
  });

  io.on('connection', (socket: LiveSocket) => {
    socket.on('disconnect', socket.data.releaseSlot);
    // A session that ended while the handshake was under way.
    if (membership.ended(socket.data.tokenKey)) {
      socket.disconnect(true);
      return;
    }

    // One socket's events run one after another, in the order sent: a song change
    // followed at once by a part change must not overtake each other. An event that finds
    // none before it still under way starts at once (a step is then usually sent in the
    // tick it arrived: issue 19).
    let queue: Promise<void> = Promise.resolve();
    let underWay = 0;

    /** Runs a handler if the socket is within its rate, answering errors on the ack or as live:error. */
    type Ack = ((answer: unknown) => void) | undefined;
    // socket.io puts the acknowledgement last; whatever else was sent after the payload is ignored.
    const guarded =
      (handler: (payload: unknown, ack: Ack) => Promise<void>) =>
      (...args: unknown[]) => {
        const last = args.at(-1);
        const ack = typeof last === 'function' ? (last as NonNullable<Ack>) : undefined;
        // Both budgets are always taken from, so a flood spent on one drains the other too.
        const withinSocket = socket.data.bucket.take();
        const withinAccount = socket.data.accountBucket.take();
        if (!withinSocket || !withinAccount) {
          const error = { ok: false, error: LIVE_TEXTS.slowDown };
          if (ack) ack(error);
          else socket.emit('live:error', { message: LIVE_TEXTS.slowDown });
          return;
        }
        const run = () =>
          handler(ack && args.length === 1 ? undefined : args[0], ack)
            .catch((error: unknown) => {
              // Refusals (LiveError, or the policy's HttpError) are said as they are.
              const known = error instanceof LiveError || error instanceof HttpError;
              const message = known ? error.message : LIVE_TEXTS.invalid;
              // A value the database cannot take (class 22) is the sender's mistake, not ours.
              if (!known && !isInvalidDatabaseInput(error)) {
                logger.error({ err: error }, 'live event failed');
              }
              if (ack) ack({ ok: false, error: message });
              else socket.emit('live:error', { message });
            })
            .finally(() => {
              underWay -= 1;
            });
        underWay += 1;
        queue = underWay === 1 ? run() : queue.then(run);
      };

    /**
     * The socket's team actor in a setlist it joined, allowed to do `action` there (or,
     * for a song leaders' action, a member: the caller checks that they lead a song).
     */
    const joinedAs = (
      setlistId: unknown,
      action: Action,
    ): { setlistId: string; teamId: string; actor: TeamActor } => {
      const id = SetlistIdSchema.safeParse(setlistId);
      if (!id.success) throw new LiveError(LIVE_TEXTS.invalid);
      const actor = socket.data.joined.get(id.data);
      if (!actor) throw new LiveError(LIVE_TEXTS.notJoined);
      // A cell for song leaders only is the caller's to check, with the setlist's facts.
      if (ruleOf(actor, action) !== 'songLeader') authorize(actor, action);
      return { setlistId: id.data, teamId: actor.team.id, actor };
    };

    /**
     * The socket's account in the team of a setlist, allowed to `action` there, with
     * the setlist's live state; a setlist of another team answers like a missing one.
     */
    const actorIn = async (setlistId: string, action: Action) => {
      const facts = await engine.facts(setlistId);
      if (!facts) throw new LiveError(LIVE_TEXTS.notFound);
      const actor = await teamActors.resolve(socket.data.account, facts.teamId).catch((error) => {
        throw error instanceof NotFoundError ? new LiveError(LIVE_TEXTS.notFound) : error;
      });
      authorize(actor, action);
      return { actor, teamId: facts.teamId };
    };

    /**
     * Sends a step to the room. The meta says only what a screen that heard the step before
     * does not know (issue 19: every byte is sent to every socket of the room): the driver and
     * the run's start when they changed, the item when the set is on one (none: a song).
     */
    const broadcastState = (
      state: LiveState,
      before: Pick<LiveState, 'driver' | 'startedAt'>,
      changed: { song: boolean },
    ) => {
      const metaOf = (partPosition?: number | null) => {
        const meta: LiveMeta = {
          setlistId: state.setlistId,
          version: state.version,
          currentIndex: state.currentIndex,
        };
        if (state.driver !== before.driver) meta.driver = state.driver;
        if (state.startedAt !== before.startedAt) meta.startedAt = state.startedAt;
        // Issue 18: the item the set is on. Older screens show the song after it.
        if (state.currentItem !== null) meta.item = state.currentItem;
        if (partPosition !== undefined) meta.partPosition = partPosition;
        return meta;
      };
      const target = io.to(room(state.setlistId));
      if (changed.song) target.emit('setlist:currentChanged', state.currentIndex, metaOf());
      target.emit('setlist:partChanged', state.currentPartLabel, metaOf(state.currentPartPosition));
    };

    socket.on(
      'setlist:join',
      guarded(async (setlistId, ack) => {
        const id = SetlistIdSchema.safeParse(setlistId);
        if (!id.success) throw new LiveError(LIVE_TEXTS.invalid);
        // The policy first: nobody enters a room, even for a moment, without it.
        const allowed = await actorIn(id.data, LIVE_EVENT_ACTIONS['setlist:join']);
        if (!socket.connected) throw new LiveError(LIVE_TEXTS.notFound);
        // Then into the room, then read the state: a step made in between is then both
        // read and heard (screens keep the higher version).
        socket.data.joined.set(id.data, allowed.actor);
        const rooms = [room(id.data)];
        if (socket.data.view === 'presenter') rooms.push(screenRoom(id.data));
        await socket.join(rooms);
        const again = await actorIn(id.data, LIVE_EVENT_ACTIONS['setlist:join']).catch(() => null);
        const found = again && (await engine.state(id.data));
        if (!again || !found || again.teamId !== allowed.teamId) {
          // Removed from the team (or the setlist deleted) meanwhile.
          socket.data.joined.delete(id.data);
          await leaveRooms(socket, id.data);
          throw new LiveError(LIVE_TEXTS.notFound);
        }
        socket.data.joined.set(id.data, again.actor);
        const state: LiveJoinState = {
          ...found,
          // Read after the state: a key changed in between is then heard too (the later version wins).
          keys: await repo.keys(id.data, again.teamId),
        };
        socket.emit('setlist:state', state);
        ack?.({ ok: true, state });
      }),
    );

    socket.on('setlist:leave', (setlistId: unknown) => {
      const id = SetlistIdSchema.safeParse(setlistId);
      if (!id.success) return;
      socket.data.joined.delete(id.data);
      void leaveRooms(socket, id.data);
    });

    /** Sends an ordered step to the room, or turns a refused one into the right error. */
    const finishStep = (result: StepOutcome, changed: { song: boolean }, ack: Ack) => {
      if (result.kind !== 'written') refuse(result);
      const { state } = result;
      broadcastState(state, result.before, changed);
      ack?.({ ok: true, state });
    };

    socket.on(
      'setlist:updateCurrent',
      guarded(async (payload, ack) => {
        const parsed = UpdateCurrentPayloadSchema.safeParse(payload);
        if (!parsed.success) throw new LiveError(LIVE_TEXTS.invalid);
        const { setlistId, teamId, actor } = joinedAs(
          parsed.data.setlistId,
          LIVE_EVENT_ACTIONS['setlist:updateCurrent'],
        );
        const by = stepper(actor, LIVE_EVENT_ACTIONS['setlist:updateCurrent']);
        // Changing song resets the part to the new song's first part (spec 4); an item
        // (issue 18) has no part, and its song is the one after it.
        const { item, partLabel } = parsed.data;
        const request: StepRequest =
          item !== undefined
            ? { kind: 'item', item }
            : partLabel === undefined
              ? { kind: 'song', index: parsed.data.newIndex }
              : {
                  kind: 'song',
                  index: parsed.data.newIndex,
                  part: { label: partLabel, position: parsed.data.partPosition },
                };
        const result = await engine.step(setlistId, teamId, by, request);
        finishStep(result, { song: true }, ack);
      }),
    );

    socket.on(
      'setlist:updatePart',
      guarded(async (payload, ack) => {
        const parsed = UpdatePartPayloadSchema.safeParse(payload);
        if (!parsed.success) throw new LiveError(LIVE_TEXTS.invalid);
        const { setlistId, teamId, actor } = joinedAs(
          parsed.data.setlistId,
          LIVE_EVENT_ACTIONS['setlist:updatePart'],
        );
        const by = stepper(actor, LIVE_EVENT_ACTIONS['setlist:updatePart']);
        const request: StepRequest = {
          kind: 'part',
          label: parsed.data.partIndex,
          position: parsed.data.position,
        };
        const result = await engine.step(setlistId, teamId, by, request);
        finishStep(result, { song: false }, ack);
      }),
    );

    socket.on(
      'setlist:setKey',
      guarded(async (payload, ack) => {
        const parsed = SetKeyPayloadSchema.safeParse(payload);
        if (!parsed.success) throw new LiveError(LIVE_TEXTS.invalid);
        const { setlistId, teamId, actor } = joinedAs(
          parsed.data.setlistId,
          LIVE_EVENT_ACTIONS['setlist:setKey'],
        );
        const { index, key } = parsed.data;
        const result = await repo.setKey(
          setlistId,
          teamId,
          stepper(actor, LIVE_EVENT_ACTIONS['setlist:setKey']),
          index,
          key,
        );
        if (result.kind !== 'written') refuse(result);
        // The key is written; its version is ordered with the steps (issue 19).
        const live = await engine.bump(setlistId);
        if (!live) throw new LiveError(LIVE_TEXTS.notFound);
        const state = { ...live, keys: result.keys };
        // Only the key travels: each screen renders the chords itself.
        io.to(room(setlistId)).emit('setlist:keyChanged', index, key, {
          setlistId,
          version: state.version,
          songId: result.songId,
        });
        ack?.({ ok: true, state });
      }),
    );

    socket.on(
      'setlist:announce',
      guarded(async (payload, ack) => {
        const parsed = AnnouncePayloadSchema.safeParse(payload);
        if (!parsed.success) throw new LiveError(LIVE_TEXTS.invalid);
        const { setlistId, actor } = joinedAs(
          parsed.data.setlistId,
          LIVE_EVENT_ACTIONS['setlist:announce'],
        );
        const message = parsed.data.message.trim();
        if (!message) throw new LiveError(LIVE_TEXTS.emptyAnnouncement);
        const onScreen = parsed.data.onScreen === true;
        if (onScreen) {
          // For the congregation's screen too: a driver's call, read from the setlist now.
          const songLeader = ruleOf(actor, ON_SCREEN_ACTION) === 'songLeader';
          const leadsSong =
            songLeader &&
            ((await engine.facts(setlistId))?.leaders.has(actor.actor.userId) ?? false);
          authorize(actor, ON_SCREEN_ACTION, { leadsSong });
        }
        // Band messages pass the presenters by; the presenter shows only what is for the room.
        const target = onScreen
          ? io.to(room(setlistId))
          : io.to(room(setlistId)).except(screenRoom(setlistId));
        target.emit(
          'setlist:announceBroadcast',
          // Cut between characters: half an emoji would reach every screen as a lone surrogate.
          clipText(message, LIVE_LIMITS.announcementMaxLength),
          {
            setlistId,
            from: socket.data.account.name,
            at: new Date().toISOString(),
            onScreen,
          },
        );
        ack?.({ ok: true });
      }),
    );
  });

  const membership = watchMembership({
    io,
    sessions,
    repo,
    changes: options.changes,
    logger,
    recheckMs: options.recheckMs ?? LIVE_RECHECK_MS,
  });

  return {
    io,
    /** Resolves once every step heard so far is written to the setlist (tests). */
    flushed: () => engine.flushed(),
    async close() {
      membership.stop();
      await io.close();
      await engine.close();
    },
  };
}

/** Why a step or key change wrote nothing, as the sender's error. */
function refuse(result: { kind: 'missing' | 'not-driver' | 'refused' }): never {
  if (result.kind === 'missing') throw new LiveError(LIVE_TEXTS.notFound);
  if (result.kind === 'not-driver') throw refusalOf('driveLive');
  throw new LiveError(LIVE_TEXTS.invalid);
}

/** A message with `onScreen` needs this action too. */
export const ON_SCREEN_ACTION: Action = 'announceOnScreen';

/**
 * Who steps, for the step's statement: an action the role may do only as a song's
 * leader is checked there, against the setlist as it is when the step is written.
 */
function stepper(actor: TeamActor, action: Action): Stepper {
  const rule = ruleOf(actor, action);
  if (rule === false) throw refusalOf(action);
  return { name: actor.actor.name, mustLead: rule === 'songLeader' ? actor.actor.userId : null };
}

/**
 * The browser origins that may open a socket: APP_URL's. When APP_URL was left unset
 * (one machine, `http://localhost:PORT`), the other loopback names of that port too.
 */
function originsOf(appUrl: string, isDefault: boolean): Set<string> {
  const url = new URL(appUrl);
  const origins = new Set([url.origin]);
  if (isDefault) {
    for (const host of ['localhost', '127.0.0.1', '[::1]']) {
      origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
    }
  }
  return origins;
}
