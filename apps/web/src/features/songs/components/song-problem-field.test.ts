import { describe, expect, it } from 'vitest';
import { SONG_DETAIL_TEXTS, SONG_LIMITS, SongInputSchema } from '@segue/shared';
import { problemUnder, songProblemField } from './song-problem-field.ts';
import type { CheckedSong } from './song-problem-field.ts';

const line = (lyrics = 'la') => ({ chords: '', lyrics });
const song: CheckedSong = {
  parts: [
    { label: 'Verse 1', lines: [line()] },
    { label: 'Chorus', lines: [] },
    { label: 'Bridge', lines: [line(), line('x'.repeat(SONG_LIMITS.lineMaxLength + 1))] },
  ],
  authors: [
    { name: 'Ann', type: 'words' },
    { name: '  ', type: 'music' },
  ],
};

describe('songProblemField', () => {
  it('finds the field of each of the spec’s checks and the size limits', () => {
    expect(songProblemField('Title is required.', song)).toBe('title');
    expect(songProblemField('Title must be at most 200 characters.', song)).toBe('title');
    expect(songProblemField('Artist must be at most 200 characters.', song)).toBe('artist');
    expect(songProblemField('At least one part is required.', song)).toBe('parts');
    expect(songProblemField('A song can have at most 50 parts.', song)).toBe('parts');
    expect(songProblemField('Part 2 is missing a label.', song)).toBe('parts.1.label');
    expect(songProblemField('Part "Chorus" needs at least one line.', song)).toBe('parts.1.lines');
    expect(songProblemField('Lines in part "Bridge" must be at most 500 characters.', song)).toBe(
      'parts.2.lines.1.lyrics',
    );
  });

  it('finds the detail a message is about, and the author with no name', () => {
    expect(songProblemField(SONG_DETAIL_TEXTS.capo, song)).toBe('capo');
    expect(songProblemField(SONG_DETAIL_TEXTS.tempo, song)).toBe('tempo');
    expect(songProblemField(SONG_DETAIL_TEXTS.time, song)).toBe('time');
    expect(songProblemField(SONG_DETAIL_TEXTS.ccli, song)).toBe('ccli');
    expect(songProblemField(SONG_DETAIL_TEXTS.copyright, song)).toBe('copyright');
    expect(songProblemField(SONG_DETAIL_TEXTS.authors, song)).toBe('authors');
    expect(songProblemField(SONG_DETAIL_TEXTS.authorName, song)).toBe('authors.1.name');
    const key = SongInputSchema.safeParse({ title: 'T', key: 'H#', parts: [] });
    expect(songProblemField(key.error?.issues[0]?.message ?? '', song)).toBe('key');
  });

  it('reads a server message that starts with its path, and knows no field for others', () => {
    expect(songProblemField('parts.0.lines: Invalid input: expected array.', song)).toBe(
      'parts.0.lines',
    );
    expect(songProblemField('Failed to save song', song)).toBeUndefined();
    expect(songProblemField('teamId does not match the X-Team-ID header.', song)).toBeUndefined();
  });
});

describe('problemUnder', () => {
  const problem = { text: 'Too long', field: 'parts.2.lines.1.lyrics' };

  it('hands a part and a line only their own problem, with the field made relative', () => {
    expect(problemUnder(problem, 'parts.2')).toEqual({ text: 'Too long', field: 'lines.1.lyrics' });
    expect(problemUnder(problem, 'parts.1')).toBeUndefined();
    // 'parts.2' is no prefix of 'parts.21'.
    expect(problemUnder({ text: 'x', field: 'parts.21.label' }, 'parts.2')).toBeUndefined();
    expect(problemUnder({ text: 'x', field: 'title' }, 'title')).toEqual({ text: 'x', field: '' });
    expect(problemUnder({ text: 'x' }, 'title')).toBeUndefined();
    expect(problemUnder(null, 'title')).toBeUndefined();
  });
});
