import { describe, expect, it } from 'vitest';
import type { SongPart } from '@segue/shared';
import {
  entryNumber,
  entryPosition,
  firstLyric,
  itemAt,
  livePosition,
  nextPosition,
  previousPosition,
  samePosition,
  songAt,
  upNext,
} from './set-position.ts';
import type { SetPosition, SetSongs } from './set-position.ts';

const part = (label: string, ...lines: [string, string][]): SongPart => ({
  label,
  lines: lines.map(([chords, lyrics]) => ({ chords, lyrics })),
  translations: [],
});
const set = {
  songs: [
    { song: { title: 'One', parts: [part('Verse', ['G', 'Amazing grace']), part('Chorus')] } },
    { song: { title: 'Empty', parts: [] } },
    {
      song: {
        title: 'Three',
        parts: [part('Intro', ['G  D', '']), part('Verse', ['', ' '], ['C', '  How great  '])],
      },
    },
  ],
};

const item = (title: string, at: number, notes = '') => ({ title, notes, at });

/**
 * Welcome, One, Prayer, Sermon (two items in a row), Empty, Three, Blessing: items at the
 * start, in the middle and at the end.
 */
const service: SetSongs = {
  songs: set.songs,
  items: [
    item('Welcome', 0),
    item('Prayer', 1),
    item('Sermon', 1, '\n  Romans 8  \nGrace and peace'),
    item('Blessing', 3),
  ],
};

/** Every stop Next Part makes from `from`, to the end. */
function walk(on: SetSongs, from: SetPosition, step = nextPosition): SetPosition[] {
  const stops = [from];
  for (let at = step(on, from); at; at = step(on, at)) stops.push(at);
  return stops;
}

describe('set positions', () => {
  it('Next Part walks the parts, then the next song’s first part, then stops', () => {
    expect(nextPosition(set, songAt(0, 0))).toEqual(songAt(0, 1));
    expect(nextPosition(set, songAt(0, 1))).toEqual(songAt(1, -1));
    expect(nextPosition(set, songAt(1, -1))).toEqual(songAt(2, 0));
    expect(nextPosition(set, songAt(2, 1))).toBeNull();
  });

  it('Previous Part walks back, then to the previous song’s last part, then stops', () => {
    expect(previousPosition(set, songAt(2, 1))).toEqual(songAt(2, 0));
    expect(previousPosition(set, songAt(2, 0))).toEqual(songAt(1, -1));
    expect(previousPosition(set, songAt(1, -1))).toEqual(songAt(0, 1));
    expect(previousPosition(set, songAt(0, 0))).toBeNull();
  });

  it('says what comes next: a part with its first line, a song, or the end', () => {
    expect(upNext(set, songAt(0, 0))).toEqual({ kind: 'part', label: 'Chorus', firstLine: '' });
    expect(upNext(set, songAt(1, -1))).toEqual({
      kind: 'song',
      title: 'Three',
      label: 'Intro',
      firstLine: 'G  D',
    });
    expect(upNext(set, songAt(2, 0))).toMatchObject({ firstLine: 'How great' });
    expect(upNext(set, songAt(2, 1))).toEqual({ kind: 'end' });
  });

  it('reads a part’s first words, else its first chords', () => {
    expect(firstLyric(part('V', ['', '   '], ['D', ' Come ']))).toBe('Come');
    expect(firstLyric(part('I', [' A  E ', '']))).toBe('A  E');
    expect(firstLyric(part('Empty'))).toBe('');
  });
});

