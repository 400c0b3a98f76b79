import { useMutation } from '@tanstack/react-query';
import { TeamSchema } from '@segue/shared';
import type { Team, MemberRole } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { useRefreshTeams } from './teams.ts';

/** Makes a member an admin or an admin a member (admins; the owner stays admin). */
export function useChangeRole(teamId: string) {
  const refreshTeams = useRefreshTeams();
  return useMutation({
    mutationFn: async (input: { userId: string; role: MemberRole }): Promise<Team> =>
      TeamSchema.parse(
        await apiFetch(`/teams/${encodeURIComponent(teamId)}/role`, { method: 'PUT', body: input }),
      ),
    onSuccess: refreshTeams,
  });
}

/** Drops a member (and their admin role) from the team (admins; never the owner). */
export function useRemoveMember(teamId: string) {
  const refreshTeams = useRefreshTeams();
  return useMutation({
    mutationFn: async (userId: string): Promise<Team> =>
      TeamSchema.parse(
        await apiFetch(`/teams/${encodeURIComponent(teamId)}/member`, {
          method: 'DELETE',
          body: { userId },
        }),
      ),
    onSuccess: refreshTeams,
  });
}
