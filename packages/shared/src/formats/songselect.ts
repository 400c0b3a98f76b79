// CCLI SongSelect downloads (read only): the `.usr` import file (INI-like, `Fields=` and
// `Words=` with `/t` between parts and `/n` between lines) and the lyrics `.txt` (title, parts
// under their names, then a footer with the CCLI number, authors, copyright and licence).
// Neither holds chords.
import { parseKey } from '../chords/keys.ts';
import { SONG_LIMITS } from '../schemas/songs.ts';
import { sectionName } from './section-names.ts';
import { type ConvertResult, type ConvertWarning, type ConvertedSong, emptySong } from './types.ts';

export const SONGSELECT_TEXTS = {
  noChords: 'SongSelect files hold no chords: the song is imported as lyrics only.',
  noSong: 'No song was found in the SongSelect file.',
  badKey: (text: string) => `The key "${text}" is not a key; the song has no key.`,
  notUsed: (text: string) => `"${text}" is not used.`,
} as const;

type Part = ConvertedSong['parts'][number];
type Warn = (line: number | null, message: string) => void;

const linesOf = (text: string) => text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);

const lyricLines = (lines: string[]) =>
  lines
    .map((l) => l.trim())
    .filter(Boolean)
    .map((lyrics) => ({ chords: '', lyrics }));

/** SongSelect separates authors with " | ". */
function authorsOf(text: string): ConvertedSong['authors'] {
  return text
    .split('|')
    .map((name) => name.trim())
    .filter(Boolean)
    .slice(0, SONG_LIMITS.maxAuthors)
    .map((name) => ({ name, type: 'words' as const }));
}

/** The song with what both formats share; no parts means no song. */
function result(song: ConvertedSong, warnings: ConvertWarning[]): ConvertResult {
  if (song.parts.length === 0 && !song.title) {
    return { songs: [], warnings: [{ song: null, line: null, message: SONGSELECT_TEXTS.noSong }] };
  }
  song.artist = song.authors.map((a) => a.name).join(', ');
  return {
    songs: [song],
    warnings: [{ song: 0, line: null, message: SONGSELECT_TEXTS.noChords }, ...warnings],
  };
}

// ---------------------------------------------------------------------------------------------
// .usr

/** `Words=`: parts split at `/t`, lines at `/n`, labelled by `Fields=` (or "Verse n"). */
function usrParts(fields: string, words: string): Part[] {
  const labels = fields.split('/t').map((label) => label.trim());
  let unnamed = 0;
  return words
    .split('/t')
    .map((text, i) => {
      const label = labels[i] || `Verse ${(unnamed += 1)}`;
      return { label, lines: lyricLines(text.split('/n')) };
    })
    .filter((part) => part.lines.length > 0);
}

interface UsrValues {
  fields: string;
  words: string;
  keys: string;
}

/** One `Name=value` line: true when Segue uses or keeps it. */
function applyUsrValue(song: ConvertedSong, values: UsrValues, name: string, value: string) {
  const extras = song.source.extras as Record<string, unknown>;
  if (name === 'title') song.title = value;
  else if (name === 'author') song.authors = authorsOf(value);
  else if (name === 'copyright') song.copyright = value;
  else if (name === 'fields' || name === 'words' || name === 'keys') values[name] = value;
  else if (name === 'themes') extras.themes = value.split('/t').filter(Boolean);
  else if (['admin', 'type', 'version'].includes(name)) extras[name] = value;
  else return false;
  return true;
}

/** Reads a SongSelect `.usr` (or `.bin`) file; nothing in it is fatal. */
export function readSongSelectUsr(text: string): ConvertResult {
  const song = emptySong('songselect', text);
  song.source.extras = {};
  const warnings: ConvertWarning[] = [];
  const values: UsrValues = { fields: '', words: '', keys: '' };
  linesOf(text).forEach((line, i) => {
    const ccli = /^\s*\[S A?(\d+)\]/i.exec(line)?.[1];
    const entry = /^\s*([A-Za-z]+)\s*=(.*)$/.exec(line);
    if (ccli) song.ccli = ccli.length <= 12 ? ccli : null;
    const used =
      !line.trim() ||
      /^\s*\[[^\]]*\]\s*$/.test(line) ||
      (entry && applyUsrValue(song, values, entry[1]!.toLowerCase(), entry[2]!.trim()));
    if (!used)
      warnings.push({ song: 0, line: i + 1, message: SONGSELECT_TEXTS.notUsed(line.trim()) });
  });
  song.parts = usrParts(values.fields, values.words);
  const key = values.keys.split('/t')[0]?.trim() ?? '';
  song.key = parseKey(key);
  if (key && !song.key) {
    warnings.push({ song: 0, line: null, message: SONGSELECT_TEXTS.badKey(key) });
  }
  return result(song, warnings);
}

