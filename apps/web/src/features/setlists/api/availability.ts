import { useQuery } from '@tanstack/react-query';
import { MemberPositionsSchema, TeamBlockoutSchema, isCalendarDay } from '@segue/shared';
import type { TeamBlockout } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';

/** Queries of who plays what and who is away, per team. */
export const availabilityKeys = {
  all: ['availability'] as const,
  positions: (teamId: string) => ['availability', teamId, 'positions'] as const,
  away: (teamId: string, day: string) => ['availability', teamId, 'away', day] as const,
};

/** `GET /api/teams/{id}/member-positions`: the positions each member plays, by user id. */
export function useMemberPositions(teamId: string) {
  return useQuery({
    queryKey: availabilityKeys.positions(teamId),
    queryFn: async ({ signal }): Promise<Map<string, string[]>> => {
      const rows = MemberPositionsSchema.array().parse(
        await apiFetch(`/teams/${encodeURIComponent(teamId)}/member-positions`, { signal }),
      );
      return new Map(rows.map((row) => [row.userId, row.positions]));
    },
  });
}

/**
 * `GET /api/teams/{id}/blockouts` for one day: the members away on it. Asked only for a real
 * day (the form's date while it is typed is not one).
 */
export function useAwayOn(teamId: string, day: string) {
  const valid = isCalendarDay(day);
  return useQuery({
    queryKey: availabilityKeys.away(teamId, day),
    queryFn: async ({ signal }): Promise<TeamBlockout[]> =>
      TeamBlockoutSchema.array().parse(
        await apiFetch(`/teams/${encodeURIComponent(teamId)}/blockouts?from=${day}&to=${day}`, {
          signal,
        }),
      ),
    enabled: valid,
    select: awayIds,
  });
}

/** The ids of the people away (one function, so the set is made again only for new data). */
const awayIds = (rows: TeamBlockout[]): ReadonlySet<string> =>
  new Set(rows.map((row) => row.userId));
