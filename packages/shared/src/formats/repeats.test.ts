import { describe, expect, it } from 'vitest';
import { SONG_LIMITS } from '../schemas/songs.ts';
import { readChordPro, writeChordPro } from './chordpro.ts';
import { readOpenLyrics } from './openlyrics.ts';
import { readOpenSong } from './opensong.ts';
import { readPlainText } from './plain-text.ts';
import { REPEAT_TEXTS } from './repeats.ts';
import type { ConvertResult } from './types.ts';

const { maxParts, maxLinesPerPart } = SONG_LIMITS;

const only = ({ songs }: ConvertResult) => {
  expect(songs).toHaveLength(1);
  return songs[0]!;
};
const leftOut = ({ warnings }: ConvertResult) =>
  warnings.filter((w) => w.message === REPEAT_TEXTS.leftOut);

describe('parts a file repeats', () => {
  it('are sung again up to the parts a song can hold, then left out with one warning', () => {
    const text = `{title: T}\n{soc}\nla\n{eoc}\n${'{chorus}\n'.repeat(maxParts + 20)}`;
    const read = readChordPro(text);
    expect(only(read).parts).toHaveLength(maxParts);
    expect(only(read).parts.every((part) => part.lines[0]?.lyrics === 'la')).toBe(true);
    expect(leftOut(read)).toHaveLength(1);
    // The recalls left out stay in the file as written: reading what is written gives it back.
    const written = writeChordPro({ ...only(read), title: 'T2' });
    expect(written.match(/\{chorus\}/g)).toHaveLength(maxParts + 20);
    expect(only(readChordPro(written)).parts).toEqual(only(read).parts);
  });

  it('are copied as before in a song that can hold them', () => {
    const read = readChordPro(`{soc}\nla\n{eoc}\n{chorus}\n{c: Chorus}\n\n{chorus}\n`);
    expect(only(read).parts.map((part) => part.label)).toEqual(Array(4).fill('Chorus'));
    expect(leftOut(read)).toEqual([]);
  });

  it('are not copied when the part is longer than a part may be', () => {
    const chorus = 'la\n'.repeat(maxLinesPerPart + 1);
    const read = readChordPro(`{soc}\n${chorus}{eoc}\n{chorus}\n{chorus}\n`);
    expect(only(read).parts).toHaveLength(1);
    expect(leftOut(read)).toHaveLength(1);
  });

  it('stop in chords over words, OpenLyrics and OpenSong too', () => {
    const plain = readPlainText(`T\n\n[Chorus]\nla\n${'[Chorus]\n'.repeat(2 * maxParts)}`);
    expect(only(plain).parts).toHaveLength(maxParts);
    expect(leftOut(plain)).toHaveLength(1);

    const openLyrics = readOpenLyrics(
      `<song xmlns="http://openlyrics.info/namespace/2009/song" version="0.9"><properties><titles><title>T</title></titles><verseOrder>v1 ${'c '.repeat(2 * maxParts)}v2</verseOrder></properties><lyrics><verse name="v1"><lines>a</lines></verse><verse name="c"><lines>b</lines></verse><verse name="v2"><lines>c</lines></verse></lyrics></song>`,
    );
    // Each verse is there once, in the order's place, however many repeats are left out.
    const labels = only(openLyrics).parts.map((part) => part.label);
    expect(labels).toHaveLength(maxParts + 1);
    expect(labels.at(-1)).toBe('Verse 2');
    expect(leftOut(openLyrics)).toHaveLength(1);

    const openSong = readOpenSong(
      `<song><title>T</title><presentation>V1 ${'C '.repeat(2 * maxParts)}V2</presentation><lyrics>[V1]\n a\n[C]\n b\n[V2]\n c</lyrics></song>`,
    );
    const parts = only(openSong).parts.map((part) => part.label);
    expect(parts).toHaveLength(maxParts + 1);
    expect(parts.at(-1)).toBe('Verse 2');
    expect(leftOut(openSong)).toHaveLength(1);
  });
});
