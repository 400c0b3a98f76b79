import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chordSegments, endsInChords, wordGroups } from './chord-segments.ts';
import type { ChordSegment } from './chord-segments.ts';

/** A segment of these ASCII examples, as wide as its lyric or its chord and a space. */
const seg = (chord: string, lyric: string, room = 0): ChordSegment => ({
  chord,
  lyric,
  width: Math.max(lyric.length, chord === '' ? 0 : chord.length + 1),
  room,
});

describe('chordSegments', () => {
  it('starts a segment at each chord and a piece at each later word', () => {
    expect(
      chordSegments({
        chords: 'G       D          Em',
        lyrics: 'Amazing grace, how sweet the sound',
      }),
    ).toEqual([
      seg('G', 'Amazing '),
      seg('D', 'grace, '),
      seg('', 'how '),
      seg('Em', 'sweet '),
      seg('', 'the '),
      seg('', 'sound'),
    ]);
  });

  it('cuts words where a chord sits over a syllable', () => {
    expect(
      chordSegments({
        chords: '  C    G',
        lyrics: 'Hallelujah',
      }),
    ).toEqual([seg('', 'Ha'), seg('C', 'llelu'), seg('G', 'jah')]);
  });

  it('keeps the lyric before the first chord, split at words', () => {
    expect(
      chordSegments({
        chords: '       D',
        lyrics: 'Oh the deep love',
      }),
    ).toEqual([seg('', 'Oh '), seg('', 'the '), seg('D', 'deep '), seg('', 'love')]);
  });

  it('gives lyrics without chords as words', () => {
    expect(
      chordSegments({
        chords: '',
        lyrics: 'Be still  my soul ',
      }),
    ).toEqual([seg('', 'Be '), seg('', 'still  '), seg('', 'my '), seg('', 'soul ')]);
    expect(
      chordSegments({
        chords: '   ',
        lyrics: 'Amen',
      }),
    ).toEqual([seg('', 'Amen')]);
  });

  it('gives a chords-only line its chords with their spacing and no invented lyric', () => {
    expect(
      chordSegments({
        chords: '  G   D/F#  Em  ',
        lyrics: '',
      }),
    ).toEqual([seg('', '', 2), seg('G', '', 2), seg('D/F#', '', 1), seg('Em', '')]);
  });

  it('gives an empty line no segments', () => {
    expect(
      chordSegments({
        chords: '',
        lyrics: '',
      }),
    ).toEqual([]);
    expect(
      chordSegments({
        chords: '  ',
        lyrics: '',
      }),
    ).toEqual([]);
  });

  it('keeps chords that run past the end of the lyrics, spaced as written', () => {
    expect(
      chordSegments({
        chords: 'G    C     D   Em',
        lyrics: 'Come now',
      }),
    ).toEqual([seg('G', 'Come '), seg('C', 'now', 3), seg('D', '', 2), seg('Em', '')]);
  });

  it('keeps the lyric that runs past the last chord, with its trailing spaces', () => {
    expect(
      chordSegments({
        chords: 'A',
        lyrics: 'Holy, holy, holy   ',
      }),
    ).toEqual([seg('A', 'Holy, '), seg('', 'holy, '), seg('', 'holy   ')]);
  });

  it('does not split the lyric under a chord, so a long chord leaves no hole in the words', () => {
    // "am" sits under "aj7": cut after "I ", the chord would push "am" away from it.
    expect(
      chordSegments({
        chords: 'Cmaj7 D',
        lyrics: 'I am here now',
      }),
    ).toEqual([seg('Cmaj7', 'I am h'), seg('D', 'ere '), seg('', 'now')]);
  });

  it('keeps both of two chords that collide over a short lyric', () => {
    // The lyrics end under the first chord; the second keeps its column.
    expect(
      chordSegments({
        chords: 'Cmaj7 D7sus4',
        lyrics: 'Oh',
      }),
    ).toEqual([seg('Cmaj7', 'Oh'), seg('D7sus4', '')]);
    // A last chord wider than its lyric: the segment is as wide as the chord.
    expect(
      chordSegments({
        chords: '    Gsus4',
        lyrics: 'Yes I',
      }),
    ).toEqual([seg('', 'Yes '), seg('Gsus4', 'I')]);
  });

  it('counts a tab as one column and a place to wrap', () => {
    expect(
      chordSegments({
        chords: 'G\tD   A',
        lyrics: 'la\tla la la',
      }),
    ).toEqual([seg('G', 'la'), seg('D', '\tla '), seg('A', 'la '), seg('', 'la')]);
    expect(
      chordSegments({
        chords: '',
        lyrics: 'one\ttwo',
      }),
    ).toEqual([seg('', 'one\t'), seg('', 'two')]);
  });

  it('does not wrap at a non-breaking space', () => {
    expect(
      chordSegments({
        chords: '',
        lyrics: 'Dios\u00a0mío y',
      }),
    ).toEqual([seg('', 'Dios\u00a0mío '), seg('', 'y')]);
  });
});

