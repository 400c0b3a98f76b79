import type { Setlist, SetlistDetails, SetlistItem, Song } from '@segue/shared';
import type { StoredSetlistEntry, StoredSetlistItem } from '../db/schema.ts';
import type { SetlistRow } from './setlists.repository.ts';

/**
 * An entry in its current shape; older setlists stored a plain song id, and no key, duration
 * or tempo.
 */
export function entryOf(entry: StoredSetlistEntry): {
  song: string;
  leader: string | null;
  key: string | null;
  duration: number | null;
  tempo: number | null;
} {
  return typeof entry === 'string'
    ? { song: entry, leader: null, key: null, duration: null, tempo: null }
    : {
        song: entry.song,
        leader: entry.leader,
        key: entry.key ?? null,
        duration: entry.duration ?? null,
        tempo: entry.tempo ?? null,
      };
}

/**
 * Items as an answer lists them (docs/DECISIONS.md, Setlists, "Items and durations"):
 * `kept[k]` says whether stored entry k is in the answer's `songs`, and each item's `at`
 * counts the kept entries before it.
 */
function itemsOf(items: readonly StoredSetlistItem[], kept: readonly boolean[]): SetlistItem[] {
  // songsBefore[k]: the answer's songs among the first k stored entries.
  const songsBefore = [0];
  for (const keep of kept) songsBefore.push(songsBefore.at(-1)! + (keep ? 1 : 0));
  return items
    .map((item, index) => ({ item, index, at: Math.min(Math.max(item.at, 0), kept.length) }))
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .map(({ item, at }) => ({
      title: item.title,
      notes: item.notes,
      duration: item.duration ?? null,
      at: songsBefore[at]!,
    }));
}

/**
 * The item the live set is on. Saves leave the live state alone, so one that removed items
 * may leave it naming an item no longer there: the set is then on the song after it.
 */
function currentItemOf(row: SetlistRow): number | null {
  return row.currentItem !== null && row.currentItem < row.items.length ? row.currentItem : null;
}

function base(row: SetlistRow) {
  return {
    _id: row.id,
    name: row.name,
    date: `${row.date}T00:00:00.000Z`,
    notes: row.notes,
    // Each position's status: the answer of the person assigned, where one was asked for.
    positions: row.positions.map((p) => ({
      name: p.name,
      assignedTo: p.assignedTo ?? null,
      ...(p.status ? { status: p.status } : {}),
    })),
    teamId: row.teamId,
    currentIndex: row.currentIndex,
    currentPartLabel: row.currentPartLabel,
    // Added beside the spec's fields, which stay as they are: the order of service around the
    // songs, and where the live set is.
    startTime: row.startTime,
    // What a running click does when the set moves to another song (docs/DECISIONS.md, "The click").
    clickOnStep: row.clickOnStep,
    // The projector's and the stage display's languages (docs/DECISIONS.md, "Screen and chart
    // languages").
    lyricLanguages: row.lyricLanguages,
    currentItem: currentItemOf(row),
    // The live run's keys beside the plan (docs/DECISIONS.md, "Live keys and planned keys").
    liveKeys: row.liveKeys,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentSetlist(row: SetlistRow): Setlist {
  return {
    ...base(row),
    songs: row.songs.map(entryOf),
    items: itemsOf(
      row.items,
      row.songs.map(() => true),
    ),
  };
}

/**
 * Entries carry whole songs; an entry whose song is gone is dropped, and the items' `at`
 * count only the songs still shown.
 */
export function presentSetlistDetails(row: SetlistRow, songs: Map<string, Song>): SetlistDetails {
  const entries = row.songs.map(entryOf).map((e) => ({ ...e, found: songs.get(e.song) }));
  return {
    ...base(row),
    songs: entries.flatMap((e) =>
      e.found
        ? [{ song: e.found, leader: e.leader, key: e.key, duration: e.duration, tempo: e.tempo }]
        : [],
    ),
    items: itemsOf(
      row.items,
      entries.map((e) => e.found !== undefined),
    ),
  };
}
