import { useEffect, useMemo } from 'react';
import { clampSongIndex } from '@segue/shared';
import { liveAccess, liveSetlistFacts, useLiveSetlistQuery } from '../../../lib/live-setlist.ts';
import { useLiveChannel } from '../../../lib/live-socket.ts';
import { useCurrentTeam } from '../../teams/api/current-team.ts';

/**
 * The live session of a setlist for the live view: the setlist (asked for the current team),
 * the shared position under the version rule with this screen's moves shown at once, the
 * latest announcement and the connection. Moves and announcements reach everyone in order,
 * also when made while the connection is down.
 */
export function useLiveSetlist(setlistId: string) {
  const { currentTeam, isPending, userId } = useCurrentTeam();
  const teamId = currentTeam?._id ?? null;
  const query = useLiveSetlistQuery(teamId, setlistId);
  const setlist = query.data ?? null;

  const loadError = query.error;
  useEffect(() => {
    // Spec section 8: a failed load of the live view is only logged.
    if (loadError) console.error(`[live] failed to load setlist ${setlistId}`, loadError);
  }, [loadError, setlistId]);

  const access = liveAccess({ teamsPending: isPending, teamId, setlist, error: loadError });
  const facts = useMemo(
    () => (access === 'ready' && setlist ? liveSetlistFacts(setlist) : null),
    [access, setlist],
  );
  const channel = useLiveChannel(setlistId, facts);

  // Back from a dropped connection: the setlist may have been edited meanwhile.
  const { refetch } = query;
  useEffect(() => {
    if (channel.joins > 1) void refetch();
  }, [channel.joins, refetch]);

  const songCount = setlist?.songs.length ?? 0;
  const position = channel.position ?? {
    currentIndex: setlist?.currentIndex ?? 0,
    currentPartLabel: setlist?.currentPartLabel ?? null,
  };
  const currentIndex = clampSongIndex(position.currentIndex, songCount);

  return {
    access,
    setlist,
    team: currentTeam,
    userId: userId ?? null,
    currentIndex,
    /** The current song's entry (song and leader), null for an empty setlist. */
    entry: setlist?.songs[currentIndex] ?? null,
    currentPartLabel: position.currentPartLabel,
    status: channel.status,
    announcement: channel.announcement,
    goToSong: channel.goToSong,
    goToPart: channel.goToPart,
    announce: channel.announce,
    reconnect: channel.reconnect,
  };
}

export type LiveSetlist = ReturnType<typeof useLiveSetlist>;
