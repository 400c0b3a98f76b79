import { useCallback, useMemo, useState } from 'react';
import type { MediaMark } from '@segue/shared';
import { sortedMarks } from './practice.ts';
import { moveMark } from './waveform.ts';

/** Marks being changed, not yet saved. */
interface MarksDraft {
  /** In tapping order (Undo last mark drops the last tap); a moved mark keeps its place. */
  marks: MediaMark[];
  /**
   * "Mark parts": tapping a part's name adds a mark where the recording is. Without it the
   * marks were moved on the waveform, and a part's name jumps to it as usual.
   */
  tapping: boolean;
}

/**
 * A recording's marks as the page shows them, and their changes until Save marks or Cancel:
 * tapped in part by part, or moved on the waveform (docs/DECISIONS.md, "Practice mode").
 */
export function useMarksDraft(saved: readonly MediaMark[], recordingId: string) {
  const [draft, setDraft] = useState<MarksDraft | null>(null);
  // Another recording: the draft belonged to the one before.
  const [draftOf, setDraftOf] = useState(recordingId);
  if (draftOf !== recordingId) {
    setDraftOf(recordingId);
    setDraft(null);
  }
  const source = draft?.marks ?? saved;
  const marks = useMemo(() => sortedMarks(source), [source]);

  const startTapping = useCallback(() => setDraft({ marks: [], tapping: true }), []);
  const tap = useCallback(
    (mark: MediaMark) => setDraft((old) => old && { ...old, marks: [...old.marks, mark] }),
    [],
  );
  const undoTap = useCallback(
    () => setDraft((old) => old && { ...old, marks: old.marks.slice(0, -1) }),
    [],
  );
  const discard = useCallback(() => setDraft(null), []);
  /** Moves the mark at `index` of `marks` towards `atMs`, between its neighbours. */
  const move = useCallback(
    (index: number, atMs: number, durationMs: number) => {
      const moved = moveMark(source, index, atMs, durationMs);
      if (moved) setDraft((old) => ({ marks: moved, tapping: old?.tapping ?? false }));
    },
    [source],
  );

  return {
    /** In time order: the draft while there is one, else the saved marks. */
    marks,
    /** The draft's marks in time order, as Save marks sends them; null when nothing changed. */
    changed: draft === null ? null : marks,
    editing: draft !== null,
    tapping: draft?.tapping === true,
    /** How many marks were tapped in (only while tapping). */
    tapped: draft?.tapping === true ? draft.marks.length : 0,
    startTapping,
    tap,
    undoTap,
    move,
    discard,
  };
}
