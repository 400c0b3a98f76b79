import type { FollowState } from '@segue/shared';

/**
 * `connecting` until the first connection; `reconnecting` while socket.io tries again;
 * `refused` when the server turned the handshake down for a reason the person should read
 * (the room or the network is full), until the next try.
 */
export type FollowStatus = 'connecting' | 'connected' | 'reconnecting' | 'refused';

export interface FollowAnnouncement {
  /** Tells one message from the next, so an old message's timer does not hide a new one. */
  id: number;
  text: string;
  /** When the driver sent it: the same message again keeps its id. */
  at: string;
}

export interface FollowSnapshot {
  state: FollowState | null;
  ended: boolean;
  status: FollowStatus;
  /** The server's reason while `refused`. */
  refusal: string | null;
  announcement: FollowAnnouncement | null;
  /**
   * Counts the states after which the page lands on the live part whatever the reader was
   * doing: the first one, and the first after every reconnect.
   */
  landings: number;
}

/**
 * The version rule: a state older than the one shown is late (a fetch answered after the
 * socket's news, a step overtaken by the next) and is dropped; the same version again (the
 * state sent on reconnect) is taken, since the state on connect is the truth.
 */
export function newerState(shown: FollowState | null, incoming: FollowState): boolean {
  return shown === null || incoming.version >= shown.version;
}

/** What the follow page knows, under the version rule, and who is told when it changes. */
export class FollowStore {
  private snapshot: FollowSnapshot = {
    state: null,
    ended: false,
    status: 'connecting',
    refusal: null,
    announcement: null,
    landings: 0,
  };
  private readonly listeners = new Set<() => void>();
  private announcementTimer: ReturnType<typeof setTimeout> | null = null;
  private announcements = 0;

  get current(): FollowSnapshot {
    return this.snapshot;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /**
   * A state from the fetch or the socket. `landing`: the first state of a new connection,
   * on which the page lands on the live part.
   */
  state(state: FollowState, landing = false): void {
    if (this.snapshot.ended) return;
    const first = this.snapshot.state === null;
    if (!newerState(this.snapshot.state, state)) {
      // Late, but the connection's first state still says where to land.
      if (landing) this.publish({ landings: this.snapshot.landings + 1 });
      return;
    }
    this.publish({ state, landings: this.snapshot.landings + (first || landing ? 1 : 0) });
    // Every state says what the screen shows: a message kept until cleared stays through the
    // steps, and one taken off goes.
    if (state.message)
      this.announce(state.message.text, state.message.remainingMs, state.message.at);
    else this.clearAnnouncement();
  }

  /** An on-screen message: shown for `remainingMs`, or until a state without it when null. */
  announce(text: string, remainingMs: number | null, at = ''): void {
    if (this.snapshot.ended) return;
    if (remainingMs !== null && !(remainingMs > 0)) return; // already over when it came
    this.clearAnnouncementTimer();
    const shown = this.snapshot.announcement;
    const id = shown && shown.text === text && shown.at === at ? shown.id : ++this.announcements;
    if (shown?.id !== id) this.publish({ announcement: { id, text, at } });
    if (remainingMs !== null) {
      this.announcementTimer = setTimeout(() => {
        this.announcementTimer = null;
        if (this.snapshot.announcement?.id === id) this.publish({ announcement: null });
      }, remainingMs);
    }
  }

  status(status: FollowStatus, refusal: string | null = null): void {
    if (this.snapshot.status === status && this.snapshot.refusal === refusal) return;
    this.publish({ status, refusal });
  }

  /** The link was withdrawn or has expired: nothing more is shown but that. */
  end(): void {
    if (this.snapshot.ended) return;
    this.clearAnnouncementTimer();
    this.publish({ ended: true, announcement: null, refusal: null });
  }

  private clearAnnouncement() {
    this.clearAnnouncementTimer();
    if (this.snapshot.announcement) this.publish({ announcement: null });
  }

  private clearAnnouncementTimer() {
    if (this.announcementTimer !== null) clearTimeout(this.announcementTimer);
    this.announcementTimer = null;
  }

  private publish(change: Partial<FollowSnapshot>) {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of [...this.listeners]) listener();
  }
}
