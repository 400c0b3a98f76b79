import { describe, expect, it, vi } from 'vitest';
import { LiveScroller } from './live-scroll.ts';
import type { ScrollWindow } from './live-scroll.ts';

/** A window 800 px high, its clock, and parts placed on the page; `scrollTo` moves them. */
function page(reducedMotion = false) {
  let clock = 0;
  let scrollY = 0;
  const window = Object.assign(new EventTarget(), {
    innerHeight: 800,
    matchMedia: (query: string) => ({ matches: reducedMotion && query.includes('reduce') }),
  }) as unknown as ScrollWindow & EventTarget;
  const part = (top: number, height = 300) => ({
    getBoundingClientRect: () => ({ top: top - scrollY, bottom: top + height - scrollY }),
    scrollIntoView: vi.fn(() => {
      scrollY = top;
    }),
  });
  const changed = vi.fn();
  const scroller = new LiveScroller(window, changed, () => clock);
  return {
    scroller,
    changed,
    part,
    tick: (ms: number) => void (clock += ms),
    /** The person scrolls with a finger. */
    swipeTo(y: number) {
      window.dispatchEvent(new Event('touchmove'));
      scrollY = y;
      window.dispatchEvent(new Event('scroll'));
    },
    /** The page scrolls by itself (its own smooth scroll). */
    scrollBy(y: number) {
      scrollY = y;
      window.dispatchEvent(new Event('scroll'));
    },
  };
}

describe('LiveScroller', () => {
  it('brings each new live part into view while the person follows', () => {
    const p = page();
    const verse = p.part(0);
    const chorus = p.part(1000);
    p.scroller.follow(verse, true);
    expect(verse.scrollIntoView).toHaveBeenCalledWith({ block: 'start', behavior: 'smooth' });
    p.scroller.follow(chorus, false);
    expect(chorus.scrollIntoView).toHaveBeenCalledTimes(1);
    expect(p.scroller.detached).toBe(false);
  });

  it('jumps without animation for a person who asked for less motion', () => {
    const p = page(true);
    const verse = p.part(0);
    p.scroller.follow(verse, true);
    expect(verse.scrollIntoView).toHaveBeenCalledWith({ block: 'start', behavior: 'auto' });
  });

  it('leaves a person reading back where they are, and says when the band moved on', () => {
    const p = page();
    const verse = p.part(0);
    const chorus = p.part(1000);
    const bridge = p.part(2000);
    p.scroller.follow(chorus, true);
    p.swipeTo(0); // back to the verse: the chorus is out of view
    expect(p.scroller).toMatchObject({ detached: true, moved: false });
    expect(p.changed).toHaveBeenCalledTimes(1);

    p.scroller.follow(bridge, false);
    expect(bridge.scrollIntoView).not.toHaveBeenCalled();
    expect(p.scroller).toMatchObject({ detached: true, moved: true });

    p.scroller.backToLive();
    expect(bridge.scrollIntoView).toHaveBeenCalledTimes(1);
    expect(p.scroller).toMatchObject({ detached: false, moved: false });
    void verse;
  });

  it('follows again once the person scrolls the live part back into view', () => {
    const p = page();
    const chorus = p.part(1000);
    p.scroller.follow(chorus, true);
    p.swipeTo(0);
    expect(p.scroller.detached).toBe(true);
    p.swipeTo(900);
    expect(p.scroller.detached).toBe(false);
    const bridge = p.part(2000);
    p.scroller.follow(bridge, false);
    expect(bridge.scrollIntoView).toHaveBeenCalled();
  });

  it("is not detached by the page's own scrolling", () => {
    const p = page();
    const chorus = p.part(1000);
    p.scroller.follow(chorus, true);
    p.scrollBy(0);
    expect(p.scroller.detached).toBe(false);
    // A touch long ago does not make a later scroll the person's.
    p.swipeTo(1000);
    p.tick(5000);
    p.scrollBy(0);
    expect(p.scroller.detached).toBe(false);
  });

  it('lands on a new song whatever the person was doing', () => {
    const p = page();
    p.scroller.follow(p.part(1000), true);
    p.swipeTo(0);
    const next = p.part(0);
    p.scroller.follow(next, true);
    expect(next.scrollIntoView).toHaveBeenCalled();
    expect(p.scroller.detached).toBe(false);
  });

  it('knows a person who touched the page lately is reading', () => {
    const p = page();
    p.scroller.follow(p.part(1000), true);
    p.swipeTo(0);
    expect(p.scroller.readingBack(15_000)).toBe(true);
    p.tick(20_000);
    expect(p.scroller.readingBack(15_000)).toBe(false);
  });
});
