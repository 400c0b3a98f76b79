/** What the scroller needs of the live part's element. */
export interface ScrollTarget {
  getBoundingClientRect(): { top: number; bottom: number };
  scrollIntoView(options: ScrollIntoViewOptions): void;
}

/** What the scroller needs of the window, so tests can stand in for it. */
export type ScrollWindow = Pick<Window, 'addEventListener' | 'innerHeight' | 'matchMedia'>;

/** A scroll within this long of the person's own wheel, touch or key is theirs, not the page's. */
const USER_SCROLL_MS = 1000;

/** Keys that scroll the page. */
const SCROLL_KEYS = new Set([
  'ArrowUp',
  'ArrowDown',
  'PageUp',
  'PageDown',
  'Home',
  'End',
  ' ',
  'Spacebar',
]);

/**
 * Keeps the live part in view while the person follows, and leaves them where they are
 * once they scroll away from it to read back: the page then offers "Back to live" (saying
 * when the band has moved on) instead of pulling them along.
 *
 * Only the person's own scrolling (wheel, touch, keys, the scroll bar) detaches; the page's
 * own smooth scrolling never does.
 */
export class LiveScroller {
  private target: ScrollTarget | null = null;
  private lastUserInput = Number.NEGATIVE_INFINITY;
  private detachedNow = false;
  private movedNow = false;

  constructor(
    private readonly window: ScrollWindow,
    private readonly onChange: () => void,
    private readonly now: () => number = () => performance.now(),
  ) {
    const input = () => void (this.lastUserInput = this.now());
    window.addEventListener('wheel', input, { passive: true });
    window.addEventListener('touchmove', input, { passive: true });
    // A press on the page's scroll bar lands on the root element; a tap on a button does not
    // (it may change the layout, and the scroll that follows is not the person's).
    window.addEventListener(
      'pointerdown',
      (event) => {
        if (event.target === (event.target as Node | null)?.ownerDocument?.documentElement) input();
      },
      { passive: true },
    );
    window.addEventListener('keydown', (event) => {
      if (SCROLL_KEYS.has((event as KeyboardEvent).key)) input();
    });
    window.addEventListener('scroll', () => this.scrolled(), { passive: true });
  }

  /** The person has scrolled the live part out of view. */
  get detached(): boolean {
    return this.detachedNow;
  }

  /** The band moved on while the person was reading back. */
  get moved(): boolean {
    return this.movedNow;
  }

  /** The person scrolled away and touched the page within `ms`: they are reading. */
  readingBack(ms: number): boolean {
    return this.detachedNow && this.now() - this.lastUserInput < ms;
  }

  /**
   * The live part is now `target` (a new element, or another part of the same song).
   * `land`: go there whatever the person was doing (a new song, the page opening).
   */
  follow(target: ScrollTarget | null, land: boolean): void {
    const changed = target !== this.target;
    this.target = target;
    if (land || !this.detachedNow) {
      this.reattach();
      return;
    }
    if (changed && !this.movedNow) {
      this.movedNow = true;
      this.onChange();
    }
  }

  /** "Back to live". */
  backToLive(): void {
    this.reattach();
  }

  private reattach() {
    const wasDetached = this.detachedNow || this.movedNow;
    this.detachedNow = false;
    this.movedNow = false;
    // Older input must not make the page's own scroll look like the person's.
    this.lastUserInput = Number.NEGATIVE_INFINITY;
    this.target?.scrollIntoView({ block: 'start', behavior: this.behavior() });
    if (wasDetached) this.onChange();
  }

  private behavior(): ScrollBehavior {
    return this.window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
  }

  private scrolled() {
    if (!this.target || this.now() - this.lastUserInput > USER_SCROLL_MS) return;
    const { top, bottom } = this.target.getBoundingClientRect();
    const inView = bottom > 0 && top < this.window.innerHeight;
    if (inView === !this.detachedNow) return;
    this.detachedNow = !inView;
    // Back in view by their own hand: they follow again, and the band's place is in sight.
    if (inView) this.movedNow = false;
    this.onChange();
  }
}