describe('chordSegments properties', () => {
  // Each unit is one character as a person counts it, and none joins the next one, so a line can
  // be built with chords placed over known characters. Few units, so spaces, tabs, chords and
  // columns collide often.
  const letter = fc.constantFrom('a', 'é', 'e\u0301', '🎵', ',', '\u00a0');
  const lyricUnit = fc.oneof(letter, fc.constantFrom(' ', ' ', '\t'));
  const chordUnit = fc.constantFrom('G', 'm', '7', '/', '♯', '𝄪');
  interface Placed {
    /** Lyric chunks, each with a chord over its first character or none. */
    chunks: { chord: string[]; lyric: string[] }[];
    /** Chords after the lyrics' end, each after at least one space, `gap` more. */
    after: { chord: string[]; gap: number }[];
    /** Spaces after the last chord. */
    trailing: number;
  }
  const placedArb: fc.Arbitrary<Placed> = fc.record({
    chunks: fc.array(
      fc.record({
        chord: fc.array(chordUnit, { maxLength: 5 }),
        lyric: fc.array(lyricUnit, { maxLength: 8 }),
      }),
      { maxLength: 12 },
    ),
    after: fc.array(
      fc.record({ chord: fc.array(chordUnit, { minLength: 1, maxLength: 5 }), gap: fc.nat(4) }),
      { maxLength: 3 },
    ),
    trailing: fc.nat(3),
  });

  /** The line, and where each chord must land: its column and, over lyrics, the lyric offset. */
  function build({ chunks, after, trailing }: Placed) {
    let chords: string[] = [];
    let lyrics = '';
    let column = 0;
    const placed: { chord: string; column: number; offset: number | null }[] = [];
    const place = (chord: string[], at: number, offset: number | null) => {
      chords = [...chords, ...Array<string>(at - chords.length).fill(' '), ...chord];
      placed.push({ chord: chord.join(''), column: at, offset });
    };
    for (const chunk of chunks) {
      // A chord needs a space after the one before it; where there is none it is left out.
      const fits = chords.length === 0 ? true : chords.length < column;
      if (chunk.chord.length > 0 && chunk.lyric.length > 0 && fits) {
        place(chunk.chord, column, lyrics.length);
      }
      lyrics += chunk.lyric.join('');
      column += chunk.lyric.length;
    }
    for (const { chord, gap } of after) {
      const at = Math.max(column, chords.length === 0 ? 0 : chords.length + 1) + gap;
      place(chord, at, null);
    }
    chords = [...chords, ...Array<string>(trailing).fill(' ')];
    return { line: { chords: chords.join(''), lyrics }, placed };
  }

  it('gives the lyrics back exactly, whatever the text', () => {
    const anything = fc.string({
      unit: fc.oneof(
        fc.string({ unit: 'grapheme', maxLength: 1 }),
        lyricUnit,
        fc.constant('\u0301'),
      ),
      maxLength: 40,
    });
    fc.assert(
      fc.property(anything, anything, (chords, lyrics) => {
        const joined = chordSegments({ chords, lyrics })
          .map((s) => s.lyric)
          .join('');
        expect(joined).toBe(lyrics);
      }),
    );
  });

  it('gives the chords back in order, each whole', () => {
    const chordsArb = fc.string({ unit: fc.oneof(chordUnit, lyricUnit), maxLength: 40 });
    fc.assert(
      fc.property(chordsArb, fc.string({ unit: lyricUnit, maxLength: 40 }), (chords, lyrics) => {
        const found = chordSegments({ chords, lyrics })
          .map((s) => s.chord)
          .filter((c) => c !== '');
        expect(found).toEqual(chords.split(/[ \t]+/).filter((t) => t !== ''));
      }),
    );
  });

  it('puts each chord over the character it was typed over, and at its column', () => {
    fc.assert(
      fc.property(placedArb, (input) => {
        const { line, placed } = build(input);
        const landed: { chord: string; column: number; offset: number | null }[] = [];
        let column = 0;
        let offset = 0;
        for (const s of chordSegments(line)) {
          if (s.chord !== '') {
            landed.push({
              chord: s.chord,
              column,
              offset: offset < line.lyrics.length ? offset : null,
            });
          }
          column += s.width + s.room;
          offset += s.lyric.length;
        }
        expect(landed).toEqual(placed);
      }),
    );
  });

  it('wraps only where a word starts, never inside a word or before a space', () => {
    fc.assert(
      fc.property(placedArb, (input) => {
        const { line } = build(input);
        let before = '';
        chordSegments(line).forEach((s, index) => {
          expect(s.chord !== '' || s.lyric !== '' || s.room > 0).toBe(true);
          if (index > 0 && s.chord === '' && s.lyric !== '') {
            expect(before).toMatch(/[ \t]$/);
            expect(s.lyric).toMatch(/^[^ \t]/);
          }
          before += s.lyric;
        });
      }),
    );
  });

  it('keeps chords apart and leaves no hole before a word that follows on', () => {
    const count = (text: string) => Array.from(new Intl.Segmenter().segment(text)).length;
    fc.assert(
      fc.property(placedArb, (input) => {
        const segments = chordSegments(build(input).line);
        segments.forEach((s, index) => {
          expect(s.width).toBe(Math.max(count(s.lyric), s.chord === '' ? 0 : count(s.chord) + 1));
          const previous = segments[index - 1];
          if (previous && s.chord === '' && s.lyric !== '') {
            expect(previous.width).toBe(count(previous.lyric));
            expect(previous.room).toBe(0);
          }
        });
      }),
    );
  });
});

