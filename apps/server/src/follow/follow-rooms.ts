import type { Redis } from 'ioredis';
import type { FollowState, LiveState, ScreenState } from '@segue/shared';
import type { ChangeFeed } from '../lib/change-feed.ts';
import { followState, type FollowRoomFacts } from './follow-snapshot.ts';

/** Where a follow room's facts and its setlist's live state and screen are read from. */
export interface FollowSources {
  /** The room's words, items, licence and limit (one query); null when the setlist is gone. */
  roomFacts(setlistId: string): Promise<FollowRoomFacts | null>;
  /** The setlist's live state now, as the band's engine knows it (shared through Redis). */
  live(setlistId: string): Promise<LiveState | null>;
  /** The congregation's screen now. */
  screen(setlistId: string, teamId: string): Promise<ScreenState | null>;
}

/** A part of what a follow page shows: the band's live state, or the projector's screen. */
export type FollowPart = { live: LiveState } | { screen: ScreenState };

/** The live state and screen a room's page is built from, as last known. */
export interface FollowParts {
  live: LiveState | null;
  screen: ScreenState | null;
  /** When the screen was read (its message's time left counts from then). */
  screenAt: number;
}

/** A room's page now, and the projector's message if one is showing. */
export interface FollowNowShowing {
  state: FollowState;
  message: { text: string; at: string; remainingMs: number | null } | null;
}

/** A room's parts stay in Redis this long after the last step or screen change. */
const PARTS_KEPT_MS = 12 * 60 * 60 * 1000;
/** A room with no followers here, untouched this long, is forgotten. */
const IDLE_ROOM_MS = 10 * 60 * 1000;

/**
 * Keeps a part unless the one kept is as new, and answers both. ARGV: the part's name, its
 * version, its JSON, ms kept.
 */
const MERGE_SCRIPT = `
local kept = redis.call('HGET', KEYS[1], ARGV[1] .. ':v')
if not kept or tonumber(kept) < tonumber(ARGV[2]) then
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[3], ARGV[1] .. ':v', ARGV[2])
end
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return redis.call('HMGET', KEYS[1], 'live', 'screen')`;

type RedisWithMerge = Redis & {
  segueFollowMerge(key: string, ...args: (string | number)[]): Promise<(string | null)[]>;
};

function withScript(client: Redis): RedisWithMerge {
  const scripted = client as RedisWithMerge;
  if (typeof scripted.segueFollowMerge !== 'function') {
    client.defineCommand('segueFollowMerge', { numberOfKeys: 1, lua: MERGE_SCRIPT });
  }
  return scripted;
}

interface Room {
  facts: FollowRoomFacts | null;
  /** Bumped by every change of the setlist or its team: facts read before it are not kept. */
  generation: number;
  loading: Promise<FollowRoomFacts | null> | null;
  /** Alone: the parts, kept up to date by every step and screen change. */
  parts: FollowParts | null;
  /** With Redis: a read of the parts under way, and the one that starts after it. */
  reading: Promise<FollowParts> | null;
  nextRead: Promise<FollowParts> | null;
  touched: number;
}

export interface FollowRoomsOptions {
  sources: FollowSources;
  changes: ChangeFeed;
  /**
   * With several instances, a room's live state and screen are kept in a Redis hash:
   * `publisher` is the follow server's socket.io publisher, so a part is kept before the
   * broadcast of it goes out on the same connection, and an instance that heard the broadcast
   * reads it (or a newer one) for a phone that joins.
   */
  redis?: { commands: Redis; publisher: Redis; prefix: string } | undefined;
  /** The setlist's followers on this instance (its room is kept while it has some). */
  followersHere: (setlistId: string) => number;
  /** A room's facts changed while it has followers here: its page is sent again. */
  onChanged: (setlistId: string) => void;
}

/**
 * The follow rooms this instance serves: each setlist's facts (words, items, licence, limit),
 * read once and dropped when the change feed says the setlist, a song of it or its team
 * changed (on every instance), and the live state and screen its page is built from. Alone,
 * those are kept in memory, updated by every step and screen change (all made here); with
 * Redis, in a hash per room that the instance making a step or a screen change updates before
 * the broadcast, so a phone joining any instance lands on the part the others see.
 */
