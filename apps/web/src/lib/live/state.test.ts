import { describe, expect, it, vi } from 'vitest';
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
