import {
  clipText,
  LIVE_LIMITS,
  LIVE_TEXTS,
  type ClientToServerEvents,
  type LiveJoinState,
  type LiveMeta,
  type LiveState,
} from '@segue/shared';
import type { Actor, TeamActor } from '../policy/actor.ts';
import { authorize, type Action } from '../policy/policy.ts';
import type { TeamActors } from '../policy/team-actors.ts';
import { NotFoundError } from '../lib/errors.ts';
import type { LiveEngine } from './live-engine.ts';
import { LiveError } from './live-socket.ts';
import type { RoomFacts, StepRequest } from './live-steps.ts';
import type { LiveRepository } from './live.repository.ts';

/**
 * The policy's action for each event a client may send; `null` for one that changes
 * nothing anyone else sees. A new event names its action here (the type says so, and
 * the policy tests check the table), beside its schema and its method below.
 */
export const LIVE_EVENT_ACTIONS = {
  'setlist:join': 'followLive',
  'setlist:leave': null,
  'setlist:updateCurrent': 'driveLive',
  'setlist:updatePart': 'driveLive',
  'setlist:setKey': 'driveLive',
  'setlist:announce': 'announceLive',
} as const satisfies Record<keyof ClientToServerEvents, Action | null>;

/** A message with `onScreen` needs this action too. */
export const ON_SCREEN_ACTION: Action = 'announceOnScreen';

/** A step made: its state, and the events that tell the room. */
export interface StepMade {
  state: LiveState;
  /** `setlist:currentChanged`'s meta when the step changed the song (or item), else null. */
  songMeta: LiveMeta | null;
  partMeta: LiveMeta;
}

/** A message for the room: the band's only, or on the congregation's screen too. */
export interface Announcement {
  message: string;
  meta: { setlistId: string; from: string; at: string; onScreen: boolean };
}

/**
 * What a live event does, for an actor already known to the socket: each method reads the
 * setlist's room once (its cached facts), authorizes once with the policy, and asks the
 * engine, as an HTTP service asks its repository. The gateway around it is transport only.
 */
export class LiveService {
  constructor(
    private readonly engine: LiveEngine,
    private readonly repo: LiveRepository,
    private readonly teamActors: TeamActors,
  ) {}

  /**
   * Lets an account into a setlist's room: `enter` puts the socket in the room (transport),
   * after the policy said yes; the state is read after that, so a step made in between is
   * both read and heard (screens keep the higher version). Someone removed from the team
   * meanwhile, or a setlist deleted meanwhile, is answered as missing and `leave` undoes
   * `enter`. A setlist of another team answers like one that does not exist.
   */
  async join(
    account: Actor,
    setlistId: string,
    room: { enter: (actor: TeamActor) => Promise<void>; leave: () => Promise<void> },
  ): Promise<{ actor: TeamActor; state: LiveJoinState }> {
    const admitted = await this.admit(account, setlistId);
    await room.enter(admitted);
    const again = await this.admit(account, setlistId).catch(() => null);
    const found = again && (await this.engine.state(setlistId));
    if (!again || !found || again.team.id !== admitted.team.id) {
      await room.leave();
      throw new LiveError(LIVE_TEXTS.notFound);
    }
    // Read after the state: a key changed in between is then heard too (the later version wins).
    const keys = await this.repo.keys(setlistId, again.team.id);
    return { actor: again, state: { ...found, keys } };
  }

  /**
   * One step by a driver: to a song (its first part, or a part named), to an item of the
   * order of service, or to a part of the current song.
   */
  step(actor: TeamActor, setlistId: string, request: StepRequest): Promise<StepMade> {
    return this.withFacts(setlistId, actor, async (facts) => {
      authorize(actor, 'driveLive', this.factsOf(actor, facts));
      const result = await this.engine.step(setlistId, actor.team.id, actor.actor.name, request);
      if (result.kind !== 'written') throw refusalFor(result);
      const changed = request.kind !== 'part';
      return {
        state: result.state,
        songMeta: changed ? metaOf(result.state, result.before) : null,
        partMeta: metaOf(result.state, result.before, result.state.currentPartPosition),
      };
    });
  }

