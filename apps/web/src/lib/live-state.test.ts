import { describe, expect, it } from 'vitest';
import { enqueueCommand, reduceLiveState } from './live-state.ts';

const id = 'setlist-1';
const state = (
  version: number,
  currentIndex = 0,
  currentPartLabel: string | null = 'Verse 1',
  currentPartPosition: number | null = currentPartLabel === null ? null : 0,
  currentItem: number | null = null,
) => ({
  setlistId: id,
  currentIndex,
  currentPartLabel,
  currentPartPosition,
  version,
  driver: null,
  startedAt: null,
  currentItem,
});

describe('reduceLiveState', () => {
  it('takes the first state and any newer one', () => {
    expect(reduceLiveState(null, id, { type: 'state', state: state(3) })).toEqual(state(3));
    expect(reduceLiveState(state(3), id, { type: 'state', state: state(4, 1) })).toEqual(
      state(4, 1),
    );
  });

  it('ignores older versions and other setlists', () => {
    const shown = state(5, 2, 'Chorus');
    expect(reduceLiveState(shown, id, { type: 'state', state: state(4, 0) })).toBe(shown);
    expect(
      reduceLiveState(shown, id, {
        type: 'partChanged',
        label: 'Bridge',
        meta: { setlistId: 'other', version: 9 },
        indexIfUnknown: 0,
      }),
    ).toBe(shown);
  });

  it("lands on the right song when another leader's song change arrives after a newer part change", () => {
    // Version 6 moved to song 3; version 7 (a part of song 3) arrives first.
    const afterPart = reduceLiveState(state(5, 0, 'Verse 1'), id, {
      type: 'partChanged',
      label: 'Bridge',
      meta: { setlistId: id, version: 7, currentIndex: 3, partPosition: 2 },
      indexIfUnknown: 0,
    });
    expect(afterPart).toEqual(state(7, 3, 'Bridge', 2));
    const late = reduceLiveState(afterPart, id, {
      type: 'currentChanged',
      index: 3,
      meta: { setlistId: id, version: 6, currentIndex: 3 },
      firstPartLabel: 'Intro',
    });
    expect(late).toBe(afterPart);
  });

  it('applies a song change and its part change of the same version', () => {
    const afterSong = reduceLiveState(state(5), id, {
      type: 'currentChanged',
      index: 1,
      meta: { setlistId: id, version: 6 },
      firstPartLabel: 'Intro',
    });
    expect(afterSong).toEqual(state(6, 1, 'Intro'));
    const afterPart = reduceLiveState(afterSong, id, {
      type: 'partChanged',
      label: 'Intro',
      meta: { setlistId: id, version: 6, partPosition: 0 },
      indexIfUnknown: 0,
    });
    expect(afterPart).toEqual(state(6, 1, 'Intro'));
  });

  it('keeps a part change without its place (an older server) as known by label only', () => {
    const afterPart = reduceLiveState(state(5), id, {
      type: 'partChanged',
      label: 'Chorus',
      meta: { setlistId: id, version: 6 },
      indexIfUnknown: 0,
    });
    expect(afterPart).toEqual(state(6, 0, 'Chorus', null));
  });

  it('steps onto an item, with the song after it and no part, and a song step leaves it', () => {
    // The server moves to item 1 (before song 2) as a song change then a part change.
    const onSong = reduceLiveState(state(5, 1, 'Bridge', 3), id, {
      type: 'currentChanged',
      index: 2,
      meta: { setlistId: id, version: 6, item: 1 },
      firstPartLabel: 'Intro',
    });
    expect(onSong).toEqual(state(6, 2, null, null, 1));
    const onItem = reduceLiveState(onSong, id, {
      type: 'partChanged',
      label: null,
      meta: { setlistId: id, version: 6, currentIndex: 2, partPosition: null, item: 1 },
      indexIfUnknown: 0,
    });
    expect(onItem).toEqual(state(6, 2, null, null, 1));
    // An item before the song the set is on: only a part change, with the item.
    expect(
      reduceLiveState(state(5, 2, 'Verse'), id, {
        type: 'partChanged',
        label: null,
        meta: { setlistId: id, version: 6, currentIndex: 2, item: 0 },
        indexIfUnknown: 0,
      }),
    ).toEqual(state(6, 2, null, null, 0));

    // Next Part from the item: the song after it, which leaves the item.
    const next = reduceLiveState(onItem, id, {
      type: 'currentChanged',
      index: 2,
      meta: { setlistId: id, version: 7, item: null },
      firstPartLabel: 'Intro',
    });
    expect(next).toEqual(state(7, 2, 'Intro', 0, null));
    const part = reduceLiveState(onItem, id, {
      type: 'partChanged',
      label: 'Verse',
      meta: { setlistId: id, version: 7, currentIndex: 2, partPosition: 1, item: null },
      indexIfUnknown: 0,
    });
    expect(part).toEqual(state(7, 2, 'Verse', 1, null));
  });

  it('reads events and states without an item (an older server) as on a song', () => {
    const onItem = state(5, 2, null, null, 1);
    expect(
      reduceLiveState(onItem, id, {
        type: 'currentChanged',
        index: 0,
        meta: { setlistId: id, version: 6 },
        firstPartLabel: 'Verse',
      }),
    ).toEqual(state(6, 0, 'Verse'));
    expect(
      reduceLiveState(onItem, id, {
        type: 'partChanged',
        label: 'Chorus',
        meta: { setlistId: id, version: 6, currentIndex: 2, partPosition: 1 },
        indexIfUnknown: 0,
      }),
    ).toEqual(state(6, 2, 'Chorus', 1));
    const { currentItem: _, ...older } = state(7, 1);
    expect(reduceLiveState(onItem, id, { type: 'state', state: older as typeof onItem })).toEqual(
      state(7, 1),
    );
    // An older state is ignored, item or not.
    expect(reduceLiveState(onItem, id, { type: 'state', state: state(4, 0) })).toBe(onItem);
  });
});

