import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TeamDetailsSchema } from '@segue/shared';
import type { TeamDetails } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { currentAccountQueryKey } from '../../../lib/session/current-account.ts';
import { teamKeys } from '../../../lib/teams/teams.ts';

/** `GET /api/teams/{id}`: the team with its Overview counts. */
export function useTeamDetails(teamId: string) {
  return useQuery({
    queryKey: teamKeys.details(teamId),
    queryFn: async ({ signal }): Promise<TeamDetails> =>
      TeamDetailsSchema.parse(await apiFetch(`/teams/${encodeURIComponent(teamId)}`, { signal })),
  });
}

/**
 * Refreshes everything a team change can touch: the team list, details, requests and people,
 * and the account (whose `teams` lists the memberships). Not awaited by the mutations, so their
 * callers' callbacks run before the screen changes under them.
 */
export function useRefreshTeams() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: teamKeys.all });
    void queryClient.invalidateQueries({ queryKey: currentAccountQueryKey });
  }, [queryClient]);
}
