import { describe, expect, it } from 'vitest';
import { FOLLOW_LIMITS, type LiveState, type ScreenState } from '@segue/shared';
import {
  followSong,
  followState,
  messageOnScreen,
  type FollowRoomFacts,
} from './follow-snapshot.ts';

const facts: FollowRoomFacts = {
  setlistId: 'set-1',
  teamId: 'team-1',
  setlistName: 'Sunday Morning',
  songs: [
    {
      title: 'First Song',
      language: null,
      parts: [
        { label: 'Verse', lines: ['Words of the verse'], translations: [] },
        { label: 'Chorus', lines: ['Sing the chorus'], translations: [] },
        { label: 'Verse', lines: ['Second verse words'], translations: [] },
        { label: 'Instrumental', lines: [], translations: [] },
      ],
      copyright: '© Someone',
      ccli: '1234',
    },
    {
      title: 'Second Song',
      language: null,
      parts: [{ label: 'Verse', lines: ['Only verse'], translations: [] }],
      copyright: null,
      ccli: null,
    },
  ],
  items: [
    { title: 'Welcome', at: 0 },
    { title: 'Sermon', at: 1 },
  ],
  ccliLicence: '998877',
  screenLanguages: [],
  roomLimit: FOLLOW_LIMITS.roomDefault,
};

const live = (over: Partial<LiveState> = {}): LiveState => ({
  setlistId: 'set-1',
  currentIndex: 0,
  currentPartLabel: 'Verse',
  currentPartPosition: 0,
  version: 7,
  driver: 'Lea Leader',
  startedAt: '2030-01-01T10:00:00.000Z',
  currentItem: null,
  ...over,
});

const screen = (mode: ScreenState['mode'], version = 3): ScreenState => ({
  setlistId: 'set-1',
  mode,
  message: null,
  joinCode: null,
  version,
});

describe('followState', () => {
  it('waits, with the setlist’s name, before the first step', () => {
    expect(followState(facts, null, null)).toEqual({
      setlistName: 'Sunday Morning',
      version: 0,
      now: { kind: 'waiting' },
      ccliLicence: '998877',
      screenLanguages: [],
      message: null,
    });
    expect(followState(facts, live({ startedAt: null, version: 2 }), null).now).toEqual({
      kind: 'waiting',
    });
  });

  it('waits while the projector is dark (black, background only, logo)', () => {
    for (const mode of ['black', 'clear', 'logo'] as const) {
      expect(followState(facts, live(), screen(mode)).now, mode).toEqual({ kind: 'waiting' });
    }
    expect(followState(facts, live(), screen('lyrics')).now.kind).toBe('song');
  });

  it('shows an item’s title only', () => {
    expect(followState(facts, live({ currentItem: 1, currentPartLabel: null }), null).now).toEqual({
      kind: 'item',
      title: 'Sermon',
    });
  });

  it('shows the song after an item the setlist no longer has', () => {
    const now = followState(facts, live({ currentItem: 5, currentIndex: 1 }), null).now;
    expect(now).toMatchObject({ kind: 'song', song: { title: 'Second Song' } });
  });

  it('shows the whole song and its live part, found by its place in the song', () => {
    const now = followState(
      facts,
      live({ currentPartLabel: 'Verse', currentPartPosition: 2 }),
      null,
    ).now;
    expect(now).toEqual({ kind: 'song', song: facts.songs[0], part: 2 });
  });

  it('finds the live part by its label when its place is unknown or names another part', () => {
    expect(
      followState(facts, live({ currentPartLabel: 'Chorus', currentPartPosition: null }), null).now,
    ).toMatchObject({ part: 1 });
    // The song was edited since: the place holds another part now.
    expect(
      followState(facts, live({ currentPartLabel: 'Chorus', currentPartPosition: 3 }), null).now,
    ).toMatchObject({ part: 1 });
  });

  it('knows only the song when the live part is not one of it, or has no label', () => {
    expect(
      followState(facts, live({ currentPartLabel: 'Bridge', currentPartPosition: 0 }), null).now,
    ).toMatchObject({ kind: 'song', part: null });
    expect(
      followState(facts, live({ currentPartLabel: null, currentPartPosition: null }), null).now,
    ).toMatchObject({ kind: 'song', part: null });
  });

  it('waits when the song index is past the songs (all of them deleted)', () => {
    expect(followState({ ...facts, songs: [] }, live(), null).now).toEqual({ kind: 'waiting' });
  });

  it('grows its version with every step and with every change of the screen', () => {
    const before = followState(facts, live({ version: 7 }), screen('lyrics', 3)).version;
    const stepped = followState(facts, live({ version: 8 }), screen('lyrics', 3)).version;
    const darkened = followState(facts, live({ version: 8 }), screen('black', 4)).version;
    expect(before).toBe(10);
    expect(stepped).toBeGreaterThan(before);
    expect(darkened).toBeGreaterThan(stepped);
  });

  it('carries nothing but the words: no chords, no driver, no ids', () => {
    const text = JSON.stringify(followState(facts, live(), null));
    expect(text).not.toContain('Lea Leader');
    expect(text).not.toContain('set-1');
    expect(text).not.toContain('team-1');
    expect(text).not.toContain('roomLimit');
  });
});

