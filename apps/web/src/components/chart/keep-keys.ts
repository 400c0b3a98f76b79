import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SetlistSchema } from '@segue/shared';
import type { Setlist, SetlistDetails } from '@segue/shared';
import { apiFetch } from '../../lib/api-client.ts';
import { declinedLiveKeys } from '../../lib/storage.ts';
import { shownKey } from './in-key.ts';

/** A song the live run played in another key than the plan: a driver may keep it. */
export interface KeyToKeep {
  songId: string;
  title: string;
  /** The key the plan names (the entry's, else the song's own). */
  planned: string | null;
  /** The run's key as it is sent back (null: the song's own). */
  live: string | null;
  /** The run's key as it is named (the song's own when `live` is null). */
  liveName: string;
}

/**
 * The songs whose key in this run (`liveKeys`, by song id) is not the one the plan names, each
 * once (a reprise plays in the same key), in the setlist's order. A key changed back to the
 * plan is not one; neither is a key the song cannot name.
 */
export function keysToKeep(
  setlist: SetlistDetails,
  liveKeys: ReadonlyMap<string, string | null>,
): KeyToKeep[] {
  const found = new Map<string, KeyToKeep>();
  for (const entry of setlist.songs) {
    const songId = entry.song._id;
    if (found.has(songId) || !liveKeys.has(songId)) continue;
    const live = liveKeys.get(songId) ?? null;
    const liveName = live ?? entry.song.key;
    const planned = shownKey(entry);
    if (liveName === null || liveName === planned) continue;
    found.set(songId, { songId, title: entry.song.title, planned, live, liveName });
  }
  return [...found.values()];
}

/** The run's keys by song, from the keys the live channel gave each entry by its place. */
export function liveKeysBySong(
  setlist: SetlistDetails,
  keys: ReadonlyMap<number, { key: string | null; songId?: string | undefined }>,
): Map<string, string | null> {
  const bySong = new Map<string, string | null>();
  setlist.songs.forEach((entry, index) => {
    const live = keys.get(index);
    // A key said for another song (the setlist was reordered since it was loaded) is not this one's.
    if (!live || (live.songId !== undefined && live.songId !== entry.song._id)) return;
    bySong.set(entry.song._id, live.key);
  });
  return bySong;
}

/** What a "No" is remembered by on this device: this setlist, song and key. */
const declinedId = (setlistId: string, key: KeyToKeep) =>
  `${setlistId}:${key.songId}:${key.liveName}`;

/** The keys not yet answered No on this device. */
export function notDeclined(setlistId: string, keys: readonly KeyToKeep[]): KeyToKeep[] {
  const declined = new Set(declinedLiveKeys.get());
  return keys.filter((key) => !declined.has(declinedId(setlistId, key)));
}

/** Remembers a No, so the driver is not asked again for that key. */
export function decline(setlistId: string, key: KeyToKeep): void {
  declinedLiveKeys.add(declinedId(setlistId, key));
}

/**
 * `PUT /api/setlist/{id}/key`: the plan takes the run's key for every entry of the song. The
 * setlist is read again everywhere (its views, print, the copy kept for offline use).
 */
export function useKeepKey(teamId: string, setlistId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (key: KeyToKeep): Promise<Setlist> =>
      SetlistSchema.parse(
        await apiFetch(`/setlist/${encodeURIComponent(setlistId)}/key`, {
          method: 'PUT',
          body: { song: key.songId, key: key.live },
          teamId,
        }),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['setlists', teamId] });
      void queryClient.invalidateQueries({ queryKey: ['live', 'setlist', teamId, setlistId] });
    },
  });
}
