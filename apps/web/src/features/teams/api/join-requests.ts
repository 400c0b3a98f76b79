import { useMutation, useQuery } from '@tanstack/react-query';
import { MessageAnswerSchema, PersonSchema } from '@segue/shared';
import type { Person } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { teamKeys } from '../../../lib/teams/teams.ts';
import { useRefreshTeams } from './teams.ts';

/** The people waiting to join the team (admins). */
export function useJoinRequests(teamId: string) {
  return useQuery({
    queryKey: teamKeys.joinRequests(teamId),
    queryFn: async ({ signal }): Promise<Person[]> =>
      PersonSchema.array().parse(
        await apiFetch(`/teams/${encodeURIComponent(teamId)}/requests`, { signal }),
      ),
  });
}

export type JoinRequestDecision = 'approve' | 'deny';

/** Approving moves the requester into the members; denying drops the request. */
export function useDecideJoinRequest(teamId: string) {
  const refreshTeams = useRefreshTeams();
  return useMutation({
    mutationFn: async ({ userId, decision }: { userId: string; decision: JoinRequestDecision }) =>
      MessageAnswerSchema.parse(
        await apiFetch(`/teams/${encodeURIComponent(teamId)}/${decision}`, {
          method: 'POST',
          body: { userId },
        }),
      ),
    onSuccess: refreshTeams,
  });
}
