import { useMutation } from '@tanstack/react-query';
import { MessageAnswerSchema, TeamSchema } from '@segue/shared';
import type { Team } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { useRefreshTeams } from './teams.ts';

/** Hands the team to another member, who becomes its owner; the caller stays an admin. */
export function useTransferOwnership(teamId: string) {
  const refreshTeams = useRefreshTeams();
  return useMutation({
    mutationFn: async (newOwnerId: string): Promise<Team> =>
      TeamSchema.parse(
        await apiFetch(`/teams/${encodeURIComponent(teamId)}/transfer-ownership`, {
          method: 'POST',
          body: { newOwnerId },
        }),
      ),
    onSuccess: refreshTeams,
  });
}

/** Leaves the team (anyone but the owner). The caller picks the next current team. */
export function useLeaveTeam() {
  const refreshTeams = useRefreshTeams();
  return useMutation({
    mutationFn: async (teamId: string) =>
      MessageAnswerSchema.parse(
        await apiFetch(`/teams/${encodeURIComponent(teamId)}/leave`, { method: 'POST' }),
      ),
    onSuccess: refreshTeams,
  });
}

/** Deletes the team with its songs and setlists (owner). The caller picks the next current team. */
export function useDeleteTeam() {
  const refreshTeams = useRefreshTeams();
  return useMutation({
    mutationFn: (teamId: string) =>
      apiFetch<void>(`/teams/${encodeURIComponent(teamId)}`, { method: 'DELETE' }),
    onSuccess: refreshTeams,
  });
}