describe('wordGroups', () => {
  const words = (line: { chords: string; lyrics: string }) =>
    wordGroups(chordSegments(line)).map((group) => group.map((s) => s.lyric).join('|'));

  it('keeps the pieces of a word cut by chords together, and words apart', () => {
    expect(words({ chords: '  C    G', lyrics: 'Hallelujah' })).toEqual(['Ha|llelu|jah']);
    expect(words({ chords: '    D', lyrics: 'O God my God' })).toEqual([
      'O ',
      'Go|d ',
      'my ',
      'God',
    ]);
    expect(
      words({ chords: 'G       D          Em', lyrics: 'Amazing grace, how sweet the sound' }),
    ).toEqual(['Amazing ', 'grace, ', 'how ', 'sweet ', 'the ', 'sound']);
  });

  it('starts a word at a chord over a space', () => {
    expect(words({ chords: ' D', lyrics: 'O my' })).toEqual(['O', ' my']);
  });

  it('keeps the chords after the last lyric with the last word, so none wraps alone', () => {
    const groups = (line: { chords: string; lyrics: string }) =>
      wordGroups(chordSegments(line)).map((group) => group.map((s) => s.chord || s.lyric));
    expect(groups({ chords: '    A   E', lyrics: 'Amen' })).toEqual([['Amen', 'A', 'E']]);
    expect(groups({ chords: 'G    C     D   Em', lyrics: 'Come now' })).toEqual([
      ['G'],
      ['C', 'D', 'Em'],
    ]);
    // A chord over the spaces after the last word, too.
    expect(groups({ chords: '          D', lyrics: 'Holy holy   ' })).toEqual([
      ['Holy '],
      ['holy ', 'D'],
    ]);
    // A chord over the last word is not a trailing one: words stay apart as before.
    expect(groups({ chords: '     D', lyrics: 'Holy holy' })).toEqual([['Holy '], ['D']]);
    // A line of chords alone wraps between its chords.
    expect(groups({ chords: 'G   D   Em', lyrics: '' })).toEqual([['G'], ['D'], ['Em']]);
  });

  it('marks a word that ends in chords after the lyrics', () => {
    const tails = (line: { chords: string; lyrics: string }) =>
      wordGroups(chordSegments(line)).map(endsInChords);
    expect(tails({ chords: '    A   E', lyrics: 'Amen' })).toEqual([true]);
    expect(tails({ chords: '  C    G', lyrics: 'Hallelujah' })).toEqual([false]);
    expect(tails({ chords: 'G   D', lyrics: '' })).toEqual([false, false]);
    expect(tails({ chords: '          D', lyrics: 'Holy holy   ' })).toEqual([false, true]);
  });

  it('groups every segment once, in order', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', ' ', 'C', '#') }),
        fc.string({ unit: fc.constantFrom('a', 'b', ' ', "'") }),
        (chords, lyrics) => {
          const segments = chordSegments({ chords, lyrics });
          expect(wordGroups(segments).flat()).toEqual(segments);
        },
      ),
    );
  });
});
