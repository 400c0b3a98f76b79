import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OwnJoinRequestSchema } from '@segue/shared';
import type { OwnJoinRequest, TeamSearchResult } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { useCurrentAccount } from '../../../lib/session/current-account.ts';
import { teamKeys } from '../../../lib/teams/teams.ts';
import { useRefreshTeams } from './teams.ts';

/** Under `teamKeys.all`, so whatever refreshes the teams refreshes these too. */
const ownJoinRequestsKey = [...teamKeys.all, 'own-join-requests'] as const;

/** The teams the logged-in user has asked to join and is still waiting for, newest first. */
export function useOwnJoinRequests() {
  const { account } = useCurrentAccount();
  return useQuery({
    queryKey: ownJoinRequestsKey,
    queryFn: async ({ signal }): Promise<OwnJoinRequest[]> =>
      OwnJoinRequestSchema.array().parse(await apiFetch('/account/join-requests', { signal })),
    // The call is for verified accounts, as asking to join is.
    enabled: account?.emailVerification === true,
  });
}

/**
 * Withdraws the user's own request to join a team: it leaves their pending list, the admins'
 * Join Requests, and Find a Team offers 'Request to Join' again.
 */
export function useWithdrawJoinRequest() {
  const queryClient = useQueryClient();
  const refreshTeams = useRefreshTeams();
  return useMutation({
    mutationFn: async (teamId: string) => {
      await apiFetch(`/teams/${encodeURIComponent(teamId)}/request`, { method: 'DELETE' });
    },
    onSuccess: (_answer, teamId) => {
      queryClient.setQueryData<OwnJoinRequest[]>(ownJoinRequestsKey, (requests) =>
        requests?.filter((request) => request.teamId !== teamId),
      );
      queryClient.setQueriesData<TeamSearchResult[]>({ queryKey: teamKeys.searches() }, (results) =>
        results?.map((team) => (team._id === teamId ? { ...team, hasRequested: false } : team)),
      );
      void queryClient.invalidateQueries({ queryKey: ownJoinRequestsKey });
      void queryClient.invalidateQueries({ queryKey: teamKeys.searches() });
    },
    // A 404: withdrawn meanwhile, or let in (a new team to list): read everything afresh.
    onError: refreshTeams,
  });
}
