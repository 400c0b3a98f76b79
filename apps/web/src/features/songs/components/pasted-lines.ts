import { isChordLine } from '@segue/shared';
import type { SongLine } from '@segue/shared';

export type LineField = 'chords' | 'lyrics';

/**
 * The song lines of a pasted text: one per non-blank row, a chord row directly above a lyric row
 * making one line with both (chord sheets write them so). Blank rows are dropped; leading
 * spaces stay, since they place chords over syllables; trailing ones go.
 */
export function linesFromText(text: string): SongLine[] {
  const rows = text.split(/\r\n|\r|\n/).map((row) => row.trimEnd());
  const lines: SongLine[] = [];
  for (let i = 0; i < rows.length; i += 1) {
    const row = rows[i] ?? '';
    if (!row.trim()) continue;
    if (!isChordLine(row)) {
      lines.push({ chords: '', lyrics: row });
      continue;
    }
    const next = rows[i + 1] ?? '';
    if (next.trim() && !isChordLine(next)) {
      lines.push({ chords: row, lyrics: next });
      i += 1;
    } else {
      lines.push({ chords: row, lyrics: '' });
    }
  }
  return lines;
}

/** Where the paste goes: the line, which of its fields, and that field's selection. */
export interface PasteTarget {
  line: SongLine;
  field: LineField;
  selectionStart: number;
  selectionEnd: number;
}

/**
 * The lines that take the place of `target.line` when `text` is pasted into it, or null when the
 * text has no line break (the browser pastes it as usual). The selection is replaced; then a
 * field left empty takes the first pasted line (its chords join the line's lyrics, or the other
 * way round), and every other pasted line goes below, so nothing typed before is lost.
 */
export function pasteLines(target: PasteTarget, text: string): SongLine[] | null {
  if (!/[\r\n]/.test(text)) return null;
  const pasted = linesFromText(text);
  const [first, ...rest] = pasted;
  if (!first) return null;
  const { line, field, selectionStart, selectionEnd } = target;
  const other: LineField = field === 'chords' ? 'lyrics' : 'chords';
  const typed = line[field];
  const kept: SongLine = {
    ...line,
    [field]: typed.slice(0, selectionStart) + typed.slice(selectionEnd),
  };
  const fits = !kept[field].trim() && (!first[other] || !kept[other].trim());
  if (!fits) return [kept, ...pasted];
  const keep = (f: LineField) => (kept[f].trim() ? kept[f] : first[f]);
  const merged: SongLine =
    field === 'lyrics'
      ? { chords: keep('chords'), lyrics: first.lyrics }
      : { chords: first.chords, lyrics: keep('lyrics') };
  return [merged, ...rest];
}
