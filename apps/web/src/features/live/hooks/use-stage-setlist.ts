import { shownKey } from '../../../components/chart/in-key.ts';
import { activePartIndex } from '../utils/part-navigation.ts';
import { upNext } from '../utils/set-position.ts';
import { useLiveSetlist } from './use-live-setlist.ts';

/**
 * The live session of a setlist as the stage display reads it: where the set stands (the
 * current song, its part, what comes next), who moved it and since when it runs, the band's
 * messages and the connection. The stage only follows; it never moves the set.
 */
export function useStageSetlist(setlistId: string) {
  const live = useLiveSetlist(setlistId, 'stage');
  const { setlist, currentIndex, entry } = live;
  const parts = entry?.song.parts ?? [];
  // The stage chose no part of its own: of parts sharing a label, the one the server placed.
  const partIndex = activePartIndex(
    parts.map((part) => part.label),
    live.currentPartLabel,
    live.currentPartPosition,
  );

  return {
    access: live.access,
    setlist,
    currentIndex,
    songCount: setlist?.songs.length ?? 0,
    /** The current song, null for an empty setlist. */
    song: entry?.song ?? null,
    /** The key it is played in at this service, if known. */
    musicalKey: entry ? shownKey(entry) : null,
    /** The current part, null for a song without parts. */
    part: parts[partIndex] ?? null,
    partIndex,
    next: setlist && entry ? upNext(setlist, { songIndex: currentIndex, partIndex }) : null,
    startedAt: live.startedAt,
    driver: live.driver,
    announcement: live.announcement,
    status: live.status,
    reconnect: live.reconnect,
  };
}

export type StageSetlist = ReturnType<typeof useStageSetlist>;
