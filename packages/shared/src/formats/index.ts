// The song file converters, text in and text out; decoding bytes is in decode.ts
// (it needs iconv-lite, which only the server loads).
import { looksLikeChordPro } from './chordpro-marks.ts';
import { readChordPro, writeChordPro } from './chordpro.ts';
import { readOpenLyrics, writeOpenLyrics } from './openlyrics.ts';
import { readOpenSong } from './opensong.ts';
import { readPlainText, writePlainText } from './plain-text.ts';
import { readSongSelectText, readSongSelectUsr } from './songselect.ts';
import {
  ConvertError,
  type ConvertResult,
  type SongFileFormat,
  type SongToWrite,
} from './types.ts';

export * from './types.ts';
export { chordsOverWords, inlineChords, readChordPro, writeChordPro } from './chordpro.ts';
export { readOpenLyrics, writeOpenLyrics } from './openlyrics.ts';
export { readOpenSong } from './opensong.ts';
export { parsePastedChart, readPlainText, writePlainText } from './plain-text.ts';
// The readers' warnings, for a screen that says them in its language.
export { CHORDPRO_TEXTS } from './chordpro-reader.ts';
export { PLAIN_TEXT_TEXTS } from './plain-text.ts';
export { REPEAT_TEXTS } from './repeats.ts';
export { readSongSelectText, readSongSelectUsr } from './songselect.ts';

/** The formats a song can be exported in, with their file extension and media type. */
export const EXPORT_FORMATS = {
  chordpro: { extension: 'cho', mediaType: 'text/plain; charset=utf-8', write: writeChordPro },
  openlyrics: {
    extension: 'xml',
    mediaType: 'application/xml; charset=utf-8',
    write: writeOpenLyrics,
  },
  text: { extension: 'txt', mediaType: 'text/plain; charset=utf-8', write: writePlainText },
} as const satisfies Record<
  string,
  { extension: string; mediaType: string; write: (song: SongToWrite) => string }
>;
export type ExportFormat = keyof typeof EXPORT_FORMATS;

const CHORDPRO_EXTENSIONS = ['cho', 'chopro', 'chordpro', 'pro'];

const extensionOf = (filename: string) =>
  /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? '';

/**
 * Which format a file is, by its name and its text: XML by its root (OpenLyrics' namespace,
 * OpenSong's `<song>` with `<lyrics>`), SongSelect by its marks, ChordPro by its extension or
 * directives, else chords over words.
 */
export function detectSongFormat(filename: string, text: string): SongFileFormat {
  const extension = extensionOf(filename);
  const head = text.slice(0, 4096);
  if (/<song\b[^>]*openlyrics\.info/i.test(head)) return 'openlyrics';
  if (/<song\b/i.test(head) && /<lyrics\b/i.test(text)) return 'opensong';
  // `[File]` after spaces at the start of a line, each line's spaces looked at from its own
  // start (as looksLikeChordPro does).
  const fileSection = /(?:^|[\n\r\u2028\u2029])[^\S\n\r\u2028\u2029]*\[File\]/i;
  if (fileSection.test(head) || (/^Title=/m.test(head) && /^(Words|Fields)=/m.test(text))) {
    return 'songselect';
  }
  if (extension === 'txt' && /CCLI (Song|License) #|CCLI-Liednummer/i.test(text)) {
    return 'songselect';
  }
  if (CHORDPRO_EXTENSIONS.includes(extension) || looksLikeChordPro(text)) return 'chordpro';
  return 'text';
}

/** Characters no song text holds: control characters (tabs and line breaks aside) and U+FFFD. */
function junkCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0xfffd || (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d)) {
      count += 1;
    }
  }
  return count;
}

/**
 * The most warnings an answer lists; past them one more says how many were left out. A file
 * of a few megabytes can hold a million lines that each earn one, and nobody reads them all.
 */
export const MAX_FILE_WARNINGS = 1000;

export const moreWarnings = (count: number) =>
  `${count} more ${count === 1 ? 'warning is' : 'warnings are'} not listed.`;

/**
 * Reads a song file's text in whatever format it is. Text that is mostly binary junk, or
 * that holds no song, is refused with a ConvertError saying so.
 */
export function readSongFile(
  filename: string,
  text: string,
): ConvertResult & { format: SongFileFormat } {
  if (text.trim() === '') throw new ConvertError('The file is empty.');
  if (junkCount(text) > Math.max(8, text.length / 50)) {
    throw new ConvertError(
      'This is not a song file Segue reads (ChordPro, OpenLyrics, OpenSong, SongSelect or chords over words).',
    );
  }
  const format = detectSongFormat(filename, text);
  const { songs, warnings } = READERS[format](text, filename);
  if (songs.length === 0) throw new ConvertError('No song was found in the file.');
  const left = warnings.length - MAX_FILE_WARNINGS;
  if (left > 0) {
    warnings.length = MAX_FILE_WARNINGS;
    warnings.push({ song: null, line: null, message: moreWarnings(left) });
  }
  return { format, songs, warnings };
}

const READERS: Record<SongFileFormat, (text: string, filename: string) => ConvertResult> = {
  chordpro: (text) => readChordPro(text),
  openlyrics: (text) => readOpenLyrics(text),
  opensong: (text) => readOpenSong(text),
  songselect: (text, filename) =>
    extensionOf(filename) === 'txt' || !/^(Words|Fields)=/m.test(text)
      ? readSongSelectText(text)
      : readSongSelectUsr(text),
  text: (text) => readPlainText(text),
};

/** A song as a file of `format`, and the file's name. */
export function writeSongFile(song: SongToWrite, format: ExportFormat) {
  const { extension, mediaType, write } = EXPORT_FORMATS[format];
  return { text: write(song), filename: `${fileStem(song.title)}.${extension}`, mediaType };
}

/** A file name from a title: letters, digits, spaces and dashes kept, at most 80 characters. */
export function fileStem(title: string): string {
  const stem = title
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N} _-]+/gu, '')
    .trim()
    .replace(/\s+/g, ' ')
    .slice(0, 80)
    .trim();
  return stem || 'song';
}
