import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent, RefObject } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import type { MediaMark, SongPart } from '@segue/shared';
import type { PracticePlayer } from './practice-player.ts';
import { usePlayerPosition } from './use-practice-player.ts';
import {
  clampMarkMs,
  markKeyStepMs,
  markRange,
  peaksForColumns,
  shortLabel,
  tenthsText,
} from './waveform.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

/** The row of the marks' names above the waveform, and the waveform under it (CSS pixels). */
const LABEL_ROW = 22;
const WAVE_TOP = LABEL_ROW + 2;
const WAVE_HEIGHT = 56;
/** A mark can be taken this far either side of its line. */
const GRAB_PX = 10;
/** A press that moves less than this is a tap (it goes to the mark), not a drag. */
const DRAG_SLOP_PX = 3;
/** The narrowest name tag: a finger's target, and room for "V2". */
const MIN_TAG_PX = 24;

/** Roughly how wide a name is in the tag's caption type, with the tag's padding. */
const tagWidth = (text: string) => Math.max(MIN_TAG_PX, Array.from(text).length * 7.5 + 8);

const percent = (ms: number, durationMs: number) =>
  `${Math.min(100, Math.max(0, (ms / durationMs) * 100))}%`;

interface RecordingWaveformProps {
  player: PracticePlayer;
  parts: readonly SongPart[];
  /** In time order. */
  marks: readonly MediaMark[];
  /** Whether the marks may be moved (who may edit the song, while changes are allowed). */
  editable: boolean;
  /** The mark at `index` of `marks` moved towards `atMs` (the page keeps it between its neighbours). */
  onMove: (index: number, atMs: number) => void;
}

/**
 * The recording's overview: its waveform, where it is playing, and its marks, each a handle
 * named after its part. A tap on it goes there; whoever may edit the song drags a mark or moves
 * it with the arrow keys (docs/DECISIONS.md, "Practice mode").
 */
export function RecordingWaveform({
  player,
  parts,
  marks,
  editable,
  onMove,
}: RecordingWaveformProps) {
  const t = useT();
  const trackRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(trackRef);
  const peaks = usePeaks(player);
  const helpId = useId();
  const durationMs = Math.max(player.durationMs, 1);
  // While a mark is dragged it shows where it is; the draft takes it on letting go.
  const [dragged, setDragged] = useState<{ index: number; atMs: number } | null>(null);
  const shown = dragged
    ? marks.map((mark, i) => (i === dragged.index ? { ...mark, atMs: dragged.atMs } : mark))
    : marks;
  const labelOf = (partId: string) =>
    parts.find((part) => part.id === partId)?.label ?? t('practice.removedPart');

  return (
    <Box role="group" aria-label={t('practice.overview')}>
      <Box
        ref={trackRef}
        onClick={(event) => {
          const rect = event.currentTarget.getBoundingClientRect();
          if (rect.width > 0) player.seek(((event.clientX - rect.left) / rect.width) * durationMs);
        }}
        sx={{ position: 'relative', height: WAVE_TOP + WAVE_HEIGHT, cursor: 'pointer' }}
      >
        <Box
          sx={{
            position: 'absolute',
            inset: `${WAVE_TOP}px 0 0 0`,
            bgcolor: 'action.hover',
            borderRadius: 1,
          }}
        />
        <WaveformCanvas peaks={peaks} width={width} />
        <Playhead player={player} durationMs={durationMs} />
        {shown.map((mark, index) => {
          const label = labelOf(mark.partId);
          const x = (mark.atMs / durationMs) * width;
          const next = shown[index + 1];
          // Until the track is measured every name fits.
          const room =
            width > 0
              ? ((next ? Math.min(next.atMs, durationMs) : durationMs) / durationMs) * width - x
              : Number.POSITIVE_INFINITY;
          const short = shortLabel(label);
          const last = index === shown.length - 1;
          return (
            <MarkHandle
              // Marks keep their order when moved, so an index names the same mark throughout.
              key={index}
              atMs={mark.atMs}
              durationMs={durationMs}
              range={markRange(marks, index, durationMs)}
              label={label}
              tag={tagWidth(label) <= room ? label : short}
              tagMaxPx={Math.max(MIN_TAG_PX, room - 2)}
              // The last mark near the end names itself on its left, inside the overview.
              flip={last && width > 0 && room < tagWidth(short) && x >= tagWidth(short)}
              editable={editable}
              describedBy={helpId}
              trackRef={trackRef}
              clamp={(ms) => clampMarkMs(marks, index, ms, durationMs)}
              onDrag={(ms) => setDragged(ms === null ? null : { index, atMs: ms })}
              onDrop={(ms) => {
                setDragged(null);
                onMove(index, ms);
              }}
              onStep={(ms) => onMove(index, ms)}
              onSeek={() => player.seek(mark.atMs)}
            />
          );
        })}
      </Box>
      <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {editable && marks.length > 0 ? t('practice.moveHelp') : t('practice.seekHelp')}
      </Typography>
    </Box>
  );
}

