import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { clampSongIndex, LIVE_LIMITS } from '@segue/shared';
import type { LiveViewKind, ScreenMode } from '@segue/shared';
import { LiveConnection } from './live/connection.ts';
import type { ClickCommand } from './live/connection.ts';
import { CommandQueue } from './live/queue.ts';
import { LiveStore } from './live/state.ts';
import type { LiveSnapshot } from './live/state.ts';

export type { ClickCommand, LiveConnectionStatus } from './live/connection.ts';
export type { Announcement, LiveKey, LiveSnapshot, ScreenView } from './live/state.ts';

/** What the session needs to know of the setlist, read when it is needed. */
export interface LiveSetlistFacts {
  songCount: number;
  firstPartLabel: (songIndex: number) => string | null;
  /** The song the setlist was on when loaded, until the server's state arrives. */
  loadedIndex: number;
  /** The items of the order of service, each placed by the songs before it. */
  items: readonly { at: number }[];
}

const NO_FACTS: LiveSetlistFacts = {
  songCount: 0,
  firstPartLabel: () => null,
  loadedIndex: 0,
  items: [],
};

/**
 * One screen's part in the live session of one setlist: the connection (live/connection.ts)
 * and its join, the state under the version rule (live/state.ts), and the moves and
 * announcements of this screen, sent in order by its own queue (live/queue.ts).
 */
export class LiveSession {
  private readonly store: LiveStore;
  private readonly queue: CommandQueue;
  private readonly connection: LiveConnection;

  constructor(
    readonly setlistId: string,
    private readonly facts: () => LiveSetlistFacts,
    view: LiveViewKind = 'live',
  ) {
    this.store = new LiveStore(setlistId, () => this.connection.status, view === 'presenter');
    this.queue = new CommandQueue({
      answered: (state) => this.store.apply({ type: 'state', state }),
      idle: () => this.store.settle(),
      notJoined: () => this.connection.join(),
      refused: (message) => this.store.refused(message),
    });
    this.connection = new LiveConnection(
      setlistId,
      {
        opened: (commands) => this.queue.attach(commands),
        statusChanged: () => this.store.publish(),
        joined: (state) => {
          this.store.joined(state);
          this.queue.open();
        },
        dropped: () => this.queue.close(),
        state: (state) => this.store.apply({ type: 'state', state }),
        currentChanged: (index, meta) => {
          const facts = this.facts();
          const firstPartLabel = facts.firstPartLabel(clampSongIndex(index, facts.songCount));
          this.store.apply({ type: 'currentChanged', index, meta, firstPartLabel });
        },
        keyChanged: (index, key, meta) => this.store.keyChanged(index, key, meta),
        partChanged: (label, meta) =>
          this.store.apply({
            type: 'partChanged',
            label,
            meta,
            indexIfUnknown: this.facts().loadedIndex,
          }),
        announcement: (message, meta) => this.store.announce(message, meta),
        screenChanged: (screen) => this.store.screenChanged(screen),
        followers: (count) => this.store.followersChanged(count),
        clickChanged: (click, meta) => this.store.clickChanged(click, meta.setlistId),
      },
      view,
    );
  }

  readonly subscribe = (listener: () => void): (() => void) => this.store.subscribe(listener);

  readonly getSnapshot = (): LiveSnapshot => this.store.getSnapshot();

  /** Connects and joins; safe to call again after `stop()`. */
  start(): void {
    this.connection.start();
  }

  /** Disconnects (the page is leaving). Unsent commands are dropped with it. */
  stop(): void {
    this.connection.stop();
    this.queue.detach();
    this.store.forgetMoves();
  }

  /** Connects again now, or checks a connection that may be dead (the Reconnect button). */
  reconnectNow(): void {
    this.connection.reconnectNow();
  }

  /**
   * Moves everyone to a song (clamped), with its first part or the given `part` (Previous Part
   * from a song's first part lands on the last part of the song before); shown here at once.
   */
  goToSong(index: number, part?: { label: string; position: number }): void {
    const { songCount, firstPartLabel } = this.facts();
    if (songCount === 0) return;
    const target = clampSongIndex(index, songCount);
    const first = firstPartLabel(target);
    this.store.move({
      currentIndex: target,
      currentPartLabel: part?.label ?? first,
      currentPartPosition: part?.position ?? (first === null ? null : 0),
      currentItem: null,
    });
    this.queue.push(
      part === undefined
        ? { event: 'setlist:updateCurrent', newIndex: target }
        : { event: 'setlist:updateCurrent', newIndex: target, part },
    );
  }

  /**
   * Moves everyone to a part of the current song, by label and (when known) its place in the
   * song, so the second of two parts called "Chorus" is followed as the second; shown at once.
   */
  goToPart(label: string, position?: number): void {
    const shown = this.store.getSnapshot().position;
    const currentIndex = shown?.currentIndex ?? this.facts().loadedIndex;
    this.store.move({
      currentIndex,
      currentPartLabel: label,
      currentPartPosition: position ?? null,
      currentItem: null,
    });
    this.queue.push(
      position === undefined
        ? { event: 'setlist:updatePart', label }
        : { event: 'setlist:updatePart', label, position },
    );
  }

