import { useQuery } from '@tanstack/react-query';
import { SetlistDetailsSchema, SetlistSchema } from '@segue/shared';
import type { Setlist, SetlistDetails } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * Every setlists query starts with 'setlists' and the team id, so one invalidation refreshes a
 * team's list and details, and one team's setlists never show under another's.
 */
export const setlistKeys = {
  all: ['setlists'] as const,
  team: (teamId: string) => ['setlists', teamId] as const,
  list: (teamId: string) => ['setlists', teamId, 'list'] as const,
  detail: (teamId: string, setlistId: string) => ['setlists', teamId, 'detail', setlistId] as const,
};

/** `GET /api/setlist`: the current team's setlists, newest date first; none asked without a team. */
export function useSetlists(teamId: string | null) {
  return useQuery({
    queryKey: setlistKeys.list(teamId ?? ''),
    queryFn: async ({ signal }): Promise<Setlist[]> =>
      SetlistSchema.array().parse(await apiFetch('/setlist', { signal })),
    enabled: teamId !== null,
  });
}

interface SetlistQueryOptions {
  /** False for the form, which copies the setlist once: a refetch behind it would only cost. */
  refetchOnWindowFocus?: boolean;
}

/** `GET /api/setlist/{id}`: one setlist of the current team with its songs in full. */
export function useSetlist(
  teamId: string | null,
  setlistId: string | undefined,
  { refetchOnWindowFocus = true }: SetlistQueryOptions = {},
) {
  return useQuery({
    queryKey: setlistKeys.detail(teamId ?? '', setlistId ?? ''),
    queryFn: async ({ signal }): Promise<SetlistDetails> =>
      SetlistDetailsSchema.parse(
        await apiFetch(`/setlist/${encodeURIComponent(setlistId ?? '')}`, { signal }),
      ),
    enabled: teamId !== null && Boolean(setlistId),
    refetchOnWindowFocus,
  });
}
