import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FollowState } from '@segue/shared';
import { FollowStore, newerState } from './follow-store.ts';

const state = (
  version: number,
  title = `Item ${version}`,
  message: FollowState['message'] = null,
): FollowState => ({
  setlistName: 'Sunday',
  version,
  now: { kind: 'item', title },
  ccliLicence: null,
  screenLanguages: [],
  message,
});
const AT = '2026-11-29T10:00:00.000Z';
const withMessage = (version: number, text: string, remainingMs: number | null) =>
  state(version, `Item ${version}`, { text, at: AT, remainingMs });

describe('the version rule', () => {
  it('takes the first state, a newer one and the same version again, never an older one', () => {
    expect(newerState(null, state(0))).toBe(true);
    expect(newerState(state(4), state(5))).toBe(true);
    expect(newerState(state(4), state(4))).toBe(true);
    expect(newerState(state(4), state(3))).toBe(false);
  });
});

describe('FollowStore', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps the higher version whichever way the states arrive', () => {
    const store = new FollowStore();
    const heard = vi.fn();
    store.subscribe(heard);
    store.state(state(5)); // the socket's step
    store.state(state(3)); // the fetch, answered late
    expect(store.current.state?.version).toBe(5);
    store.state(state(6));
    expect(store.current.state?.version).toBe(6);
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('lands on the live part on the first state and on the first state of every connection', () => {
    const store = new FollowStore();
    store.state(state(1));
    expect(store.current.landings).toBe(1);
    store.state(state(2));
    expect(store.current.landings).toBe(1);
    store.state(state(2), true); // reconnected: the same state, but the page lands again
    expect(store.current.landings).toBe(2);
    store.state(state(1), true); // reconnected to a late instance: the newer state stays
    expect(store.current).toMatchObject({ landings: 3, state: { version: 2 } });
  });

  it('shows an on-screen message for its remaining time', () => {
    const store = new FollowStore();
    store.state(state(1));
    store.announce('Please stand', 5000, AT);
    const shown = store.current.announcement;
    expect(shown).toMatchObject({ text: 'Please stand', at: AT });
    // A step a second later carries it with the time it has left: the same message, kept.
    vi.advanceTimersByTime(1000);
    store.state(withMessage(2, 'Please stand', 4000));
    expect(store.current.announcement).toBe(shown);
    vi.advanceTimersByTime(3999);
    expect(store.current.announcement?.text).toBe('Please stand');
    vi.advanceTimersByTime(1);
    expect(store.current.announcement).toBeNull();
  });

  it('keeps a message until cleared through the steps, and takes it off with a state without it', () => {
    const store = new FollowStore();
    store.state(state(1));
    store.announce('Welcome', null, AT);
    store.state(withMessage(2, 'Welcome', null)); // the screen change that carried it
    store.state(withMessage(3, 'Welcome', null)); // a step
    store.state(state(0)); // late: dropped whole
    vi.advanceTimersByTime(60_000);
    expect(store.current.announcement?.text).toBe('Welcome');
    store.state(state(4)); // the driver took it off
    expect(store.current.announcement).toBeNull();
  });

  it('shows a message a reconnecting page reads in the state alone', () => {
    const store = new FollowStore();
    store.state(withMessage(7, 'Offering', 3000), true);
    expect(store.current.announcement?.text).toBe('Offering');
    vi.advanceTimersByTime(3000);
    expect(store.current.announcement).toBeNull();
  });

  it("does not let an old message's timer hide the new one, nor show one already over", () => {
    const store = new FollowStore();
    store.announce('First', 1000);
    vi.advanceTimersByTime(500);
    store.announce('Second', 1000);
    vi.advanceTimersByTime(600);
    expect(store.current.announcement?.text).toBe('Second');
    vi.advanceTimersByTime(400);
    expect(store.current.announcement).toBeNull();
    store.announce('Gone', 0);
    expect(store.current.announcement).toBeNull();
  });

  it('once ended, shows nothing more', () => {
    const store = new FollowStore();
    store.state(state(1));
    store.announce('Please stand', null);
    store.end();
    expect(store.current).toMatchObject({ ended: true, announcement: null });
    store.state(state(2));
    store.announce('Again', 1000);
    expect(store.current).toMatchObject({ state: { version: 1 }, announcement: null });
  });

  it('tells listeners of a status only when it changes', () => {
    const store = new FollowStore();
    const heard = vi.fn();
    store.subscribe(heard);
    store.status('connected');
    store.status('connected');
    store.status('refused', 'Full');
    expect(heard).toHaveBeenCalledTimes(2);
    expect(store.current).toMatchObject({ status: 'refused', refusal: 'Full' });
  });
});
