import { describe, expect, it } from 'vitest';
import { chartTextOf, readChartText } from './song-chart-text.ts';
import type { ChartPart } from './song-chart-text.ts';

const song: ChartPart[] = [
  {
    label: 'Verse 1',
    lines: [
      { chords: 'G              C         G', lyrics: 'Amazing grace, how sweet the sound' },
      { chords: '', lyrics: 'That saved a wretch like me' },
    ],
  },
  {
    label: 'Chorus',
    lines: [
      { chords: 'D', lyrics: '' },
      { chords: 'G        D/F#   Em', lyrics: 'My chains are gone' },
    ],
  },
  { label: 'Bridge', lines: [{ chords: 'C    G', lyrics: 'Oh, the love' }] },
];

describe('the song form chart', () => {
  it('writes parts as chords over words that read back as the same parts', () => {
    const text = chartTextOf(song);
    expect(text).toBe(
      [
        '[Verse 1]',
        'G              C         G',
        'Amazing grace, how sweet the sound',
        'That saved a wretch like me',
        '',
        '[Chorus]',
        'D',
        'G        D/F#   Em',
        'My chains are gone',
        '',
        '[Bridge]',
        'C    G',
        'Oh, the love',
        '',
      ].join('\n'),
    );
    const read = readChartText(text ?? '');
    expect(read.problems).toEqual([]);
    expect(read.chart.parts).toEqual(song);
    expect(read.chart.title).toBe('');
  });

  it('writes ChordPro when chords over words would read the lines otherwise, and reads it back', () => {
    // A chord line alone followed by a line without chords: chords over words would join them.
    const parts: ChartPart[] = [
      {
        label: 'Intro',
        lines: [
          { chords: 'G  C', lyrics: '' },
          { chords: '', lyrics: 'Spoken words here' },
        ],
      },
      { label: 'Chorus', lines: [{ chords: 'Am', lyrics: 'Am I a chord' }] },
    ];
    const text = chartTextOf(parts) ?? '';
    expect(text).toContain('{start_of_');
    expect(text).not.toContain('{title');
    const read = readChartText(text);
    expect(read.problems).toEqual([]);
    expect(read.chart.parts).toEqual(parts);
  });

  it('reads typed ChordPro into chords over words', () => {
    const read = readChartText(
      [
        '{start_of_verse: Verse 1}',
        '[G]Amazing [C]grace',
        '{end_of_verse}',
        '{start_of_chorus}',
        'My [D]chains are gone',
        '{end_of_chorus}',
      ].join('\n'),
    );
    expect(read.problems).toEqual([]);
    expect(read.chart.parts).toEqual([
      { label: 'Verse 1', lines: [{ chords: 'G       C', lyrics: 'Amazing grace' }] },
      { label: 'Chorus', lines: [{ chords: '   D', lyrics: 'My chains are gone' }] },
    ]);
  });

  it('never takes the first line of lyrics for a title', () => {
    const read = readChartText('Amazing grace\n\nHow sweet the sound');
    expect(read.chart.title).toBe('');
    expect(read.chart.parts.map((p) => p.lines[0]?.lyrics)).toEqual([
      'Amazing grace',
      'How sweet the sound',
    ]);
    const chordPro = readChartText('[G]Amazing grace\n\n[C]How sweet');
    expect(chordPro.chart.title).toBe('');
    expect(chordPro.chart.parts).toHaveLength(2);
  });

  it('reads the details a chart names, with chords in capo shapes moved to sounding pitch', () => {
    const read = readChartText('Title: Grace\nKey: G\nCapo: 2\n\n[Verse 1]\nG\nAmazing');
    expect(read.chart).toMatchObject({ title: 'Grace', key: 'A', capo: 2 });
    expect(read.chart.parts).toEqual([
      { label: 'Verse 1', lines: [{ chords: 'A', lyrics: 'Amazing' }] },
    ]);
  });

  it('says at which line of the chart something would not be saved as typed', () => {
    const plain = readChartText('[Verse 1]\nAmazing\n\n[Bridge]\n\n[Chorus]\nHow sweet\n');
    expect(plain.problems).toEqual([{ line: 4, text: 'Part "Bridge" needs at least one line.' }]);
    const chordPro = readChartText('{c: Slowly}\n[G]Amazing grace\n{foo: bar}\n');
    expect(chordPro.problems).toEqual([
      { line: 1, text: '{c: Slowly} would not be saved: the chart keeps parts and lines only.' },
      { line: 3, text: '{foo: bar} is not a ChordPro directive; it is kept as it is.' },
    ]);
  });

  it('reads an empty chart as no parts', () => {
    expect(readChartText('  \n\n')).toEqual({
      chart: expect.objectContaining({ parts: [] }) as unknown,
      problems: [],
    });
    expect(chartTextOf([])).toBe('');
  });
});
