import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AudienceSettingsSchema } from '@segue/shared';
import type { AudienceSettings, AudienceSettingsInput } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { teamKeys } from '../../../lib/teams/teams.ts';

/** Under the teams keys, so a team change refreshes it with the rest. */
const audienceSettingsKey = (teamId: string) => [...teamKeys.all, 'audience', teamId] as const;

const audiencePath = (teamId: string) => `/teams/${encodeURIComponent(teamId)}/audience`;

/**
 * `GET /api/teams/{id}/audience`: whether the owner confirmed the licence for the congregation's
 * phones, and how many may follow one setlist.
 */
export function useAudienceSettings(teamId: string) {
  return useQuery({
    queryKey: audienceSettingsKey(teamId),
    queryFn: async ({ signal }): Promise<AudienceSettings> =>
      AudienceSettingsSchema.parse(await apiFetch(audiencePath(teamId), { signal })),
  });
}

/** `PUT /api/teams/{id}/audience` (owner and admins): the room limit, or null for the default. */
export function useSaveAudienceSettings(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AudienceSettingsInput): Promise<AudienceSettings> =>
      AudienceSettingsSchema.parse(
        await apiFetch(audiencePath(teamId), { method: 'PUT', body: input }),
      ),
    onSuccess: (saved) => queryClient.setQueryData(audienceSettingsKey(teamId), saved),
  });
}
