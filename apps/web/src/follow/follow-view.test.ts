import { describe, expect, it } from 'vitest';
import { FOLLOW_TEXTS } from '@segue/shared/follow-texts';
import type { FollowNow, FollowSong, FollowState } from '@segue/shared';
import { followView, songKey } from './follow-view.ts';

const song: FollowSong = {
  title: 'Amazing Grace',
  parts: [
    {
      label: 'Verse 1',
      lines: ['Amazing grace, how sweet the sound', 'That saved a wretch like me'],
    },
    { label: 'Chorus', lines: ['My chains are gone'] },
    { label: 'Verse 2', lines: ['’Twas grace that taught my heart to fear'] },
  ],
  copyright: '© 2006 worshiptogether.com songs',
  ccli: '4768151',
};

const state = (now: FollowNow, ccliLicence: string | null = '1234567'): FollowState => ({
  setlistName: 'Sunday 9:30',
  version: 7,
  now,
  ccliLicence,
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
    const edited = { ...song, parts: [...song.parts, { label: 'Bridge', lines: ['Oh'] }] };
    expect(songKey({ ...song })).toBe(songKey(song));
    expect(songKey(edited)).not.toBe(songKey(song));
    expect(songKey({ ...song, title: 'Other' })).not.toBe(songKey(song));
  });
});
