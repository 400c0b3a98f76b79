import { describe, expect, it } from 'vitest';
import { linesFromText, pasteLines } from './pasted-lines.ts';

const blank = { chords: '', lyrics: '' };

describe('linesFromText', () => {
  it('puts a chord row over the lyric row below it, keeping the chords’ columns', () => {
    expect(linesFromText('G         C      G\r\nAmazing grace, how sweet\n')).toEqual([
      { chords: 'G         C      G', lyrics: 'Amazing grace, how sweet' },
    ]);
  });

  it('makes a line of each lyric row, drops blank rows, and keeps chords with no words', () => {
    expect(
      linesFromText(
        'Intro:\n| G | C |\n\nG   D\n  \nThen sings my soul  \nG  D\nEm  C\nMy Saviour',
      ),
    ).toEqual([
      { chords: '', lyrics: 'Intro:' },
      { chords: '| G | C |', lyrics: '' },
      // A blank row parts a chord row from the words below it.
      { chords: 'G   D', lyrics: '' },
      { chords: '', lyrics: 'Then sings my soul' },
      { chords: 'G  D', lyrics: '' },
      { chords: 'Em  C', lyrics: 'My Saviour' },
    ]);
  });
});

describe('pasteLines', () => {
  const at = (
    line: { chords: string; lyrics: string },
    field: 'chords' | 'lyrics',
    from = 0,
    to = from,
  ) => ({
    line,
    field,
    selectionStart: from,
    selectionEnd: to,
  });

  it('leaves text without a line break to the browser', () => {
    expect(pasteLines(at(blank, 'lyrics'), 'one line only')).toBeNull();
    expect(pasteLines(at(blank, 'lyrics'), '\n\n')).toBeNull();
  });

  it('fills an empty line with the first pasted line and adds the others below', () => {
    expect(
      pasteLines(at(blank, 'lyrics'), 'C   F\nO Lord my God\nWhen I in awesome wonder\n'),
    ).toEqual([
      { chords: 'C   F', lyrics: 'O Lord my God' },
      { chords: '', lyrics: 'When I in awesome wonder' },
    ]);
  });

  it('puts pasted words under chords already typed, and pasted chords over words', () => {
    const chords = { chords: 'G   D', lyrics: '' };
    expect(pasteLines(at(chords, 'lyrics'), 'Amazing grace\nHow sweet')).toEqual([
      { chords: 'G   D', lyrics: 'Amazing grace' },
      { chords: '', lyrics: 'How sweet' },
    ]);
    const words = { chords: '', lyrics: 'Amazing grace' };
    expect(pasteLines(at(words, 'chords'), 'G   D\nC')).toEqual([
      { chords: 'G   D', lyrics: 'Amazing grace' },
      { chords: 'C', lyrics: '' },
    ]);
  });

  it('keeps a line with words and adds the pasted lines below it', () => {
    const typed = { chords: 'G', lyrics: 'Amazing grace' };
    expect(pasteLines(at(typed, 'lyrics', 13), 'How sweet\nthe sound')).toEqual([
      typed,
      { chords: '', lyrics: 'How sweet' },
      { chords: '', lyrics: 'the sound' },
    ]);
    // Chords over chords would clash: the pasted line goes below too.
    const chords = { chords: 'G', lyrics: '' };
    expect(pasteLines(at(chords, 'lyrics'), 'D  A\nHow sweet')).toEqual([
      chords,
      { chords: 'D  A', lyrics: 'How sweet' },
    ]);
  });

  it('replaces the selection', () => {
    const typed = { chords: 'G', lyrics: 'Amazing grace' };
    expect(pasteLines(at(typed, 'lyrics', 0, 13), 'How sweet\nthe sound')).toEqual([
      { chords: 'G', lyrics: 'How sweet' },
      { chords: '', lyrics: 'the sound' },
    ]);
    expect(pasteLines(at(typed, 'lyrics', 7, 13), 'love\nhow sweet')).toEqual([
      { chords: 'G', lyrics: 'Amazing' },
      { chords: '', lyrics: 'love' },
      { chords: '', lyrics: 'how sweet' },
    ]);
  });
});
