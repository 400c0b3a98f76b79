import { describe, expect, it } from 'vitest';
import { SetlistInputSchema, SetlistSchema } from './setlists.ts';

describe('setlist answers and bodies (issue 18)', () => {
  it('reads an answer kept on a device before items existed as one without items', () => {
    const kept = SetlistSchema.parse({
      _id: 's1',
      name: 'Sunday',
      date: '2030-01-06T00:00:00.000Z',
      notes: '',
      songs: [{ song: 'a', leader: null, key: null }],
      positions: [],
      teamId: 't1',
      currentIndex: 0,
      currentPartLabel: null,
      createdAt: '2030-01-01T00:00:00.000Z',
      updatedAt: '2030-01-01T00:00:00.000Z',
    });
    expect(kept).toMatchObject({
      items: [],
      startTime: null,
      currentItem: null,
      songs: [{ song: 'a', leader: null, key: null, duration: null }],
    });
  });

  it('tells a duration left out (keep the saved one) from one sent as none', () => {
    const body = SetlistInputSchema.parse({
      name: 'Sunday',
      date: '2030-01-06',
      songs: [{ song: 'a' }, { song: 'b', duration: null }, { song: 'c', duration: 240 }],
    });
    expect(body.songs.map((e) => e.duration)).toEqual([undefined, null, 240]);
    expect(body.items).toBeUndefined();
    expect(body.startTime).toBeUndefined();
  });

  it('refuses a start time that is not a time of day, and a negative duration', () => {
    const bad = SetlistInputSchema.safeParse({
      name: 'Sunday',
      date: '2030-01-06',
      startTime: '25:00',
      songs: [{ song: 'a', duration: -1 }],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message).sort()).toEqual([
      'A duration cannot be negative.',
      'Start time must be a time of day (HH:MM).',
    ]);
  });
});