// ---------------------------------------------------------------------------------------------
// .txt

/** Lines between blank lines, with the number of the first. */
function blocksOf(lines: string[]): { start: number; lines: string[] }[] {
  const blocks: { start: number; lines: string[] }[] = [];
  let open = false;
  lines.forEach((line, i) => {
    if (!line.trim()) open = false;
    else if (open) blocks.at(-1)!.lines.push(line.trim());
    else {
      blocks.push({ start: i + 1, lines: [line.trim()] });
      open = true;
    }
  });
  return blocks;
}

const CCLI_SONG = /^CCLI Song\s*#\s*(\d+)/i;
const CCLI_LICENCE = /^CCLI Licen[cs]e\s*#/i;
const COPYRIGHT = /^(©|\(c\)|copyright\b)/i;
const TERMS = /for use solely|terms of use|all rights reserved|ccli\.com/i;
const isFooter = (lines: string[]) => lines.some((l) => CCLI_SONG.test(l) || CCLI_LICENCE.test(l));

/**
 * The footer's lines, in any order: "CCLI Song # n", the authors, the copyright (a `©` line
 * and the lines after it, such as "Music: …" or a second holder), the terms of use and
 * "CCLI License # n". The line before the licence number is the terms, whatever it says.
 */
function readFooter(song: ConvertedSong, block: { start: number; lines: string[] }, warn: Warn) {
  const copyright: string[] = [];
  const extras = song.source.extras as Record<string, string>;
  block.lines.forEach((line, i) => {
    const beforeLicence = CCLI_LICENCE.test(block.lines[i + 1] ?? '');
    const terms =
      TERMS.test(line) || (beforeLicence && copyright.length > 0 && !COPYRIGHT.test(line));
    const ccli = CCLI_SONG.exec(line)?.[1];
    if (ccli) song.ccli = ccli.length <= 12 ? ccli : null;
    else if (CCLI_LICENCE.test(line)) extras.licence = line;
    else if (terms) extras.terms = line;
    else if (COPYRIGHT.test(line) || copyright.length > 0) copyright.push(line);
    else if (song.authors.length === 0) song.authors = authorsOf(line);
    else warn(block.start + i, SONGSELECT_TEXTS.notUsed(line));
  });
  song.copyright = copyright.join(' | ');
}

/** Parts: a block whose first line names a section; a block without one goes on the last part. */
function txtParts(blocks: { lines: string[] }[]): Part[] {
  const parts: Part[] = [];
  let unnamed = 0;
  for (const { lines } of blocks) {
    const label = sectionName(lines[0] ?? '');
    const last = parts.at(-1);
    if (label) parts.push({ label, lines: lyricLines(lines.slice(1)) });
    else if (last) {
      // One by one: spread into push, a long block overflows the call stack.
      for (const line of lyricLines(lines)) last.lines.push(line);
    } else parts.push({ label: `Verse ${(unnamed += 1)}`, lines: lyricLines(lines) });
  }
  return parts.filter((part) => part.lines.length > 0);
}

/** Reads a SongSelect lyrics `.txt` file; nothing in it is fatal. */
export function readSongSelectText(text: string): ConvertResult {
  const song = emptySong('songselect', text);
  song.source.extras = {};
  const warnings: ConvertWarning[] = [];
  const warn: Warn = (line, message) => warnings.push({ song: 0, line, message });
  const blocks = blocksOf(linesOf(text));
  const footerAt = blocks.findLastIndex((block) => isFooter(block.lines));
  const body = footerAt >= 0 ? blocks.slice(0, footerAt) : blocks;
  const first = body[0];
  if (first && !sectionName(first.lines[0]!)) {
    song.title = first.lines[0]!;
    body[0] = { start: first.start + 1, lines: first.lines.slice(1) };
  }
  song.parts = txtParts(body.filter((block) => block.lines.length > 0));
  if (footerAt >= 0) {
    readFooter(song, blocks[footerAt]!, warn);
    for (const { start, lines } of blocks.slice(footerAt + 1)) {
      warn(start, SONGSELECT_TEXTS.notUsed(lines.join(' ')));
    }
  }
  return result(song, warnings);
}
