import { SongMediaSchema } from '@segue/shared';
import type { Recording, SongMedia } from '@segue/shared';
import { apiDownload, apiFetch, ApiRequestError } from '../api-client.ts';
import { offlineKeeping, offlineRecordings } from '../storage.ts';
import {
  forgetPracticeExcept,
  keepMedia,
  keepRecording,
  keptRecordingIds,
  recordingRemovalCount,
} from './kept-data.ts';

// On request, the device keeps the recordings of the kept setlists' songs too, so practice mode
// works without a signal (docs/DECISIONS.md, "Recordings kept for practice"). One download at a
// time, in the background run that keeps the week.

/** The most the recordings kept for practice take together. */
export const KEPT_RECORDINGS_BYTES_LIMIT = 1024 * 1024 * 1024;

/** A kept setlist of the window, as far as its recordings go. */
export interface PracticeSetlist {
  teamId: string;
  /** YYYY-MM-DD. */
  day: string;
  songIds: string[];
}

/** A song of those setlists, with the recordings its media list names. */
export interface ListedSong {
  teamId: string;
  songId: string;
  recordings: Pick<Recording, 'id' | 'type' | 'size'>[];
}

/** A recording to keep, and whose it is. */
export interface RecordingToKeep {
  id: string;
  teamId: string;
  songId: string;
  type: string;
  size: number;
}

/**
 * The order in which setlists' recordings are kept: today's and the coming services, the
 * nearest first, then yesterday's (a service played needs practice least).
 */
export function practiceOrder(setlists: PracticeSetlist[], today: string): PracticeSetlist[] {
  const past = (s: PracticeSetlist) => s.day < today;
  return [...setlists].sort((a, b) => {
    if (past(a) !== past(b)) return past(a) ? 1 : -1;
    return past(a) ? b.day.localeCompare(a.day) : a.day.localeCompare(b.day);
  });
}

/**
 * The recordings to keep, songs in the order given: each one that still fits within `limit`
 * bytes with those before it; one that would pass it is skipped, and a smaller one after it may
 * still fit.
 */
export function recordingsWithin(songs: ListedSong[], limit: number): RecordingToKeep[] {
  const chosen: RecordingToKeep[] = [];
  const seen = new Set<string>();
  let total = 0;
  for (const { teamId, songId, recordings } of songs) {
    for (const { id, type, size } of recordings) {
      if (seen.has(id) || total + size > limit) continue;
      seen.add(id);
      total += size;
      chosen.push({ id, teamId, songId, type, size });
    }
  }
  return chosen;
}

const wanted = () => offlineKeeping.get() && offlineRecordings.get();

interface QueuedRun {
  promise: Promise<void>;
  setlists: PracticeSetlist[];
  today: string;
}

let running: Promise<void> | null = null;
let queued: QueuedRun | null = null;

/**
 * Brings the recordings kept for practice up to date with `setlists` (the kept setlists of the
 * window): each song's media list is kept, the recordings that fit are downloaded when not kept
 * yet, and every other kept recording and list is forgotten. One run at a time; asked during a
 * run, it runs once more after it, with the newest setlists.
 */
export function keepRecordings(setlists: PracticeSetlist[], today: string): Promise<void> {
  if (!running) {
    running = run(setlists, today).finally(() => {
      running = null;
    });
    return running;
  }
  if (queued) {
    queued.setlists = setlists;
    queued.today = today;
    return queued.promise;
  }
  const next: QueuedRun = { setlists, today, promise: Promise.resolve() };
  next.promise = running
    .catch(() => undefined)
    .then(() => {
      queued = null;
      return keepRecordings(next.setlists, next.today);
    });
  queued = next;
  return next.promise;
}

async function run(setlists: PracticeSetlist[], today: string): Promise<void> {
  if (!wanted()) return;
  // Removed meanwhile ("Remove kept recordings", the week turned off, a sign-out): the run stops.
  const since = recordingRemovalCount();
  const stopped = () => !wanted() || recordingRemovalCount() !== since;

  const listed: ListedSong[] = [];
  const seen = new Set<string>();
  for (const { teamId, songIds } of practiceOrder(setlists, today)) {
    for (const songId of songIds) {
      if (seen.has(songId)) continue;
      seen.add(songId);
      const media = await mediaOf(teamId, songId);
      if (stopped()) return;
      if (!media) continue;
      await keepMedia(teamId, songId, media);
      listed.push({ teamId, songId, recordings: media.recordings });
    }
  }

  const keep = recordingsWithin(listed, KEPT_RECORDINGS_BYTES_LIMIT);
  // Every song was listed: what is kept beyond that is no longer wanted. Forgotten before the
  // downloads, so the device never holds more than the limit.
  await forgetPracticeExcept(
    new Set(keep.map((recording) => recording.id)),
    new Set(listed.map((song) => song.songId)),
  );
  const kept = new Set(await keptRecordingIds());
  for (const recording of keep) {
    if (kept.has(recording.id)) continue;
    if (stopped()) return;
    const blob = await download(recording);
    if (!blob) continue;
    const stored = await keepRecording(
      { ...recording, size: blob.size, blob, keptAt: Date.now() },
      since,
    );
    if (!stored) return;
  }
}

/** A song's media list, or null for a song gone since (deleted, in the trash). */
async function mediaOf(teamId: string, songId: string): Promise<SongMedia | null> {
  try {
    const path = `/songs/${encodeURIComponent(songId)}/media`;
    return SongMediaSchema.parse(await apiFetch(path, { teamId }));
  } catch (error) {
    if (error instanceof ApiRequestError) return null;
    throw error;
  }
}

/** A recording's bytes, or null for one deleted since it was listed. */
async function download(recording: RecordingToKeep): Promise<Blob | null> {
  try {
    const path = `/media/${encodeURIComponent(recording.id)}`;
    return (await apiDownload(path, { teamId: recording.teamId })).blob;
  } catch (error) {
    if (error instanceof ApiRequestError) return null;
    throw error;
  }
}

/**
 * Asks the browser not to clear what this origin keeps when space runs low, best effort: asked
 * when the musician turns keeping recordings on (some browsers ask the person).
 */
export async function askToPersist(): Promise<void> {
  try {
    if (typeof navigator === 'undefined' || !navigator.storage?.persist) return;
    if (!(await navigator.storage.persisted())) await navigator.storage.persist();
  } catch (error) {
    console.warn('[offline] could not ask for persistent storage', error);
  }
}
