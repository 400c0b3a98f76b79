import {
  clipText,
  LIVE_LIMITS,
  LIVE_TEXTS,
  SCREEN_MESSAGE_DEFAULT_SECONDS,
  type ClickState,
  type ClientToServerEvents,
  type LiveJoinState,
  type LiveMeta,
  type LiveState,
  type ScreenMode,
  type ScreenState,
} from '@segue/shared';
import type { Actor, TeamActor } from '../policy/actor.ts';
import { authorize, type Action } from '../policy/policy.ts';
import type { TeamActors } from '../policy/team-actors.ts';
import { NotFoundError } from '../lib/errors.ts';
import type { LiveEngine } from './live-engine.ts';
import type { ClickCommand } from './live-click.ts';
import { LiveError } from './live-socket.ts';
import { keysNow, type RoomFacts, type StepRequest } from './live-steps.ts';
import type { LiveRepository, StoredScreen } from './live.repository.ts';

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
  'setlist:screen': 'driveScreen',
  'setlist:click': 'driveClick',
  // The server's time, to any signed-in socket: it tells nothing of any team.
  'clock:ping': null,
} as const satisfies Record<keyof ClientToServerEvents, Action | null>;

/** A message with `onScreen` needs this action too. */
export const ON_SCREEN_ACTION: Action = 'announceOnScreen';

/** Where the projector's join code comes from: the setlist's congregation link. */
export interface JoinCodeLinks {
  /** The address of the setlist's link while it opens, else null (none, withdrawn, expired). */
  liveUrl(setlistId: string): Promise<string | null>;
}

/** A step made: its state, and the events that tell the room. */
export interface StepMade {
  state: LiveState;
  /** `setlist:currentChanged`'s meta when the step changed the song (or item), else null. */
  songMeta: LiveMeta | null;
  partMeta: LiveMeta;
  /** The click, when the step changed it (it follows the set, or stopped): heard after the step. */
  click: ClickState | null;
}

