import type {
  AnnouncementMeta,
  ClickState,
  FollowCount,
  LiveJoinState,
  LiveMeta,
  LiveState,
  ScreenMode,
  ScreenState,
} from '@segue/shared';
import { reduceLiveState } from '../live-state.ts';
import type { LivePosition, LiveUpdate } from '../live-state.ts';
import type { LiveConnectionStatus } from './connection.ts';

export interface Announcement {
  /** Grows with each announcement this page receives, so the same text twice flashes twice. */
  id: number;
  message: string;
  from: string;
  at: string;
  /** Sent for the presenter too. */
  onScreen: boolean;
}

/** The congregation's screen as this device shows or previews it. */
export interface ScreenView {
  mode: ScreenMode;
  /** The message on screen: `id` grows with each; `until` is this device's clock (ms), null until cleared. */
  message: { id: number; text: string; until: number | null } | null;
  /** The follow link shown over the screen as a join code (a QR code), or null. */
  joinCode: string | null;
  /** The server's version of it (this screen's own mode change is shown before it answers). */
  version: number;
}

export interface LiveSnapshot {
  status: LiveConnectionStatus;
  /** The server's state under the version rule; null until the first arrives. */
  confirmed: LiveState | null;
  /** What to show: this screen's moves not yet confirmed, else `confirmed`. */
  position: LivePosition | null;
  announcement: Announcement | null;
  /** The latest refusal of one of this screen's commands; a new id for each. */
  refusal: { id: number; message: string } | null;
  /** Successful joins of this page; more than one means the connection came back. */
  joins: number;
  /**
   * Entries' performance keys as the live channel says, by the entry's place, with
   * this screen's own key changes shown at once; an entry not named keeps the loaded setlist's.
   * `songId`, when the server named it: the key is for that song only (the setlist may have
   * been reordered since it was loaded).
   */
  keys: ReadonlyMap<number, LiveKey>;
  /** The congregation's screen: lyrics until the server says otherwise. */
  screen: ScreenView;
  /** Phones following the setlist's congregation link, as the server last said; null before. */
  followers: number | null;
  /** The band's click, the highest version heard (a join, an event, a driver's answer); null before any. */
  click: ClickState | null;
}

const NO_SCREEN: ScreenView = { mode: 'lyrics', message: null, joinCode: null, version: -1 };

export interface LiveKey {
  key: string | null;
  songId?: string | undefined;
}

/**
 * What a live page shows, for `useSyncExternalStore`: every change is a new snapshot. The
 * version rule itself is `reduceLiveState`'s; this adds this screen's own moves, shown at once
 * until the queue has nothing more on its way, the announcements and the connection's status.
 */
export class LiveStore {
  private snapshot: LiveSnapshot = {
    status: 'connecting',
    confirmed: null,
    position: null,
    announcement: null,
    refusal: null,
    joins: 0,
    keys: new Map(),
    screen: NO_SCREEN,
    followers: null,
    click: null,
  };
  private confirmedScreen: ScreenView = NO_SCREEN;
  private optimisticMode: ScreenMode | null = null;
  private screenMessages = 0;
  /** When the message shown was sent (the server's clock): it tells one message from the next. */
  private messageAt: string | null = null;
  private readonly listeners = new Set<() => void>();
  private optimistic: LivePosition | null = null;
  private readonly confirmedKeys = new Map<number, LiveKey & { version: number }>();
  private readonly optimisticKeys = new Map<number, string | null>();
  private announcementCount = 0;

  constructor(
    readonly setlistId: string,
    /** Read at every change, so the snapshot always carries the connection's status. */
    private readonly status: () => LiveConnectionStatus,
    /** Only messages sent for the screen are shown (the presenter): the server's rule, kept here too. */
    private readonly screenOnly = false,
  ) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly getSnapshot = (): LiveSnapshot => this.snapshot;

  /**
   * Applies a server update under the version rule; listeners hear only of a change. A whole
   * state from a join or a key change also brings every entry's key.
   */
  apply(update: LiveUpdate): void {
    const keysChanged =
      update.type === 'state' && 'keys' in update.state
        ? this.takeKeys(update.state as LiveJoinState)
        : false;
    const joinState = update.type === 'state' ? (update.state as LiveJoinState) : undefined;
    if (joinState?.screen) this.takeScreen(joinState.screen);
    const click =
      joinState?.click && joinState.setlistId === this.setlistId
        ? this.newerClick(joinState.click)
        : null;
    const confirmed = reduceLiveState(this.snapshot.confirmed, this.setlistId, update);
    if (confirmed !== this.snapshot.confirmed || keysChanged || click) {
      this.publish(click ? { confirmed, click } : { confirmed });
    }
  }

  /** The band's click from an event or a driver's answer: kept unless a later version is known. */
  clickChanged(click: ClickState, setlistId: string): void {
    if (setlistId !== this.setlistId) return;
    const newer = this.newerClick(click);
    if (newer) this.publish({ click: newer });
  }

