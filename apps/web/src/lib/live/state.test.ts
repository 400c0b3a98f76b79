import { describe, expect, it, vi } from 'vitest';
import type { ClickState, LiveJoinState } from '@segue/shared';
import type { LiveConnectionStatus } from './connection.ts';
import { liveState as state, SETLIST_ID as id } from './fake-socket.ts';
import { LiveStore } from './state.ts';

function setup() {
  let status: LiveConnectionStatus = 'connecting';
  const store = new LiveStore(id, () => status);
  const listener = vi.fn();
  store.subscribe(listener);
  return {
    store,
    listener,
    setStatus: (next: LiveConnectionStatus) => {
      status = next;
      store.publish();
    },
  };
}

describe('LiveStore', () => {
  it('starts empty and carries the status it reads at every change', () => {
    const { store, listener, setStatus } = setup();
    const first = store.getSnapshot();
    expect(first).toEqual({
      status: 'connecting',
      confirmed: null,
      position: null,
      announcement: null,
      refusal: null,
      joins: 0,
      keys: new Map(),
      screen: { mode: 'lyrics', message: null, joinCode: null, version: -1 },
      followers: null,
      click: null,
    });
    setStatus('reconnecting');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).not.toBe(first);
    expect(store.getSnapshot().status).toBe('reconnecting');
  });

  it('keeps the higher version, and tells nobody of an older one', () => {
    const { store, listener } = setup();
    store.apply({ type: 'state', state: state(5, 2, 'Chorus') });
    const shown = store.getSnapshot();
    expect(shown.confirmed).toEqual(state(5, 2, 'Chorus'));
    expect(shown.position).toEqual(state(5, 2, 'Chorus'));
    store.apply({ type: 'state', state: state(4, 0) });
    store.apply({
      type: 'partChanged',
      label: 'Bridge',
      meta: { setlistId: 'another', version: 9 },
      indexIfUnknown: 0,
    });
    expect(store.getSnapshot()).toBe(shown);
    expect(listener).toHaveBeenCalledTimes(1);

    store.apply({
      type: 'currentChanged',
      index: 3,
      meta: { setlistId: id, version: 6 },
      firstPartLabel: 'Intro',
    });
    expect(store.getSnapshot().position).toEqual(state(6, 3, 'Intro'));
  });

  it("shows this screen's move at once, until the queue settles", () => {
    const { store } = setup();
    store.apply({ type: 'state', state: state(5, 0, 'Verse') });
    store.move({
      currentIndex: 1,
      currentPartLabel: 'Intro',
      currentPartPosition: 0,
      currentItem: null,
    });
    expect(store.getSnapshot().position).toEqual({
      currentIndex: 1,
      currentPartLabel: 'Intro',
      currentPartPosition: 0,
      currentItem: null,
    });
    // The server's newer state arrives, but the move is still on its way.
    store.apply({ type: 'state', state: state(6, 0, 'Chorus') });
    expect(store.getSnapshot().confirmed).toEqual(state(6, 0, 'Chorus'));
    expect(store.getSnapshot().position).toEqual({
      currentIndex: 1,
      currentPartLabel: 'Intro',
      currentPartPosition: 0,
      currentItem: null,
    });
    store.settle();
    expect(store.getSnapshot().position).toEqual(state(6, 0, 'Chorus'));
  });

  it('settles without a change when no move is shown, and forgets moves silently', () => {
    const { store, listener } = setup();
    store.settle();
    expect(listener).not.toHaveBeenCalled();

    store.move({
      currentIndex: 2,
      currentPartLabel: null,
      currentPartPosition: null,
      currentItem: null,
    });
    store.forgetMoves();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().position).toEqual({
      currentIndex: 2,
      currentPartLabel: null,
      currentPartPosition: null,
      currentItem: null,
    });
    store.publish();
    expect(store.getSnapshot().position).toBeNull();
  });

  it('counts joins and takes the state each brings', () => {
    const { store } = setup();
    store.joined(state(1));
    store.joined(state(3, 2));
    expect(store.getSnapshot()).toMatchObject({ joins: 2, confirmed: state(3, 2) });
  });

  it("numbers this setlist's announcements, so the same text twice shows twice", () => {
    const { store, listener } = setup();
    const meta = { setlistId: id, from: 'Ada', at: '2025-01-01T10:00:00Z', onScreen: false };
    store.announce('Slower', { ...meta, setlistId: 'another' });
    expect(listener).not.toHaveBeenCalled();
    store.announce('Slower', meta);
    const first = store.getSnapshot().announcement;
    store.announce('Slower', meta);
    const second = store.getSnapshot().announcement;
    expect(first).toEqual({ id: 1, message: 'Slower', from: 'Ada', at: meta.at, onScreen: false });
    expect(second).toEqual({ ...first, id: 2 });
  });

  it('numbers refusals, so the same one twice is said twice', () => {
    const { store } = setup();
    store.refused('Only the leader can change the live setlist.');
    store.refused('Only the leader can change the live setlist.');
    expect(store.getSnapshot().refusal).toEqual({
      id: 2,
      message: 'Only the leader can change the live setlist.',
    });
  });

  it('takes the congregation screen from a join and keeps its higher version', () => {
    const { store, listener } = setup();
    const screen = (version: number, mode: 'lyrics' | 'black' | 'clear' | 'logo') => ({
      setlistId: id,
      mode,
      message: null,
      joinCode: null,
      version,
    });
    const joinState: LiveJoinState = {
      ...state(1, 0, 'Verse'),
      keys: [],
      screen: screen(4, 'black'),
    };
    store.joined(joinState);
    expect(store.getSnapshot().screen).toEqual({
      mode: 'black',
      message: null,
      joinCode: null,
      version: 4,
    });
    listener.mockClear();
    store.screenChanged(screen(3, 'logo'));
    expect(store.getSnapshot().screen.mode).toBe('black');
    expect(listener).not.toHaveBeenCalled();
    store.screenChanged({ ...screen(5, 'clear'), setlistId: 'another' });
    expect(store.getSnapshot().screen.mode).toBe('black');
    store.screenChanged(screen(5, 'clear'));
    expect(store.getSnapshot().screen).toEqual({
      mode: 'clear',
      message: null,
      joinCode: null,
      version: 5,
    });
  });

  it("keeps the band's click of the highest version: from a join, an event or an answer", () => {
    const { store, listener } = setup();
    const joinState = (version: number, click?: ClickState): LiveJoinState => ({
      ...state(version, 0, 'Verse'),
      keys: [],
      ...(click ? { click } : {}),
    });
    const click = (version: number, running = true): ClickState => ({
      running,
      bpm: 72,
      beatsPerBar: 4,
      beatUnit: 4,
      pulse: 'beat',
      downbeatAt: 1_000_000,
      countInBars: 1,
      previous: null,
      version,
    });
    store.joined(joinState(3, click(3)));
    expect(store.getSnapshot().click).toEqual(click(3));
    listener.mockClear();
    // A late event, and the same click heard again on a re-join, change nothing.
    store.clickChanged(click(2, false), id);
    store.joined(joinState(3, click(3)));
    expect(store.getSnapshot().click).toEqual(click(3));
    store.clickChanged(click(9, false), 'another');
    expect(store.getSnapshot().click?.running).toBe(true);
    store.clickChanged(click(4, false), id);
    expect(store.getSnapshot().click).toEqual(click(4, false));
    // A join that names no click (an older server) leaves the one kept.
    store.joined(joinState(5));
    expect(store.getSnapshot().click?.version).toBe(4);
  });

  it('shows the join code the server names, and drops it when the server does', () => {
    const { store } = setup();
    const url = 'https://segue.example/follow/abc';
    const screen = (version: number, joinCode: string | null) => ({
      setlistId: id,
      mode: 'black' as const,
      message: null,
      joinCode,
      version,
    });
    store.screenChanged(screen(1, url));
    expect(store.getSnapshot().screen).toMatchObject({ mode: 'black', joinCode: url });
    store.screenChanged(screen(2, null));
    expect(store.getSnapshot().screen.joinCode).toBeNull();
  });

  it("counts this setlist's followers, and no other setlist's", () => {
    const { store, listener } = setup();
    store.followersChanged({ setlistId: id, followers: 12 });
    expect(store.getSnapshot().followers).toBe(12);
    listener.mockClear();
    store.followersChanged({ setlistId: 'another', followers: 99 });
    store.followersChanged({ setlistId: id, followers: 12 });
    expect(store.getSnapshot().followers).toBe(12);
    expect(listener).not.toHaveBeenCalled();
    store.followersChanged({ setlistId: id, followers: 0 });
    expect(store.getSnapshot().followers).toBe(0);
  });

  it('shows its own mode change at once, until the queue settles on the server’s', () => {
    const { store } = setup();
    store.setScreenMode('logo');
    expect(store.getSnapshot().screen.mode).toBe('logo');
    store.settle();
    expect(store.getSnapshot().screen.mode).toBe('lyrics');
  });

  it('counts a message’s time on this clock, and keeps its id when heard again', () => {
    vi.useFakeTimers({ now: new Date('2025-01-01T10:00:00Z') });
    try {
      const { store } = setup();
      const message = { text: 'Please stand', from: 'Ada', at: '2025-01-01T09:59:59Z' };
      store.screenChanged({
        setlistId: id,
        mode: 'lyrics',
        message: { ...message, remainingMs: 5000 },
        joinCode: null,
        version: 1,
      });
      const first = store.getSnapshot().screen.message;
      expect(first).toEqual({ id: 1, text: 'Please stand', until: Date.now() + 5000 });
      // A re-join brings the same message with less time left: the same message, not a new one.
      store.screenChanged({
        setlistId: id,
        mode: 'black',
        message: { ...message, remainingMs: 3000 },
        joinCode: null,
        version: 2,
      });
      expect(store.getSnapshot().screen.message?.id).toBe(1);
      store.screenChanged({
        setlistId: id,
        mode: 'black',
        message: { ...message, at: '2025-01-01T10:00:00Z', remainingMs: null },
        joinCode: null,
        version: 3,
      });
      expect(store.getSnapshot().screen.message).toEqual({
        id: 2,
        text: 'Please stand',
        until: null,
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('on a presenter, shows only the messages sent for the screen', () => {
    const store = new LiveStore(id, () => 'connected', true);
    const meta = { setlistId: id, from: 'Ada', at: '2025-01-01T10:00:00Z' };
    store.announce('Capo 2 please', { ...meta, onScreen: false });
    expect(store.getSnapshot().announcement).toBeNull();
    store.announce('Please stand', { ...meta, onScreen: true });
    expect(store.getSnapshot().announcement).toMatchObject({
      message: 'Please stand',
      onScreen: true,
    });
  });
});