describe('set positions over items (issue 18)', () => {
  it('Next Part steps onto each item as its own entry: at the start, between songs, at the end', () => {
    expect(walk(service, itemAt(0))).toEqual([
      itemAt(0),
      songAt(0, 0),
      songAt(0, 1),
      itemAt(1),
      itemAt(2),
      songAt(1, -1),
      songAt(2, 0),
      songAt(2, 1),
      itemAt(3),
    ]);
  });

  it('Previous Part mirrors it: onto the item before, then the previous song’s last part', () => {
    expect(walk(service, itemAt(3), previousPosition)).toEqual([
      itemAt(3),
      songAt(2, 1),
      songAt(2, 0),
      songAt(1, -1),
      itemAt(2),
      itemAt(1),
      songAt(0, 1),
      songAt(0, 0),
      itemAt(0),
    ]);
  });

  it('Next Song and Previous Song step entry by entry, an item counting as one', () => {
    expect(walk(service, itemAt(0), (on, at) => entryPosition(on, at, 1))).toEqual([
      itemAt(0),
      songAt(0, 0),
      itemAt(1),
      itemAt(2),
      songAt(1, -1),
      songAt(2, 0),
      itemAt(3),
    ]);
    // Previous Song lands on a song's first part, not its last.
    expect(entryPosition(service, itemAt(1), -1)).toEqual(songAt(0, 0));
    expect(entryPosition(service, songAt(0, 1), -1)).toEqual(itemAt(0));
    expect(entryPosition(service, itemAt(0), -1)).toBeNull();
    expect(entryPosition(service, itemAt(3), 1)).toBeNull();
  });

  it('names the item that comes next, with the first line of its notes', () => {
    expect(upNext(service, songAt(0, 1))).toEqual({ kind: 'item', title: 'Prayer', firstLine: '' });
    expect(upNext(service, itemAt(1))).toEqual({
      kind: 'item',
      title: 'Sermon',
      firstLine: 'Romans 8',
    });
    // From an item, the next song even when it is the song the set's index is on.
    expect(upNext(service, itemAt(0))).toEqual({
      kind: 'song',
      title: 'One',
      label: 'Verse',
      firstLine: 'Amazing grace',
    });
    expect(upNext(service, songAt(2, 1))).toMatchObject({ kind: 'item', title: 'Blessing' });
    expect(upNext(service, itemAt(3))).toEqual({ kind: 'end' });
  });

  it('walks a setlist of only items, and one whose items all come first', () => {
    const onlyItems = { songs: [], items: [item('Welcome', 0), item('Prayer', 0)] };
    expect(walk(onlyItems, itemAt(0))).toEqual([itemAt(0), itemAt(1)]);
    expect(previousPosition(onlyItems, itemAt(1))).toEqual(itemAt(0));
    expect(upNext(onlyItems, itemAt(0))).toEqual({ kind: 'item', title: 'Prayer', firstLine: '' });
    expect(livePosition(onlyItems, live(0, null, null))).toEqual(itemAt(0));

    const itemsFirst = { songs: set.songs.slice(0, 1), items: [item('Welcome', 0)] };
    expect(previousPosition(itemsFirst, songAt(0, 0))).toEqual(itemAt(0));
    expect(nextPosition(itemsFirst, songAt(0, 1))).toBeNull();
  });

  it('finds no neighbours for a place the setlist no longer has', () => {
    expect(nextPosition(service, itemAt(9))).toBeNull();
    expect(entryNumber(service, itemAt(9))).toBe(-1);
    expect(entryNumber(service, itemAt(2))).toBe(3);
  });

  it('tells places apart by kind', () => {
    expect(samePosition(itemAt(1), itemAt(1))).toBe(true);
    expect(samePosition(itemAt(1), itemAt(2))).toBe(false);
    expect(samePosition(itemAt(0), songAt(0, 0))).toBe(false);
    expect(samePosition(songAt(0, 0), itemAt(0))).toBe(false);
    expect(samePosition(songAt(1, -1), songAt(1, -1))).toBe(true);
  });
});

function live(currentIndex: number, currentPartLabel: string | null, currentItem: number | null) {
  return { currentIndex, currentPartLabel, currentPartPosition: null, currentItem };
}

describe('livePosition', () => {
  it('is the item the set is on, else the song at its part', () => {
    expect(livePosition(service, live(1, null, 2))).toEqual(itemAt(2));
    expect(livePosition(service, live(2, 'Verse', null))).toEqual(songAt(2, 1));
    expect(livePosition(service, live(1, null, null))).toEqual(songAt(1, -1));
  });

  it('shows the song after an item this screen does not know, as an older screen does', () => {
    expect(livePosition(service, live(2, null, 7))).toEqual(songAt(2, 0));
    expect(livePosition(set, live(2, null, 0))).toEqual(songAt(2, 0));
  });

  it('of parts sharing a label, takes the place asked for, then the server’s', () => {
    const twice = { songs: [{ song: { title: 'T', parts: [part('C'), part('V'), part('C')] } }] };
    const state = { ...live(0, 'C', null), currentPartPosition: 2 };
    expect(livePosition(twice, state)).toEqual(songAt(0, 2));
    expect(livePosition(twice, state, 0)).toEqual(songAt(0, 0));
    expect(livePosition(twice, state, 1)).toEqual(songAt(0, 2));
  });
});
