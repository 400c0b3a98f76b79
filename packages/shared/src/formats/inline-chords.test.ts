import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderChordTokens } from '../chords/line.ts';
import { chordsOverWords, inlineChords } from './inline-chords.ts';

describe('chordsOverWords', () => {
  it('puts each chord over the letter it stands before', () => {
    expect(chordsOverWords('[G]Amazing [D]grace')).toEqual({
      chords: 'G       D',
      lyrics: 'Amazing grace',
    });
    expect(chordsOverWords('sweet [G]chari[D]ot,')).toEqual({
      chords: '      G    D',
      lyrics: 'sweet chariot,',
    });
  });

  it('keeps chords after the words, and the spacing of a line of chords alone', () => {
    expect(chordsOverWords('home. [G]   [D]')).toEqual({ chords: '      G  D', lyrics: 'home.' });
    expect(chordsOverWords('[G]     [D]     [G]')).toEqual({ chords: 'G    D    G', lyrics: '' });
  });

  it('passes chords and text through the options, and places chords after the mapping', () => {
    const upper = {
      mapChord: (c: string) => c.toUpperCase(),
      mapText: (t: string) => t.replaceAll('_', ' '),
    };
    expect(chordsOverWords('[g]Amazing_[dsus4]grace', upper)).toEqual({
      chords: 'G       DSUS4',
      lyrics: 'Amazing grace',
    });
    const long = { mapChord: (c: string) => `${c}maj7` };
    expect(inlineChords({ chords: 'G D', lyrics: 'ab' }, long)).toBe('[Gmaj7]ab[Dmaj7]');
  });

  it('moves a chord that would touch the one before it to the right, never the words', () => {
    expect(chordsOverWords('[Am7]I [G]love')).toEqual({ chords: 'Am7 G', lyrics: 'I love' });
    expect(chordsOverWords('[G][D]Word')).toEqual({ chords: 'G D', lyrics: 'Word' });
  });

  it('leaves brackets that hold no chord or are never closed in the words', () => {
    expect(chordsOverWords('[]Word [G')).toEqual({ chords: '', lyrics: 'Word [G' });
    expect(chordsOverWords('  leading] spaces stay')).toEqual({
      chords: '',
      lyrics: '  leading] spaces stay',
    });
  });
});

describe('inlineChords', () => {
  it('writes each chord before the letter under it', () => {
    expect(inlineChords({ chords: 'G       D', lyrics: 'Amazing grace' })).toBe(
      '[G]Amazing [D]grace',
    );
    expect(inlineChords({ chords: '      G    D', lyrics: 'sweet chariot,' })).toBe(
      'sweet [G]chari[D]ot,',
    );
  });

  it('places chords past the end after spaces, and keeps a line of chords spaced', () => {
    expect(inlineChords({ chords: '          G', lyrics: 'home.' })).toBe('home.     [G]');
    expect(inlineChords({ chords: 'G    D', lyrics: '' })).toBe('[G]     [D]');
    expect(inlineChords({ chords: '', lyrics: 'no chords' })).toBe('no chords');
  });
});

const CHORDS = ['G', 'D', 'Em', 'C', 'A7', 'F#m', 'Bb/D', 'Gsus4', 'N.C.'];
const word = fc.stringMatching(/^[A-Za-z’',.!?]{1,8}$/);
/** Lyrics as Segue keeps them: words, single or double spaces, nothing trailing. */
const lyrics = fc.array(fc.tuple(word, fc.constantFrom(' ', '  ')), { maxLength: 8 }).map((words) =>
  words
    .map(([w, space]) => w + space)
    .join('')
    .trimEnd(),
);
/** A chords line as Segue keeps it: chords at increasing columns, at least one space apart. */
const chordsLine = fc
  .array(fc.tuple(fc.constantFrom(...CHORDS), fc.integer({ min: 0, max: 6 })), { maxLength: 6 })
  .map((steps) => {
    let column = 0;
    const tokens = steps.map(([chord, gap]) => {
      const token = { chord, column: column + gap };
      column = token.column + chord.length + 1;
      return token;
    });
    return renderChordTokens(tokens);
  });

describe('chords over words and chords inside words', () => {
  it('turn into each other without loss', () => {
    fc.assert(
      fc.property(chordsLine, lyrics, (chords, words) => {
        expect(chordsOverWords(inlineChords({ chords, lyrics: words }))).toEqual({
          chords,
          lyrics: words,
        });
      }),
      { numRuns: 1000 },
    );
  });

  it('settle after one reading of any text (a `[` left in the words needs an escape)', () => {
    const text = fc.stringMatching(/^[ A-Za-z[\]#G7m/]{0,40}$/);
    fc.assert(
      fc.property(text, (line) => {
        const once = chordsOverWords(line);
        fc.pre(!once.lyrics.includes('['));
        expect(chordsOverWords(inlineChords(once))).toEqual(once);
      }),
      { numRuns: 1000 },
    );
  });
});