describe('enqueueCommand', () => {
  it('merges an unsent screen mode with the next, but never drops taking the message off', () => {
    let queue = enqueueCommand([], { event: 'setlist:screen', mode: 'black' });
    queue = enqueueCommand(queue, { event: 'setlist:screen', mode: 'logo' });
    expect(queue).toEqual([{ event: 'setlist:screen', mode: 'logo' }]);
    queue = enqueueCommand(queue, { event: 'setlist:screen', message: null });
    queue = enqueueCommand(queue, { event: 'setlist:screen', mode: 'clear' });
    expect(queue).toEqual([
      { event: 'setlist:screen', mode: 'logo' },
      { event: 'setlist:screen', message: null },
      { event: 'setlist:screen', mode: 'clear' },
    ]);
  });

  it('merges an unsent join code shown or hidden with the next, and not with a mode', () => {
    let queue = enqueueCommand([], { event: 'setlist:screen', joinCode: true });
    queue = enqueueCommand(queue, { event: 'setlist:screen', joinCode: false });
    expect(queue).toEqual([{ event: 'setlist:screen', joinCode: false }]);
    queue = enqueueCommand(queue, { event: 'setlist:screen', mode: 'black' });
    queue = enqueueCommand(queue, { event: 'setlist:screen', joinCode: true });
    expect(queue).toEqual([
      { event: 'setlist:screen', joinCode: false },
      { event: 'setlist:screen', mode: 'black' },
      { event: 'setlist:screen', joinCode: true },
    ]);
  });

  it('keeps the order and merges a change with the unsent change of its kind before it', () => {
    let queue = enqueueCommand([], { event: 'setlist:updatePart', label: 'Chorus' });
    queue = enqueueCommand(queue, { event: 'setlist:updatePart', label: 'Bridge' });
    queue = enqueueCommand(queue, { event: 'setlist:updateCurrent', newIndex: 2, item: 0 });
    queue = enqueueCommand(queue, { event: 'setlist:updateCurrent', newIndex: 1 });
    queue = enqueueCommand(queue, { event: 'setlist:announce', message: 'a' });
    queue = enqueueCommand(queue, { event: 'setlist:announce', message: 'b' });
    expect(queue).toEqual([
      { event: 'setlist:updatePart', label: 'Bridge' },
      { event: 'setlist:updateCurrent', newIndex: 1 },
      { event: 'setlist:announce', message: 'a' },
      { event: 'setlist:announce', message: 'b' },
    ]);
  });

  it("merges a key change only with the same entry's unsent key change", () => {
    let queue = enqueueCommand([], { event: 'setlist:setKey', index: 0, key: 'A' });
    queue = enqueueCommand(queue, { event: 'setlist:setKey', index: 0, key: 'B' });
    queue = enqueueCommand(queue, { event: 'setlist:setKey', index: 1, key: 'C' });
    expect(queue).toEqual([
      { event: 'setlist:setKey', index: 0, key: 'B' },
      { event: 'setlist:setKey', index: 1, key: 'C' },
    ]);
  });
});
