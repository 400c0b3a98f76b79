import { useQuery } from '@tanstack/react-query';
import { SetlistListeningSchema } from '@segue/shared';
import type { SetlistListening } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * `GET /api/setlist/{id}/listening`: who played each song of the set this week, for its leaders
 * (docs/DECISIONS.md, "Who has listened"). Asked only where the team shares it and the viewer
 * may see it.
 */
export function useSetlistListening(teamId: string, setlistId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['setlist-listening', teamId, setlistId],
    queryFn: async ({ signal }): Promise<SetlistListening> =>
      SetlistListeningSchema.parse(
        await apiFetch(`/setlist/${encodeURIComponent(setlistId)}/listening`, { signal }),
      ),
    enabled,
  });
}
