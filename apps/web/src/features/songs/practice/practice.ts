import { parseKey, transposeKey } from '@segue/shared';
import type { Key, MediaMark } from '@segue/shared';

/** Tempo as a rate of the recording's own: 50% to 150%, in steps of 5%. */
export const TEMPO = { min: 0.5, max: 1.5, step: 0.05 } as const;

/** Pitch in semitones either way; past `warnBeyond` a shifted recording sounds unnatural. */
export const PITCH = { limit: 6, warnBeyond: 4 } as const;

/** A stretch of the recording, in milliseconds from its start: from `startMs` up to `endMs`. */
export interface Region {
  startMs: number;
  endMs: number;
}

/** A tempo the player takes: within 50%–150%, on a 5% step; 100% for anything not a number. */
export function clampTempo(rate: number): number {
  if (!Number.isFinite(rate)) return 1;
  const stepped = Math.round(rate / TEMPO.step) * TEMPO.step;
  return Math.round(Math.min(TEMPO.max, Math.max(TEMPO.min, stepped)) * 100) / 100;
}

/** A pitch shift the player takes: whole semitones within ±6; 0 for anything not a number. */
export function clampPitch(semitones: number): number {
  if (!Number.isFinite(semitones)) return 0;
  return Math.min(PITCH.limit, Math.max(-PITCH.limit, Math.round(semitones)));
}

/** The marks in time order (the server keeps them so; a draft is built in tapping order). */
export function sortedMarks(marks: readonly MediaMark[]): MediaMark[] {
  return [...marks].sort((a, b) => a.atMs - b.atMs);
}

/**
 * The index of the mark the recording is in at `timeMs`: the last one at or before it, or -1
 * before the first. `marks` are in time order.
 */
export function currentMarkIndex(marks: readonly MediaMark[], timeMs: number): number {
  let found = -1;
  for (let i = 0; i < marks.length && marks[i]!.atMs <= timeMs; i += 1) found = i;
  return found;
}

/**
 * The stretch of the recording around `timeMs` between marks: from the current mark (the start
 * before the first) to the next later mark, or the end. With no marks, the whole recording.
 */
export function regionAt(marks: readonly MediaMark[], timeMs: number, durationMs: number): Region {
  const index = currentMarkIndex(marks, timeMs);
  const startMs = index < 0 ? 0 : marks[index]!.atMs;
  const next = marks.find((mark) => mark.atMs > startMs);
  return { startMs, endMs: next ? Math.min(next.atMs, durationMs) : durationMs };
}

/** Where a part first starts in the recording, or null when it has no mark. */
export function partStartMs(marks: readonly MediaMark[], partId: string): number | null {
  return marks.find((mark) => mark.partId === partId)?.atMs ?? null;
}

function tonic(key: Key): Key {
  return transposeKey((key.endsWith('m') ? key.slice(0, -1) : key) as Key, 0);
}

/**
 * The pitch shift that takes a recording in the song's key to a service's key: the nearer way
 * (up to 6 semitones up, 5 down), by the keys' tonics. 0 when either key is unknown.
 */
export function semitonesBetween(songKey: string | null, serviceKey: string | null): number {
  const from = songKey === null ? null : parseKey(songKey);
  const to = serviceKey === null ? null : parseKey(serviceKey);
  if (!from || !to) return 0;
  const target = tonic(to);
  for (let shift = -5; shift <= 6; shift += 1) {
    if (transposeKey(tonic(from), shift) === target) return shift;
  }
  return 0;
}
