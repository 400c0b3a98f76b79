/// <reference types="node" />
// Node's types for this file only, to read the fixtures: the package's own code runs in the
// browser too and must not use Node.
import { readFileSync, readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatChord, parseChord } from './chord.ts';
import { KEYS, type Key, parseKey } from './keys.ts';
import { chordTokens, isChordLine } from './line.ts';
import { NOTATIONS, notateChord, notateLine, parseNashville, parseRoman } from './notation.ts';
import { type Spelling } from './spelling.ts';
import { transposeChord, transposeChordBy, transposeLine, transposeLineBy } from './transpose.ts';

// ---------------------------------------------------------------------------------------------
// Fixtures (test/fixtures, see MANIFEST.md): every bracketed ChordPro chord, every OpenLyrics
// <chord>, every OpenSong '.' line, and every chord-over-lyrics line of the plain and
// Ultimate Guitar files, with the song's key where the file declares one.

const FIXTURES = new URL('../../test/fixtures/', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, FIXTURES), 'utf8');
const filesIn = (folder: string) => readdirSync(new URL(folder, FIXTURES)).map((f) => folder + f);

interface Found {
  token: string;
  key: Key | null;
  file: string;
}
const tokens: Found[] = [];
const lines: string[] = [];

for (const file of filesIn('chordpro/')) {
  let key: Key | null = null;
  for (const line of read(file).split('\n')) {
    const directive = /^\{key:\s*([^}]*)\}/.exec(line);
    if (directive) key = parseKey(directive[1] ?? '');
    if (line.startsWith('{') || line.startsWith('#')) continue;
    for (const [, token = ''] of line.matchAll(/\[([^\]]+)\]/g)) tokens.push({ token, key, file });
  }
}

// OpenLyrics 0.9 writes a chord as root, structure and bass: the two structures of the fixture.
const STRUCTURES: Record<string, string> = { '': '', 'm3-5': 'm' };
for (const file of filesIn('openlyrics/')) {
  const text = read(file);
  const key = parseKey(/<key>([^<]*)<\/key>/.exec(text)?.[1] ?? '');
  for (const [, attributes = ''] of text.matchAll(/<chord\s([^>]*?)\/?>/g)) {
    const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(attributes)?.[1];
    const name = attribute('name');
    const root = attribute('root');
    const suffix = STRUCTURES[attribute('structure') ?? ''];
    const bass = attribute('bass');
    if (name !== undefined) tokens.push({ token: name, key, file });
    else if (root !== undefined && suffix !== undefined) {
      tokens.push({ token: root + suffix + (bass ? `/${bass}` : ''), key, file });
    }
  }
}

for (const file of filesIn('opensong/')) {
  const text = read(file);
  const key = parseKey(/<key>([^<]*)<\/key>/.exec(text)?.[1] ?? '');
  for (const line of text.split('\n').filter((l) => l.startsWith('.'))) {
    lines.push(line.slice(1));
    for (const { chord } of chordTokens(line.slice(1))) tokens.push({ token: chord, key, file });
  }
}

for (const file of [...filesIn('plain/'), ...filesIn('ultimate-guitar/')]) {
  for (const line of read(file).split('\n').filter(isChordLine)) {
    lines.push(line);
    for (const { chord } of chordTokens(line)) tokens.push({ token: chord, key: null, file });
  }
}

const unique = <T>(values: T[]) => [...new Set(values)];
const fixtureChords = unique(tokens.map((t) => t.token)).filter((t) => parseChord(t) !== null);
const fixtureOthers = unique(tokens.map((t) => t.token)).filter((t) => parseChord(t) === null);
const SPELLINGS: Spelling[] = [...KEYS, 'sharps', 'flats'];

// An independent reading of a note's pitch (not the code under test).
const SEMITONES: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };
function semitone(note: string): number {
  const shift = [...note.slice(1)].reduce((n, a) => n + (a === '#' ? 1 : -1), 0);
  return ((((SEMITONES[note.charAt(0)] ?? NaN) + shift) % 12) + 12) % 12;
}

/** The spelling a key gives a chord written the way the key would write it: the chord itself. */
const isSpelledAsIn = (chord: string, key: Key) => transposeChord(chord, key, key) === chord;

describe('the fixtures', () => {
  it('hold the chords and chord lines these tests rely on', () => {
    expect(fixtureChords).toEqual(
      expect.arrayContaining(['D', 'A7', 'Bm7sus2', "D'", 'D†', 'Am7', 'Bm', 'A/C#', 'Dm']),
    );
    expect(fixtureOthers).toEqual(expect.arrayContaining(['Dosa', 'Gxxxxxxxx']));
    expect(lines.length).toBeGreaterThan(20);
  });

  it('write every chord the way its song’s declared key spells it', () => {
    const keyed = tokens.filter((t) => t.key !== null && parseChord(t.token) !== null);
    expect(keyed.length).toBeGreaterThan(30);
    for (const { token, key, file } of keyed) {
      expect(transposeChord(token, key!, key!), `${token} in ${key} (${file})`).toBe(token);
    }
  });
});

