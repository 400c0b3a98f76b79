import { describe, expect, it } from 'vitest';
import { DEFAULT_CHORD_VIEW } from '@segue/shared';
import { keyCaption, linesForMe, readingKey } from './my-view.ts';

const lines = [{ chords: 'A   E   F#m D', lyrics: 'words' }];
const view = (change: Partial<typeof DEFAULT_CHORD_VIEW>) => ({ ...DEFAULT_CHORD_VIEW, ...change });

describe('my view of the chords', () => {
  it('leaves the chords as they are by default', () => {
    expect(linesForMe(lines, 'A', DEFAULT_CHORD_VIEW)).toEqual(lines);
  });

  it('shows capo 2 in A as G shapes, and names them', () => {
    expect(linesForMe(lines, 'A', view({ capo: 2 }))[0]?.chords).toBe('G   D   Em  C');
    expect(readingKey('A', view({ capo: 2 }))).toBe('G');
    expect(keyCaption('A', view({ capo: 2 }))).toBe('Key A · Capo 2 · G shapes');
    expect(keyCaption('A', DEFAULT_CHORD_VIEW)).toBe('Key A');
  });

  it('writes Nashville numbers in the key read, and hides chords on request', () => {
    expect(linesForMe(lines, 'A', view({ notation: 'nashville' }))[0]?.chords).toBe(
      '1   5   6m  4',
    );
    expect(linesForMe(lines, 'A', view({ chords: false }))[0]).toEqual({
      chords: '',
      lyrics: 'words',
    });
  });

  it('moves a B♭ instrument up a tone, spelled as its key, or as the device forces', () => {
    expect(linesForMe(lines, 'A', view({ transpose: 2 }))[0]?.chords).toBe('B   F#  G#m E');
    expect(linesForMe(lines, 'A', view({ accidentals: 'flats' }))[0]?.chords).toBe('A   E   Gbm D');
    // Without a key: moved and spelled with sharps, letters only.
    expect(linesForMe(lines, null, view({ capo: 1, notation: 'nashville' }))[0]?.chords).toBe(
      'G#  D#  Fm  C#',
    );
  });
});
