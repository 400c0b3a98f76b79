import type { MediaMark } from '@segue/shared';
import { sortedMarks } from './practice.ts';

/**
 * How many stretches of the recording its overview keeps: more than a phone's width in CSS
 * pixels and about a desktop's, so the overview is drawn from them at any width without
 * decoding again.
 */
export const PEAK_BUCKETS = 1000;

/** A mark moves by this much on an arrow key, and by `MARK_STEP.large` with Shift or Page keys. */
export const MARK_STEP = { small: 100, large: 1000 } as const;

/**
 * The recording's overview: for each of `buckets` equal stretches of it, the lowest and the
 * highest sample of any channel, as `[min0, max0, min1, max1, …]` (samples are −1..1). A
 * stretch shorter than one sample (a recording of fewer samples than buckets) repeats the
 * sample it falls on.
 */
export function computePeaks(
  channels: readonly Float32Array[],
  buckets = PEAK_BUCKETS,
): Float32Array {
  const peaks = new Float32Array(buckets * 2);
  const length = Math.min(...channels.map((channel) => channel.length));
  if (channels.length === 0 || length === 0 || buckets <= 0) return peaks;
  for (let b = 0; b < buckets; b += 1) {
    const start = Math.floor((b * length) / buckets);
    const end = Math.max(start + 1, Math.floor(((b + 1) * length) / buckets));
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (const channel of channels) {
      for (let i = start; i < end; i += 1) {
        const sample = channel[i]!;
        if (sample < min) min = sample;
        if (sample > max) max = sample;
      }
    }
    peaks[b * 2] = min;
    peaks[b * 2 + 1] = max;
  }
  return peaks;
}

/**
 * `peaks` (as `computePeaks` makes them) for `columns` columns of a drawing: the buckets under
 * each column merged (or, with more columns than buckets, the bucket each falls on), scaled so
 * the loudest reaches ±1, since a quietly recorded song should fill the overview too.
 */
export function peaksForColumns(peaks: Float32Array, columns: number): Float32Array {
  const buckets = Math.floor(peaks.length / 2);
  const out = new Float32Array(Math.max(0, columns) * 2);
  if (buckets === 0 || columns <= 0) return out;
  let loudest = 0;
  for (let c = 0; c < columns; c += 1) {
    const start = Math.floor((c * buckets) / columns);
    const end = Math.max(start + 1, Math.floor(((c + 1) * buckets) / columns));
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (let b = start; b < end; b += 1) {
      min = Math.min(min, peaks[b * 2]!);
      max = Math.max(max, peaks[b * 2 + 1]!);
    }
    out[c * 2] = min;
    out[c * 2 + 1] = max;
    loudest = Math.max(loudest, -min, max);
  }
  if (loudest > 0) for (let i = 0; i < out.length; i += 1) out[i] = out[i]! / loudest;
  return out;
}

/**
 * Where the mark at `index` of the time-ordered `marks` may be moved to, asked for `atMs`: a
 * whole millisecond, neither before the mark before it nor after the mark after it (so the
 * marks keep their order) and within the recording.
 */
export function clampMarkMs(
  marks: readonly MediaMark[],
  index: number,
  atMs: number,
  durationMs: number,
): number {
  const { minMs, maxMs } = markRange(marks, index, durationMs);
  if (Number.isNaN(atMs)) return marks[index]?.atMs ?? minMs;
  return Math.round(Math.min(maxMs, Math.max(minMs, atMs)));
}

/**
 * `marks` (in any order: a draft keeps its taps' order for Undo) with the mark at `index` in time
 * order moved towards `atMs`, between its neighbours; null when it would not move.
 */
export function moveMark(
  marks: readonly MediaMark[],
  index: number,
  atMs: number,
  durationMs: number,
): MediaMark[] | null {
  const sorted = sortedMarks(marks);
  const moving = sorted[index];
  if (!moving) return null;
  const to = clampMarkMs(sorted, index, atMs, durationMs);
  if (to === moving.atMs) return null;
  // The sort keeps the objects, so the moving one is found in the draft's own order.
  return marks.map((mark) => (mark === moving ? { ...mark, atMs: to } : mark));
}

/** The times the mark at `index` may take: from the mark before it to the mark after it. */
export function markRange(
  marks: readonly MediaMark[],
  index: number,
  durationMs: number,
): { minMs: number; maxMs: number } {
  const minMs = index > 0 ? (marks[index - 1]?.atMs ?? 0) : 0;
  const next = marks[index + 1];
  const maxMs = Math.max(minMs, Math.floor(next ? Math.min(next.atMs, durationMs) : durationMs));
  return { minMs, maxMs };
}

/**
 * How far a key moves a mark, as a slider's keys do: arrows by 100 ms (1 s with Shift), Page Up
 * and Page Down by 1 s, Home and End as far as it may go. Null for any other key.
 */
export function markKeyStepMs(key: string, shiftKey: boolean): number | null {
  const arrow = shiftKey ? MARK_STEP.large : MARK_STEP.small;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return arrow;
    case 'ArrowLeft':
    case 'ArrowDown':
      return -arrow;
    case 'PageUp':
      return MARK_STEP.large;
    case 'PageDown':
      return -MARK_STEP.large;
    case 'Home':
      return Number.NEGATIVE_INFINITY;
    case 'End':
      return Number.POSITIVE_INFINITY;
    default:
      return null;
  }
}

/** A time to the tenth of a second, as a mark is placed: "1:05.2", "0:02.0", "1:02:05.3". */
export function tenthsText(ms: number): string {
  const tenths = Math.round(Math.max(0, Number.isFinite(ms) ? ms : 0) / 100);
  const seconds = Math.floor(tenths / 10) % 60;
  const minutes = Math.floor(tenths / 600) % 60;
  const hours = Math.floor(tenths / 36000);
  const rest = `${String(seconds).padStart(2, '0')}.${tenths % 10}`;
  return hours === 0
    ? `${minutes}:${rest}`
    : `${hours}:${String(minutes).padStart(2, '0')}:${rest}`;
}

/**
 * A part's name short enough for a mark close to the next: as it is up to 4 letters, else the
 * initials of its words with their numbers ("Verse 2" → "V2", "Pre-Chorus" → "PC"), or the
 * first three letters of a single word ("Chorus" → "Cho").
 */
export function shortLabel(label: string): string {
  const name = label.trim();
  if (name.length <= 4) return name;
  const words = name.split(/[\s\-–/]+/u).filter((word) => word.length > 0);
  if (words.length <= 1) return Array.from(name).slice(0, 3).join('');
  return words.map((word) => (/^\d+$/u.test(word) ? word : Array.from(word)[0]!)).join('');
}
