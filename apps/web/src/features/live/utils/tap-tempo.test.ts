import { describe, expect, it } from 'vitest';
import { addTap, tappedBpm } from './tap-tempo.ts';

const tapsAt = (...times: number[]) => times.reduce<number[]>((taps, at) => addTap(taps, at), []);

describe('tap tempo', () => {
  it('needs three taps', () => {
    expect(tappedBpm(tapsAt(0, 500))).toBeNull();
    expect(tappedBpm(tapsAt(0, 500, 1000))).toBe(120);
  });

  it('takes the median interval, so one stray tap does not move it', () => {
    expect(tappedBpm(tapsAt(0, 833, 1667, 2300, 3333))).toBe(72);
  });

  it('keeps a tenth of a BPM', () => {
    expect(tappedBpm(tapsAt(0, 810, 1620, 2430))).toBe(74.1);
  });

  it('starts over after a long pause, and keeps the latest eight taps', () => {
    expect(tapsAt(0, 500, 1000, 5000)).toEqual([5000]);
    const many = tapsAt(...Array.from({ length: 12 }, (_v, i) => i * 400));
    expect(many).toHaveLength(8);
    expect(many[0]).toBe(1600);
    expect(tappedBpm(many)).toBe(150);
  });

  it('answers nothing outside what the click plays', () => {
    expect(tappedBpm(tapsAt(0, 150, 300))).toBeNull(); // 400 BPM
    expect(tappedBpm(tapsAt(0, 200, 400))).toBe(300);
  });
});
