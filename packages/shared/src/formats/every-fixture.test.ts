/// <reference types="node" />
// Node's types for this file only, to read the fixtures (see chords.property.test.ts).
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeSongBytes } from './decode.ts';
import { EXPORT_FORMATS, readSongFile, type ExportFormat } from './index.ts';
import { plainTextHolds } from './plain-text.ts';
import { SINGLE_LANGUAGE_FIELDS, songModel, type ConvertedSong } from './types.ts';

/**
 * Issue 16: every public fixture, of every format, reads without an error; exported in each
 * format Segue writes and read again it is the same song, and a second export is the first.
 */
const FIXTURES = new URL('../../test/fixtures/', import.meta.url);
const FOLDERS = ['chordpro', 'openlyrics', 'opensong', 'plain', 'songselect', 'ultimate-guitar'];
const files = FOLDERS.flatMap((folder) =>
  readdirSync(new URL(`${folder}/`, FIXTURES))
    .filter((name) => !name.includes('.expected.'))
    .map((name) => ({ folder, name })),
);

/** What each format keeps of a song (plain text: parts, labels, chords, lyrics, key, capo). */
const KEPT: Record<ExportFormat, Parameters<typeof songModel>[1]> = {
  // ChordPro carries neither a language nor translations (chordpro.ts, CHORDPRO_FIELDS).
  chordpro: SINGLE_LANGUAGE_FIELDS,
  openlyrics: undefined,
  text: ['title', 'artist', 'key', 'capo', 'parts'],
};

/** The song as edited in Segue: its source forgotten, so the writer writes it anew. */
const asEdited = (song: ConvertedSong) => ({ ...song, source: null });

describe('every fixture', () => {
  it('is read without an error', () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
    for (const { folder, name } of files) {
      const bytes = readFileSync(new URL(`${folder}/${name}`, FIXTURES));
      const { songs } = readSongFile(name, decodeSongBytes(bytes));
      expect(songs.length, `${folder}/${name}`).toBeGreaterThan(0);
    }
  });

  it('as chords over words, cannot hold only the songs plainTextHolds names', () => {
    const held = files.filter(({ folder, name }) =>
      readSongFile(
        name,
        decodeSongBytes(readFileSync(new URL(`${folder}/${name}`, FIXTURES))),
      ).songs.every(plainTextHolds),
    );
    expect(held.length).toBeGreaterThanOrEqual(files.length - 4);
  });

  for (const format of Object.keys(EXPORT_FORMATS) as ExportFormat[]) {
    it(`exported as ${format} and read again is the same song; export is idempotent`, () => {
      const { write } = EXPORT_FORMATS[format];
      for (const { folder, name } of files) {
        const bytes = readFileSync(new URL(`${folder}/${name}`, FIXTURES));
        for (const song of readSongFile(name, decodeSongBytes(bytes)).songs) {
          // Chords over words says on import what it cannot hold (plainTextHolds).
          if (format === 'text' && !plainTextHolds(song)) continue;
          const where = `${folder}/${name} → ${format}`;
          const written = write(asEdited(song));
          const [back] = readSongFile(`song.${EXPORT_FORMATS[format].extension}`, written).songs;
          expect(back, where).toBeDefined();
          expect(songModel(back!, KEPT[format]), where).toBe(songModel(song, KEPT[format]));
          expect(write(asEdited(back!)), where).toBe(written);
        }
      }
    });
  }
});
