import type { SetlistDetails } from '@segue/shared';
import type { LiveKey } from '../../../lib/live-socket.ts';

/**
 * The setlist with the performance keys the live channel gave: a driver's key
 * change reaches every screen before the setlist is read again. A key said for another song
 * (the setlist was reordered since it was loaded) is left out.
 */
export function withLiveKeys(
  setlist: SetlistDetails,
  keys: ReadonlyMap<number, LiveKey>,
): SetlistDetails {
  if (keys.size === 0) return setlist;
  let changed = false;
  const songs = setlist.songs.map((entry, index) => {
    const live = keys.get(index);
    if (!live || live.key === entry.key) return entry;
    if (live.songId !== undefined && live.songId !== entry.song._id) return entry;
    changed = true;
    return { ...entry, key: live.key };
  });
  return changed ? { ...setlist, songs } : setlist;
}
