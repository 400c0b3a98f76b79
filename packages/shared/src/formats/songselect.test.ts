/// <reference types="node" />
// Node's types for this file only, to read the fixtures (see chords.property.test.ts).
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SONGSELECT_TEXTS, readSongSelectText, readSongSelectUsr } from './songselect.ts';
import type { ConvertResult, ConvertedSong } from './types.ts';

const FIXTURES = new URL('../../test/fixtures/songselect/', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, FIXTURES), 'utf8');

function only({ songs }: ConvertResult): ConvertedSong {
  expect(songs).toHaveLength(1);
  return songs[0]!;
}

/** OpenLP's verse types, as Segue labels start. */
const VERSE_TYPES: Record<string, string> = { v: 'Verse', c: 'Chorus', b: 'Bridge' };

interface Oracle {
  title: string;
  authors: string[];
  ccli_number: string;
  copyright: string;
  verses: [string, string][];
}

function expectOracle(song: ConvertedSong, oracle: Oracle) {
  expect(song.title).toBe(oracle.title);
  expect(song.authors.map((a) => a.name)).toEqual(oracle.authors);
  expect(song.ccli).toBe(oracle.ccli_number);
  expect(song.parts.map((p) => p.label.split(' ')[0])).toEqual(
    oracle.verses.map(([, type]) => VERSE_TYPES[type]),
  );
  expect(song.parts.map((p) => p.lines.map((l) => l.lyrics).join('\n'))).toEqual(
    oracle.verses.map(([text]) => text.trimEnd()),
  );
  expect(song.parts.flatMap((p) => p.lines).every((l) => l.chords === '')).toBe(true);
}

describe('readSongSelectUsr', () => {
  it('reads the .usr fixture as OpenLP’s oracle does, with its key', () => {
    const result = readSongSelectUsr(read('openlp_TestSong.usr'));
    const song = only(result);
    const oracle = JSON.parse(read('openlp_TestSong.usr.expected.json')) as Oracle;
    expectOracle(song, oracle);
    expect(song.copyright).toBe(oracle.copyright);
    expect(song.parts.map((p) => p.label)).toEqual(['Verse 1', 'Verse 2']);
    expect([song.key, song.capo, song.artist]).toEqual(['G', 0, 'Author One, Author Two']);
    expect(song.source.extras).toMatchObject({
      admin: 'OpenLP One',
      themes: ['Adoration', 'Praise'],
    });
    expect(result.warnings).toEqual([{ song: 0, line: null, message: SONGSELECT_TEXTS.noChords }]);
  });

  it('labels parts Fields= does not name, and warns about a key and lines it cannot use', () => {
    const result = readSongSelectUsr('[S A12]\nTitle=X\nKeys=H\nFoo=bar\nWords=a/nb/tc/t\n');
    const song = only(result);
    expect(song.ccli).toBe('12');
    expect(song.parts).toEqual([
      {
        label: 'Verse 1',
        lines: [
          { chords: '', lyrics: 'a' },
          { chords: '', lyrics: 'b' },
        ],
      },
      { label: 'Verse 2', lines: [{ chords: '', lyrics: 'c' }] },
    ]);
    expect(result.warnings.slice(1)).toEqual([
      { song: 0, line: 4, message: SONGSELECT_TEXTS.notUsed('Foo=bar') },
      { song: 0, line: null, message: SONGSELECT_TEXTS.badKey('H') },
    ]);
  });
});

describe('readSongSelectText', () => {
  it('reads the .txt fixture as OpenLP’s oracle does, copyright holders joined', () => {
    const song = only(readSongSelectText(read('openlp_TestSong.txt')));
    const oracle = JSON.parse(read('openlp_TestSong.txt.expected.json')) as Oracle;
    expectOracle(song, oracle);
    // OpenLP keeps the first holder's line only; the second is the same song's second holder
    // (the .usr of the same song says so), so Segue keeps both, as the .usr writes them.
    expect(song.copyright).toBe(
      `${oracle.copyright} | OpenLP Programmer Two (Admin. by OpenLP Two)`,
    );
    expect(song.key).toBeNull();
    expect(song.source.extras).toEqual({
      terms:
        'For use solely with the OpenLP Song Test Suite.  All rights reserved. http://openlp.org',
      licence: 'CCLI License # 00000',
    });
  });

  it('joins the pre-2023 footer’s Words and Music copyright lines', () => {
    const song = only(readSongSelectText(read('synthetic_amazing-grace_pre2023.txt')));
    expect(song.title).toBe('Amazing Grace (Segue synthetic fixture)');
    expect(song.authors).toEqual([{ name: 'John Newton', type: 'words' }]);
    expect(song.ccli).toBe('22025');
    expect(song.copyright).toBe('© Words: Public Domain | Music: Public Domain');
    expect(song.parts.map((p) => [p.label, p.lines.length])).toEqual([
      ['Verse 1', 4],
      ['Verse 2', 4],
    ]);
  });

  it('reads a footer in another order, and a block without a name as more of the last part', () => {
    const text = 'Song\n\nChorus\nla\n\nli\n\nA | B\n© 2020 X\nCCLI Song # 7\n';
    const song = only(readSongSelectText(text));
    expect(song.parts).toEqual([
      {
        label: 'Chorus',
        lines: [
          { chords: '', lyrics: 'la' },
          { chords: '', lyrics: 'li' },
        ],
      },
    ]);
    expect([song.authors.length, song.copyright, song.ccli]).toEqual([2, '© 2020 X', '7']);
  });

  it('finds no song in blank text', () => {
    expect(readSongSelectText('\r\n').songs).toEqual([]);
    expect(readSongSelectUsr('').songs).toEqual([]);
  });
});

describe('SongSelect properties', () => {
  const line = fc.oneof(
    fc.string(),
    fc.constantFrom(
      'Verse 1',
      'Chorus',
      'CCLI Song # 1',
      '© x',
      'CCLI License # 2',
      '',
      'Words=a/tb',
      '[S A1]',
      'Keys=Q',
    ),
  );
  it('never throws on any text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'grapheme' }),
          fc.array(line).map((l) => l.join('\r\n')),
        ),
        (text) => {
          readSongSelectText(text);
          readSongSelectUsr(text);
        },
      ),
    );
  });
});
