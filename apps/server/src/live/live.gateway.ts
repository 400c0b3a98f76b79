import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { ZodType } from 'zod';
import {
  AnnouncePayloadSchema,
  ClickPayloadSchema,
  LIVE_TEXTS,
  ScreenPayloadSchema,
  SetKeyPayloadSchema,
  SetlistIdSchema,
  UpdateCurrentPayloadSchema,
  UpdatePartPayloadSchema,
  type ClickState,
} from '@segue/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionResolver } from '../accounts/sessions.ts';
import type { ChangeFeed } from '../lib/change-feed.ts';
import type { TeamActor } from '../policy/actor.ts';
import { eventQueue, type Ack } from './event-queue.ts';
import { allowOrigins, authenticate } from './live-handshake.ts';
import { watchMembership } from './live-membership.ts';
import {
  leaveRooms,
  LiveError,
  room,
  screenRoom,
  type LiveServer,
  type LiveSocket,
} from './live-socket.ts';
import type { LiveEngine } from './live-engine.ts';
import type { StepRequest } from './live-steps.ts';
import type { TeamsRepository } from '../teams/teams.repository.ts';
import type { FollowGateway } from '../follow/follow.gateway.ts';
import type { LiveService, StepMade } from './live.service.ts';
import { serverClock } from './server-clock.ts';
import { SocketSlots } from './socket-slots.ts';

/**
 * How often every connected socket's session and memberships are checked again. A
 * safety net: an ended session or a lost membership reaches the sockets on every
 * instance at once through the change feed.
 */
const LIVE_RECHECK_MS = 30_000;

export interface LiveGatewayOptions {
  httpServer: HttpServer;
  live: LiveService;
  /** Its steps are flushed and its leases handed back when the gateway closes. */
  engine: LiveEngine;
  /** The roles of the teams' members, for sockets checked again. */
  teams: Pick<TeamsRepository, 'roles'>;
  changes: ChangeFeed;
  sessions: SessionResolver;
  appUrl: string;
  /** APP_URL was not set: the same port on another loopback name is Segue's own origin too. */
  appUrlIsDefault?: boolean;
  logger: FastifyBaseLogger;
  recheckMs?: number | undefined;
  /** With Redis, events reach members connected to any instance (`key`: the adapter's). */
  redis?: { pub: Redis; sub: Redis; key: string } | undefined;
  /**
   * The congregation's phones: told of every step, screen change and on-screen message (never
   * of the band's own), and counted for the band.
   */
  follow?: Pick<FollowGateway, 'publish' | 'announce' | 'followers' | 'onCount'> | undefined;
}

/**
 * The live channel's transport: socket.io on the HTTP server, the handshake (origin, session
 * token, socket slots), rate limits, one socket's events in order, each payload checked with
 * its schema, then one LiveService call, whose answer is emitted to the room and acked, and
 * whose refusal is said on the ack (or as `live:error`).
 */
