/// <reference types="node" />
// Node's types for this file only, to read the fixtures.
import { readFileSync, readdirSync } from 'node:fs';
import fc from 'fast-check';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { KEYS } from '../chords/keys.ts';
import { type PartTranslation, paddedTranslation, songLanguages } from '../schemas/songs.ts';
import { chordTokens, renderChordTokens } from '../chords/line.ts';
import { decodeSongBytes } from './decode.ts';
import { labelOfVerseName, verseNameOfLabel } from './openlyrics-names.ts';
import {
  OPENLYRICS_NAMESPACE,
  type OpenLyricsExtras,
  OpenLyricsExtrasSchema,
  readOpenLyrics,
  writeOpenLyrics,
} from './openlyrics.ts';
import { ConvertError, type ConvertedSong, type SongToWrite } from './types.ts';

const FIXTURES = new URL('../../test/fixtures/openlyrics/', import.meta.url);
const FILES = readdirSync(FIXTURES).sort();
const textOf = (file: string) =>
  decodeSongBytes(new Uint8Array(readFileSync(new URL(file, FIXTURES))));

function read(text: string) {
  const { songs, warnings } = readOpenLyrics(text);
  expect(songs).toHaveLength(1);
  return { song: songs[0]!, warnings };
}

/** What the round-trip rules compare: the song without its source. */
function modelOf(song: SongToWrite) {
  return {
    title: song.title,
    artist: song.artist,
    language: song.language ?? null,
    parts: song.parts.map(({ label, lines, translations = [] }) => ({
      label,
      lines: lines.map(({ chords, lyrics }) => ({ chords, lyrics })),
      // A translation shorter than its part is padded when saved: the same song.
      translations: translations.map((t) => paddedTranslation(t, lines.length)),
    })),
    key: song.key,
    capo: song.capo,
    tempo: song.tempo,
    time: song.time,
    ccli: song.ccli,
    copyright: song.copyright,
    authors: song.authors,
  };
}

/** The file written anew, as if its original text had been too long to keep. */
function rewrite(song: ConvertedSong): string {
  return writeOpenLyrics({ ...song, source: { ...song.source, text: null } });
}

const labels = (song: SongToWrite) => song.parts.map((part) => part.label);
const messages = (warnings: { message: string }[]) => warnings.map((w) => w.message);
const lineNumberOf = (text: string, needle: string) =>
  text.split('\n').findIndex((line) => line.includes(needle)) + 1;

/** Each chord of a line with the four characters of lyrics under it. */
const chordsOver = (line: { chords: string; lyrics: string }) =>
  chordTokens(line.chords).map(({ chord, column }) => [
    chord,
    line.lyrics.slice(column, column + 4),
  ]);

