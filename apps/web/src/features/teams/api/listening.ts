import { useMutation } from '@tanstack/react-query';
import { TeamSchema } from '@segue/shared';
import type { Team, TeamListeningInput } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { useRefreshTeams } from './teams.ts';

/** `PUT /api/teams/{id}/listening`: whether a set's leaders see who has listened (the owner's). */
export function useSetListening(teamId: string) {
  const refreshTeams = useRefreshTeams();
  return useMutation({
    mutationFn: async (input: TeamListeningInput): Promise<Team> =>
      TeamSchema.parse(
        await apiFetch(`/teams/${encodeURIComponent(teamId)}/listening`, {
          method: 'PUT',
          body: input,
        }),
      ),
    onSuccess: refreshTeams,
  });
}
