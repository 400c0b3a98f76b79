import { describe, expect, it } from 'vitest';
import { DEFAULT_CHORD_VIEW } from '@segue/shared';
import type { ServiceEntry, SetlistDetails } from '@segue/shared';
import {
  entryFacts,
  entryKeyCaption,
  entryTiming,
  serviceSummary,
  serviceTimes,
  startsSheet,
} from './setlist-view.ts';

describe("a setlist entry's key caption", () => {
  it("names the key played, and the song's own when it differs", () => {
    expect(entryKeyCaption('A', 'G', DEFAULT_CHORD_VIEW)).toBe('Key A (song in G)');
    expect(entryKeyCaption('D', 'D', DEFAULT_CHORD_VIEW)).toBe('Key D');
    expect(entryKeyCaption(null, null, DEFAULT_CHORD_VIEW)).toBeNull();
  });

  it("adds this musician's capo and the shapes it gives", () => {
    expect(entryKeyCaption('A', 'G', { ...DEFAULT_CHORD_VIEW, capo: 2 })).toBe(
      'Key A (song in G) · Capo 2 · G shapes',
    );
    expect(entryKeyCaption('E', null, { ...DEFAULT_CHORD_VIEW, capo: 4 })).toBe(
      'Key E · Capo 4 · C shapes',
    );
  });
});

describe("a setlist song's facts line", () => {
  const song = {
    key: 'G',
    capo: 0,
    tempo: 72,
    time: '6/8',
  } as unknown as SetlistDetails['songs'][number]['song'];

  it("says the entry's tempo in place of the song's, and the song's without one", () => {
    expect(entryFacts({ song, tempo: 80 }, 'A', DEFAULT_CHORD_VIEW)).toEqual([
      'Key A (song in G)',
      '80 BPM',
      '6/8',
    ]);
    expect(entryFacts({ song, tempo: null }, 'G', DEFAULT_CHORD_VIEW)).toEqual([
      'Key G',
      '72 BPM',
      '6/8',
    ]);
    // An answer kept on a device before entries had tempos.
    expect(entryFacts({ song }, 'G', DEFAULT_CHORD_VIEW)).toContain('72 BPM');
    expect(
      entryFacts({ song: { ...song, tempo: null }, tempo: 64 }, 'G', DEFAULT_CHORD_VIEW),
    ).toContain('64 BPM');
  });
});

type Timed = Pick<SetlistDetails, 'songs' | 'items' | 'startTime'>;
const entry = (duration: number | null) =>
  ({ song: {}, leader: null, key: null, duration }) as unknown as SetlistDetails['songs'][number];
const item = (title: string, duration: number | null, at: number) => ({
  title,
  notes: '',
  duration,
  at,
});

/** Sunday: a welcome, three songs, a sermon between the second and third, and a reprise. */
const sunday: Timed = {
  startTime: '10:00',
  songs: [entry(270), entry(300), entry(240), entry(120)],
  items: [item('Welcome', 120, 0), item('Sermon', 1800, 2)],
};

describe('the order of service with its times', () => {
  it('gives each entry its time of day from the start time, and the total and end', () => {
    const times = serviceTimes(sunday);
    expect(times.entries.map((timed) => [timed.entry.kind, timed.startsAt])).toEqual([
      ['item', '10:00'],
      ['song', '10:02'],
      ['song', '10:06'],
      ['item', '10:11'],
      ['song', '10:41'],
      ['song', '10:45'],
    ]);
    expect(entryTiming(times.entries[3]!)).toBe('Starts 10:11 · Duration 30:00');
    expect(serviceSummary(times)).toEqual([
      'Starts at 10:00, ends at 10:47',
      'Total length: 47:30',
    ]);
  });

  it('says so when some entries have no duration: the later times are the earliest', () => {
    const times = serviceTimes({
      ...sunday,
      songs: [entry(270), entry(null), entry(240), entry(null)],
    });
    expect(times.entries.map(entryTiming)).toEqual([
      'Starts 10:00 · Duration 2:00',
      'Starts 10:02 · Duration 4:30',
      'Starts 10:06',
      'Starts 10:06 or later · Duration 30:00',
      'Starts 10:36 or later · Duration 4:00',
      'Starts 10:40 or later',
    ]);
    expect(serviceSummary(times)).toEqual([
      'Starts at 10:00, ends at 10:40 or later',
      'Total length: at least 40:30 (2 entries have no duration)',
    ]);
    expect(
      serviceSummary(serviceTimes({ ...sunday, songs: [entry(3600), entry(null)], items: [] })),
    ).toEqual([
      'Starts at 10:00, ends at 11:00 or later',
      'Total length: at least 1:00:00 (1 entry has no duration)',
    ]);
  });

  it('without a start time gives durations only; without durations no total', () => {
    const times = serviceTimes({ ...sunday, startTime: null });
    expect(entryTiming(times.entries[0]!)).toBe('Duration 2:00');
    expect(serviceSummary(times)).toEqual(['Total length: 47:30']);
    const untimed: Timed = { startTime: null, songs: [entry(null)], items: [] };
    const bare = serviceTimes(untimed);
    expect(entryTiming(bare.entries[0]!)).toBeNull();
    expect(serviceSummary(bare)).toEqual([]);
    expect(serviceSummary(serviceTimes({ ...untimed, startTime: '09:30' }))).toEqual([
      'Starts at 09:30',
    ]);
  });
});

describe('the printed order of service', () => {
  const order = (kinds: string): ServiceEntry[] =>
    [...kinds].map((kind, index) => ({ kind: kind === 's' ? 'song' : 'item', index }));

  it('turns a sheet at each song, with the items before it, and keeps closing items', () => {
    // Welcome, song, song, sermon, song, reprise, blessing.
    expect(startsSheet(order('issisi'))).toEqual([true, false, true, true, false, false]);
    expect(startsSheet(order('isssi'))).toEqual([true, false, true, true, false]);
    expect(startsSheet(order('ii'))).toEqual([true, false]);
  });
});