describe('readOpenLyrics: the fixtures, from their bytes', () => {
  it.each(FILES)('reads %s', (file) => {
    const { song } = read(textOf(file));
    expect(song.title).not.toBe('');
    expect(song.parts.length).toBeGreaterThan(0);
    expect(song.source.format).toBe('openlyrics');
    expect(song.source.text).toBe(textOf(file));
  });

  it('reads the WINDOWS-1250 Czech song right, in its verse order', () => {
    const { song, warnings } = read(textOf('cp1250-encoding_mam-zde-pritele.xml'));
    expect(song.title).toBe('Mám zde přítele');
    expect(labels(song)).toEqual(['Verse 1', 'Chorus', 'Verse 2', 'Chorus', 'Verse 3', 'Chorus']);
    expect(song.parts[0]!.lines[0]).toEqual({ chords: '', lyrics: 'Mám zde přítele,' });
    expect(song.parts[4]!.lines[0]!.lyrics).toBe('Čeho bych se bál,');
    expect(song.authors).toEqual([
      { name: 'A.J. Showalter', type: 'words' },
      { name: 'E.A. Hoffman', type: 'words' },
    ]);
    expect(warnings).toEqual([]);
  });

  it('puts each 0.8 chord over the syllable it was written before (s<chord/>weet)', () => {
    const { song } = read(textOf('openlp_amazing-grace_0.8-chords-in-words.xml'));
    const [first, second] = song.parts[0]!.lines;
    expect(first!.lyrics).toBe('Amazing grace, how sweet the sound');
    expect(chordsOver(first!)).toEqual([
      ['C', 'Amaz'],
      ['C7', 'grac'],
      ['F', 'weet'],
      ['Fm', 'ound'],
    ]);
    expect(second!.lyrics).toBe('That saved a wretch like me!');
    // D was written before the space: it stays there, just before "me".
    expect(chordsOver(second!)).toEqual([
      ['C', 'save'],
      ['Am7', 'wret'],
      ['D', ' me!'],
    ]);
    expect(song.parts[0]!.lines).toHaveLength(2);
  });

  it("reads OpenLP's re-export of that song (one line, no layout) the same", () => {
    const original = read(textOf('openlp_amazing-grace_0.8-chords-in-words.xml')).song;
    const exported = read(textOf('openlp_amazing-grace_0.8-chords-in-words.expected.xml')).song;
    expect(exported.parts).toEqual(original.parts);
  });

  describe('complex.xml', () => {
    const text = textOf('complex_key-transposition-multilang.xml');
    const { song, warnings } = read(text);

    it('reads the details, with the key moved by <transposition> to sounding pitch', () => {
      expect(song.title).toBe('Amazing Grace');
      expect(song.artist).toBe('Newsboys');
      expect(song.key).toBe('Eb'); // C# + 2 semitones
      expect(song.tempo).toBe(90);
      expect(song.ccli).toBe('4639462');
      expect(song.copyright).toBe('public domain');
      expect(song.capo).toBe(0);
      expect(song.authors).toEqual([
        { name: 'John Newton', type: 'words' },
        { name: 'Chris Rice', type: 'words' },
        { name: 'Richard Wagner', type: 'music' },
        { name: 'František Foo', type: 'translation' },
      ]);
      expect(messages(warnings)).toContain(
        "The file's transposition of 2 semitones is applied: chords and key are stored as they sound.",
      );
    });

    it('moves every chord by the transposition too (D → E, B7 → Db7 in Eb)', () => {
      const verse2 = song.parts.find((part) => part.label === 'Verse 2')!;
      expect(chordTokens(verse2.lines[1]!.chords).map((t) => t.chord)).toEqual(['E', 'E', 'Db7']);
      expect(chordsOver(verse2.lines[2]!)).toEqual([['A7', ' how']]);
    });

    it('follows the verse order, warns of the names it lacks, and puts the rest last', () => {
      expect(labels(song)).toEqual(['Verse 1', 'Verse 2', 'Chorus', 'emptyline', 'Ending']);
      const line = lineNumberOf(text, '<verseOrder>');
      for (const name of ['v3', 'v4', 'c1', 'c2', 'b', 'b1', 'b2']) {
        expect(warnings).toContainEqual({
          song: 0,
          line,
          message: `The verse order names "${name}", which the lyrics do not have.`,
        });
      }
      expect(messages(warnings)).toContain(
        'Verses not in the verse order (emptyline, Ending) are put at the end.',
      );
    });

    it('shows the song’s language and its <lines> one after another; comments are no lines', () => {
      const [verse1, verse2, chorus, empty] = song.parts;
      expect(verse1!.lines.map((l) => l.lyrics)).toEqual([
        'Amazing grace how sweet the sound that saved a wretch like me;',
        'A b c',
        'D e f',
      ]);
      expect(verse2!.lines.map((l) => l.lyrics)).toHaveLength(6);
      expect(chorus!.lines).toEqual([{ chords: '', lyrics: 'Line content.' }]);
      expect(empty!.lines).toHaveLength(5);
      // The German verse 1 is its translation, without the chord it had.
      expect(song.language).toBe('en');
      expect(verse1!.translations).toEqual([
        { lang: 'de', lines: ['Erstaunliche Ahmut, wie', '', ''] },
      ]);
      expect(messages(warnings)).toContain(
        "The chords of the de lyrics of Verse 1 are not kept: the song's own lyrics carry the chords.",
      );
    });

    it('writes back, after an edit, what Segue does not show, where it was', () => {
      const edited = { ...song, title: 'Amazing Grace (edited)' };
      const xml = writeOpenLyrics(edited);
      // The German verse follows the English one, as its translation: words only.
      expect(xml).toMatch(
        /<verse name="v1" lang="en">[\s\S]*?<\/verse>\s*<verse name="v1" lang="de">\s*<lines>Erstaunliche Ahmut, wie<\/lines>/,
      );
      // Verses only in another language keep theirs.
      expect(xml).toContain('<verse name="v2" lang="en-US">');
      expect(xml).toContain('<verse name="e" lang="de">');
      expect(xml).toContain('<lines part="men"><comment>any text</comment><br/>Amazing grace');
      expect(xml).toContain('<lines part="women">A b c<br/><br/>D e f</lines>');
      expect(xml).toContain('<title lang="de-DE">Erstaunliche Anmut</title>');
      expect(xml).toContain('<author type="translation" lang="cs">František Foo</author>');
      expect(xml).toContain('<songbook name="Songbook with Number" entry="48"/>');
      expect(xml).toContain('<theme lang="pt-BR">Graça</theme>');
      expect(xml).toContain('<key>Eb</key>');
      expect(xml).not.toContain('<transposition>');
      expect(xml).toContain('<verseOrder>v1 v2 c emptyline e</verseOrder>');
    });
  });

  it('reads 0.9: an <instrument> of <beat>s, <lines repeat>, chordNotation with English roots', () => {
    const { song, warnings } = read(textOf('version0.9_chords-instrument-repeat.xml'));
    expect(song.title).toBe('A kapudat nyisd meg');
    // The spec gives 0.9 roots in English whatever chordNotation says (it is for display):
    // B minor, A/C#, D, A, G is the song's key of D.
    expect(song.parts[0]).toEqual({
      label: 'Intro',
      lines: [{ chords: 'Bm A/C# | D | A | G', lyrics: '' }],
    });
    expect(song.parts[1]!.label).toBe('Verse 1');
    expect(song.parts[1]!.lines.map((l) => l.lyrics)).toEqual([
      'A kapudat nyisd meg, Jézusnak nyisd meg, jön, közeledik.',
      'A kapudat nyisd meg, Jézusnak nyisd meg, jön, közeledik.',
      'Nyisd meg, íme, jön, közeledik.',
    ]);
    expect(song.authors).toEqual([{ name: 'ismeretlen', type: 'words' }]);
    expect(messages(warnings)).toEqual(['Verse 1: lines sung 2 times are shown once.']);

    const xml = rewrite({ ...song, title: 'A kapudat nyisd meg!' });
    expect(xml).toContain(
      '<instrument name="i">\n      <lines><beat><chord root="B" structure="min"/><chord root="A" bass="C#"/></beat><beat><chord root="D"/></beat>',
    );
    expect(xml).toContain('<lines repeat="2">Nyisd meg, íme, jön, közeledik.</lines>');
    expect(xml).toContain('xml:lang="hu" chordNotation="hungarian"');
  });
});

