import { shownKey } from '../../../components/chart/in-key.ts';
import { stageEntry } from '../utils/stage-display.ts';
import { useLiveSetlist } from './use-live-setlist.ts';

/**
 * The live session of a setlist as the stage display reads it: where the set stands (the
 * current song and its part, or an item of the order of service, and what comes next), who
 * moved it and since when it runs, the band's messages and the connection. The stage only
 * follows; it never moves the set.
 */
export function useStageSetlist(setlistId: string) {
  const live = useLiveSetlist(setlistId, 'stage');
  const { setlist } = live;
  const at = setlist ? stageEntry(setlist, live) : null;
  const entry = setlist && at?.kind === 'song' ? (setlist.songs[at.songIndex] ?? null) : null;
  const partIndex = at?.kind === 'song' ? at.partIndex : -1;

  return {
    access: live.access,
    setlist,
    currentIndex: at?.kind === 'song' ? at.songIndex : live.currentIndex,
    songCount: setlist?.songs.length ?? 0,
    /** The current song, null on an item or for an empty setlist. */
    song: entry?.song ?? null,
    /** The item the set is on, null on a song. */
    item: at?.kind === 'item' ? { index: at.itemIndex, title: at.title, notes: at.notes } : null,
    /** The key it is played in at this service, if known. */
    musicalKey: entry ? shownKey(entry) : null,
    /** The current part, null for a song without parts. */
    part: entry?.song.parts[partIndex] ?? null,
    partIndex,
    next: at?.next ?? null,
    startedAt: live.startedAt,
    driver: live.driver,
    announcement: live.announcement,
    status: live.status,
    reconnect: live.reconnect,
    click: live.click,
    ping: live.ping,
    joins: live.joins,
  };
}

export type StageSetlist = ReturnType<typeof useStageSetlist>;
