/** The parts of the browser the wake lock needs, so tests can stand in for them. */
export interface WakeLockHost {
  navigator: { wakeLock?: Pick<WakeLock, 'request'> };
  document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
}

/**
 * "Keep the screen on" with the Screen Wake Lock API. The browser lets go of the lock
 * whenever the page is hidden (the phone locked, another app shown), so it is asked for
 * again each time the page is shown while the switch is on.
 */
export class ScreenWakeLock {
  private sentinel: WakeLockSentinel | null = null;
  private wanted = false;
  private requesting: Promise<void> | null = null;
  private readonly onVisibility = () => {
    if (this.wanted && this.host.document.visibilityState === 'visible') void this.request();
  };

  constructor(private readonly host: WakeLockHost) {
    host.document.addEventListener('visibilitychange', this.onVisibility);
  }

  /** False where the browser has no wake lock (or the page is not served over HTTPS). */
  get supported(): boolean {
    return typeof this.host.navigator.wakeLock?.request === 'function';
  }

  /** True while the screen is kept on. */
  get held(): boolean {
    return this.sentinel !== null && !this.sentinel.released;
  }

  async set(on: boolean): Promise<void> {
    this.wanted = on;
    if (on) return this.request();
    const sentinel = this.sentinel;
    this.sentinel = null;
    await sentinel?.release().catch(() => {});
  }

  dispose(): void {
    this.host.document.removeEventListener('visibilitychange', this.onVisibility);
    void this.set(false);
  }

  private request(): Promise<void> {
    if (!this.supported || this.held || this.host.document.visibilityState !== 'visible') {
      return Promise.resolve();
    }
    this.requesting ??= (async () => {
      try {
        const sentinel = await this.host.navigator.wakeLock!.request('screen');
        // Switched off while the browser was answering.
        if (!this.wanted) await sentinel.release();
        else this.sentinel = sentinel;
      } catch {
        // Refused (battery saver, a browser policy): the switch stays on, and the next
        // time the page is shown asks again.
      } finally {
        this.requesting = null;
      }
    })();
    return this.requesting;
  }
}
