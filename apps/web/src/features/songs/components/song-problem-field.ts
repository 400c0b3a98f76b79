import { KeySchema, SONG_AUTHOR_TYPES, SONG_DETAIL_TEXTS, SONG_LIMITS } from '@segue/shared';
import type { SongAuthorType } from '@segue/shared';

/** What the field finder reads of the song that was checked or sent. */
export interface CheckedSong {
  parts: { label: string; lines: { chords: string; lyrics: string }[] }[];
  authors: { name: string; type: SongAuthorType }[];
}

// The key's message lives beside its schema and is not exported on its own: ask the schema.
const KEY_MESSAGE = KeySchema.safeParse('').error?.issues[0]?.message;

const DETAIL_FIELDS: Record<string, string> = {
  [SONG_DETAIL_TEXTS.capo]: 'capo',
  [SONG_DETAIL_TEXTS.tempo]: 'tempo',
  [SONG_DETAIL_TEXTS.time]: 'time',
  [SONG_DETAIL_TEXTS.ccli]: 'ccli',
  [SONG_DETAIL_TEXTS.copyright]: 'copyright',
  [SONG_DETAIL_TEXTS.authors]: 'authors',
  ...(KEY_MESSAGE ? { [KEY_MESSAGE]: 'key' } : {}),
};

/** The first index where `test` holds, as a path segment; `fallback` when none does. */
function firstIndex<T>(items: readonly T[], test: (item: T) => boolean, fallback = 0): number {
  const index = items.findIndex(test);
  return index >= 0 ? index : fallback;
}

/** The part a message names by its label ('Part "Chorus" …'), preferring one that `test` fits. */
function partNamed(
  song: CheckedSong,
  label: string,
  test: (part: CheckedSong['parts'][number]) => boolean,
) {
  const named = song.parts.findIndex((part) => part.label.trim() === label && test(part));
  return named >= 0 ? named : firstIndex(song.parts, test);
}

/**
 * The form field a song message is about, as a path like the schema's ('title', 'parts.1.label',
 * 'parts.0.lines', 'parts.0.lines.3.lyrics', 'tempo', 'authors.1.name'); undefined when it
 * concerns no one field. It reads the messages of songProblem and SONG_DETAIL_TEXTS, which the
 * form and the server both give (the server's without a path), and a server message that starts
 * with its path ('parts.0.lines: …'). `song` is the song that was checked or sent, to find the
 * part or line a message names by label.
 */
export function songProblemField(message: string, song: CheckedSong): string | undefined {
  const prefixed = /^([a-z]\w*(?:\.\w+)*): /.exec(message);
  if (prefixed) return prefixed[1];

  if (message === 'Title is required.' || message.startsWith('Title must')) return 'title';
  if (message.startsWith('Artist must')) return 'artist';
  const detail = DETAIL_FIELDS[message];
  if (detail) return detail;
  if (
    message === 'At least one part is required.' ||
    message.startsWith('A song can have at most')
  ) {
    return 'parts';
  }
  const unlabelled = /^Part (\d+) is missing a label\.$/.exec(message);
  if (unlabelled) return `parts.${Number(unlabelled[1]) - 1}.label`;
  if (message.startsWith('Part labels must be at most')) {
    const long = firstIndex(song.parts, (p) => p.label.trim().length > SONG_LIMITS.labelMaxLength);
    return `parts.${long}.label`;
  }
  const lineless = /^Part "(.*)" needs at least one line\.$/.exec(message);
  if (lineless)
    return `parts.${partNamed(song, lineless[1] ?? '', (p) => p.lines.length === 0)}.lines`;
  const crowded = /^Part "(.*)" has more than \d+ lines\.$/.exec(message);
  if (crowded) {
    const tooMany = (p: CheckedSong['parts'][number]) =>
      p.lines.length > SONG_LIMITS.maxLinesPerPart;
    return `parts.${partNamed(song, crowded[1] ?? '', tooMany)}.lines`;
  }
  const longLine = /^Lines in part "(.*)" must be at most \d+ characters\.$/.exec(message);
  if (longLine) {
    const tooLong = (text: string) => text.length > SONG_LIMITS.lineMaxLength;
    const hasLongLine = (p: CheckedSong['parts'][number]) =>
      p.lines.some((l) => tooLong(l.chords) || tooLong(l.lyrics));
    const part = partNamed(song, longLine[1] ?? '', hasLongLine);
    const lines = song.parts[part]?.lines ?? [];
    const line = lines.findIndex((l) => tooLong(l.chords) || tooLong(l.lyrics));
    if (line < 0) return `parts.${part}.lines`;
    return `parts.${part}.lines.${line}.${tooLong(lines[line]?.chords ?? '') ? 'chords' : 'lyrics'}`;
  }

  if (message === SONG_DETAIL_TEXTS.authorName || message === SONG_DETAIL_TEXTS.authorNameLength) {
    const bad = (name: string) =>
      !name.trim() || name.trim().length > SONG_LIMITS.authorNameMaxLength;
    return `authors.${firstIndex(song.authors, (a) => bad(a.name))}.name`;
  }
  if (message === SONG_DETAIL_TEXTS.authorType) {
    return `authors.${firstIndex(song.authors, (a) => !SONG_AUTHOR_TYPES.includes(a.type))}.type`;
  }
  return undefined;
}

/** A problem shown at its field: the message and the field's path (none: the banner only). */
export interface FieldProblem {
  text: string;
  field?: string | undefined;
}

/**
 * The part of `problem` under `path` ('parts.1', 'parts.1.lines.0'), its field made relative
 * ('' for the path itself); undefined when it concerns something else. Lets a part or a line
 * be handed only its own problem, so the others skip rendering.
 */
export function problemUnder(
  problem: FieldProblem | null | undefined,
  path: string,
): { text: string; field: string } | undefined {
  const field = problem?.field;
  if (!problem || field === undefined) return undefined;
  if (field === path) return { text: problem.text, field: '' };
  if (field.startsWith(`${path}.`))
    return { text: problem.text, field: field.slice(path.length + 1) };
  return undefined;
}