interface MarkHandleProps {
  atMs: number;
  durationMs: number;
  /** Where the mark may go: between the marks beside it. */
  range: { minMs: number; maxMs: number };
  label: string;
  /** The name as the tag shows it: whole, or short when the next mark is close. */
  tag: string;
  tagMaxPx: number;
  flip: boolean;
  editable: boolean;
  describedBy: string;
  trackRef: RefObject<HTMLDivElement | null>;
  clamp: (ms: number) => number;
  /** Where the mark is dragged to; null when the drag was given up. */
  onDrag: (ms: number | null) => void;
  onDrop: (ms: number) => void;
  onStep: (ms: number) => void;
  onSeek: () => void;
}

/**
 * A mark: a line through the waveform under a tag with its part's name. A slider for whoever
 * may move it, dragged with a pointer (mouse, pen or finger, held by pointer capture) or moved
 * with the keys; for the others, a tap on it goes to the mark.
 */
function MarkHandle({
  atMs,
  durationMs,
  range,
  label,
  tag,
  tagMaxPx,
  flip,
  editable,
  describedBy,
  trackRef,
  clamp,
  onDrag,
  onDrop,
  onStep,
  onSeek,
}: MarkHandleProps) {
  const t = useT();
  const theme = useTheme();
  const drag = useRef<{ pointerId: number; startX: number; offsetPx: number; moved: boolean }>(
    null,
  );
  // A drag ends in a click on the handle, which must not also go to the mark.
  const dragEnded = useRef(false);
  const [dragging, setDragging] = useState(false);

  const timeAt = (clientX: number, offsetPx: number) => {
    const rect = trackRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return atMs;
    return clamp(((clientX - offsetPx - rect.left) / rect.width) * durationMs);
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    dragEnded.current = false;
    if (!editable || (event.pointerType === 'mouse' && event.button !== 0)) return;
    const rect = trackRef.current?.getBoundingClientRect();
    if (!rect) return;
    const markX = rect.left + (atMs / durationMs) * rect.width;
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      // Held where it was taken, so the mark does not jump to the pointer.
      offsetPx: event.clientX - markX,
      moved: false,
    };
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus({ preventScroll: true });
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const held = drag.current;
    if (!held || held.pointerId !== event.pointerId) return;
    if (!held.moved && Math.abs(event.clientX - held.startX) < DRAG_SLOP_PX) return;
    if (!held.moved) setDragging(true);
    held.moved = true;
    onDrag(timeAt(event.clientX, held.offsetPx));
  };

  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const held = drag.current;
    if (!held || held.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
    dragEnded.current = held.moved;
    if (held.moved) onDrop(timeAt(event.clientX, held.offsetPx));
  };

  const giveUp = () => {
    if (!drag.current) return;
    drag.current = null;
    setDragging(false);
    onDrag(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const step = markKeyStepMs(event.key, event.shiftKey);
    if (!editable || step === null) return;
    event.preventDefault();
    onStep(atMs + step);
  };

  // Held by a finger, the handle moves and the page does not scroll.
  const grabbable = editable ? { touchAction: 'none', cursor: 'ew-resize' } : { cursor: 'pointer' };
  // The tag's colour carries white text at 6:1 in both themes (the theme's primary shade).
  const colour = theme.palette.primary.dark;

  return (
    <Box
      role="slider"
      aria-label={t('practice.markHandle', { label })}
      aria-valuemin={range.minMs}
      aria-valuemax={range.maxMs}
      aria-valuenow={Math.round(atMs)}
      aria-valuetext={t('practice.markValue', { label, time: tenthsText(atMs) })}
      aria-readonly={editable ? undefined : true}
      aria-describedby={editable ? describedBy : undefined}
      tabIndex={editable ? 0 : undefined}
      title={`${label} ${tenthsText(atMs)}`}
      data-dragging={dragging || undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={giveUp}
      onLostPointerCapture={giveUp}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        event.stopPropagation();
        if (dragEnded.current) dragEnded.current = false;
        else onSeek();
      }}
      sx={{
        position: 'absolute',
        top: 0,
        bottom: 0,
        left: percent(atMs, durationMs),
        // The handle is the line and a finger's width either side of it; the tag hangs off it.
        width: GRAB_PX * 2,
        ml: `${-GRAB_PX}px`,
        background: `linear-gradient(to right, transparent ${GRAB_PX - 1}px, ${colour} ${GRAB_PX - 1}px, ${colour} ${GRAB_PX + 1}px, transparent ${GRAB_PX + 1}px)`,
        ...grabbable,
        userSelect: 'none',
        zIndex: 2,
        outline: 'none',
        '&:focus, &[data-dragging]': { zIndex: 3 },
        '&:focus-visible > [data-tag]': {
          outline: `2px solid ${theme.palette.text.primary}`,
          outlineOffset: '1px',
        },
      }}
    >
      <Box
        data-tag
        sx={{
          position: 'absolute',
          top: 2,
          [flip ? 'right' : 'left']: GRAB_PX - 1,
          height: LABEL_ROW - 2,
          minWidth: MIN_TAG_PX,
          maxWidth: flip ? undefined : tagMaxPx,
          px: '3px',
          bgcolor: colour,
          color: theme.palette.primary.contrastText,
          borderRadius: flip ? '4px 0 0 4px' : '0 4px 4px 0',
          typography: 'caption',
          fontWeight: 600,
          lineHeight: `${LABEL_ROW - 2}px`,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
      >
        {tag}
      </Box>
    </Box>
  );
}

/** Where the recording is playing: its own component, drawn again on every report. */
function Playhead({ player, durationMs }: { player: PracticePlayer; durationMs: number }) {
  const { positionMs } = usePlayerPosition(player);
  return (
    <Box
      aria-hidden
      data-playhead
      sx={{
        position: 'absolute',
        top: WAVE_TOP,
        bottom: 0,
        left: percent(positionMs, durationMs),
        width: 2,
        ml: '-1px',
        bgcolor: 'text.primary',
        pointerEvents: 'none',
        zIndex: 1,
      }}
    />
  );
}

/** The waveform, drawn from the player's peaks; a flat line while there are none. */
function WaveformCanvas({ peaks, width }: { peaks: Float32Array | null; width: number }) {
  const t = useT();
  const theme = useTheme();
  const colour = alpha(theme.palette.primary.main, theme.palette.mode === 'light' ? 0.55 : 0.7);
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas || width <= 0) return;
    const scale = window.devicePixelRatio || 1;
    const w = Math.round(width * scale);
    const h = Math.round(WAVE_HEIGHT * scale);
    canvas.width = w;
    canvas.height = h;
    const context = canvas.getContext('2d');
    if (!context) return;
    context.clearRect(0, 0, w, h);
    context.fillStyle = colour;
    const middle = h / 2;
    const line = Math.max(1, Math.round(scale));
    if (!peaks) {
      context.fillRect(0, Math.round(middle - line / 2), w, line);
      return;
    }
    // A little short of the edges, so the loudest moment does not touch them.
    const reach = middle * 0.9;
    const columns = peaksForColumns(peaks, w);
    for (let c = 0; c < w; c += 1) {
      const top = middle - columns[c * 2 + 1]! * reach;
      const bottom = middle - columns[c * 2]! * reach;
      context.fillRect(c, top, 1, Math.max(line, bottom - top));
    }
  }, [peaks, width, colour]);
  return (
    <Box
      component="canvas"
      ref={ref}
      role="img"
      aria-label={t('practice.waveform')}
      sx={{
        position: 'absolute',
        left: 0,
        top: WAVE_TOP,
        width: '100%',
        height: WAVE_HEIGHT,
        display: 'block',
      }}
    />
  );
}

/** The player's peaks once it has them (at once for the stretch player). */
function usePeaks(player: PracticePlayer): Float32Array | null {
  const [found, setFound] = useState<{ of: PracticePlayer; peaks: Float32Array | null } | null>(
    null,
  );
  useEffect(() => {
    let gone = false;
    void player.peaks().then((peaks) => {
      if (!gone) setFound({ of: player, peaks });
    });
    return () => {
      gone = true;
    };
  }, [player]);
  return found?.of === player ? found.peaks : null;
}

/** The element's width in CSS pixels, kept as it changes; 0 until measured. */
function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // A new observation reports the size at once, and again on every change.
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
