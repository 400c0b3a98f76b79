import { useMemo } from 'react';
import { clampSongIndex } from '@segue/shared';
import { useJoinedSetlist } from '../../../lib/live-setlist.ts';
import { useCurrentTeam } from '../../../lib/teams/current-team.ts';
import { setlistInKeys } from '../../../components/chart/in-key.ts';
import { withLiveKeys } from '../utils/live-keys.ts';

/**
 * The live session of a setlist for the live view (or the stage display): the setlist (asked
 * for the current team), the shared position under the version rule with this screen's moves
 * shown at once, the latest announcement and the connection. Moves and announcements reach
 * everyone in order, also when made while the connection is down.
 */
export function useLiveSetlist(setlistId: string, view: 'live' | 'stage' = 'live') {
  const { currentTeam, isPending, userId, role } = useCurrentTeam();
  const {
    setlist: stored,
    access,
    channel,
  } = useJoinedSetlist({
    setlistId,
    teamId: currentTeam?._id ?? null,
    teamsPending: isPending,
    view,
  });

  // Each song's chords in the key it is played in at this service, as the leader set it live.
  const liveKeys = channel.keys;
  const setlist = useMemo(
    () => (stored ? setlistInKeys(withLiveKeys(stored, liveKeys)) : null),
    [stored, liveKeys],
  );
  const songCount = setlist?.songs.length ?? 0;
  const position = channel.position ?? {
    currentIndex: setlist?.currentIndex ?? 0,
    currentPartLabel: setlist?.currentPartLabel ?? null,
    currentPartPosition: null,
    currentItem: setlist?.currentItem ?? null,
  };
  const currentIndex = clampSongIndex(position.currentIndex, songCount);

  return {
    access,
    setlist,
    /** The setlist as planned: its keys before this run changed any (the print view's). */
    planned: stored,
    /** Each entry's key in this run, by its place, as the live channel said. */
    liveKeys,
    team: currentTeam,
    userId: userId ?? null,
    /** The viewer's role in the setlist's team, for `can`. */
    role,
    currentIndex,
    currentPartLabel: position.currentPartLabel,
    /** The current part's place in its song, when the server said it. */
    currentPartPosition: position.currentPartPosition,
    /** The item of the order of service the set is on, null on a song. */
    currentItem: position.currentItem,
    /** Who moved the set last, as the server says. */
    driver: channel.confirmed?.driver ?? null,
    /** When this run of the set began (ISO), null before the first step. */
    startedAt: channel.confirmed?.startedAt ?? null,
    status: channel.status,
    announcement: channel.announcement,
    refusal: channel.refusal,
    goToSong: channel.goToSong,
    goToPart: channel.goToPart,
    goToItem: channel.goToItem,
    setKey: channel.setKey,
    announce: channel.announce,
    /** The congregation's screen: its mode and message, as the server says (this screen's own change at once). */
    screen: channel.screen,
    setScreenMode: channel.setScreenMode,
    clearScreenMessage: channel.clearScreenMessage,
    /** Shows or hides the congregation's join code on the projector (drivers). */
    showJoinCode: channel.showJoinCode,
    /** Phones following the congregation link, as the server last said; null before. */
    followers: channel.followers,
    reconnect: channel.reconnect,
    /** The band's click as the server last said (the highest version); null before any. */
    click: channel.click,
    /** Starts or stops the band's click, or changes its tempo (drivers). */
    sendClick: channel.sendClick,
    /** One `clock:ping` over the live socket, for the click's clock sync. */
    ping: channel.ping,
    /** Successful joins: a second one means the connection came back. */
    joins: channel.joins,
  };
}

export type LiveSetlist = ReturnType<typeof useLiveSetlist>;
