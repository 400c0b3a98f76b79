import { useMutation } from '@tanstack/react-query';
import { TeamSchema } from '@segue/shared';
import type { Team, TeamEditorsInput } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { useRefreshTeams } from './teams.ts';

/** Who may edit and delete songs, and setlists (the owner's). Every screen reads it with the team. */
export function useSetEditors(teamId: string) {
  const refreshTeams = useRefreshTeams();
  return useMutation({
    mutationFn: async (input: TeamEditorsInput): Promise<Team> =>
      TeamSchema.parse(
        await apiFetch(`/teams/${encodeURIComponent(teamId)}/editors`, {
          method: 'PUT',
          body: input,
        }),
      ),
    onSuccess: refreshTeams,
  });
}
