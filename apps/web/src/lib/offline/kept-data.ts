import { openDB } from 'idb';
import type { DBSchema, IDBPDatabase } from 'idb';
import type { Account, Person, SetlistDetails, SongMedia, Team } from '@segue/shared';
import { localDay } from '../local-day.ts';
import { offlineDataKept } from '../storage.ts';

// The week's music kept on this device, in IndexedDB, for a venue without a signal, and on
// request its recordings for practice on the way there (keep-recordings.ts).
// One user's data at a time: another user's sign-in, a sign-out, or a session found ended
// removes it all; a team the user left takes its setlists, people and recordings with it.

/** The most the device keeps; beyond it the least needed setlists go first (see `keepWithin`). */
export const KEPT_BYTES_LIMIT = 5 * 1024 * 1024;

/** A setlist as `GET /api/setlist/{id}` answered it, songs in full. */
export interface KeptSetlist {
  id: string;
  teamId: string;
  /** The setlist's day, YYYY-MM-DD. */
  day: string;
  details: SetlistDetails;
  keptAt: number;
  /** The size of the record's JSON in UTF-8. */
  bytes: number;
}

interface KeptPerson {
  /** `${teamId}:${personId}`: people are kept per team, so leaving a team forgets them. */
  key: string;
  teamId: string;
  person: Person;
}

/** A song's recordings and links as `GET /api/songs/{id}/media` answered them. */
export interface KeptMedia {
  songId: string;
  teamId: string;
  media: SongMedia;
  keptAt: number;
}

/**
 * A recording's bytes as `GET /api/media/{id}` sent them. They never change for its id (a new
 * upload is a new recording), so a kept recording never goes stale.
 */
export interface KeptRecording {
  id: string;
  teamId: string;
  songId: string;
  type: string;
  size: number;
  blob: Blob;
  keptAt: number;
}

interface KeptSchema extends DBSchema {
  meta: {
    key: 'account' | 'teams';
    value: { account: Account; keptAt: number } | { teams: Team[]; keptAt: number };
  };
  setlists: { key: string; value: KeptSetlist; indexes: { teamId: string } };
  people: { key: string; value: KeptPerson; indexes: { teamId: string } };
  media: { key: string; value: KeptMedia; indexes: { teamId: string } };
  recordings: { key: string; value: KeptRecording; indexes: { teamId: string } };
}

const DB_NAME = 'segue-offline';
/** 2 added the recordings kept for practice and their songs' media lists. */
const DB_VERSION = 2;
const STORES = ['meta', 'setlists', 'people', 'media', 'recordings'] as const;
/** The stores whose records belong to a team, forgotten with it. */
const TEAM_STORES = ['setlists', 'people', 'media', 'recordings'] as const;

let opened: Promise<IDBPDatabase<KeptSchema>> | null = null;

function db(): Promise<IDBPDatabase<KeptSchema>> {
  opened ??= openDB<KeptSchema>(DB_NAME, DB_VERSION, {
    // Each version adds its stores to what an older one kept, which stays.
    upgrade(database, oldVersion) {
      if (oldVersion < 1) {
        database.createObjectStore('meta');
        database.createObjectStore('setlists', { keyPath: 'id' }).createIndex('teamId', 'teamId');
        database.createObjectStore('people', { keyPath: 'key' }).createIndex('teamId', 'teamId');
      }
      if (oldVersion < 2) {
        database.createObjectStore('media', { keyPath: 'songId' }).createIndex('teamId', 'teamId');
        database.createObjectStore('recordings', { keyPath: 'id' }).createIndex('teamId', 'teamId');
      }
    },
    // Another tab of a newer version wants the database: let it, and open again when asked.
    blocking() {
      void opened?.then((database) => database.close());
      opened = null;
    },
  }).catch((error: unknown) => {
    opened = null;
    throw error;
  });
  return opened;
}

const encoder = new TextEncoder();

/** The UTF-8 size of a value's JSON. */
export function jsonBytes(value: unknown): number {
  return encoder.encode(JSON.stringify(value)).length;
}

export async function keptAccount(): Promise<{ account: Account; keptAt: number } | undefined> {
  const kept = await (await db()).get('meta', 'account');
  return kept && 'account' in kept ? kept : undefined;
}

/** Keeps the signed-in account; another user's kept data is removed first. */
export async function keepAccount(account: Account): Promise<void> {
  const previous = await keptAccount();
  if (previous && previous.account.$id !== account.$id) await removeKeptData();
  offlineDataKept.set(true);
  await (await db()).put('meta', { account, keptAt: Date.now() }, 'account');
}

