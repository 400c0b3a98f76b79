import { useQuery } from '@tanstack/react-query';
import { PersonSchema, TeamSchema } from '@segue/shared';
import type { Person, Team } from '@segue/shared';
import { apiFetch } from '../api-client.ts';
import { selectedTeamId } from '../storage.ts';

/** Every teams query starts with 'teams', so one invalidation refreshes them all. */
export const teamKeys = {
  all: ['teams'] as const,
  list: () => ['teams', 'list'] as const,
  searches: () => ['teams', 'search'] as const,
  search: (query: string) => ['teams', 'search', query] as const,
  details: (teamId: string) => ['teams', 'details', teamId] as const,
  joinRequests: (teamId: string) => ['teams', 'join-requests', teamId] as const,
  people: (ids: readonly string[]) => ['teams', 'people', [...ids].sort()] as const,
};

/**
 * The caller's teams, by name. Also settles the saved selection before anyone sees the list
 * (spec section 4): a team the user no longer belongs to gives way to the first team, or none,
 * so the X-Team-ID header never names a foreign team.
 */
export async function fetchTeams({ signal }: { signal?: AbortSignal } = {}): Promise<Team[]> {
  const teams = TeamSchema.array().parse(await apiFetch('/teams', { signal }));
  const selected = selectedTeamId.get();
  if (!teams.some((team) => team._id === selected)) {
    const first = teams[0];
    if (first) selectedTeamId.set(first._id);
    else selectedTeamId.clear();
  }
  return teams;
}

/** Names and e-mails of the given people (only those who share a team with the caller). */
export function usePeople(ids: readonly string[]) {
  return useQuery({
    queryKey: teamKeys.people(ids),
    queryFn: async ({ signal }): Promise<Person[]> =>
      PersonSchema.array().parse(
        await apiFetch('/users/batch', { method: 'POST', body: { ids }, signal }),
      ),
    enabled: ids.length > 0,
  });
}
