import { useEffect, useMemo } from 'react';
import { clampSongIndex } from '@segue/shared';
import { liveAccess, liveSetlistFacts, useLiveSetlistQuery } from '../../../lib/live-setlist.ts';
import { useLiveChannel } from '../../../lib/live-socket.ts';
import { useCurrentTeam } from '../../teams/api/current-team.ts';

/**
 * The setlist and the part the leader is on, for the projector. Only the server's state counts
 * here (the join answers it at once, so a reloaded projector shows the current part): before
 * it names a part of the song, there is no part to show.
 */
export function usePresenterSetlist(setlistId: string) {
  const { currentTeam, isPending } = useCurrentTeam();
  const teamId = currentTeam?._id ?? null;
  const query = useLiveSetlistQuery(teamId, setlistId);
  const setlist = query.data ?? null;

  const loadError = query.error;
  useEffect(() => {
    // Spec section 8: a failed load of the presenter view is only logged.
    if (loadError) console.error(`[presenter] failed to load setlist ${setlistId}`, loadError);
  }, [loadError, setlistId]);

  const access = liveAccess({ teamsPending: isPending, teamId, setlist, error: loadError });
  const facts = useMemo(
    () => (access === 'ready' && setlist ? liveSetlistFacts(setlist) : null),
    [access, setlist],
  );
  const channel = useLiveChannel(setlistId, facts);

  const { refetch } = query;
  useEffect(() => {
    if (channel.joins > 1) void refetch();
  }, [channel.joins, refetch]);

  const state = channel.confirmed;
  const songs = setlist?.songs ?? [];
  const song = state
    ? (songs[clampSongIndex(state.currentIndex, songs.length)]?.song ?? null)
    : null;
  const label = state?.currentPartLabel ?? null;
  const part = label === null ? null : (song?.parts.find((p) => p.label === label) ?? null);

  return {
    access,
    setlist,
    song,
    /** The active part, null until the server names one of the current song. */
    part,
    status: channel.status,
    announcement: channel.announcement,
    reconnect: channel.reconnect,
  };
}