export function createLiveGateway(options: LiveGatewayOptions) {
  const { sessions, logger, live, engine } = options;
  const slots = new SocketSlots();

  const io: LiveServer = new Server(options.httpServer, {
    path: '/socket.io',
    // Websocket only: no long-polling, so several instances need no sticky sessions.
    transports: ['websocket'],
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
    allowRequest: allowOrigins(options.appUrl, options.appUrlIsDefault ?? false),
  });

  if (options.redis) {
    io.adapter(createAdapter(options.redis.pub, options.redis.sub, { key: options.redis.key }));
  }

  io.use(authenticate({ sessions, slots, logger }));

  const follow = options.follow;
  // Each instance tells its own band sockets: every instance hears each count.
  follow?.onCount((count) => io.local.to(room(count.setlistId)).emit('setlist:followers', count));

  io.on('connection', (socket: LiveSocket) => {
    socket.on('disconnect', socket.data.releaseSlot);
    // A session that ended while the handshake was under way.
    if (membership.ended(socket.data.tokenKey)) {
      socket.disconnect(true);
      return;
    }

    const guarded = eventQueue(socket, logger);

    /** The payload, as its schema reads it; anything else is an invalid event. */
    const parse = <T>(schema: ZodType<T>, payload: unknown): T => {
      const parsed = schema.safeParse(payload);
      if (!parsed.success) throw new LiveError(LIVE_TEXTS.invalid);
      return parsed.data;
    };
    /** The socket's account in the team of a setlist it joined. */
    const joinedAs = (setlistId: string): TeamActor => {
      const actor = socket.data.joined.get(setlistId);
      if (!actor) throw new LiveError(LIVE_TEXTS.notJoined);
      return actor;
    };
    /** The band's click to the setlist's room but its projectors, which play no click. */
    const sendClick = (setlistId: string, click: ClickState) =>
      io
        .to(room(setlistId))
        .except(screenRoom(setlistId))
        .emit('setlist:clickChanged', click, { setlistId, version: click.version });
    const sendStep = ({ state, songMeta, partMeta, click }: StepMade, ack: Ack) => {
      const target = io.to(room(state.setlistId));
      if (songMeta) target.emit('setlist:currentChanged', state.currentIndex, songMeta);
      target.emit('setlist:partChanged', state.currentPartLabel, partMeta);
      // A click the step moved on to the next song's tempo (or stopped): after the step.
      if (click) sendClick(state.setlistId, click);
      follow?.publish(state.setlistId, { live: state });
      ack?.({ ok: true, state });
    };

    // Answered in the tick it arrives, outside the event queue: a ping that waited behind a
    // join would measure the wait. Its own budget; no team, no database.
    socket.on('clock:ping', (...args: unknown[]) => {
      const last = args.at(-1);
      if (typeof last !== 'function') return;
      const ack = last as (answer: unknown) => void;
      if (!socket.data.clockBucket.take()) {
        ack({ ok: false, error: LIVE_TEXTS.slowDown });
        return;
      }
      ack({ ok: true, serverAt: serverClock() });
    });

    socket.on(
      'setlist:join',
      guarded(async (payload, ack) => {
        const setlistId = parse(SetlistIdSchema, payload);
        const { actor, state } = await live.join(socket.data.account, setlistId, {
          enter: async (admitted) => {
            if (!socket.connected) throw new LiveError(LIVE_TEXTS.notFound);
            socket.data.joined.set(setlistId, admitted);
            const rooms = [room(setlistId)];
            if (socket.data.view === 'presenter') rooms.push(screenRoom(setlistId));
            await socket.join(rooms);
          },
          leave: async () => {
            socket.data.joined.delete(setlistId);
            await leaveRooms(socket, setlistId);
          },
        });
        socket.data.joined.set(setlistId, actor);
        socket.emit('setlist:state', state);
        const followers = await follow?.followers(setlistId);
        if (followers) socket.emit('setlist:followers', { setlistId, followers });
        ack?.({ ok: true, state });
      }),
    );

    socket.on('setlist:leave', (payload: unknown) => {
      const id = SetlistIdSchema.safeParse(payload);
      if (!id.success) return;
      socket.data.joined.delete(id.data);
      void leaveRooms(socket, id.data);
    });

    socket.on(
      'setlist:updateCurrent',
      guarded(async (payload, ack) => {
        const { setlistId, newIndex, item, partLabel, partPosition } = parse(
          UpdateCurrentPayloadSchema,
          payload,
        );
        // Changing song resets the part to the new song's first part (spec 4); an item has
        // no part, and its song is the one after it.
        const request: StepRequest =
          item !== undefined
            ? { kind: 'item', item }
            : partLabel === undefined
              ? { kind: 'song', index: newIndex }
              : {
                  kind: 'song',
                  index: newIndex,
                  part: { label: partLabel, position: partPosition },
                };
        sendStep(await live.step(joinedAs(setlistId), setlistId, request), ack);
      }),
    );

    socket.on(
      'setlist:updatePart',
      guarded(async (payload, ack) => {
        const { setlistId, partIndex, position } = parse(UpdatePartPayloadSchema, payload);
        const request: StepRequest = { kind: 'part', label: partIndex, position };
        sendStep(await live.step(joinedAs(setlistId), setlistId, request), ack);
      }),
    );

    socket.on(
      'setlist:setKey',
      guarded(async (payload, ack) => {
        const { setlistId, index, key } = parse(SetKeyPayloadSchema, payload);
        const { state, songId, indexes } = await live.setKey(
          joinedAs(setlistId),
          setlistId,
          index,
          key,
        );
        // Only the key travels, once for each entry of the song (a reprise plays in the
        // band's key too): each screen renders the chords itself.
        const target = io.to(room(setlistId));
        const meta = { setlistId, version: state.version, songId };
        for (const at of indexes) target.emit('setlist:keyChanged', at, key, meta);
        ack?.({ ok: true, state });
      }),
    );

    socket.on(
      'setlist:announce',
      guarded(async (payload, ack) => {
        const input = parse(AnnouncePayloadSchema, payload);
        const { message, meta, screen } = await live.announce(
          joinedAs(input.setlistId),
          input.setlistId,
          input,
        );
        // Band messages pass the presenters by; the presenter shows only what is for the room.
        const target = meta.onScreen
          ? io.to(room(input.setlistId))
          : io.to(room(input.setlistId)).except(screenRoom(input.setlistId));
        target.emit('setlist:announceBroadcast', message, meta);
        // The projector shows it as its lower third, for the time the driver chose.
        if (screen) io.to(room(input.setlistId)).emit('setlist:screenChanged', screen);
        // The phones hear only what is on the screen.
        if (meta.onScreen && screen) {
          const remainingMs = screen.message?.remainingMs ?? null;
          follow?.announce(input.setlistId, { text: message, at: meta.at, remainingMs });
          follow?.publish(input.setlistId, { screen });
        }
        ack?.({ ok: true });
      }),
    );

    socket.on(
      'setlist:screen',
      guarded(async (payload, ack) => {
        const { setlistId, mode, message, joinCode } = parse(ScreenPayloadSchema, payload);
        const screen = await live.screen(joinedAs(setlistId), setlistId, {
          mode,
          message,
          joinCode,
        });
        io.to(room(setlistId)).emit('setlist:screenChanged', screen);
        follow?.publish(setlistId, { screen });
        ack?.({ ok: true, screen });
      }),
    );

    socket.on(
      'setlist:click',
      guarded(async (payload, ack) => {
        const { setlistId, ...command } = parse(ClickPayloadSchema, payload);
        const { click, changed } = await live.click(joinedAs(setlistId), setlistId, command);
        if (changed && click) sendClick(setlistId, click);
        ack?.({ ok: true, click });
      }),
    );
  });

  // A congregation link made or withdrawn changes the join code its projectors show. Every
  // instance hears it and tells only its own sockets, each screen state under a version of its
  // own that the row grows, so no screen ever goes back to an older one.
  options.changes.on((change) => {
    if (change.kind !== 'audience' || change.teamId === undefined) return;
    const setlistId = change.id;
    if (!io.of('/').adapter.rooms.get(room(setlistId))?.size) return;
    return live
      .joinCodeChanged(setlistId, change.teamId)
      .then((screen) => {
        if (screen) io.local.to(room(setlistId)).emit('setlist:screenChanged', screen);
      })
      .catch((error: unknown) =>
        logger.error({ err: error, setlistId }, 'the join code could not be renewed'),
      );
  });

  const membership = watchMembership({
    io,
    sessions,
    teams: options.teams,
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
