import type { AnnouncementMeta, LiveState } from '@segue/shared';
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
  };
  private readonly listeners = new Set<() => void>();
  private optimistic: LivePosition | null = null;
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

  /** Applies a server update under the version rule; listeners hear only of a change. */
  apply(update: LiveUpdate): void {
    const confirmed = reduceLiveState(this.snapshot.confirmed, this.setlistId, update);
    if (confirmed !== this.snapshot.confirmed) this.publish({ confirmed });
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
    if (!this.optimistic) return;
    this.optimistic = null;
    this.publish({});
  }

  /** Forgets this screen's moves without telling anyone (the page is leaving). */
  forgetMoves(): void {
    this.optimistic = null;
  }

  /** A new snapshot: `change`, the current status and the moves shown; listeners hear of it. */
  publish(change: Partial<LiveSnapshot> = {}): void {
    const next = { ...this.snapshot, ...change };
    const position = this.optimistic ?? next.confirmed;
    this.snapshot = { ...next, status: this.status(), position };
    for (const listener of this.listeners) listener();
  }
}