  /** `click` if it is newer than the one kept (a re-join brings the same one again: not newer). */
  private newerClick(click: ClickState): ClickState | null {
    const known = this.snapshot.click;
    return known && known.version >= click.version ? null : click;
  }

  /** An entry's key changed: kept unless a later version already named that entry. */
  keyChanged(index: number, key: string | null, meta: LiveMeta): void {
    if (meta.setlistId !== this.setlistId) return;
    if ((this.confirmedKeys.get(index)?.version ?? -1) > meta.version) return;
    this.confirmedKeys.set(index, { key, songId: meta.songId, version: meta.version });
    this.publish({});
  }

  /** Shows this screen's key change at once, before the server confirms it. */
  setKey(index: number, key: string | null): void {
    this.optimisticKeys.set(index, key);
    this.publish({});
  }

  /** Every entry's key from a whole state, where no later version named the entry. */
  private takeKeys(state: LiveJoinState): boolean {
    if (state.setlistId !== this.setlistId) return false;
    let changed = false;
    state.keys.forEach((key, index) => {
      const known = this.confirmedKeys.get(index);
      if (known && known.version > state.version) return;
      if (known?.key === key && known.songId === undefined) return;
      this.confirmedKeys.set(index, { key, version: state.version });
      changed = true;
    });
    return changed;
  }

  /**
   * The congregation's screen from the server: kept unless a later version is known. A message
   * shows for the time it had left when sent, counted on this device's clock.
   */
  screenChanged(screen: ScreenState): void {
    if (this.takeScreen(screen)) this.publish({});
  }

  /** Shows this screen's mode change at once, before the server confirms it. */
  setScreenMode(mode: ScreenMode): void {
    this.optimisticMode = mode;
    this.publish({});
  }

  private takeScreen(screen: ScreenState): boolean {
    if (screen.setlistId !== this.setlistId) return false;
    if (screen.version <= this.confirmedScreen.version) return false;
    const known = this.confirmedScreen.message;
    const message = screen.message && {
      // The same message heard again (a re-join) keeps its id, so nothing flashes anew.
      id: known && this.messageAt === screen.message.at ? known.id : (this.screenMessages += 1),
      text: screen.message.text,
      until: screen.message.remainingMs === null ? null : Date.now() + screen.message.remainingMs,
    };
    this.messageAt = screen.message?.at ?? null;
    this.confirmedScreen = {
      mode: screen.mode,
      message,
      joinCode: screen.joinCode ?? null,
      version: screen.version,
    };
    return true;
  }

  /** How many phones follow the congregation link of this setlist. */
  followersChanged(count: FollowCount): void {
    if (count.setlistId !== this.setlistId || count.followers === this.snapshot.followers) return;
    this.publish({ followers: count.followers });
  }

  /** A successful (re-)join, with the state it brought. */
  joined(state: LiveState): void {
    this.snapshot = { ...this.snapshot, joins: this.snapshot.joins + 1 };
    this.apply({ type: 'state', state });
  }

  /** Shows an announcement of this setlist (other setlists' are ignored). */
  announce(message: string, meta: AnnouncementMeta): void {
    if (meta.setlistId !== this.setlistId) return;
    const onScreen = meta.onScreen === true;
    if (this.screenOnly && !onScreen) return;
    this.announcementCount += 1;
    this.publish({
      announcement: { id: this.announcementCount, message, from: meta.from, at: meta.at, onScreen },
    });
  }

  /** The server refused one of this screen's commands for good. */
  refused(message: string): void {
    this.publish({ refusal: { id: (this.snapshot.refusal?.id ?? 0) + 1, message } });
  }

  /** Shows a move of this screen at once, before the server confirms it. */
  move(position: LivePosition): void {
    this.optimistic = position;
    this.publish({});
  }

  /** Shows the server's state again: nothing of ours is on its way any more. */
  settle(): void {
    if (!this.optimistic && this.optimisticKeys.size === 0 && this.optimisticMode === null) return;
    this.optimistic = null;
    this.optimisticKeys.clear();
    this.optimisticMode = null;
    this.publish({});
  }

  /** Forgets this screen's moves without telling anyone (the page is leaving). */
  forgetMoves(): void {
    this.optimistic = null;
    this.optimisticKeys.clear();
    this.optimisticMode = null;
  }

  /** A new snapshot: `change`, the current status and the moves shown; listeners hear of it. */
  publish(change: Partial<LiveSnapshot> = {}): void {
    const next = { ...this.snapshot, ...change };
    const position = this.optimistic ?? next.confirmed;
    const keys = new Map<number, LiveKey>();
    for (const [index, { key, songId }] of this.confirmedKeys) keys.set(index, { key, songId });
    for (const [index, key] of this.optimisticKeys) keys.set(index, { key });
    const screen =
      this.optimisticMode === null
        ? this.confirmedScreen
        : { ...this.confirmedScreen, mode: this.optimisticMode };
    this.snapshot = { ...next, status: this.status(), position, keys, screen };
    for (const listener of this.listeners) listener();
  }
}