describe('followSong', () => {
  const stored = {
    title: 'Amazing Grace',
    language: 'en',
    parts: [
      {
        id: 'p1',
        label: 'Intro',
        lines: [{ chords: 'G   C   G   D', lyrics: '' }],
      },
      {
        id: 'p2',
        label: 'Verse 1',
        lines: [
          { chords: 'G       C', lyrics: 'Amazing grace how sweet   ' },
          { chords: 'Em  D', lyrics: '   ' },
          { chords: '', lyrics: 'That saved a wretch' },
        ],
        translations: [
          { lang: 'es', lines: ['Sublime gracia  ', '', 'Que a un infeliz'] },
          { lang: 'es', translit: 'en', lines: ['Not shown', '', ''] },
          { lang: 'de', lines: ['', '', ''] },
        ],
      },
    ],
    copyright: '  ',
    ccli: '22025',
  };

  it('keeps every part and its words in each language, leaving out lines of chords only', () => {
    expect(followSong(stored)).toEqual({
      title: 'Amazing Grace',
      language: 'en',
      parts: [
        { label: 'Intro', lines: [], translations: [] },
        {
          label: 'Verse 1',
          lines: ['Amazing grace how sweet', 'That saved a wretch'],
          // A transliteration and a translation with no words stay out.
          translations: [{ lang: 'es', lines: ['Sublime gracia', 'Que a un infeliz'] }],
        },
      ],
      copyright: null,
      ccli: '22025',
    });
  });

  it('never carries a chord or a part id', () => {
    const text = JSON.stringify(followSong(stored));
    for (const chord of ['G   C', 'Em  D', 'G       C', '"chords"', '"p1"', '"p2"', '"id"']) {
      expect(text).not.toContain(chord);
    }
  });
});

describe('messageOnScreen', () => {
  const screen = (message: ScreenState['message']): ScreenState => ({
    setlistId: 's1',
    mode: 'lyrics',
    message,
    version: 3,
    joinCode: null,
  });
  const at = '2026-11-29T10:00:00.000Z';

  it('carries the message on the screen, timed or until cleared', () => {
    expect(
      messageOnScreen(screen({ text: 'Please stand', from: 'Ann', at, remainingMs: 4000 })),
    ).toEqual({ text: 'Please stand', at, remainingMs: 4000 });
    expect(
      messageOnScreen(screen({ text: 'Welcome', from: 'Ann', at, remainingMs: null })),
    ).toEqual({
      text: 'Welcome',
      at,
      remainingMs: null,
    });
  });

  it('has none when none shows, or its time is over, and never says who sent it', () => {
    expect(messageOnScreen(null)).toBeNull();
    expect(messageOnScreen(screen(null))).toBeNull();
    expect(messageOnScreen(screen({ text: 'Gone', from: 'Ann', at, remainingMs: 0 }))).toBeNull();
    expect(
      JSON.stringify(messageOnScreen(screen({ text: 'Hi', from: 'Ann', at, remainingMs: 10 }))),
    ).not.toContain('Ann');
  });
});
