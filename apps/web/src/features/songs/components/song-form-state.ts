import type { Song, SongPart } from '@segue/shared';

/**
 * The song form's state: the song being written, with a stable key per part and line so that
 * moving or removing one keeps every other input (and the focus) where it was.
 */
export interface LineDraft {
  key: string;
  chords: string;
  lyrics: string;
}

export interface PartDraft {
  key: string;
  label: string;
  lines: LineDraft[];
}

export interface SongDraft {
  title: string;
  artist: string;
  parts: PartDraft[];
}

export type SongDraftAction =
  | { type: 'setTitle'; title: string }
  | { type: 'setArtist'; artist: string }
  | { type: 'setLabel'; part: number; label: string }
  | { type: 'setLine'; part: number; line: number; field: 'chords' | 'lyrics'; value: string }
  | { type: 'addPart' }
  | { type: 'removePart'; part: number }
  | { type: 'movePart'; part: number; to: number }
  | { type: 'addLine'; part: number }
  | { type: 'removeLine'; part: number; line: number }
  | { type: 'moveLine'; part: number; line: number; to: number };

let lastKey = 0;
const newKey = () => `k${++lastKey}`;

const emptyLine = (): LineDraft => ({ key: newKey(), chords: '', lyrics: '' });

/** A new part: no label yet, one empty line (spec section 2, Song form). */
const emptyPart = (): PartDraft => ({ key: newKey(), label: '', lines: [emptyLine()] });

/** A new song starts with one part holding one empty line; an existing one as it is. */
export function initialDraft(song?: Song): SongDraft {
  if (!song) return { title: '', artist: '', parts: [emptyPart()] };
  return {
    title: song.title,
    artist: song.artist,
    parts: song.parts.map((part) => ({
      key: newKey(),
      label: part.label,
      lines: part.lines.map((line) => ({ key: newKey(), ...line })),
    })),
  };
}

/** The draft as the API takes it: keys dropped, text as typed (chords keep their spaces). */
export function draftToSong(draft: SongDraft): {
  title: string;
  artist: string;
  parts: SongPart[];
} {
  return {
    title: draft.title,
    artist: draft.artist,
    parts: draft.parts.map(({ label, lines }) => ({
      label,
      lines: lines.map(({ chords, lyrics }) => ({ chords, lyrics })),
    })),
  };
}

function move<T>(items: T[], from: number, to: number): T[] {
  if (from === to || to < 0 || to >= items.length || !items[from]) return items;
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

function replaceAt<T>(items: T[], index: number, change: (item: T) => T): T[] {
  const item = items[index];
  if (item === undefined) return items;
  const next = [...items];
  next[index] = change(item);
  return next;
}

function updateLines(
  draft: SongDraft,
  part: number,
  change: (lines: LineDraft[]) => LineDraft[],
): SongDraft {
  return {
    ...draft,
    parts: replaceAt(draft.parts, part, (p) => ({ ...p, lines: change(p.lines) })),
  };
}

/** Every change of the form; untouched parts and lines keep their identity, so they skip rendering. */
export function songDraftReducer(draft: SongDraft, action: SongDraftAction): SongDraft {
  switch (action.type) {
    case 'setTitle':
      return { ...draft, title: action.title };
    case 'setArtist':
      return { ...draft, artist: action.artist };
    case 'setLabel':
      return {
        ...draft,
        parts: replaceAt(draft.parts, action.part, (p) => ({ ...p, label: action.label })),
      };
    case 'setLine':
      return updateLines(draft, action.part, (lines) =>
        replaceAt(lines, action.line, (l) => ({ ...l, [action.field]: action.value })),
      );
    case 'addPart':
      return { ...draft, parts: [...draft.parts, emptyPart()] };
    case 'removePart':
      return { ...draft, parts: draft.parts.filter((_p, index) => index !== action.part) };
    case 'movePart':
      return { ...draft, parts: move(draft.parts, action.part, action.to) };
    case 'addLine':
      return updateLines(draft, action.part, (lines) => [...lines, emptyLine()]);
    case 'removeLine':
      return updateLines(draft, action.part, (lines) =>
        lines.filter((_l, index) => index !== action.line),
      );
    case 'moveLine':
      return updateLines(draft, action.part, (lines) => move(lines, action.line, action.to));
  }
}
