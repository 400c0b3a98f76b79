import { describe, expect, it } from 'vitest';
import { keptLine, keptSize, recordingsLine } from './offline-data-texts.ts';

describe('keptSize', () => {
  it.each([
    [1, '1 byte'],
    [1023, '1,023 bytes'],
    [1024, '1 KB'],
    [1535, '1 KB'],
    [1536, '2 KB'],
    [312 * 1024, '312 KB'],
    [1024 * 1024 - 1, '1.0 MB'],
    [1024 * 1024, '1.0 MB'],
    [Math.round(4.26 * 1024 * 1024), '4.3 MB'],
  ])('%i bytes reads %s', (bytes, text) => {
    expect(keptSize(bytes)).toBe(text);
  });
});

describe('keptLine', () => {
  const updated = (keptAt: number) => `at ${keptAt}`;

  it('names setlists, songs, size and when they were kept', () => {
    expect(keptLine({ setlists: 3, songs: 45, bytes: 312 * 1024, keptAt: 7 }, updated)).toBe(
      'Kept on this device: 3 setlists, 45 songs, 312 KB (updated at 7).',
    );
  });

  it('says one setlist and one song in the singular', () => {
    expect(keptLine({ setlists: 1, songs: 1, bytes: 2048, keptAt: 7 }, updated)).toBe(
      'Kept on this device: 1 setlist, 1 song, 2 KB (updated at 7).',
    );
  });

  it('leaves out the time when no setlist is kept, only the teams', () => {
    expect(keptLine({ setlists: 0, songs: 0, bytes: 800, keptAt: null }, updated)).toBe(
      'Kept on this device: 0 setlists, 0 songs, 800 bytes.',
    );
  });

  it('says when nothing is kept', () => {
    expect(keptLine({ setlists: 0, songs: 0, bytes: 0, keptAt: null }, updated)).toBe(
      'Nothing is kept on this device.',
    );
  });
});

describe('recordingsLine', () => {
  it('counts the recordings kept and their size', () => {
    const bytes = Math.round(12.4 * 1024 * 1024);
    expect(recordingsLine({ recordings: 3, recordingBytes: bytes }, true)).toBe(
      'Recordings kept: 3 (12.4 MB).',
    );
    expect(recordingsLine({ recordings: 1, recordingBytes: 2048 }, false)).toBe(
      'Recordings kept: 1 (2 KB).',
    );
  });

  it('says none are kept while keeping them is on, and nothing while it is off', () => {
    expect(recordingsLine({ recordings: 0, recordingBytes: 0 }, true)).toBe(
      'No recordings are kept on this device.',
    );
    expect(recordingsLine({ recordings: 0, recordingBytes: 0 }, false)).toBeNull();
  });
});