describe('every fixture chord, in every key', () => {
  it('from K to K2 and back to K gives the chord exactly, when K spells it that way', () => {
    for (const chord of fixtureChords) {
      const keys = KEYS.filter((k) => isSpelledAsIn(chord, k));
      expect(keys.length, chord).toBeGreaterThan(0);
      for (const from of keys) {
        for (const to of KEYS) {
          const back = transposeChord(transposeChord(chord, from, to), to, from);
          expect(back, `${chord} ${from}→${to}→${from}`).toBe(chord);
        }
      }
    }
  });

  it('from K to K2 and back to K gives the chord as K spells it, however it was written', () => {
    for (const chord of fixtureChords) {
      for (const from of KEYS) {
        for (const to of KEYS) {
          expect(transposeChord(transposeChord(chord, from, to), to, from)).toBe(
            transposeChord(chord, from, from),
          );
        }
      }
    }
  });

  it('moves by 12 semitones to itself, and by n to a chord that parses, n semitones higher', () => {
    for (const chord of fixtureChords) {
      const { root, suffix, bass } = parseChord(chord)!;
      for (const spelling of SPELLINGS) {
        expect(transposeChordBy(chord, 12, spelling)).toBe(transposeChordBy(chord, 0, spelling));
        if (spelling !== 'sharps' && spelling !== 'flats' && isSpelledAsIn(chord, spelling)) {
          expect(transposeChordBy(chord, 12, spelling)).toBe(chord);
        }
        for (let n = -11; n <= 11; n++) {
          const moved = parseChord(transposeChordBy(chord, n, spelling));
          expect(moved).not.toBeNull();
          expect(semitone(moved!.root)).toBe((semitone(root) + n + 12) % 12);
          expect(moved!.suffix).toBe(suffix);
          expect(moved!.bass === null ? null : semitone(moved!.bass)).toBe(
            bass === null ? null : (semitone(bass) + n + 12) % 12,
          );
        }
      }
    }
  });

  it('maps to Nashville numbers and Roman numerals and back to the same chord', () => {
    for (const chord of fixtureChords) {
      for (const key of KEYS) {
        expect(parseNashville(notateChord(chord, 'nashville', key), key)).toBe(chord);
        expect(parseRoman(notateChord(chord, 'roman', key), key)).toBe(chord);
      }
    }
  });

  it('passes every token that is not a chord through unchanged', () => {
    for (const token of fixtureOthers) {
      expect(transposeChordBy(token, 5, 'sharps')).toBe(token);
      for (const notation of NOTATIONS) expect(notateChord(token, notation, 'C')).toBe(token);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Generated chords and lines (fast-check).

const RUNS = { numRuns: 2000 };
const SUFFIXES = [
  ...['', 'm', '7', 'm7', 'maj7', 'M7', 'sus', 'sus2', 'sus4', '7sus4', '2', 'add9', '(add9)'],
  ...['madd9', '6', 'm6', '6/9', '9', 'm9', 'maj9', '11', '13', '5', 'dim', 'dim7', '°', 'ø7'],
  ...['m7b5', 'aug', '+', '7#9', '7b9', '7(#11)', 'mmaj7', 'mM7', 'Δ7', '-', "'", '†', '7alt'],
];
const note = fc
  .tuple(fc.constantFrom(...'ABCDEFG'), fc.constantFrom('', '#', 'b', '♯', '♭'))
  .map(([letter, accidental]) => letter + accidental);
const chord = fc
  .tuple(note, fc.constantFrom(...SUFFIXES), fc.option(note, { nil: null }))
  .map(([root, suffix, bass]) => root + suffix + (bass === null ? '' : `/${bass}`));
const key = fc.constantFrom(...KEYS);
const spelling = fc.constantFrom(...SPELLINGS);
const ascii = (text: string) => text.replaceAll('♯', '#').replaceAll('♭', 'b');
const FLAT_KEYS: Key[] = ['F', 'Bb', 'Eb', 'Ab', 'Db', 'Dm', 'Gm', 'Cm', 'Fm', 'Bbm', 'Ebm'];
// A minor key's leading tone is the one sharp a flat key writes: C# in D minor, F# in G minor.
const LEADING_TONES: Record<string, string> = { Dm: 'C#', Gm: 'F#' };

describe('generated chords', () => {
  it('parse, and format back to the same text in ASCII', () => {
    fc.assert(
      fc.property(chord, (c) => {
        expect(formatChord(parseChord(c)!)).toBe(ascii(c));
      }),
      RUNS,
    );
  });

  it('come back from any key to any key as the first key spells them', () => {
    fc.assert(
      fc.property(chord, key, key, (c, from, to) => {
        const back = transposeChord(transposeChord(c, from, to), to, from);
        expect(back).toBe(transposeChord(c, from, from));
        if (isSpelledAsIn(c, from)) expect(back).toBe(c);
      }),
      RUNS,
    );
  });

  it('come back from +n then −n in one spelling, and +12 changes nothing', () => {
    fc.assert(
      fc.property(chord, fc.integer({ min: -24, max: 24 }), spelling, (c, n, s) => {
        const start = transposeChordBy(c, 0, s);
        expect(transposeChordBy(transposeChordBy(c, n, s), -n, s)).toBe(start);
        expect(transposeChordBy(c, n + 12, s)).toBe(transposeChordBy(c, n, s));
      }),
      RUNS,
    );
  });

  it('are spelled by the target key: no flat in a sharp key, no sharp in a flat key', () => {
    fc.assert(
      fc.property(chord, key, key, (c, from, to) => {
        const { root } = parseChord(transposeChord(c, from, to))!;
        if (FLAT_KEYS.includes(to)) {
          expect(root === LEADING_TONES[to] || !root.includes('#'), `${c} → ${to}`).toBe(true);
        } else expect(root).not.toContain('b');
      }),
      RUNS,
    );
  });

  it('follow a forced preference for sharps or flats in root and bass', () => {
    fc.assert(
      fc.property(chord, key, key, (c, from, to) => {
        const { root, bass } = parseChord(transposeChord(c, from, to, 'sharps'))!;
        expect(`${root}${bass ?? ''}`).not.toMatch(/[A-G]b/);
        const flat = parseChord(transposeChord(c, from, to, 'flats'))!;
        expect(`${flat.root}${flat.bass ?? ''}`).not.toContain('#');
      }),
      RUNS,
    );
  });

  it('map to Nashville numbers and Roman numerals and back', () => {
    fc.assert(
      fc.property(chord, key, (c, k) => {
        expect(parseNashville(notateChord(c, 'nashville', k), k)).toBe(ascii(c));
        expect(parseRoman(notateChord(c, 'roman', k), k)).toBe(ascii(c));
      }),
      RUNS,
    );
  });
});

/** Checks that `after` holds `expected` in order, each at its old column or pushed just enough. */
function expectColumnsKept(before: string, after: string, expected: string[]) {
  const old = chordTokens(before);
  const now = chordTokens(after);
  expect(now.map((t) => t.chord)).toEqual(expected);
  now.forEach(({ column }, i) => {
    const previous = now[i - 1];
    const pushed = previous === undefined ? 0 : previous.column + previous.chord.length + 1;
    expect(column).toBe(Math.max(old[i]!.column, pushed));
  });
}

const word = fc.constantFrom('(x2)', 'N.C.', '|', 'x', 'Chorus', 'riff');
const line = fc
  .array(fc.tuple(fc.integer({ min: 1, max: 6 }), fc.oneof(chord, word)), { minLength: 1 })
  .map((parts) => parts.map(([gap, token]) => ' '.repeat(gap) + token).join(''));

describe('chord lines', () => {
  it('keep their chords in order, at their columns unless pushed by a longer one', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...lines), line), key, key, (l, from, to) => {
        const expected = chordTokens(l).map((t) => transposeChord(t.chord, from, to));
        expectColumnsKept(l, transposeLine(l, from, to), expected);
      }),
      RUNS,
    );
  });

  it('do so by semitones and in every notation too', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...lines), line),
        fc.integer({ min: -11, max: 11 }),
        spelling,
        fc.constantFrom(...NOTATIONS),
        key,
        (l, n, s, notation, k) => {
          const moved = chordTokens(l).map((t) => transposeChordBy(t.chord, n, s));
          expectColumnsKept(l, transposeLineBy(l, n, s), moved);
          const shown = chordTokens(l).map((t) => notateChord(t.chord, notation, k));
          expectColumnsKept(l, notateLine(l, notation, k), shown);
        },
      ),
      RUNS,
    );
  });

  it('come back with the same chords; a chord pushed right on the way there stays there', () => {
    for (const l of lines) {
      for (const from of KEYS.filter((k) => transposeLine(l, k, k) === l)) {
        expect(transposeLineBy(l, 12, from)).toBe(l);
        for (const to of KEYS) {
          const back = transposeLine(transposeLine(l, from, to), to, from);
          expect(chordTokens(back).map((t) => t.chord)).toEqual(chordTokens(l).map((t) => t.chord));
        }
      }
    }
    expect(transposeLine(transposeLine('C D', 'C', 'Db'), 'Db', 'C')).toBe('C  D');
  });
});