describe('readOpenLyrics: chords, notations, names', () => {
  const song = (attributes: string, lines: string, properties = '') =>
    read(
      `<song xmlns="${OPENLYRICS_NAMESPACE}" ${attributes}><properties><titles><title>T</title></titles>${properties}</properties>` +
        `<lyrics><verse name="v1"><lines>${lines}</lines></verse></lyrics></song>`,
    );

  it('reads 0.8 names in German notation: H is B, B is B flat, Fis is F#', () => {
    const { song: read } = song(
      'version="0.8" chordNotation="german"',
      '<chord name="H7"/>a <chord name="B"/>b <chord name="Fis/Cis"/>c <chord name="Esus4"/>d <chord name="Es"/>e',
    );
    expect(chordTokens(read.parts[0]!.lines[0]!.chords).map((t) => t.chord)).toEqual([
      'B7',
      'Bb',
      'F#/C#',
      'Esus4',
      'Eb',
    ]);
  });

  it('reads 0.8 names in English notation as written', () => {
    const { song: read } = song(
      'version="0.8"',
      '<chord name="H7"/>a <chord name="Bb"/>b <chord name="N.C."/>c',
    );
    expect(read.parts[0]!.lines[0]!.chords).toBe('H7 Bb N.C.');
  });

  it('reads 0.9 root, structure and bass, chords wrapping syllables, and unknown structures', () => {
    const { song: read, warnings } = song(
      'version="0.9"',
      'Ho<chord root="E" bass="G#">san</chord><chord root="A" structure="dom7">na,<br/>ho</chord>' +
        '<chord root="H" structure="m3-5-m7">san</chord>na <chord root="C" structure="3-5-m7-9-a11"/>x',
    );
    expect(read.parts[0]!.lines).toEqual([
      { chords: '  E/G# A7', lyrics: 'Hosanna,' },
      { chords: '  Bm7   C(3-5-m7-9-a11)', lyrics: 'hosanna x' },
    ]);
    expect(messages(warnings)).toEqual([
      'The chord structure "3-5-m7-9-a11" is not one Segue knows; it is shown as written.',
    ]);
  });

  it('takes line breaks in the XML as layout, and other spaces as the lyrics', () => {
    const { song: read } = song(
      'version="0.9"',
      '\n   <chord root="G"/>Amazing grace\n      how sweet<br/>\n  the  sound<br/>\n',
    );
    expect(read.parts[0]!.lines).toEqual([
      { chords: 'G', lyrics: 'Amazing grace how sweet' },
      { chords: '', lyrics: 'the  sound' },
    ]);
  });

  it('keeps a comment inside a line at its column; formatting tags keep only their text', () => {
    const { song: read, warnings } = song(
      'version="0.9"',
      'Amazing <comment>softly</comment>grace<br/><tag name="r">how</tag> sweet',
    );
    expect(read.parts[0]!.lines.map((line) => line.lyrics)).toEqual(['Amazing grace', 'how sweet']);
    expect(messages(warnings)).toEqual([
      'Formatting in the lyrics (such as <tag>) is not kept; its text is.',
    ]);
    const xml = rewrite({ ...read, title: 'U' });
    expect(xml).toContain('<lines>Amazing <comment>softly</comment>grace<br/>how sweet</lines>');
  });

  it('reads a capo comment as the capo, and details it cannot use are kept with a warning', () => {
    const { song: read, warnings } = song(
      'version="0.9"',
      'x',
      '<comments><comment>Capo 3</comment><comment>Loud</comment></comments><tempo type="text">Moderate</tempo><key>Q</key><timeSignature>6/8</timeSignature>',
    );
    expect(read.capo).toBe(3);
    expect(read.tempo).toBeNull();
    expect(read.key).toBeNull();
    expect(read.time).toBe('6/8');
    expect(messages(warnings)).toEqual([
      'The tempo "Moderate" is not one Segue can use; it is kept for export.',
      'The key "Q" is not one Segue can use; it is kept for export.',
    ]);
    const xml = rewrite({ ...read, title: 'U' });
    expect(xml).toContain(
      '<comments>\n      <comment>Capo 3</comment>\n      <comment>Loud</comment>',
    );
    expect(xml).toContain('<tempo type="text">Moderate</tempo>');
  });

  it('maps every verse name to a label and back: v1 Verse 1, c Chorus, p2 Pre-Chorus 2', () => {
    const pairs = [
      ['v1', 'Verse 1'],
      ['c', 'Chorus'],
      ['c2', 'Chorus 2'],
      ['p', 'Pre-Chorus'],
      ['b', 'Bridge'],
      ['i', 'Intro'],
      ['e', 'Ending'],
      ['o', 'Other'],
      ['v1a', 'Verse 1a'],
      ['emptyline', 'emptyline'],
      ['Outro', 'Outro'],
    ];
    for (const [name, label] of pairs) {
      expect(labelOfVerseName(name!)).toBe(label);
      expect(verseNameOfLabel(label!)).toBe(name);
    }
    expect(verseNameOfLabel('Verse 1 (quiet)')).toBe('Verse_1__x0028_quiet_x0029_');
    expect(labelOfVerseName('c.2')).toBe('Chorus');
  });

  it('gives every label a name that is an XML name token and reads back as the label', () => {
    const nameToken = (name: string) =>
      [...name].every((char) => /[\w.-]/.test(char) || /^[\p{L}\p{Nd}]$/u.test(char));
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1 }), (label) => {
        const name = verseNameOfLabel(label);
        expect(nameToken(name)).toBe(true);
        expect(labelOfVerseName(name)).toBe(label);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('writeOpenLyrics', () => {
  it.each(FILES)('gives back the text of %s when the import is unchanged', (file) => {
    const text = textOf(file);
    const { song } = read(text);
    // The text is sent as UTF-8: only a declaration naming another encoding changes.
    const expected = text.replace("encoding='WINDOWS-1250'", "encoding='UTF-8'");
    expect(writeOpenLyrics(song)).toBe(expected);
  });

  it.each(FILES)('writes %s anew after an edit: same model and extras, and idempotent', (file) => {
    const { song } = read(textOf(file));
    const [first, ...others] = song.parts;
    const [firstLine, ...otherLines] = first!.lines;
    const changedLine = { chords: 'G     D/F#', lyrics: `${firstLine!.lyrics} (changed)` };
    const edited: ConvertedSong = {
      ...song,
      title: `${song.title} (live)`,
      capo: 2,
      tempo: 120,
      authors: [...song.authors, { name: 'Segue Team', type: 'music' }],
      parts: [{ ...first!, lines: [changedLine, ...otherLines] }, ...others],
    };
    const xml = writeOpenLyrics(edited);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain(`<song xmlns="${OPENLYRICS_NAMESPACE}" version="0.9"`);
    expect(xml).toContain('modifiedIn="Segue"');

    const again = read(xml).song;
    expect(modelOf(again)).toEqual(modelOf(edited));
    expect(again.source.extras).toEqual(edited.source.extras);
    expect(rewrite(again)).toBe(xml);
  });

  it('puts lines added to a verse of several <lines> in its last one', () => {
    const { song } = read(textOf('complex_key-transposition-multilang.xml'));
    const [verse1, ...others] = song.parts;
    const added = { chords: '', lyrics: 'G h i' };
    const edited = {
      ...song,
      parts: [{ ...verse1!, lines: [...verse1!.lines, added] }, ...others],
    };
    const xml = writeOpenLyrics(edited);
    expect(xml).toContain('<lines part="women">A b c<br/>D e f<br/>G h i</lines>');
    const again = read(xml).song;
    expect(modelOf(again)).toEqual(modelOf(edited));
    expect(rewrite(again)).toBe(xml);
  });

  const segueSong: SongToWrite = {
    title: 'Be Thou My Vision',
    artist: 'Traditional & Friends',
    key: 'D',
    capo: 2,
    tempo: 72,
    time: '3/4',
    ccli: '30639',
    copyright: 'Public Domain',
    authors: [
      { name: 'Dallán Forgaill', type: 'words' },
      { name: 'Mary Byrne', type: 'translation' },
      { name: 'Irish traditional', type: 'music' },
    ],
    parts: [
      { label: 'Intro', lines: [{ chords: 'D G | A | D', lyrics: '' }] },
      {
        label: 'Verse 1',
        lines: [
          { chords: 'D      G    D', lyrics: 'Be Thou my vision, O Lord of my heart' },
          { chords: '   A7sus4   Bm7b5      N.C.', lyrics: '  Naught be all else <to> me' },
          { chords: '', lyrics: '' },
        ],
      },
      { label: 'Chorus', lines: [{ chords: 'Bb/D  C6/9 B♭', lyrics: 'Hi' }] },
      { label: 'Verse 1 (quiet)', lines: [{ chords: '', lyrics: 'Softly' }] },
      { label: 'Chorus', lines: [{ chords: 'Bb/D  C6/9 B♭', lyrics: 'Hi' }] },
      { label: 'Chorus', lines: [{ chords: '', lyrics: 'Another chorus' }] },
      { label: 'Outro', lines: [{ chords: 'G    D', lyrics: '' }] },
      { label: 'c', lines: [{ chords: '', lyrics: 'A part named like a verse name' }] },
    ],
  };

  it('writes a song made in Segue as OpenLyrics 0.9 that reads back the same', () => {
    const xml = writeOpenLyrics(segueSong);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain(
      `<song xmlns="${OPENLYRICS_NAMESPACE}" version="0.9" createdIn="Segue" modifiedIn="Segue">`,
    );
    expect(xml).toContain(
      '<verseOrder>i v1 c Verse_1__x0028_quiet_x0029_ c c.2 Outro _x0063_</verseOrder>',
    );
    expect(xml).toContain(
      '<instrument name="i">\n      <lines><beat><chord root="D"/><chord root="G"/></beat>',
    );
    expect(xml).toContain(
      '<lines><chord root="D"/>Be Thou<chord root="G"/> my v<chord root="D"/>ision, O Lord of my heart<br/>' +
        '  N<chord root="A" structure="4-5-m7"/>aught be <chord root="B" structure="halfdim7"/>all else &lt;t<chord name="N.C."/>o&gt; me<br/><br/></lines>',
    );
    // Chords past the lyrics stand on spaces; B♭ is not written the ASCII way, so by name.
    expect(xml).toContain(
      '<lines><chord root="Bb" bass="D"/>Hi    <chord root="C" structure="3-5-6-9"/>     <chord name="B♭"/></lines>',
    );
    expect(xml).toContain(
      '<verse name="Outro">\n      <lines><chord root="G"/>     <chord root="D"/></lines>',
    );
    expect(xml).toContain('<author type="translation">Mary Byrne</author>');
    expect(xml).toContain('<comment>Capo 2</comment>');
    expect(xml).toContain('<variant>Traditional &amp; Friends</variant>');

    const { song: again, warnings } = read(xml);
    expect(modelOf(again)).toEqual(modelOf(segueSong));
    expect(warnings).toEqual([]);
    expect(rewrite(again)).toBe(xml);
    // Only the two different choruses keep their names, to be told apart.
    const extras = again.source.extras as OpenLyricsExtras;
    expect(extras.verses.map((verse) => verse.name)).toEqual(['c', 'c.2']);
    expect({ ...extras, verses: [] }).toEqual(OpenLyricsExtrasSchema.parse({}));
  });

  it('keeps no extras for a song made in Segue whose labels differ', () => {
    const parts = segueSong.parts.filter((part) => part.lines[0]!.lyrics !== 'Another chorus');
    const again = read(writeOpenLyrics({ ...segueSong, parts })).song;
    expect(modelOf(again)).toEqual(modelOf({ ...segueSong, parts }));
    expect(again.source.extras).toBeNull();
  });

  it('writes chord names in the German notation a file used', () => {
    const { song } = read(
      `<song xmlns="${OPENLYRICS_NAMESPACE}" version="0.8" chordNotation="german"><properties><titles><title>T</title></titles></properties>` +
        '<lyrics><verse name="v1"><lines><chord name="B(add9)"/>Amazing grace <chord name="H"/>how</lines></verse></lyrics></song>',
    );
    expect(song.parts[0]!.lines[0]!.chords).toBe('Bb(add9)      B');
    // Bb(add9) has no 0.9 structure: its name is written as German notation reads it back.
    const xml = rewrite({ ...song, title: 'U' });
    expect(xml).toContain('<chord name="B(add9)"/>Amazing grace <chord root="B"/>how');
    expect(modelOf(read(xml).song)).toEqual(modelOf({ ...song, title: 'U' }));
  });

  const text = fc
    .string({ unit: 'grapheme', maxLength: 30 })
    .map((s) => s.replace(/[\p{Cc}\uFFFE\uFFFF]/gu, ''));
  const chord = fc.oneof(
    fc.constantFrom('C', 'G7', 'D/F#', 'Em', 'Bbmaj7', 'F#m7b5', 'Asus4', 'C6/9', 'Hm', 'B♭'),
    fc.constantFrom('N.C.', '|', 'x2', '(x2)', 'E(add9)', 'Gm7/C', 'Cmaj7#11', 'A+', '%'),
    fc.stringMatching(/^[^\s\p{Cc}]{1,5}$/u).filter((s) => !/[\uFFFE\uFFFF]/.test(s)),
  );
  const line = fc
    .record({
      lyrics: text.map((s) => s.trimEnd()),
      chords: fc.array(fc.record({ chord, gap: fc.nat(6) }), { maxLength: 5 }),
    })
    .map(({ lyrics, chords }) => {
      let column = 0;
      const tokens = chords.map(({ chord, gap }) => {
        const token = { chord, column: column + gap };
        column = token.column + chord.length + 1;
        return token;
      });
      return { lyrics, chords: renderChordTokens(tokens) };
    });
  const label = fc.oneof(
    fc.constantFrom(
      'Verse 1',
      'Verse 2',
      'Chorus',
      'Bridge',
      'Intro',
      'Outro',
      'Tag',
      'c',
      'Pre-Chorus 2',
    ),
    text.filter((s) => s !== ''),
  );
  const part = fc.record({ label, lines: fc.array(line, { minLength: 1, maxLength: 4 }) });
  const name = text.map((s) => s.trim());
  const song: fc.Arbitrary<SongToWrite> = fc.record({
    title: name,
    artist: name,
    parts: fc
      .array(part, { minLength: 1, maxLength: 6 })
      .chain((parts) =>
        fc
          .array(fc.nat(parts.length - 1), { maxLength: 8 })
          .map((order) => [...parts, ...order.map((i) => parts[i]!)]),
      ),
    key: fc.constantFrom(null, ...KEYS),
    capo: fc.integer({ min: 0, max: 11 }),
    tempo: fc.option(fc.integer({ min: 20, max: 400 })),
    time: fc.constantFrom(null, '4/4', '6/8', '12/8'),
    ccli: fc.option(fc.stringMatching(/^\d{1,12}$/)),
    copyright: name,
    authors: fc.array(
      fc.record({
        name: name.filter((s) => s !== ''),
        type: fc.constantFrom('words' as const, 'music' as const, 'translation' as const),
      }),
      { maxLength: 3 },
    ),
  });

  it('reads back any song it writes, and writes it again the same', () => {
    fc.assert(
      fc.property(song, (s) => {
        const xml = writeOpenLyrics(s);
        expect(XMLValidator.validate(xml)).toBe(true);
        const again = read(xml).song;
        expect(modelOf(again)).toEqual(modelOf(s));
        expect(rewrite(again)).toBe(xml);
      }),
      { numRuns: 300 },
    );
  });
});

describe('readOpenLyrics on broken files', () => {
  it('refuses text that is not XML with a ConvertError naming the line', () => {
    const broken =
      '<?xml version="1.0"?>\n<song>\n  <lyrics>\n    <verse name="v1"></lines>\n</song>';
    expect(() => readOpenLyrics(broken)).toThrow(ConvertError);
    expect(() => readOpenLyrics(broken)).toThrow(/^The file is not well-formed XML: line 4: /);
    expect(() => readOpenLyrics('\n\n  Amazing grace')).toThrow(/line 3/);
  });

  it('refuses XML without a <song>', () => {
    expect(() => readOpenLyrics('<html><body/></html>')).toThrow(
      new ConvertError('The file holds no OpenLyrics song (no <song> element).'),
    );
  });

  it('reads a song without title or verses, with warnings', () => {
    const { song, warnings } = read(`<song xmlns="${OPENLYRICS_NAMESPACE}" version="0.9"/>`);
    expect(song.parts).toEqual([]);
    expect(messages(warnings)).toEqual(['The song has no title.', 'The song has no verses.']);
  });

  const throwsOnlyConvertErrors = (input: string) => {
    try {
      const { songs } = readOpenLyrics(input);
      for (const song of songs) {
        expect(XMLValidator.validate(rewrite({ ...song, title: `${song.title}.` }))).toBe(true);
      }
    } catch (error) {
      expect(error).toBeInstanceOf(ConvertError);
    }
  };

  it('never throws anything but a ConvertError on random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        throwsOnlyConvertErrors(decodeSongBytes(bytes));
      }),
      { numRuns: 500 },
    );
  });

  it('never throws anything but a ConvertError on fixtures cut and spliced with XML pieces', () => {
    const texts = FILES.map(textOf);
    const piece = fc.constantFrom(
      '<',
      '>',
      '/>',
      '</lines>',
      '<br/>',
      '<chord name="',
      '<chord root="H" structure="x"/>',
      '"',
      '&amp;',
      '&#',
      '&#1114112;',
      ']]>',
      '<!--',
      '<verse name="v1">',
      '<lines>',
      '</verse>',
      '<instrument name="i"><lines><beat>',
      '<beat><br/>',
      '</beat>',
      '<comment>',
      '<transposition>-3</transposition>',
      '<verseOrder>v1 v1 x</verseOrder>',
      '<constructor>x</constructor>',
      '<toString/>',
      '<tag name="r">',
      '_x110000_',
      '<ol:song xmlns:ol="x">',
    );
    const edit = fc.record({
      at: fc.nat(),
      cut: fc.nat(40),
      insert: fc.array(fc.oneof(piece, fc.string({ maxLength: 6 })), { maxLength: 3 }),
    });
    fc.assert(
      fc.property(
        fc.constantFrom(...texts),
        fc.array(edit, { minLength: 1, maxLength: 4 }),
        (start, edits) => {
          let input = start;
          for (const { at, cut, insert } of edits) {
            const i = at % (input.length + 1);
            input = input.slice(0, i) + insert.join('') + input.slice(i + cut);
          }
          throwsOnlyConvertErrors(input);
        },
      ),
      { numRuns: 1500 },
    );
  });
});

