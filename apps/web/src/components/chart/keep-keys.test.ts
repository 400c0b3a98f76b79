import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SetlistDetails } from '@segue/shared';
import { memoryStorage } from '../../lib/memory-storage.ts';
import { decline, keysToKeep, liveKeysBySong, notDeclined } from './keep-keys.ts';

const song = (id: string, title: string, key: string | null) => ({
  _id: id,
  title,
  artist: '',
  key,
  capo: 0,
  tempo: null,
  time: null,
  ccli: null,
  copyright: '',
  authors: [],
  language: null,
  parts: [],
  teamId: 't',
  createdAt: '',
  updatedAt: '',
});
const cornerstone = song('a', 'Cornerstone', 'E');
const other = song('b', 'Other', 'G');
const setlist: SetlistDetails = {
  _id: 'l',
  name: 'Set',
  date: '2030-01-01',
  notes: '',
  positions: [],
  teamId: 't',
  currentIndex: 0,
  currentPartLabel: null,
  currentItem: null,
  items: [],
  startTime: null,
  clickOnStep: 'follow',
  lyricLanguages: [],
  createdAt: '',
  updatedAt: '',
  songs: [
    { song: cornerstone, leader: null, key: null, duration: null },
    { song: other, leader: null, key: 'A', duration: null },
    // The reprise.
    { song: cornerstone, leader: null, key: null, duration: null },
  ],
};

describe('keys a driver may keep when the run ends', () => {
  beforeEach(() => {
    vi.stubGlobal('window', { localStorage: memoryStorage(), sessionStorage: memoryStorage() });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('names each song played in another key than planned once, the reprise included', () => {
    expect(keysToKeep(setlist, new Map([['a', 'F']]))).toEqual([
      { songId: 'a', title: 'Cornerstone', planned: 'E', live: 'F', liveName: 'F' },
    ]);
    // Back to the song's own key over a planned one: named by the song's key, sent as null.
    expect(keysToKeep(setlist, new Map([['b', null]]))).toEqual([
      { songId: 'b', title: 'Other', planned: 'A', live: null, liveName: 'G' },
    ]);
  });

  it('asks nothing where the run played the plan', () => {
    expect(keysToKeep(setlist, new Map())).toEqual([]);
    expect(keysToKeep(setlist, new Map([['a', 'E']]))).toEqual([]);
    expect(keysToKeep(setlist, new Map([['a', null]]))).toEqual([]);
    expect(keysToKeep(setlist, new Map([['b', 'A']]))).toEqual([]);
  });

  it('reads the live channel’s keys by song, leaving out a key said for another song', () => {
    const keys = new Map([
      [0, { key: 'E' }],
      [1, { key: 'B', songId: 'someone-else' }],
      [2, { key: 'F', songId: 'a' }],
    ]);
    expect(liveKeysBySong(setlist, keys)).toEqual(new Map([['a', 'F']]));
  });

  it('does not ask again on this device after No', () => {
    const [key] = keysToKeep(setlist, new Map([['a', 'F']]));
    expect(notDeclined('l', [key!])).toEqual([key]);
    decline('l', key!);
    expect(notDeclined('l', [key!])).toEqual([]);
    // Another setlist, or another key, is asked.
    expect(notDeclined('m', [key!])).toEqual([key]);
    expect(notDeclined('l', [{ ...key!, liveName: 'F#', live: 'F#' }])).toHaveLength(1);
  });
});
