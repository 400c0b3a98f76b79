/// <reference types="node" />
// Node's types for this file only, to read the fixtures (see chords.property.test.ts).
import { readFileSync, readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chordTokens } from '../chords/line.ts';
import { OPENSONG_TEXTS, openSongLabel, readOpenSong } from './opensong.ts';
import type { ConvertedSong } from './types.ts';

const FIXTURES = new URL('../../test/fixtures/', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, FIXTURES), 'utf8');
const SONGS = readdirSync(new URL('opensong/', FIXTURES))
  .filter((file) => !file.endsWith('.json'))
  .map((file) => `opensong/${file}`);

function only(text: string): ConvertedSong {
  const { songs } = readOpenSong(text);
  expect(songs).toHaveLength(1);
  return songs[0]!;
}

/** A part as OpenLP's oracle writes a verse: ChordPro chords in the lyrics, lines joined. */
function inline(part: ConvertedSong['parts'][number]): string {
  return part.lines
    .map(({ chords, lyrics }) => {
      let line = lyrics;
      for (const { chord, column } of chordTokens(chords).reverse()) {
        const at = Math.min(column, lyrics.length);
        line = `${line.slice(0, at)}[${chord}]${line.slice(at)}`;
      }
      return line;
    })
    .join('\n');
}

/** A song in OpenSong's XML, with its lyrics as they are written in the file. */
const xml = (lyrics: string, details = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<song>\n  <title>T</title>${details}\n  <lyrics>${lyrics}</lyrics>\n</song>\n`;

describe('readOpenSong on the fixtures', () => {
  it.each(SONGS)('reads %s as one song that keeps the file', (file) => {
    const text = read(file);
    const song = only(text);
    expect(song.title).not.toBe('');
    expect(song.parts.length).toBeGreaterThan(0);
    expect(song.parts.every((part) => part.label && part.lines.length > 0)).toBe(true);
    expect(song.source).toMatchObject({ format: 'opensong', text });
  });

  it('reads the verses that share chord lines as OpenLP’s oracle does', () => {
    const song = only(read('opensong/amazing-grace_multiverse-chordlines'));
    const oracle = JSON.parse(read('opensong/amazing-grace_multiverse-chordlines.expected.json'));
    expect(song.title).toBe(oracle.title);
    expect(song.authors.map((a) => a.name)).toEqual(oracle.authors);
    expect(song.artist).toBe('John Newton, Edwin Excell & John P. Rees');
    expect(song.copyright).toBe(oracle.copyright.trim());
    expect(song.ccli).toBe(String(oracle.ccli_number));
    expect(song.parts.map((p) => p.label)).toEqual(
      oracle.verses.map(([, tag]: [string, string]) => openSongLabel(tag.toUpperCase())),
    );
    expect(song.parts.map(inline)).toEqual(oracle.verses.map(([text]: [string]) => text));
  });

  it('keeps the comments and the fields Segue does not show with the file', () => {
    const { songs, warnings } = readOpenSong(read('opensong/amazing-grace_multiverse-chordlines'));
    expect(songs[0]!.source.extras).toEqual({
      comments: [
        'Test the chords format',
        'Chords beging with .',
        'Verses begin with their verse number',
        'Link words with _',
        'Comments begin with ;',
      ],
      fields: {
        theme: 'God: Assurance/Grace/Salvation',
        alttheme: 'Worship: Praise',
        hymn_number: 'Demonstration Songs 0',
      },
    });
    expect(warnings).toEqual([
      {
        song: 0,
        line: null,
        message: OPENSONG_TEXTS.notKept(['comments', 'theme', 'alttheme', 'hymn_number']),
      },
    ]);
  });

  it('reads a tag and lyric lines that start with digits after their space', () => {
    const song = only(read('opensong/one-two-three_tag-numeric-lines'));
    expect(song.title).toBe('12345');
    expect(song.parts.map((p) => p.label)).toEqual(['Tag']);
    expect(song.parts[0]!.lines.slice(0, 3).map((l) => l.lyrics)).toEqual([
      '1, 2, 3, 4, 5,',
      'Once I caught a fish alive.',
      '6, 7, 8, 9, 10,',
    ]);
  });

  it('stores G shapes with capo 2 in sounding pitch, repeats parts as the presentation says', () => {
    const { songs, warnings } = readOpenSong(read('opensong/synthetic_amazing-grace_key-capo'));
    const song = songs[0]!;
    expect([song.key, song.capo, song.time, song.tempo]).toEqual(['A', 2, '3/4', null]);
    expect(warnings[0]!.message).toBe(OPENSONG_TEXTS.badTempo('Slow'));
    expect(song.parts.map((p) => p.label)).toEqual(['Verse 1', 'Verse 2', 'Verse 1']);
    expect(song.parts[0]!.lines[0]).toEqual({
      chords: ' A            A7        D       A',
      lyrics: 'Amazing grace! How sweet the sound',
    });
    // `_` links are gone, and the `|` at the end of a line makes no line of its own.
    expect(song.parts[0]!.lines.map((l) => l.lyrics)).toEqual([
      'Amazing grace! How sweet the sound',
      'That saved a wretch like me!',
      'I once was lost, but now am found;',
      'Was blind, but now I see.',
    ]);
    expect(song.parts[2]).toEqual(song.parts[0]);
  });
});

describe('readOpenSong', () => {
  it('names parts as OpenSong does and keeps names of the file’s own', () => {
    expect(['V1', 'C', 'C2', 'B', 'T', 'P1', 'I', 'E', 'Coda', 'X'].map(openSongLabel)).toEqual([
      'Verse 1',
      'Chorus',
      'Chorus 2',
      'Bridge',
      'Tag',
      'Pre-Chorus 1',
      'Intro',
      'Ending',
      'Coda',
      'X',
    ]);
  });

  it('breaks a line at | and ||, keeping each chord over its syllable', () => {
    const song = only(xml('[V1]\n.G          C     D\n one two || three four| five\n'));
    expect(song.parts[0]!.lines).toEqual([
      { chords: 'G', lyrics: 'one two' },
      { chords: ' C     D', lyrics: ' three four' },
      { chords: '', lyrics: ' five' },
    ]);
  });

  it('reads chords over a lyric line without its leading space at the right columns', () => {
    // Columns count from the '.': G stands over the file's third column, the first 'l'.
    const song = only(xml('[C]\n. G   D\nHallelujah\n'));
    expect(song.parts[0]!.lines).toEqual([{ chords: '  G   D', lyrics: 'Hallelujah' }]);
  });

  it('warns about presentation names it does not have and adds parts it leaves out', () => {
    const { songs, warnings } = readOpenSong(
      xml('[V1]\n one\n[C]\n two\n[B]\n three\n', '<presentation>C V1 Z C</presentation>'),
    );
    expect(songs[0]!.parts.map((p) => p.label)).toEqual(['Chorus', 'Verse 1', 'Chorus', 'Bridge']);
    expect(warnings.map((w) => w.message)).toEqual([
      OPENSONG_TEXTS.unknownPart('Z'),
      OPENSONG_TEXTS.unorderedPart('Bridge'),
    ]);
  });

  it('answers no song, with a reason, for text that is not OpenSong', () => {
    for (const text of ['', 'hello', '<a', '<lyrics>[V1]</lyrics>']) {
      const { songs, warnings } = readOpenSong(text);
      expect(songs).toEqual([]);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.message).toMatch(/^This is not an OpenSong song/);
    }
  });

  it('never throws on any text, in the lyrics or as the whole file', () => {
    const lyricLine = fc.oneof(
      fc.string(),
      fc.constantFrom('[V]', '[C1]', '.G  D', ';x', '1a_b', '2c||d', ' |', '_', '.', '9'),
    );
    const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'grapheme' }),
          fc.array(lyricLine).map((lines) => xml(escape(lines.join('\n')))),
        ),
        fc.string(),
        (text, presentation) => {
          readOpenSong(text);
          readOpenSong(xml('[V]\n x', `<presentation>${escape(presentation)}</presentation>`));
        },
      ),
    );
  });
});
