import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TeamSchema } from '@segue/shared';
import type { Team, TeamInput } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { teamKeys } from '../../../lib/teams/teams.ts';
import { useRefreshTeams } from './teams.ts';

/** Creates a team owned (and administered) by the caller. */
export function useCreateTeam() {
  const queryClient = useQueryClient();
  const refreshTeams = useRefreshTeams();
  return useMutation({
    mutationFn: async (input: TeamInput): Promise<Team> =>
      TeamSchema.parse(await apiFetch('/teams', { method: 'POST', body: input })),
    onSuccess: (team) => {
      // Listed at once, so the dashboard shows the new team without waiting for the refetch.
      queryClient.setQueryData<Team[]>(teamKeys.list(), (teams) =>
        teams ? [...teams, team].sort((a, b) => a.name.localeCompare(b.name)) : teams,
      );
      refreshTeams();
    },
  });
}
