import { orderOfService } from '@segue/shared';
import type { ServiceEntry, SongPart } from '@segue/shared';
import { activePartIndex } from './part-navigation.ts';

/**
 * A place in the set: a song of the setlist and one of its parts (-1 for a song without parts),
 * or an item of its order of service (a welcome, a sermon), by its index in `items`.
 */
export type SetPosition =
  { kind: 'song'; songIndex: number; partIndex: number } | { kind: 'item'; itemIndex: number };

export const songAt = (songIndex: number, partIndex: number): SetPosition => ({
  kind: 'song',
  songIndex,
  partIndex,
});

export const itemAt = (itemIndex: number): SetPosition => ({ kind: 'item', itemIndex });

/** What the position rules read of a setlist: its songs' titles and parts, and its items. */
export interface SetSongs {
  songs: readonly { song: { title: string; parts: readonly SongPart[] } }[];
  /** The entries that are not songs, each placed by the number of songs before it. */
  items?: readonly { title: string; notes: string; at: number }[] | undefined;
}

export function samePosition(a: SetPosition, b: SetPosition): boolean {
  if (a.kind === 'item') return b.kind === 'item' && a.itemIndex === b.itemIndex;
  return b.kind === 'song' && a.songIndex === b.songIndex && a.partIndex === b.partIndex;
}

/** Whether the setlist still has this place's song or item (it may have been edited). */
export function isInSet(set: SetSongs, at: SetPosition): boolean {
  return at.kind === 'item'
    ? at.itemIndex < (set.items?.length ?? 0)
    : at.songIndex < set.songs.length;
}

const partCount = (set: SetSongs, songIndex: number) =>
  set.songs[songIndex]?.song.parts.length ?? 0;

/** Where an entry begins: a song's first part (-1 when it has none), or the item. */
function startOf(set: SetSongs, entry: ServiceEntry): SetPosition {
  if (entry.kind === 'item') return itemAt(entry.index);
  return songAt(entry.index, partCount(set, entry.index) > 0 ? 0 : -1);
}

/** Where an entry ends: a song's last part, or the item. */
function endOf(set: SetSongs, entry: ServiceEntry): SetPosition {
  if (entry.kind === 'item') return itemAt(entry.index);
  return songAt(entry.index, partCount(set, entry.index) - 1);
}

const isEntryOf = (at: SetPosition) => (entry: ServiceEntry) =>
  at.kind === 'song'
    ? entry.kind === 'song' && entry.index === at.songIndex
    : entry.kind === 'item' && entry.index === at.itemIndex;

/** The place of `at`'s entry in the order of service, -1 when the setlist has no such entry. */
export function entryNumber(set: SetSongs, at: SetPosition): number {
  return orderOfService(set).findIndex(isEntryOf(at));
}

/** The entry before (-1) or after (1) `at`'s in the order of service, or null. */
function neighbour(set: SetSongs, at: SetPosition, delta: -1 | 1): ServiceEntry | null {
  const order = orderOfService(set);
  const here = order.findIndex(isEntryOf(at));
  return here < 0 ? null : (order[here + delta] ?? null);
}

/**
 * Where Next Part goes, as a pedal expects: the next part of the song, and from its last
 * part (or from an item) the next entry of the order: the next song's first part, or an item.
 * Null at the end of the set.
 */
export function nextPosition(set: SetSongs, at: SetPosition): SetPosition | null {
  if (at.kind === 'song' && at.partIndex + 1 < partCount(set, at.songIndex)) {
    return songAt(at.songIndex, at.partIndex + 1);
  }
  const entry = neighbour(set, at, 1);
  return entry && startOf(set, entry);
}

/**
 * Where Previous Part goes: the part before, and from a song's first part (or from an item)
 * the entry before: the previous song's last part, or an item. Null at the start of the set.
 */
export function previousPosition(set: SetSongs, at: SetPosition): SetPosition | null {
  if (at.kind === 'song' && at.partIndex > 0) return songAt(at.songIndex, at.partIndex - 1);
  const entry = neighbour(set, at, -1);
  return entry && endOf(set, entry);
}

/**
 * Where Next Song (1) and Previous Song (-1) go: the next or previous entry of the order, a
 * song at its first part, an item as it is. Null past either end.
 */
export function entryPosition(set: SetSongs, at: SetPosition, delta: -1 | 1): SetPosition | null {
  const entry = neighbour(set, at, delta);
  return entry && startOf(set, entry);
}

/** The live set's position as this screen knows the setlist. */
export interface LiveSetState {
  currentIndex: number;
  currentPartLabel: string | null;
  currentPartPosition: number | null;
  currentItem: number | null;
}

/**
 * Where the live state puts the set: on its item, when this setlist has it (one edited away
 * shows the song after it, as an older screen does); else on its song, at the part the label
 * names (of parts sharing a label, the first of `places` that carries it, then the server's);
 * a setlist without songs starts at its first entry.
 */
export function livePosition(
  set: SetSongs,
  live: LiveSetState,
  ...places: (number | null | undefined)[]
): SetPosition {
  const item = live.currentItem;
  if (item !== null && item < (set.items?.length ?? 0)) return itemAt(item);
  const song = set.songs[live.currentIndex];
  if (!song) {
    const first = orderOfService(set)[0];
    return first ? startOf(set, first) : songAt(live.currentIndex, -1);
  }
  const labels = song.song.parts.map((part) => part.label);
  const partIndex = activePartIndex(
    labels,
    live.currentPartLabel,
    ...places,
    live.currentPartPosition,
  );
  return songAt(live.currentIndex, partIndex);
}

/** What comes after this position, for the small preview every live screen shows. */
export type UpNext =
  | { kind: 'part'; label: string; firstLine: string }
  | { kind: 'song'; title: string; label: string | null; firstLine: string }
  | { kind: 'item'; title: string; firstLine: string }
  | { kind: 'end' };

export function upNext(set: SetSongs, at: SetPosition): UpNext {
  const next = nextPosition(set, at);
  if (!next) return { kind: 'end' };
  if (next.kind === 'item') {
    const item = set.items?.[next.itemIndex];
    return { kind: 'item', title: item?.title ?? '', firstLine: firstLine(item?.notes ?? '') };
  }
  const song = set.songs[next.songIndex]?.song;
  const part = song?.parts[next.partIndex];
  const line = part ? firstLyric(part) : '';
  if (at.kind === 'song' && next.songIndex === at.songIndex && part) {
    return { kind: 'part', label: part.label, firstLine: line };
  }
  return { kind: 'song', title: song?.title ?? '', label: part?.label ?? null, firstLine: line };
}

/** A part's first line of lyrics, or its first chords when it has no words (an intro). */
export function firstLyric(part: SongPart): string {
  const words = part.lines.find((line) => line.lyrics.trim() !== '');
  if (words) return words.lyrics.trim();
  return part.lines.find((line) => line.chords.trim() !== '')?.chords.trim() ?? '';
}

/** The first line of an item's notes that says something. */
function firstLine(notes: string): string {
  return (
    notes
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line !== '') ?? ''
  );
}
