import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageAnswerSchema } from '@segue/shared';
import type { TeamSearchResult } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { teamKeys } from '../../../lib/teams/teams.ts';

/** Asks the team's admins to let the caller in; the search results then show 'Request Sent'. */
export function useRequestToJoin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (teamId: string) =>
      MessageAnswerSchema.parse(
        await apiFetch(`/teams/${encodeURIComponent(teamId)}/request`, { method: 'POST' }),
      ),
    onSuccess: (_answer, teamId) => {
      queryClient.setQueriesData<TeamSearchResult[]>({ queryKey: teamKeys.searches() }, (results) =>
        results?.map((team) => (team._id === teamId ? { ...team, hasRequested: true } : team)),
      );
    },
    // A 409 means the results were out of date (already a member, or already asked).
    onError: () => void queryClient.invalidateQueries({ queryKey: teamKeys.searches() }),
  });
}
