import { describe, expect, it } from 'vitest';
import type { SetlistDetails } from '@segue/shared';
import { partInKey, shownKey, setlistInKeys } from './in-key.ts';

const part = {
  id: 'p1',
  label: 'Verse',
  lines: [{ chords: 'G   D   Em  C', lyrics: 'words' }],
  translations: [],
};
const song = (key: string | null) => ({
  _id: 's',
  title: 'Song',
  artist: '',
  key,
  capo: 0,
  tempo: null,
  time: null,
  ccli: null,
  copyright: '',
  authors: [],
  language: null,
  parts: [part],
  teamId: 't',
  createdAt: '',
  updatedAt: '',
});
const setlist = (entries: { songKey: string | null; key: string | null }[]): SetlistDetails => ({
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
  songs: entries.map((e) => ({ song: song(e.songKey), leader: null, key: e.key, duration: null })),
});

describe('songs in their performance key', () => {
  it('moves a part’s chords from the song’s key to the service’s, keeping columns', () => {
    expect(partInKey(part, 'G', 'A').lines[0]).toEqual({
      chords: 'A   E   F#m D',
      lyrics: 'words',
    });
    expect(partInKey(part, 'G', 'G')).toBe(part);
    expect(partInKey(part, null, 'A')).toBe(part);
    expect(partInKey(part, 'G', 'not a key')).toBe(part);
  });

  it('plays each entry in its key, else in the song’s own', () => {
    const set = setlist([
      { songKey: 'G', key: 'A' },
      { songKey: 'G', key: null },
      { songKey: null, key: 'A' },
    ]);
    const played = setlistInKeys(set);
    expect(played.songs.map((e) => e.song.parts[0]?.lines[0]?.chords)).toEqual([
      'A   E   F#m D',
      'G   D   Em  C',
      'G   D   Em  C',
    ]);
    expect(played.songs[1]).toBe(set.songs[1]);
    expect(set.songs.map(shownKey)).toEqual(['A', 'G', 'A']);
  });
});
