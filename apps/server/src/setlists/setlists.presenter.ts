import type { Setlist, SetlistDetails, Song } from '@segue/shared';
import type { StoredSetlistEntry } from '../db/schema.ts';
import type { SetlistRow } from './setlists.repository.ts';

/** An entry in its current shape; older setlists stored a plain song id, and no key. */
export function entryOf(entry: StoredSetlistEntry): {
  song: string;
  leader: string | null;
  key: string | null;
} {
  return typeof entry === 'string'
    ? { song: entry, leader: null, key: null }
    : { song: entry.song, leader: entry.leader, key: entry.key ?? null };
}

function base(row: SetlistRow) {
  return {
    _id: row.id,
    name: row.name,
    date: `${row.date}T00:00:00.000Z`,
    notes: row.notes,
    // Issue 18: the answer of the person assigned, where one was asked for.
    positions: row.positions.map((p) => ({
      name: p.name,
      assignedTo: p.assignedTo ?? null,
      ...(p.status ? { status: p.status } : {}),
    })),
    teamId: row.teamId,
    currentIndex: row.currentIndex,
    currentPartLabel: row.currentPartLabel,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentSetlist(row: SetlistRow): Setlist {
  return { ...base(row), songs: row.songs.map(entryOf) };
}

/** Entries carry whole songs; an entry whose song is gone is dropped. */
export function presentSetlistDetails(row: SetlistRow, songs: Map<string, Song>): SetlistDetails {
  const entries = row.songs.map(entryOf).flatMap((e) => {
    const song = songs.get(e.song);
    return song ? [{ song, leader: e.leader, key: e.key }] : [];
  });
  return { ...base(row), songs: entries };
}