describe('OpenLyrics in several languages', () => {
  const MULTILANG = [
    'complex_key-transposition-multilang.xml',
    'synthetic_holy-holy-holy_en-es.xml',
    'synthetic_hevenu-shalom_he-rtl.xml',
  ];
  const lyrics = (verses: string, songAttributes = '', properties = '') =>
    read(
      `<song xmlns="${OPENLYRICS_NAMESPACE}" version="0.9"${songAttributes}><properties>` +
        `<titles><title>T</title></titles>${properties}</properties><lyrics>${verses}</lyrics></song>`,
    );

  it.each(MULTILANG)('%s: imported, exported and imported again is the same song', (file) => {
    const { song } = read(textOf(file));
    expect(song.parts.some((part) => (part.translations ?? []).length > 0)).toBe(true);
    // Written anew (the song edited in Segue), not given back as the original text.
    const xml = writeOpenLyrics({ ...song, source: null });
    expect(XMLValidator.validate(xml)).toBe(true);
    const again = read(xml).song;
    expect(modelOf(again)).toEqual(modelOf(song));
    expect(writeOpenLyrics({ ...again, source: null })).toBe(xml);
    // And with what Segue kept of the file.
    const kept = read(rewrite(song)).song;
    expect(modelOf(kept)).toEqual(modelOf(song));
  });

  it('reads the English and Spanish hymn: chords in English, Spanish line by line under them', () => {
    const { song, warnings } = read(textOf('synthetic_holy-holy-holy_en-es.xml'));
    expect(warnings).toEqual([]);
    expect(song.language).toBe('en');
    expect(songLanguages(song)).toEqual(['en', 'es']);
    expect(labels(song)).toEqual(['Verse 1', 'Verse 2']);
    const [verse1] = song.parts;
    expect(verse1!.lines[0]).toEqual({
      chords: 'D           Bm    G          D    A',
      lyrics: 'Holy, holy, holy! Lord God Almighty!',
    });
    expect(verse1!.translations).toEqual([
      {
        lang: 'es',
        lines: [
          '¡Santo! ¡Santo! ¡Santo! Señor omnipotente,',
          'siempre el labio mío loores te dará;',
          '¡Santo! ¡Santo! ¡Santo! te adoro reverente,',
          'Dios en tres personas, bendita Trinidad.',
        ],
      },
    ]);
    const xml = writeOpenLyrics({ ...song, source: null });
    expect(xml).toContain(`<song xmlns="${OPENLYRICS_NAMESPACE}" version="0.9" xml:lang="en"`);
    expect(xml).toMatch(
      /<verse name="v1" lang="en">\s*<lines><chord root="D"\/>Holy[\s\S]*?<\/verse>\s*<verse name="v1" lang="es">\s*<lines>¡Santo! ¡Santo! ¡Santo! Señor omnipotente,<br\/>siempre/,
    );
    expect(xml).toContain('<verseOrder>v1 v2</verseOrder>');
  });

  it('reads the Hebrew song: its language from <song xml:lang>, a transliteration kept', () => {
    const { song, warnings } = read(textOf('synthetic_hevenu-shalom_he-rtl.xml'));
    expect(warnings).toEqual([]);
    expect(song.language).toBe('he');
    expect(song.key).toBe('Dm');
    const [verse] = song.parts;
    expect(verse!.lines[0]).toEqual({ chords: 'Dm            A7', lyrics: 'הבאנו שלום עליכם' });
    expect(verse!.translations!.map(({ lang, translit }) => [lang, translit])).toEqual([
      ['he', 'en'],
      ['en', undefined],
    ]);
    expect(verse!.translations![0]!.lines[0]).toBe('Hevenu shalom aleichem');
    // A transliteration is not a language of its own.
    expect(songLanguages(song)).toEqual(['he', 'en']);
    const xml = writeOpenLyrics({ ...song, source: null });
    expect(xml).toContain('<verse name="v1" lang="he" translit="en">');
    expect(xml).toContain(
      '<verse name="v1" lang="he">\n      <lines><chord root="D" structure="min"/>',
    );
  });

  it('takes the language from <song xml:lang>, else the first verse, else the original title', () => {
    const verses = '<verse name="v1" lang="de"><lines>a</lines></verse>';
    expect(lyrics(verses, ' xml:lang="en"').song.language).toBe('en');
    expect(lyrics(verses).song.language).toBe('de');
    const titles =
      '<titles><title lang="fr">T</title><title lang="es" original="true">U</title></titles>';
    const { song } = read(
      `<song xmlns="${OPENLYRICS_NAMESPACE}"><properties>${titles}</properties>` +
        '<lyrics><verse name="v1"><lines>a</lines></verse></lyrics></song>',
    );
    expect(song.language).toBe('es');
    expect(lyrics('<verse name="v1"><lines>a</lines></verse>').song.language).toBeNull();
    // A lang that is no language tag is not the song's language.
    expect(lyrics(verses, ' xml:lang="English!"').song.language).toBe('de');
  });

  it('finds a translation written before its verse, and pads it to the verse’s lines', () => {
    const { song } = lyrics(
      '<verse name="c" lang="es"><lines>uno</lines></verse>' +
        '<verse name="c" lang="en"><lines>one<br/>two<br/>three</lines></verse>',
      ' xml:lang="en"',
    );
    expect(song.parts).toEqual([
      {
        label: 'Chorus',
        lines: ['one', 'two', 'three'].map((l) => ({ chords: '', lyrics: l })),
        translations: [{ lang: 'es', lines: ['uno', '', ''] }],
      },
    ]);
  });

  it('writes the file’s xml:lang for a song imported before Segue kept its language', () => {
    const { song } = read(textOf('version0.9_chords-instrument-repeat.xml'));
    // As such a song was stored: no language, the file's xml:lang among its extras.
    const extras = { ...(song.source.extras as OpenLyricsExtras) };
    extras.song = { 'xml:lang': 'hu', ...extras.song };
    const legacy = { ...song, language: null, source: { ...song.source, text: null, extras } };
    const xml = writeOpenLyrics(legacy);
    expect(xml).toContain('version="0.9" xml:lang="hu" chordNotation="hungarian"');
    expect(read(xml).song.language).toBe('hu');
  });

  it('keeps a verse it cannot make a translation as a part of its own, saying why', () => {
    const { song, warnings } = lyrics(
      '<verse name="v1" lang="en"><lines>one</lines></verse>' +
        '<verse name="v1" lang="es"><lines>uno<br/>dos</lines></verse>' +
        '<verse name="v1" lang="fr"><lines>un</lines></verse>' +
        '<verse name="v1" lang="fr"><lines>une</lines></verse>' +
        '<verse name="v2" lang="pt"><lines>dois</lines></verse>',
    );
    expect(song.parts.map((p) => [p.label, p.lines[0]!.lyrics])).toEqual([
      ['Verse 1', 'one'],
      ['Verse 1', 'uno'],
      ['Verse 1', 'une'],
      ['Verse 2', 'dois'],
    ]);
    expect(song.parts[0]!.translations).toEqual([{ lang: 'fr', lines: ['un'] }]);
    expect(messages(warnings)).toEqual([
      'The es lyrics of Verse 1 have more lines than the part; they are shown as a part of their own.',
      'The fr lyrics of Verse 1 come twice; they are shown as a part of their own.',
    ]);
    // Written again with what was kept of the file, each stays where it was, with its language.
    const xml = rewrite(song);
    expect(xml).toContain('<verse name="v1.2" lang="es">');
    expect(xml).toContain('<verse name="v2" lang="pt">');
    expect(modelOf(read(xml).song)).toEqual(modelOf(song));
  });

  const translationLine = fc
    .string({ unit: 'grapheme', maxLength: 20 })
    .map((s) => s.replace(/[\p{Cc}\uFFFE\uFFFF]/gu, '').trim());
  const tag = fc.constantFrom('es', 'de', 'pt-BR', 'ko', 'he', 'fr');
  const multilingual = fc
    .record({
      // A song without a language of its own too: its verses carry no `lang`.
      language: fc.constantFrom('en', 'es', 'he', null),
      parts: fc.array(
        fc.record({
          label: fc.constantFrom('Verse 1', 'Verse 2', 'Chorus', 'Bridge', 'Tag'),
          lines: fc.array(translationLine, { minLength: 1, maxLength: 4 }),
          langs: fc.uniqueArray(tag, { maxLength: 3 }),
          translit: fc.boolean(),
        }),
        { minLength: 1, maxLength: 4 },
      ),
    })
    .chain(({ language, parts }) =>
      fc
        .tuple(
          ...parts.map((part) =>
            fc.array(
              fc.array(translationLine, {
                minLength: part.lines.length,
                maxLength: part.lines.length,
              }),
              {
                minLength: part.langs.length,
                maxLength: part.langs.length,
              },
            ),
          ),
        )
        .map((texts): SongToWrite => ({
          title: 'Many tongues',
          artist: '',
          language,
          key: null,
          capo: 0,
          tempo: null,
          time: null,
          ccli: null,
          copyright: '',
          authors: [],
          parts: parts.map((part, i) => ({
            label: part.label,
            lines: part.lines.map((lyrics) => ({ chords: lyrics ? 'G' : '', lyrics })),
            translations: [
              ...part.langs
                .filter((lang) => lang !== language)
                .map((lang, j): PartTranslation => ({ lang, lines: texts[i]![j]! })),
              ...(part.translit && language
                ? [{ lang: language, translit: 'en', lines: part.lines }]
                : []),
            ],
          })),
        })),
    );

  it('reads back any song in several languages it writes, and writes it again the same', () => {
    fc.assert(
      fc.property(multilingual, (s) => {
        const xml = writeOpenLyrics(s);
        expect(XMLValidator.validate(xml)).toBe(true);
        const again = read(xml).song;
        expect(modelOf(again)).toEqual(modelOf(s));
        expect(rewrite(again)).toBe(xml);
      }),
      { numRuns: 300 },
    );
  });
});