export async function keptTeams(): Promise<{ teams: Team[]; keptAt: number } | undefined> {
  const kept = await (await db()).get('meta', 'teams');
  return kept && 'teams' in kept ? kept : undefined;
}

/**
 * Keeps the user's teams and forgets every setlist, person and recording of a team not among
 * them.
 */
export async function keepTeams(teams: Team[]): Promise<void> {
  const ids = new Set(teams.map((team) => team._id));
  const database = await db();
  const tx = database.transaction(STORES, 'readwrite');
  await tx.objectStore('meta').put({ teams, keptAt: Date.now() }, 'teams');
  for (const store of TEAM_STORES) {
    let cursor = await tx.objectStore(store).openCursor();
    while (cursor) {
      if (!ids.has(cursor.value.teamId)) await cursor.delete();
      cursor = await cursor.continue();
    }
  }
  await tx.done;
  offlineDataKept.set(true);
}

export async function keptSetlist(id: string): Promise<KeptSetlist | undefined> {
  return (await db()).get('setlists', id);
}

export async function keptSetlistsOf(teamId: string): Promise<KeptSetlist[]> {
  return (await db()).getAllFromIndex('setlists', 'teamId', teamId);
}

/** Every kept setlist, of every team. */
export async function keptSetlists(): Promise<KeptSetlist[]> {
  return (await db()).getAll('setlists');
}

/** Keeps a setlist with its songs (replacing an older copy), then keeps within the limit. */
export async function keepSetlist(details: SetlistDetails): Promise<void> {
  const record: Omit<KeptSetlist, 'bytes'> = {
    id: details._id,
    teamId: details.teamId,
    day: details.date.split('T')[0] ?? details.date,
    details,
    keptAt: Date.now(),
  };
  offlineDataKept.set(true);
  await (await db()).put('setlists', { ...record, bytes: jsonBytes(record) });
  await keepWithin(KEPT_BYTES_LIMIT);
}

