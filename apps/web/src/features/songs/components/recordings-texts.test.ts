import { describe, expect, it } from 'vitest';
import { MEDIA_LIMITS } from '@segue/shared';
import { durationText, megabytesText, recordingNameOf, usageText } from './recordings-texts.ts';

const MB = 1024 * 1024;

describe('durationText', () => {
  it.each([
    [null, '—'],
    [Number.NaN, '—'],
    [-1, '—'],
    [0, '0:00'],
    [499, '0:00'],
    [500, '0:01'],
    [3000, '0:03'],
    [59_499, '0:59'],
    [59_500, '1:00'],
    [187_000, '3:07'],
    [600_000, '10:00'],
    [3_599_000, '59:59'],
    [3_600_000, '1:00:00'],
    [3_725_000, '1:02:05'],
    [MEDIA_LIMITS.maxAtMs, '6:00:00'],
  ])('%s ms reads %s', (ms, text) => {
    expect(durationText(ms)).toBe(text);
  });
});

describe('megabytesText', () => {
  it.each([
    [0, '0 MB'],
    [1, '0.1 MB'],
    [48_044, '0.1 MB'],
    [Math.round(0.26 * MB), '0.3 MB'],
    [MB, '1 MB'],
    [Math.round(3.24 * MB), '3.2 MB'],
    [Math.round(9.96 * MB), '10 MB'],
    [Math.round(49.6 * MB), '50 MB'],
    [2048 * MB, '2048 MB'],
  ])('%i bytes reads %s', (bytes, text) => {
    expect(megabytesText(bytes)).toBe(text);
  });
});

describe('usageText', () => {
  it('says the used part against the quota', () => {
    expect(usageText(Math.round(3.2 * MB), 2048 * MB)).toBe('3.2 MB of 2048 MB used');
    expect(usageText(0, 2048 * MB)).toBe('0 MB of 2048 MB used');
  });
});

describe('recordingNameOf', () => {
  it.each([
    ['Take 2.mp3', 'Take 2'],
    ['band.rehearsal.final.m4a', 'band.rehearsal.final'],
    ['  Oceans  .wav ', 'Oceans'],
    ['no-extension', 'no-extension'],
    ['.ogg', '.ogg'],
    ['Amazing Grace (live) – 2026.FLAC', 'Amazing Grace (live) – 2026'],
  ])('%s is offered as %s', (file, name) => {
    expect(recordingNameOf(file)).toBe(name);
  });

  it('keeps within the longest name the server takes', () => {
    const name = recordingNameOf(`${'a'.repeat(MEDIA_LIMITS.nameMax + 50)}.mp3`);
    expect(name).toHaveLength(MEDIA_LIMITS.nameMax);
  });
});
