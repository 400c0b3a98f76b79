import { describe, expect, it } from 'vitest';
import { encodeQr } from './qr-code.ts';

const picture = (modules: boolean[][]) =>
  modules.map((row) => row.map((dark) => (dark ? '#' : '.')).join(''));

describe('encodeQr', () => {
  it('draws the same symbol as an independent encoder (python-qrcode, version 1-M, mask 2)', () => {
    expect(picture(encodeQr('Segue', { mask: 2 }).modules)).toEqual([
      '#######....##.#######',
      '#.....#...#.#.#.....#',
      '#.###.#.#.#.#.#.###.#',
      '#.###.#.#.#...#.###.#',
      '#.###.#.#...#.#.###.#',
      '#.....#.#..#..#.....#',
      '#######.#.#.#.#######',
      '........#.#..........',
      '#.#####...##..#####..',
      '#.##.#.#.#.####..##.#',
      '#.#...#####.#.##.###.',
      '#...##...#.####..####',
      '......#.....#..#.....',
      '........#.#.#..#.###.',
      '#######..###.#..##.#.',
      '#.....#.###....#####.',
      '#.###.#.#.##.#..##.#.',
      '#.###.#.########.##..',
      '#.###.#.###.#.##.##..',
      '#.....#...#####..##..',
      '#######.###.#......#.',
    ]);
  });

  it('picks the smallest version that holds the bytes', () => {
    // Version 1-M holds 14 bytes, version 1-L 17.
    expect(encodeQr('x'.repeat(14)).version).toBe(1);
    expect(encodeQr('x'.repeat(15)).version).toBe(2);
    expect(encodeQr('x'.repeat(17), { errorCorrection: 'L' }).version).toBe(1);
    // Multi-byte characters count as their UTF-8 bytes.
    expect(encodeQr('ü'.repeat(7)).version).toBe(1);
    expect(encodeQr('ü'.repeat(8)).version).toBe(2);
  });

  it('fits an authenticator URI with a long address', () => {
    const uri = `otpauth://totp/Segue%3A${'a'.repeat(240)}%40example.com?secret=${'A'.repeat(32)}&issuer=Segue&algorithm=SHA1&digits=6&period=30`;
    const code = encodeQr(uri);
    expect(code.size).toBe(17 + 4 * code.version);
    expect(code.modules).toHaveLength(code.size);
    expect(code.modules.every((row) => row.length === code.size)).toBe(true);
  });

  it('refuses text beyond version 40', () => {
    expect(() => encodeQr('x'.repeat(2332))).toThrow(RangeError);
    expect(encodeQr('x'.repeat(2331)).version).toBe(40);
  });
});