/** Forgets the given setlists (deleted on the server, or long past). */
export async function forgetSetlists(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const tx = (await db()).transaction('setlists', 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
}

/** Keeps the names of a team's people, for leaders and positions read offline. */
export async function keepPeople(teamId: string, people: Person[]): Promise<void> {
  if (people.length === 0) return;
  const tx = (await db()).transaction('people', 'readwrite');
  await Promise.all([
    ...people.map((person) => tx.store.put({ key: `${teamId}:${person.$id}`, teamId, person })),
    tx.done,
  ]);
  offlineDataKept.set(true);
}

export async function keptPeople(teamId: string): Promise<Person[]> {
  const kept = await (await db()).getAllFromIndex('people', 'teamId', teamId);
  return kept.map((entry) => entry.person);
}

/**
 * The order in which setlists give way when the device keeps too much: setlists already played
 * first (the oldest first), then the ones furthest ahead; the oldest copy first among equals.
 */
export function evictionOrder(setlists: KeptSetlist[], today: string): KeptSetlist[] {
  const past = (s: KeptSetlist) => s.day < today;
  return [...setlists].sort((a, b) => {
    if (past(a) !== past(b)) return past(a) ? -1 : 1;
    if (past(a)) return a.day.localeCompare(b.day) || a.keptAt - b.keptAt;
    return b.day.localeCompare(a.day) || a.keptAt - b.keptAt;
  });
}

/** Forgets setlists (see `evictionOrder`) until what is kept fits in `limit` bytes. */
export async function keepWithin(limit: number, today = localDay(new Date())): Promise<void> {
  const database = await db();
  const setlists = await database.getAll('setlists');
  let total = setlists.reduce((sum, s) => sum + s.bytes, 0);
  if (total <= limit) return;
  const tx = database.transaction('setlists', 'readwrite');
  for (const setlist of evictionOrder(setlists, today)) {
    if (total <= limit) break;
    total -= setlist.bytes;
    await tx.store.delete(setlist.id);
  }
  await tx.done;
}

export interface KeptSummary {
  setlists: number;
  /** Different songs among the kept setlists. */
  songs: number;
  /** The kept answers (setlists, people, account, teams, songs' media lists), in bytes. */
  bytes: number;
  /** When the newest copy was kept; null when nothing is. */
  keptAt: number | null;
  /** Recordings kept for practice, and their bytes (apart from `bytes`). */
  recordings: number;
  recordingBytes: number;
}

/** What this device keeps, for Account Settings. */
export async function keptSummary(): Promise<KeptSummary> {
  const database = await db();
  const [setlists, people, account, teams, media, recordings] = await Promise.all([
    database.getAll('setlists'),
    database.getAll('people'),
    database.get('meta', 'account'),
    database.get('meta', 'teams'),
    database.getAll('media'),
    // Their blobs are handles: reading them here does not read the audio.
    database.getAll('recordings'),
  ]);
  const songs = new Set(setlists.flatMap((s) => s.details.songs.map((entry) => entry.song._id)));
  const bytes =
    setlists.reduce((sum, s) => sum + s.bytes, 0) +
    people.reduce((sum, p) => sum + jsonBytes(p), 0) +
    media.reduce((sum, m) => sum + jsonBytes(m), 0) +
    (account ? jsonBytes(account) : 0) +
    (teams ? jsonBytes(teams) : 0);
  const times = setlists.map((s) => s.keptAt);
  return {
    setlists: setlists.length,
    songs: songs.size,
    bytes,
    keptAt: times.length > 0 ? Math.max(...times) : null,
    recordings: recordings.length,
    recordingBytes: recordings.reduce((sum, r) => sum + r.size, 0),
  };
}

export async function keptMedia(songId: string): Promise<KeptMedia | undefined> {
  return (await db()).get('media', songId);
}

/** Keeps a song's media list (its recordings and links), replacing an older copy. */
export async function keepMedia(teamId: string, songId: string, media: SongMedia): Promise<void> {
  offlineDataKept.set(true);
  await (await db()).put('media', { songId, teamId, media, keptAt: Date.now() });
}

/**
 * Replaces a song's kept media list with a newer answer, only when one is kept: which songs'
 * lists are kept is the practice keeper's choice (`keep-recordings.ts`).
 */
export async function refreshKeptMedia(
  teamId: string,
  songId: string,
  media: SongMedia,
): Promise<void> {
  const tx = (await db()).transaction('media', 'readwrite');
  const kept = await tx.store.get(songId);
  if (kept?.teamId === teamId) await tx.store.put({ songId, teamId, media, keptAt: Date.now() });
  await tx.done;
}

/** The songs whose media lists are kept. */
export async function keptMediaSongIds(): Promise<string[]> {
  return (await db()).getAllKeys('media');
}

export async function keptRecording(id: string): Promise<KeptRecording | undefined> {
  return (await db()).get('recordings', id);
}

/** The ids of the recordings kept. */
export async function keptRecordingIds(): Promise<string[]> {
  return (await db()).getAllKeys('recordings');
}

/**
 * Counts the removals of kept recordings, so a download begun before one is not stored after it
 * (`keepRecording`'s `since`).
 */
let recordingRemovals = 0;

/** What `keepRecording` compares: taken before a download begins. */
export function recordingRemovalCount(): number {
  return recordingRemovals;
}

/**
 * Keeps a recording's bytes, unless the kept recordings were removed since `since`
 * (`recordingRemovalCount` before its download began); answers whether it was kept.
 */
export async function keepRecording(record: KeptRecording, since: number): Promise<boolean> {
  const database = await db();
  if (recordingRemovals !== since) return false;
  offlineDataKept.set(true);
  await database.put('recordings', record);
  return true;
}

/** Forgets the recordings and media lists not among those given. */
export async function forgetPracticeExcept(
  recordingIds: ReadonlySet<string>,
  songIds: ReadonlySet<string>,
): Promise<void> {
  const database = await db();
  const tx = database.transaction(['recordings', 'media'], 'readwrite');
  for (const [store, keep] of [
    ['recordings', recordingIds],
    ['media', songIds],
  ] as const) {
    let cursor = await tx.objectStore(store).openCursor();
    while (cursor) {
      if (!keep.has(String(cursor.key))) await cursor.delete();
      cursor = await cursor.continue();
    }
  }
  await tx.done;
}

/**
 * Removes the recordings kept for practice ("Remove kept recordings"); with `lists`, the songs'
 * media lists too (the choice turned off: nothing is kept for practice).
 */
export async function removeKeptRecordings({ lists }: { lists: boolean }): Promise<void> {
  recordingRemovals += 1;
  const database = await db();
  const tx = database.transaction(['recordings', 'media'], 'readwrite');
  await Promise.all([
    tx.objectStore('recordings').clear(),
    lists ? tx.objectStore('media').clear() : undefined,
    tx.done,
  ]);
}

/** Removes everything this device kept, its recordings too. */
export async function removeKeptData(): Promise<void> {
  recordingRemovals += 1;
  const database = await db();
  const tx = database.transaction(STORES, 'readwrite');
  await Promise.all([...STORES.map((store) => tx.objectStore(store).clear()), tx.done]);
  offlineDataKept.set(false);
}
