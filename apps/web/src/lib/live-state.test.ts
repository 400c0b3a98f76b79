import { describe, expect, it } from 'vitest';
import { enqueueCommand, reduceLiveState } from './live-state.ts';

const id = 'setlist-1';
const state = (
  version: number,
  currentIndex = 0,
  currentPartLabel: string | null = 'Verse 1',
  currentPartPosition: number | null = currentPartLabel === null ? null : 0,
) => ({
  setlistId: id,
  currentIndex,
  currentPartLabel,
  currentPartPosition,
  version,
  driver: null,
  startedAt: null,
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
});

describe('enqueueCommand', () => {
  it('keeps the order and merges a change with the unsent change of its kind before it', () => {
    let queue = enqueueCommand([], { event: 'setlist:updatePart', label: 'Chorus' });
    queue = enqueueCommand(queue, { event: 'setlist:updatePart', label: 'Bridge' });
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
