import { useQuery } from '@tanstack/react-query';
import { TeamSearchResultSchema } from '@segue/shared';
import type { TeamSearchResult } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { teamKeys } from '../../../lib/teams/teams.ts';

/** Teams whose name contains `query`; nothing is asked while the trimmed query is empty (spec section 5). */
export function useTeamSearch(query: string) {
  const trimmed = query.trim();
  return useQuery({
    queryKey: teamKeys.search(trimmed),
    queryFn: async ({ signal }): Promise<TeamSearchResult[]> =>
      TeamSearchResultSchema.array().parse(
        await apiFetch(`/teams/search?q=${encodeURIComponent(trimmed)}`, { signal }),
      ),
    enabled: trimmed !== '',
  });
}
