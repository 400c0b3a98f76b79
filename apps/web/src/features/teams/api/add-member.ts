import { useMutation } from '@tanstack/react-query';
import { AddMemberAnswerSchema } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { useRefreshTeams } from './teams.ts';

/** Adds the verified account that uses `email` straight to the team (admins). */
export function useAddMember(teamId: string) {
  const refreshTeams = useRefreshTeams();
  return useMutation({
    mutationFn: async (email: string) =>
      AddMemberAnswerSchema.parse(
        await apiFetch(`/teams/${encodeURIComponent(teamId)}/add`, {
          method: 'POST',
          body: { email },
        }),
      ),
    onSuccess: refreshTeams,
  });
}
