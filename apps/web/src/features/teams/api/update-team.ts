import { useMutation } from '@tanstack/react-query';
import { TeamSchema } from '@segue/shared';
import type { Team, TeamInput } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { useRefreshTeams } from './teams.ts';

/** Edit Team Info: the team's name and description (admins). */
export function useUpdateTeam(teamId: string) {
  const refreshTeams = useRefreshTeams();
  return useMutation({
    mutationFn: async (input: TeamInput): Promise<Team> =>
      TeamSchema.parse(
        await apiFetch(`/teams/${encodeURIComponent(teamId)}`, { method: 'PUT', body: input }),
      ),
    onSuccess: refreshTeams,
  });
}
