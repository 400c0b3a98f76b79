import { describe, expect, it } from 'vitest';
import { DEFAULT_CHORD_VIEW } from '@segue/shared';
import { authorsLine, chartFooter, songFacts } from './chart-facts.ts';
import type { ChartSong } from './chart-facts.ts';

const song = (details: Partial<ChartSong>): ChartSong => ({
  capo: 0,
  tempo: null,
  time: null,
  ccli: null,
  copyright: '',
  authors: [],
  ...details,
});

describe("a chart's header and footer", () => {
  it('names tempo and time, and nothing for a song without details', () => {
    expect(songFacts(song({ tempo: 72, time: '6/8' }), 'G', DEFAULT_CHORD_VIEW)).toEqual([
      '72 BPM',
      '6/8',
    ]);
    expect(songFacts(song({}), 'G', DEFAULT_CHORD_VIEW)).toEqual([]);
    expect(chartFooter(song({ copyright: '  ' }))).toEqual([]);
    expect(authorsLine([])).toBeNull();
  });

  it("suggests the song's capo with the shapes it gives in the key shown", () => {
    expect(songFacts(song({ capo: 2 }), 'A', DEFAULT_CHORD_VIEW)).toEqual([
      'Capo 2 suggested (G shapes)',
    ]);
    // Played a tone higher, the same capo gives other shapes.
    expect(songFacts(song({ capo: 2 }), 'B', DEFAULT_CHORD_VIEW)).toEqual([
      'Capo 2 suggested (A shapes)',
    ]);
    expect(songFacts(song({ capo: 3 }), null, DEFAULT_CHORD_VIEW)).toEqual(['Capo 3 suggested']);
  });

  it('leaves the suggestion out when this musician plays with that capo already', () => {
    expect(
      songFacts(song({ capo: 2, tempo: 90 }), 'A', { ...DEFAULT_CHORD_VIEW, capo: 2 }),
    ).toEqual(['90 BPM']);
  });

  it('groups the authors by what they wrote, words first', () => {
    expect(
      authorsLine([
        { name: 'Traditional', type: 'music' },
        { name: 'John Newton', type: 'words' },
        { name: 'E. O. Excell', type: 'music' },
      ]),
    ).toBe('Words: John Newton · Music: Traditional, E. O. Excell');
  });

  it('ends with the copyright and the CCLI number', () => {
    expect(chartFooter(song({ copyright: '© 2011 Hillsong ', ccli: '6158927' }))).toEqual([
      '© 2011 Hillsong',
      'CCLI #6158927',
    ]);
  });
});
