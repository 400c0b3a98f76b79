import { describe, expect, it } from 'vitest';
import { capoForKey } from './capo.ts';
import { capoShapes } from './keys.ts';

describe('capoForKey: a capo follows a key played live', () => {
  it('keeps the shapes by default: capo 2 with D shapes in E becomes capo 3 with D shapes in F', () => {
    const capo = capoForKey(2, 'E', 'F');
    expect(capo).toBe(3);
    expect(capoShapes('F', capo)).toBe('D');
    expect(capoShapes('E', 2)).toBe('D');
  });

  it('moves the capo by the smaller step, down as well as up', () => {
    expect(capoForKey(2, 'E', 'D')).toBe(0);
    expect(capoForKey(3, 'E', 'D')).toBe(1);
    expect(capoForKey(2, 'E', 'G')).toBe(5);
    expect(capoForKey(4, 'Bb', 'G')).toBe(1);
    // Spelled differently, the same pitch: no move.
    expect(capoForKey(2, 'F#', 'Gb')).toBe(2);
    expect(capoForKey(1, 'Am', 'Bm')).toBe(3);
  });

  it('keeps the capo where the shapes cannot be kept', () => {
    // E to C# is down three: capo 2 cannot go below the nut.
    expect(capoForKey(2, 'E', 'C#')).toBe(2);
    // Up past the last fret My view offers.
    expect(capoForKey(10, 'E', 'G')).toBe(10);
  });

  it('keeps the capo when the musician chose to, plays without one, or a key is unknown', () => {
    expect(capoForKey(2, 'E', 'F', 'capo')).toBe(2);
    expect(capoShapes('F', capoForKey(2, 'E', 'F', 'capo'))).toBe('Eb');
    // No capo: a keyboard player reads the chords as they sound.
    expect(capoForKey(0, 'E', 'F')).toBe(0);
    expect(capoForKey(2, null, 'F')).toBe(2);
    expect(capoForKey(2, 'E', null)).toBe(2);
    expect(capoForKey(2, 'E', 'not a key')).toBe(2);
    expect(capoForKey(2, 'E', 'E')).toBe(2);
  });
});