  /**
   * Moves everyone to an item of the order of service (a welcome, a sermon); shown
   * here at once. The server puts the set's song on the song after it, with no part, so a
   * screen that knows nothing of items shows what comes next.
   */
  goToItem(item: number): void {
    const { songCount, items } = this.facts();
    const placed = items[item];
    if (!placed) return;
    const newIndex = clampSongIndex(placed.at, songCount);
    this.store.move({
      currentIndex: newIndex,
      currentPartLabel: null,
      currentPartPosition: null,
      currentItem: item,
    });
    this.queue.push({ event: 'setlist:updateCurrent', newIndex, item });
  }

  /**
   * Sets the key entry `index` is played in, for the whole band (drivers only, as the
   * server checks); null plays the song in its own key. Shown here at once.
   */
  setKey(index: number, key: string | null): void {
    if (index < 0 || index >= this.facts().songCount) return;
    this.store.setKey(index, key);
    this.queue.push({ event: 'setlist:setKey', index, key });
  }

  /**
   * Sends an announcement, for the band's screens or (`onScreen`, a driver's) the presenter
   * too; false (nothing sent) when the text is blank (spec section 5).
   */
  announce(
    text: string,
    options: { onScreen?: boolean; seconds?: number | null | undefined } = {},
  ): boolean {
    const message = text.trim().slice(0, LIVE_LIMITS.announcementMaxLength);
    if (!message) return false;
    this.store.publish();
    this.queue.push(
      options.onScreen
        ? {
            event: 'setlist:announce',
            message,
            onScreen: true,
            ...(options.seconds !== undefined ? { seconds: options.seconds } : {}),
          }
        : { event: 'setlist:announce', message },
    );
    return true;
  }

  /** What the projector shows (drivers only, as the server checks); shown here at once. */
  setScreenMode(mode: ScreenMode): void {
    this.store.setScreenMode(mode);
    this.queue.push({ event: 'setlist:screen', mode });
  }

  /** The server's clock (`clock:ping`), for this device's offset to it; rejects when it fails. */
  readonly ping = (): Promise<{ serverAt: number }> => this.connection.ping();

  /**
   * Starts or stops the band's click, or changes its tempo (drivers only, as the server checks).
   * Answers the server's refusal, or null when it was not sent or not answered; the click it
   * answers is kept as if the room had heard it.
   */
  async click(command: ClickCommand): Promise<{ ok: true } | { ok: false; error: string | null }> {
    const answer = await this.connection.click(command);
    if (!answer) return { ok: false, error: null };
    if (!answer.ok) return { ok: false, error: answer.error };
    if (answer.click) this.store.clickChanged(answer.click, this.setlistId);
    return { ok: true };
  }

  /** Takes the message off the projector before its time is up (drivers only). */
  clearScreenMessage(): void {
    this.queue.push({ event: 'setlist:screen', message: null });
  }

  /**
   * Shows or hides the congregation's join code on the projector (drivers only). Shown once the
   * server answers: only it knows whether the link is still live.
   */
  showJoinCode(shown: boolean): void {
    this.queue.push({ event: 'setlist:screen', joinCode: shown });
  }
}

/** The live channel of a setlist for a page; connects while `facts` is given, and disconnects on unmount. */
export function useLiveChannel(
  setlistId: string,
  facts: LiveSetlistFacts | null,
  view: LiveViewKind = 'live',
) {
  const factsRef = useRef(facts);
  useEffect(() => {
    factsRef.current = facts;
  });
  const session = useMemo(
    () => new LiveSession(setlistId, () => factsRef.current ?? NO_FACTS, view),
    [setlistId, view],
  );
  const enabled = facts !== null;
  useEffect(() => {
    if (!enabled) return;
    session.start();
    return () => session.stop();
  }, [session, enabled]);

  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot);
  const goToSong = useCallback(
    (index: number, part?: { label: string; position: number }) => session.goToSong(index, part),
    [session],
  );
  const goToPart = useCallback(
    (label: string, position?: number) => session.goToPart(label, position),
    [session],
  );
  const goToItem = useCallback((item: number) => session.goToItem(item), [session]);
  const setKey = useCallback(
    (index: number, key: string | null) => session.setKey(index, key),
    [session],
  );
  const announce = useCallback(
    (text: string, options?: { onScreen?: boolean; seconds?: number | null }) =>
      session.announce(text, options),
    [session],
  );
  const setScreenMode = useCallback((mode: ScreenMode) => session.setScreenMode(mode), [session]);
  const clearScreenMessage = useCallback(() => session.clearScreenMessage(), [session]);
  const showJoinCode = useCallback((shown: boolean) => session.showJoinCode(shown), [session]);
  const reconnect = useCallback(() => session.reconnectNow(), [session]);
  const sendClick = useCallback((command: ClickCommand) => session.click(command), [session]);
  return {
    ...snapshot,
    goToSong,
    goToPart,
    goToItem,
    setKey,
    announce,
    setScreenMode,
    clearScreenMessage,
    showJoinCode,
    reconnect,
    sendClick,
    /** A stable `clock:ping` over this page's socket (`useClockSync`). */
    ping: session.ping,
  };
}