/** A message for the room: the band's only, or on the congregation's screen too. */
export interface Announcement {
  message: string;
  meta: { setlistId: string; from: string; at: string; onScreen: boolean };
  /** For the screen too: the congregation's screen with it as its message. */
  screen: ScreenState | null;
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
    private readonly links: JoinCodeLinks,
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
    const found = again && (await this.engine.joinState(setlistId));
    if (!again || !found || again.team.id !== admitted.team.id) {
      await room.leave();
      throw new LiveError(LIVE_TEXTS.notFound);
    }
    // This run's keys over the planned ones: a phone that joins or reconnects plays in the
    // band's key. The planned keys are read after the state: a key changed in between is
    // heard too (the later version wins).
    const planned = await this.repo.keys(setlistId, again.team.id);
    const keys = keysNow(found.facts, planned, found.keys);
    // A projector that opens or reconnects shows what the others show (mode, message, code).
    const screen = await this.screenOf(setlistId, again.team.id);
    // The band's click, so a device that joins while it runs comes in on its beat.
    const state = { ...found.state, keys, click: found.click, ...(screen ? { screen } : {}) };
    return { actor: again, state };
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
        click: result.click,
      };
    });
  }

  /**
   * The band's key for the song of an entry (null: the song's own) for the rest of this run,
   * ordered with the steps: every entry of the song follows; the planned keys stay.
   */
  setKey(
    actor: TeamActor,
    setlistId: string,
    index: number,
    key: string | null,
  ): Promise<{ state: LiveJoinState; songId: string; indexes: number[] }> {
    return this.withFacts(setlistId, actor, async (facts) => {
      authorize(actor, 'driveLive', this.factsOf(actor, facts));
      const result = await this.engine.setKey(setlistId, actor.team.id, index, key);
      if (result.kind !== 'written') throw refusalFor(result);
      const planned = await this.repo.keys(setlistId, actor.team.id);
      const keys = keysNow(facts, planned, result.keys);
      return { state: { ...result.state, keys }, songId: result.songId, indexes: result.indexes };
    });
  }

  /**
   * A driver starts or stops the band's click, or changes its tempo (docs/DECISIONS.md, "The
   * click"). Ordered with the steps; `changed` says whether the room is to hear it (stopping a
   * click that does not run changes nothing).
   */
  click(
    actor: TeamActor,
    setlistId: string,
    command: ClickCommand,
  ): Promise<{ click: ClickState | null; changed: boolean }> {
    return this.withFacts(setlistId, actor, async (facts) => {
      authorize(actor, LIVE_EVENT_ACTIONS['setlist:click'], this.factsOf(actor, facts));
      const result = await this.engine.click(setlistId, actor.team.id, command);
      if (result.kind === 'missing') throw new LiveError(LIVE_TEXTS.notFound);
      if (result.kind === 'refused') throw new LiveError(result.reason);
      return { click: result.click, changed: result.kind === 'written' };
    });
  }

  /** A message from the actor to the setlist's screens; on the presenter too for a driver. */
  async announce(
    actor: TeamActor,
    setlistId: string,
    input: {
      message: string;
      onScreen?: boolean | undefined;
      seconds?: number | null | undefined;
    },
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
    // Cut between characters: half an emoji would reach every screen as a lone surrogate.
    const text = clipText(message, LIVE_LIMITS.announcementMaxLength);
    const at = new Date();
    const meta = { setlistId, from: actor.actor.name, at: at.toISOString(), onScreen };
    if (!onScreen) return { message: text, meta, screen: null };
    // Kept with the setlist, so a projector that reconnects meanwhile shows it for the time left.
    const seconds = input.seconds === undefined ? SCREEN_MESSAGE_DEFAULT_SECONDS : input.seconds;
    const until = seconds === null ? null : new Date(at.getTime() + seconds * 1000).toISOString();
    const stored = await this.repo.setScreen(setlistId, actor.team.id, {
      message: { text, from: meta.from, at: meta.at, until },
    });
    if (!stored) throw new LiveError(LIVE_TEXTS.notFound);
    return { message: text, meta, screen: await this.present(stored) };
  }

  /**
   * A driver changes the congregation's screen: its mode (lyrics, black, background only,
   * logo), takes its message off, or shows or hides the join code. Kept with the setlist, so
   * every instance and every projector that joins later sees it.
   */
  screen(
    actor: TeamActor,
    setlistId: string,
    change: {
      mode?: ScreenMode | undefined;
      message?: null | undefined;
      joinCode?: boolean | undefined;
    },
  ): Promise<ScreenState> {
    return this.withFacts(setlistId, actor, async (facts) => {
      authorize(actor, LIVE_EVENT_ACTIONS['setlist:screen'], this.factsOf(actor, facts));
      const stored = await this.repo.setScreen(setlistId, actor.team.id, change);
      if (!stored) throw new LiveError(LIVE_TEXTS.notFound);
      return this.present(stored);
    });
  }

  /** The congregation's screen of a setlist now, or null when there is no such setlist. */
  async screenOf(setlistId: string, teamId: string): Promise<ScreenState | null> {
    const stored = await this.repo.screen(setlistId, teamId);
    return stored && this.present(stored);
  }

  /**
   * The setlist's congregation link was made or withdrawn: while its screen shows the join
   * code, that code changed, under a new version (null: the screen shows none, nothing to say).
   */
  async joinCodeChanged(setlistId: string, teamId: string): Promise<ScreenState | null> {
    const stored = await this.repo.renewJoinCode(setlistId, teamId);
    return stored && this.present(stored);
  }

  /**
   * A stored screen as screens receive it: the join code is the link's address while a driver
   * shows it and the link opens, else none (a withdrawn link's code leaves the screen).
   */
  private async present({ joinCodeShown, ...screen }: StoredScreen): Promise<ScreenState> {
    const joinCode = joinCodeShown ? await this.links.liveUrl(screen.setlistId) : null;
    return { ...screen, joinCode };
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
