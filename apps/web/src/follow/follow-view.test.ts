import { describe, expect, it } from 'vitest';
import { FOLLOW_TEXTS } from '@segue/shared/follow-texts';
import type { FollowNow, FollowSong, FollowState } from '@segue/shared';
import { followView, songKey } from './follow-view.ts';

const song: FollowSong = {
  title: 'Amazing Grace',
  language: 'en',
  parts: [
    {
      label: 'Verse 1',
      lines: ['Amazing grace, how sweet the sound', 'That saved a wretch like me'],
      translations: [{ lang: 'es', lines: ['Sublime gracia del Señor', 'Que a un infeliz salvó'] }],
    },
    { label: 'Chorus', lines: ['My chains are gone'], translations: [] },
    {
      label: 'Verse 2',
      lines: ['’Twas grace that taught my heart to fear'],
      translations: [{ lang: 'ko', lines: ['두려움 없이'] }],
    },
  ],
  copyright: '© 2006 worshiptogether.com songs',
  ccli: '4768151',
};

const state = (now: FollowNow, ccliLicence: string | null = '1234567'): FollowState => ({
  setlistName: 'Sunday 9:30',
  version: 7,
  now,
  ccliLicence,
  screenLanguages: [],
  message: null,
});

describe('followView', () => {
  it('shows the setlist name and "Waiting for the next song" before the first step', () => {
    const view = followView(state({ kind: 'waiting' }));
    expect(view.heading).toBe('Sunday 9:30');
    expect(view.body).toEqual({ kind: 'waiting', message: FOLLOW_TEXTS.waiting });
    expect(view.spoken).toBe(FOLLOW_TEXTS.waiting);
    expect(view.credits).toEqual(['CCLI licence 1234567']);
  });

  it("shows only an item's title", () => {
    const view = followView(state({ kind: 'item', title: 'Welcome and notices' }));
    expect(view.heading).toBe('Sunday 9:30');
    expect(view.body).toEqual({ kind: 'item', title: 'Welcome and notices' });
    expect(view.spoken).toBe('Welcome and notices');
  });

  it('shows every part of the song, the live one marked, and its credits at the foot', () => {
    const view = followView(state({ kind: 'song', song, part: 1 }));
    expect(view.body).toMatchObject({
      kind: 'song',
      title: 'Amazing Grace',
      livePart: 1,
      songKey: songKey(song),
    });
    if (view.body.kind !== 'song') throw new Error('not a song');
    expect(view.body.parts.map((part) => [part.label, part.live])).toEqual([
      ['Verse 1', false],
      ['Chorus', true],
      ['Verse 2', false],
    ]);
    expect(view.body.parts[0]?.lines).toEqual(song.parts[0]?.lines);
    expect(view.credits).toEqual([
      '© 2006 worshiptogether.com songs',
      'CCLI #4768151',
      'CCLI licence 1234567',
    ]);
    expect(view.spoken).toBe('Amazing Grace: Chorus');
  });

  it('marks no part when only the song is known, or the part is not one of its parts', () => {
    for (const part of [null, -1, 3, 1.5]) {
      const view = followView(state({ kind: 'song', song, part }));
      if (view.body.kind !== 'song') throw new Error('not a song');
      expect(view.body.livePart, String(part)).toBeNull();
      expect(view.body.parts.some((p) => p.live)).toBe(false);
      expect(view.spoken).toBe('Amazing Grace');
    }
  });

  it('leaves out credits the song or the team does not have', () => {
    const bare = { ...song, copyright: null, ccli: null };
    expect(followView(state({ kind: 'song', song: bare, part: 0 }, null)).credits).toEqual([]);
    expect(followView(state({ kind: 'waiting' }, null)).credits).toEqual([]);
  });

  it('says the link has ended, whatever was shown before', () => {
    const view = followView(state({ kind: 'song', song, part: 0 }), true);
    expect(view.heading).toBe(FOLLOW_TEXTS.ended);
    expect(view.body).toEqual({ kind: 'ended' });
    expect(view.credits).toEqual([]);
    expect(followView(null, true).heading).toBe('This link has ended.');
  });

  it('is loading until the first state comes', () => {
    expect(followView(null)).toMatchObject({
      heading: FOLLOW_TEXTS.loading,
      body: { kind: 'loading' },
    });
  });

  it('tells a changed song from the same song', () => {
    const edited = {
      ...song,
      parts: [...song.parts, { label: 'Bridge', lines: ['Oh'], translations: [] }],
    };
    expect(songKey({ ...song })).toBe(songKey(song));
    expect(songKey(edited)).not.toBe(songKey(song));
    expect(songKey({ ...song, title: 'Other' })).not.toBe(songKey(song));
  });

  it("offers the song's languages, and shows the reader's choice, else the screens', else its own", () => {
    const shown = (chosen: string | null, screens: string[] = []) => {
      const view = followView(
        { ...state({ kind: 'song', song, part: 0 }), screenLanguages: screens },
        false,
        chosen,
      );
      if (view.body.kind !== 'song') throw new Error('not a song');
      return view.body;
    };
    expect(shown(null).languages).toEqual(['en', 'es', 'ko']);
    expect(shown(null).language).toBe('en');
    expect(shown(null).parts[0]).toMatchObject({ lines: song.parts[0]!.lines, lang: 'en' });
    // The screens' first language, then the reader's own choice (tags in any case).
    expect(shown(null, ['es', 'en']).language).toBe('es');
    const korean = shown('KO', ['es']);
    expect(korean.language).toBe('ko');
    // A part without the language shows its own words.
    expect(korean.parts.map((part) => [part.lang, part.lines[0]])).toEqual([
      ['en', 'Amazing grace, how sweet the sound'],
      ['en', 'My chains are gone'],
      ['ko', '두려움 없이'],
    ]);
    // A choice the song lacks: the screens', else its own.
    expect(shown('de', ['es']).language).toBe('es');
    expect(shown('de').language).toBe('en');
    // A song that names no language of its own still offers its words as written.
    const unnamed = followView(
      state({ kind: 'song', song: { ...song, language: null }, part: 0 }),
      false,
      'es',
    );
    if (unnamed.body.kind !== 'song') throw new Error('not a song');
    expect(unnamed.body.languages).toEqual([null, 'es', 'ko']);
    expect(unnamed.body.parts[0]!.lines).toEqual([
      'Sublime gracia del Señor',
      'Que a un infeliz salvó',
    ]);
  });
});
