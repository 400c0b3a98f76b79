import type { AnnouncementMeta, LiveJoinState, LiveMeta, LiveState } from '@segue/shared';
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
}

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
  };
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
    const confirmed = reduceLiveState(this.snapshot.confirmed, this.setlistId, update);
    if (confirmed !== this.snapshot.confirmed || keysChanged) this.publish({ confirmed });
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
    if (!this.optimistic && this.optimisticKeys.size === 0) return;
    this.optimistic = null;
    this.optimisticKeys.clear();
    this.publish({});
  }

  /** Forgets this screen's moves without telling anyone (the page is leaving). */
  forgetMoves(): void {
    this.optimistic = null;
    this.optimisticKeys.clear();
  }

  /** A new snapshot: `change`, the current status and the moves shown; listeners hear of it. */
  publish(change: Partial<LiveSnapshot> = {}): void {
    const next = { ...this.snapshot, ...change };
    const position = this.optimistic ?? next.confirmed;
    const keys = new Map<number, LiveKey>();
    for (const [index, { key, songId }] of this.confirmedKeys) keys.set(index, { key, songId });
    for (const [index, key] of this.optimisticKeys) keys.set(index, { key });
    this.snapshot = { ...next, status: this.status(), position, keys };
    for (const listener of this.listeners) listener();
  }
}
