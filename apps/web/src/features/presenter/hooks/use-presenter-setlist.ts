import { clampSongIndex } from '@segue/shared';
import { useJoinedSetlist } from '../../../lib/live-setlist.ts';
import { useCurrentTeam } from '../../../lib/teams/current-team.ts';

/**
 * The setlist and the part the leader is on, for the projector. Only the server's state counts
 * here (the join answers it at once, so a reloaded projector shows the current part): before
 * it names a part of the song, there is no part to show. On an item of the order of service
 * (a welcome, a sermon) the projector shows nothing at all.
 */
export function usePresenterSetlist(setlistId: string) {
  const { currentTeam, isPending } = useCurrentTeam();
  const { setlist, access, channel } = useJoinedSetlist({
    setlistId,
    teamId: currentTeam?._id ?? null,
    teamsPending: isPending,
    view: 'presenter',
  });

  const state = channel.confirmed;
  // Any item, also one this copy of the setlist does not have yet: the room sees no lyrics.
  const onItem = state?.currentItem != null;
  const songs = setlist?.songs ?? [];
  const song =
    state && !onItem
      ? (songs[clampSongIndex(state.currentIndex, songs.length)]?.song ?? null)
      : null;
  const label = state?.currentPartLabel ?? null;
  // Of two parts with one label, the one the server placed, else the first.
  const placed = state?.currentPartPosition;
  const part =
    label === null
      ? null
      : ((placed != null && song?.parts[placed]?.label === label ? song.parts[placed] : null) ??
        song?.parts.find((p) => p.label === label) ??
        null);

  return {
    access,
    setlist,
    song,
    /** The active part, null until the server names one of the current song. */
    part,
    /** The set is on an item: a blank screen, without the waiting message. */
    onItem,
    status: channel.status,
    /** What the drivers chose for the screen: lyrics, black, background only, logo; and its message. */
    screen: channel.screen,
    /** The team whose logo the Logo screen shows. */
    team: currentTeam,
    reconnect: channel.reconnect,
  };
}
