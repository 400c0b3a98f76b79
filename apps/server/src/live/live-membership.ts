import { LIVE_TEXTS } from '@segue/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionResolver } from '../accounts/sessions.ts';
import type { ChangeFeed } from '../lib/change-feed.ts';
import type { TeamsRepository } from '../teams/teams.repository.ts';
import { leaveRooms, type LiveServer, type LiveSocket } from './live-socket.ts';

/** Sockets checked again together, in two queries. */
const RECHECK_GROUP = 100;
/**
 * The safety net's pass is spread over its period: a tenth of the sockets each tenth of it.
 * All at once, the pass over an instance's sockets showed in the live tail of the runs it
 * fell in (docs/CAPACITY.md).
 */
const RECHECK_SLICES = 10;

/** Which tenth of the pass a socket is checked in: fixed by its id, which is random. */
function sliceOf(socketId: string): number {
  let sum = 0;
  for (let i = 0; i < socketId.length; i++) sum += socketId.charCodeAt(i);
  return sum % RECHECK_SLICES;
}

interface MembershipOptions {
  io: LiveServer;
  sessions: SessionResolver;
  /** The roles of the teams' members now, for sockets checked again. */
  teams: Pick<TeamsRepository, 'roles'>;
  changes: ChangeFeed;
  logger: FastifyBaseLogger;
  /** How often every socket is checked again, as a safety net. */
  recheckMs: number;
}

/**
 * Keeps this instance's sockets within what their accounts may still do: an ended session
 * disconnects its sockets, and a changed account, a changed team (roles) or a team that lost
 * members has its sockets checked again, at once through the change feed (from every instance
 * with Redis), and all of them every `recheckMs`.
 */
export function watchMembership(options: MembershipOptions) {
  const { io, sessions, teams, logger } = options;
  /** Session ends heard while a socket's handshake was under way, by token key (kept briefly). */
  const ended = new Map<string, number>();

  /**
   * Checks some of this instance's sockets again: those whose session ended are
   * disconnected, and those whose account left a team leave its setlists' rooms.
   * Two queries for each group of RECHECK_GROUP sockets, not two per socket.
   */
  const recheck = async (sockets: LiveSocket[]) => {
    // In groups: the safety net's pass over every socket never holds the event loop (and
    // the steps being delivered) for long at a time.
    for (let i = 0; i < sockets.length; i += RECHECK_GROUP) {
      await recheckGroup(sockets.slice(i, i + RECHECK_GROUP));
    }
  };
  const recheckGroup = async (sockets: LiveSocket[]) => {
    if (sockets.length === 0) return;
    // The rooms each socket is in as the pass starts: a join made while its queries run read
    // its own role, and is not judged by an answer that did not ask about it.
    const checked = sockets.map((live) => ({ live, joined: [...live.data.joined] }));
    const found = await sessions.resolveMany(sockets.map((s) => s.data.account.token));
    const pairs = checked.flatMap(({ joined }) =>
      joined.map(([, a]) => ({ teamId: a.team.id, userId: a.actor.userId })),
    );
    const roles = await teams.roles(pairs);
    for (const { live, joined } of checked) {
      const account = found.get(live.data.account.token);
      if (!account?.emailVerified) {
        live.disconnect(true);
        continue;
      }
      for (const [setlistId, actor] of joined) {
        // Left meanwhile, or joined again (with its role read then).
        if (live.data.joined.get(setlistId) !== actor) continue;
        const role = roles.get(`${actor.team.id}:${actor.actor.userId}`);
        if (role) {
          // A changed role (promoted, demoted, made owner) holds from the next event on.
          live.data.joined.set(setlistId, { ...actor, role });
          continue;
        }
        live.data.joined.delete(setlistId);
        await leaveRooms(live, setlistId);
        live.emit('live:error', { message: LIVE_TEXTS.notAllowed });
      }
    }
  };
  const localSockets = () => [...io.of('/').sockets.values()] as LiveSocket[];
  const recheckSome = (pick: (socket: LiveSocket) => boolean): Promise<void> =>
    recheck(localSockets().filter(pick)).catch((error: unknown) =>
      logger.error({ err: error }, 'live recheck failed'),
    );

  // Ended sessions and lost memberships reach the open sockets through the change feed:
  // at once on this instance, through Redis on the others.
  // A change made on this instance is answered only once its sockets were dealt with.
  options.changes.on((change) => {
    switch (change.kind) {
      case 'session': {
        ended.set(change.id, Date.now());
        for (const live of localSockets()) {
          if (live.data.tokenKey === change.id) live.disconnect(true);
        }
        return;
      }
      case 'user':
        return recheckSome((live) => live.data.account.userId === change.id);
      case 'members':
      case 'team':
        // Members lost, or roles changed: that team's sockets are checked again.
        return recheckSome((live) =>
          [...live.data.joined.values()].some((a) => a.team.id === change.id),
        );
      case 'resync':
        return recheckSome(() => true);
      default:
        return;
    }
  });

  // The safety net: every socket again once a `recheckMs`, a slice at a time (and the memory of
  // ended sessions trimmed).
  let slice = 0;
  const timer = setInterval(() => {
    slice = (slice + 1) % RECHECK_SLICES;
    const old = Date.now() - 60_000;
    for (const [key, at] of ended) if (at < old) ended.delete(key);
    void recheckSome((live) => sliceOf(live.id) === slice);
  }, options.recheckMs / RECHECK_SLICES);
  timer.unref();

  return {
    /** Whether this session ended a moment ago (while a socket's handshake was under way). */
    ended: (key: string) => ended.has(key),
    stop: () => clearInterval(timer),
  };
}
