import { clampSongIndex } from '@segue/shared';
import { useJoinedSetlist } from '../../../lib/live-setlist.ts';
import { useCurrentTeam } from '../../../lib/teams/current-team.ts';
import { activePartIndex } from '../utils/part-navigation.ts';
import { upNext } from '../utils/set-position.ts';

/**
 * The live session of a setlist as the stage display reads it: where the set stands (the
 * current song, its part, what comes next), who moved it and since when it runs, the band's
 * messages and the connection. The stage only follows; it never moves the set.
 */
export function useStageSetlist(setlistId: string) {
  const { currentTeam, isPending } = useCurrentTeam();
  const { setlist, access, channel } = useJoinedSetlist({
    setlistId,
    teamId: currentTeam?._id ?? null,
    teamsPending: isPending,
    view: 'stage',
  });

  const songCount = setlist?.songs.length ?? 0;
  const position = channel.position ?? {
    currentIndex: setlist?.currentIndex ?? 0,
    currentPartLabel: setlist?.currentPartLabel ?? null,
  };
  const currentIndex = clampSongIndex(position.currentIndex, songCount);
  const entry = setlist?.songs[currentIndex] ?? null;
  const parts = entry?.song.parts ?? [];
  // The stage chose no part of its own: of parts sharing a label, the first is shown.
  const partIndex = activePartIndex(
    parts.map((part) => part.label),
    position.currentPartLabel,
    null,
  );

  return {
    access,
    setlist,
    currentIndex,
    songCount,
    /** The current song, null for an empty setlist. */
    song: entry?.song ?? null,
    /** The current part, null for a song without parts. */
    part: parts[partIndex] ?? null,
    partIndex,
    next: setlist && entry ? upNext(setlist, { songIndex: currentIndex, partIndex }) : null,
    /** When this run of the set began (ISO), null before the first step. */
    startedAt: channel.confirmed?.startedAt ?? null,
    /** Who made the last step, null before the first. */
    driver: channel.confirmed?.driver ?? null,
    announcement: channel.announcement,
    status: channel.status,
    reconnect: channel.reconnect,
  };
}

export type StageSetlist = ReturnType<typeof useStageSetlist>;