export class FollowRooms {
  private readonly rooms = new Map<string, Room>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly publisher: RedisWithMerge | null;

  constructor(private readonly options: FollowRoomsOptions) {
    this.publisher = options.redis ? withScript(options.redis.publisher) : null;
    options.changes.on((change) => {
      if (change.kind === 'setlist') this.changed(change.id);
      else if (change.kind === 'team' || change.kind === 'members') {
        for (const [id, room] of this.rooms) if (room.facts?.teamId === change.id) this.changed(id);
      } else if (change.kind === 'resync') {
        for (const id of this.rooms.keys()) this.changed(id);
      }
    });
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  /** The room's facts when they are cached, at once. */
  cachedFacts(setlistId: string): FollowRoomFacts | null {
    return this.rooms.get(setlistId)?.facts ?? null;
  }

  /** The room's facts, cached or read (one query for any number of joins at once). */
  async facts(setlistId: string): Promise<FollowRoomFacts | null> {
    const room = this.roomOf(setlistId);
    if (room.facts) return room.facts;
    if (!room.loading) {
      const generation = room.generation;
      room.loading = this.options.sources
        .roomFacts(setlistId)
        .then((facts) => {
          // Facts read across a change are used by those waiting, not kept.
          if (room.generation === generation) room.facts = facts;
          return facts;
        })
        .finally(() => {
          room.loading = null;
        });
    }
    return room.loading;
  }

  /**
   * What a phone joining the room is shown, read after it joined the room's broadcasts: a
   * step made meanwhile is in it, or heard after it (pages keep the higher version).
   */
  async showing(setlistId: string, facts: FollowRoomFacts): Promise<FollowNowShowing> {
    const parts = await this.parts(setlistId, facts.teamId);
    return {
      state: followState(facts, parts.live, parts.screen, messageOf(parts)),
      message: messageOf(parts),
    };
  }

  /**
   * A step or a screen change, kept; the room's page after it (null when the setlist is
   * gone). With Redis, kept in Redis first, and the page built from both parts as kept there.
   */
  async merge(setlistId: string, part: FollowPart): Promise<FollowState | null> {
    const facts = this.cachedFacts(setlistId) ?? (await this.facts(setlistId));
    if (!facts) return null;
    const room = this.roomOf(setlistId);
    room.touched = Date.now();
    if (!this.publisher) {
      const parts = room.parts ?? (await this.read(setlistId, facts.teamId));
      room.parts = mergedInto(parts, part);
      return followState(facts, room.parts.live, room.parts.screen, messageOf(room.parts));
    }
    const parts = await this.mergeShared(setlistId, part);
    return followState(facts, parts.live, parts.screen, messageOf(parts));
  }

  /**
   * Alone: a step or screen change of a room with no followers, kept only if the room is
   * (so a phone joining later reads it afresh otherwise).
   */
  keepIfKnown(setlistId: string, part: FollowPart) {
    const room = this.rooms.get(setlistId);
    if (!this.publisher && room?.parts) room.parts = mergedInto(room.parts, part);
  }

  /** The live state and screen now, read afresh (null parts left out): nothing when it is gone. */
  async fresh(setlistId: string): Promise<FollowPart[]> {
    const facts = this.cachedFacts(setlistId) ?? (await this.facts(setlistId));
    if (!facts) return [];
    const { live, screen } = await this.read(setlistId, facts.teamId);
    return [...(live ? [{ live }] : []), ...(screen ? [{ screen }] : [])];
  }

  close() {
    clearInterval(this.sweeper);
  }

  /** The room's parts: kept (alone), or read from Redis, or read afresh and kept. */
  private async parts(setlistId: string, teamId: string): Promise<FollowParts> {
    const room = this.roomOf(setlistId);
    room.touched = Date.now();
    if (!this.publisher) {
      room.parts ??= await this.read(setlistId, teamId);
      return room.parts;
    }
    // Joins at once share a read, but only one that started after they joined the room.
    if (!room.reading) {
      room.reading = this.readShared(setlistId, teamId).finally(() => {
        room.reading = null;
      });
      return room.reading;
    }
    room.nextRead ??= room.reading
      .catch(() => undefined)
      .then(() => {
        room.nextRead = null;
        return this.parts(setlistId, teamId);
      });
    return room.nextRead;
  }

  private async readShared(setlistId: string, teamId: string): Promise<FollowParts> {
    const [live, screen] = await this.options.redis!.commands.hmget(
      this.key(setlistId),
      'live',
      'screen',
    );
    const kept = partsOf(live ?? null, screen ?? null);
    if (kept.live && kept.screen) return kept;
    // Not kept yet (the room's first follower, or Redis forgot): read and kept, the newer winning.
    const fresh = await this.read(setlistId, teamId);
    let parts = kept;
    if (fresh.live) parts = await this.mergeShared(setlistId, { live: fresh.live });
    if (fresh.screen) parts = await this.mergeShared(setlistId, { screen: fresh.screen });
    return parts;
  }

  private async mergeShared(setlistId: string, part: FollowPart): Promise<FollowParts> {
    const [name, version, value] =
      'live' in part
        ? ['live', part.live.version, JSON.stringify(stripLive(part.live))]
        : ['screen', part.screen.version, JSON.stringify({ screen: part.screen, at: Date.now() })];
    const [live, screen] = await this.publisher!.segueFollowMerge(
      this.key(setlistId),
      name,
      version,
      value,
      PARTS_KEPT_MS,
    );
    return partsOf(live ?? null, screen ?? null);
  }

  /** The live state and screen read afresh. */
  private async read(setlistId: string, teamId: string): Promise<FollowParts> {
    const [live, screen] = await Promise.all([
      this.options.sources.live(setlistId),
      this.options.sources.screen(setlistId, teamId),
    ]);
    return { live: live && stripLive(live), screen, screenAt: Date.now() };
  }

  private changed(setlistId: string) {
    const room = this.rooms.get(setlistId);
    if (!room) return;
    room.facts = null;
    room.generation += 1;
    if (this.options.followersHere(setlistId) > 0) this.options.onChanged(setlistId);
  }

  private roomOf(setlistId: string): Room {
    let room = this.rooms.get(setlistId);
    if (!room) {
      room = {
        facts: null,
        generation: 0,
        loading: null,
        parts: null,
        reading: null,
        nextRead: null,
        touched: Date.now(),
      };
      this.rooms.set(setlistId, room);
    }
    return room;
  }

  private sweep() {
    const old = Date.now() - IDLE_ROOM_MS;
    for (const [id, room] of this.rooms) {
      if (room.touched < old && this.options.followersHere(id) === 0) this.rooms.delete(id);
    }
  }

  private key(setlistId: string) {
    return followPartsKey(this.options.redis!.prefix, setlistId);
  }
}

/**
 * The Redis hash of a room's live state and screen. The braces put it in the hash slot of the
 * room's counts (follower-count.ts), whose script forgets it when nobody follows any more.
 */
export const followPartsKey = (prefix: string, setlistId: string) =>
  `${prefix}follow:{${setlistId}}:parts`;

/** `parts` with a newer part in it (an older one changes nothing). */
function mergedInto(parts: FollowParts, part: FollowPart): FollowParts {
  if ('live' in part) {
    if (parts.live && parts.live.version >= part.live.version) return parts;
    return { ...parts, live: stripLive(part.live) };
  }
  if (parts.screen && parts.screen.version >= part.screen.version) return parts;
  return { ...parts, screen: part.screen, screenAt: Date.now() };
}

/** The live state without who drove it: a follow page never shows a name. */
function stripLive(live: LiveState): LiveState {
  return { ...live, driver: null };
}

function partsOf(live: string | null, screen: string | null): FollowParts {
  const shown = screen ? (JSON.parse(screen) as { screen: ScreenState; at: number }) : null;
  return {
    live: live ? (JSON.parse(live) as LiveState) : null,
    screen: shown?.screen ?? null,
    screenAt: shown?.at ?? Date.now(),
  };
}

/** The projector's message, with the time it has left now; null when none is showing. */
function messageOf(parts: FollowParts): FollowNowShowing['message'] {
  const message = parts.screen?.message;
  if (!message) return null;
  if (message.remainingMs === null)
    return { text: message.text, at: message.at, remainingMs: null };
  const left = message.remainingMs - (Date.now() - parts.screenAt);
  return left > 0 ? { text: message.text, at: message.at, remainingMs: left } : null;
}
