import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { LiveViewKind, SetlistDetails } from '@segue/shared';
import { readSetlistDetails } from './answers.ts';
import { ApiRequestError, apiFetch } from './api-client.ts';
import { useLiveChannel, type LiveSetlistFacts } from './live-socket.ts';

/** How often a setlist that could not be loaded (network, server) is asked for again. */
const RELOAD_AFTER_FAILURE_MS = 5000;

const liveSetlistKey = (teamId: string, setlistId: string) =>
  ['live', 'setlist', teamId, setlistId] as const;

/** A 403 for the setlist: it is another team's (spec section 5). */
function isAccessDenied(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 403;
}

/** A 404 for the setlist: no team has such a setlist. */
function isNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}

/**
 * `GET /api/setlist/{id}` for the live and presenter views, naming the team in X-Team-ID
 * (spec section 7). Any other failure is retried calmly: a projector left on a venue's flaky
 * Wi-Fi shows the setlist as soon as the network allows.
 */
function useLiveSetlistQuery(teamId: string | null, setlistId: string) {
  return useQuery({
    queryKey: liveSetlistKey(teamId ?? '', setlistId),
    queryFn: async ({ signal }): Promise<SetlistDetails> =>
      readSetlistDetails(
        await apiFetch(`/setlist/${encodeURIComponent(setlistId)}`, {
          signal,
          teamId: teamId ?? undefined,
        }),
      ),
    enabled: teamId !== null && setlistId !== '',
    refetchInterval: (query) =>
      query.state.status === 'error' &&
      !isAccessDenied(query.state.error) &&
      !isNotFound(query.state.error)
        ? RELOAD_AFTER_FAILURE_MS
        : false,
    // Someone may edit the setlist during the service; a glance back at the tab refreshes it.
    refetchOnWindowFocus: true,
  });
}

/**
 * Where a live, presenter or stage page stands before it can show the setlist (spec sections
 * 2 and 5): `denied` for another team's setlist, `not-found` for an id no team has.
 */
export type LiveAccess = 'loading' | 'no-team' | 'denied' | 'not-found' | 'ready';

/**
 * Live and presenter access: a current team is needed, and the setlist must be that team's
 * (its teamId, or the server's 403/404 for it).
 */
function liveAccess(options: {
  teamsPending: boolean;
  teamId: string | null;
  setlist: SetlistDetails | null;
  error: unknown;
}): LiveAccess {
  const { teamsPending, teamId, setlist, error } = options;
  if (teamsPending) return 'loading';
  if (!teamId) return 'no-team';
  if ((setlist && setlist.teamId !== teamId) || isAccessDenied(error)) return 'denied';
  if (!setlist && isNotFound(error)) return 'not-found';
  return setlist ? 'ready' : 'loading';
}

/** What the live session reads of the setlist. */
function liveSetlistFacts(setlist: SetlistDetails): LiveSetlistFacts {
  return {
    songCount: setlist.songs.length,
    firstPartLabel: (index) => setlist.songs[index]?.song.parts[0]?.label ?? null,
    loadedIndex: setlist.currentIndex,
    // A copy kept before setlists had items has none.
    items: setlist.items ?? [],
  };
}

/**
 * What the live and presenter views share: the setlist (asked for the given team), the
 * access rule, and the joined live channel. A failed load is only logged (spec section 8);
 * back from a dropped connection, the setlist is read again, as it may have been edited.
 */
export function useJoinedSetlist(options: {
  setlistId: string;
  teamId: string | null;
  teamsPending: boolean;
  /** Which screen this is: named in the log line of a failed load, and told to the server. */
  view: LiveViewKind;
}) {
  const { setlistId, teamId, teamsPending, view } = options;
  const query = useLiveSetlistQuery(teamId, setlistId);
  const setlist = query.data ?? null;

  const loadError = query.error;
  useEffect(() => {
    if (loadError) console.error(`[${view}] failed to load setlist ${setlistId}`, loadError);
  }, [loadError, setlistId, view]);

  const access = liveAccess({ teamsPending, teamId, setlist, error: loadError });
  const facts = useMemo(
    () => (access === 'ready' && setlist ? liveSetlistFacts(setlist) : null),
    [access, setlist],
  );
  const channel = useLiveChannel(setlistId, facts, view);

  const { refetch } = query;
  useEffect(() => {
    if (channel.joins > 1) void refetch();
  }, [channel.joins, refetch]);

  return { query, setlist, access, channel };
}
