import { describe, expect, it } from 'vitest';
import { MAX_FILE_WARNINGS, moreWarnings, readSongFile } from './index.ts';
import { OPENSONG_TEXTS, readOpenSong } from './opensong.ts';

describe('warnings of a file', () => {
  it('are listed up to MAX_FILE_WARNINGS, then counted in one more', () => {
    const text = `{title: T}\nla\n${'{foo: bar}\n'.repeat(MAX_FILE_WARNINGS + 5)}`;
    const { warnings } = readSongFile('song.cho', text);
    expect(warnings).toHaveLength(MAX_FILE_WARNINGS + 1);
    expect(warnings.at(-1)).toEqual({ song: null, line: null, message: moreWarnings(5) });
    expect(warnings.at(-2)!.message).toMatch(/is not a ChordPro directive/);
  });

  it('are all listed when there are not too many', () => {
    const { warnings } = readSongFile('song.cho', `{title: T}\nla\n${'{foo}\n'.repeat(3)}`);
    expect(warnings.map((w) => w.line)).toEqual([3, 4, 5]);
  });

  it('name a part an OpenSong order does not have once, however often it names it', () => {
    const { warnings } = readOpenSong(
      '<song><title>T</title><presentation>V1 Z Z V1 Z</presentation><lyrics>[V1]\n a</lyrics></song>',
    );
    expect(warnings.map((w) => w.message)).toEqual([OPENSONG_TEXTS.unknownPart('Z')]);
  });
});