  /** The band's key for an entry (null: the song's own), ordered with the steps. */
  setKey(actor: TeamActor, setlistId: string, index: number, key: string | null) {
    return this.withFacts(setlistId, actor, async (facts) => {
      authorize(actor, 'driveLive', this.factsOf(actor, facts));
      const result = await this.engine.setKey(setlistId, actor.team.id, index, key);
      if (result.kind !== 'written') throw refusalFor(result);
      return result;
    });
  }

  /** A message from the actor to the setlist's screens; on the presenter too for a driver. */
  async announce(
    actor: TeamActor,
    setlistId: string,
    input: { message: string; onScreen?: boolean | undefined },
  ): Promise<Announcement> {
    authorize(actor, 'announceLive');
    const message = input.message.trim();
    if (!message) throw new LiveError(LIVE_TEXTS.emptyAnnouncement);
    const onScreen = input.onScreen === true;
    if (onScreen) {
      // For the congregation's screen too: a driver's call, read from the setlist now.
      const facts = await this.engine.facts(setlistId);
      authorize(actor, ON_SCREEN_ACTION, facts ? this.factsOf(actor, facts) : {});
    }
    return {
      // Cut between characters: half an emoji would reach every screen as a lone surrogate.
      message: clipText(message, LIVE_LIMITS.announcementMaxLength),
      meta: { setlistId, from: actor.actor.name, at: new Date().toISOString(), onScreen },
    };
  }

  /** The account's standing in a setlist's team, allowed to follow it there. */
  private async admit(account: Actor, setlistId: string): Promise<TeamActor> {
    const facts = await this.engine.facts(setlistId);
    if (!facts) throw new LiveError(LIVE_TEXTS.notFound);
    const actor = await this.teamActors.resolve(account, facts.teamId).catch((error) => {
      throw error instanceof NotFoundError ? new LiveError(LIVE_TEXTS.notFound) : error;
    });
    authorize(actor, LIVE_EVENT_ACTIONS['setlist:join']);
    return actor;
  }

  /** The policy's facts of an actor in a setlist: whether they lead one of its songs. */
  private factsOf(actor: TeamActor, facts: RoomFacts) {
    return { leadsSong: facts.leaders.has(actor.actor.userId) };
  }

  /**
   * Runs `then` with the setlist's room facts. When they are cached (nearly always while a
   * set is performed) it runs in this tick, so a step is still made and heard in the tick
   * its event arrived; a setlist of another team than the actor's answers as missing.
   */
  private withFacts<T>(
    setlistId: string,
    actor: TeamActor,
    then: (facts: RoomFacts) => Promise<T>,
  ): Promise<T> {
    const run = (facts: RoomFacts | null) => {
      if (!facts || facts.teamId !== actor.team.id) throw new LiveError(LIVE_TEXTS.notFound);
      return then(facts);
    };
    const cached = this.engine.cachedFacts(setlistId);
    return cached ? run(cached) : this.engine.facts(setlistId).then(run);
  }
}

/** Why a step or a key change wrote nothing, as the sender's error. */
function refusalFor(result: { kind: 'missing' | 'refused' }): Error {
  return new LiveError(result.kind === 'missing' ? LIVE_TEXTS.notFound : LIVE_TEXTS.invalid);
}

/**
 * A step's meta says only what a screen that heard the step before does not know (every
 * byte goes to every socket of the room): the driver and the run's start when they changed,
 * the item when the set is on one (none: a song), and the part's place for a part event.
 */
function metaOf(
  state: LiveState,
  before: Pick<LiveState, 'driver' | 'startedAt'>,
  partPosition?: number | null,
): LiveMeta {
  const meta: LiveMeta = {
    setlistId: state.setlistId,
    version: state.version,
    currentIndex: state.currentIndex,
  };
  if (state.driver !== before.driver) meta.driver = state.driver;
  if (state.startedAt !== before.startedAt) meta.startedAt = state.startedAt;
  // Older screens, which know no items, show the song after it.
  if (state.currentItem !== null) meta.item = state.currentItem;
  if (partPosition !== undefined) meta.partPosition = partPosition;
  return meta;
}
