import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BlockoutSchema, MyPositionsSchema } from '@segue/shared';
import type { Blockout, BlockoutInput, MyPositions } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';

/** The account's days away and, per team, the positions it plays. */
export const availabilityKeys = {
  all: ['availability'] as const,
  blockouts: () => ['availability', 'blockouts'] as const,
  myPositions: (teamId: string) => ['availability', teamId, 'my-positions'] as const,
};

/** `GET /api/account/blockouts`: the account's days away, earliest first. */
export function useBlockouts() {
  return useQuery({
    queryKey: availabilityKeys.blockouts(),
    queryFn: async ({ signal }): Promise<Blockout[]> =>
      BlockoutSchema.array().parse(await apiFetch('/account/blockouts', { signal })),
  });
}

/**
 * `POST` and `DELETE /api/account/blockouts`. Everything under 'availability' is read again
 * after: the setlist form's away warnings too.
 */
export function useAddBlockout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: BlockoutInput): Promise<Blockout> =>
      BlockoutSchema.parse(await apiFetch('/account/blockouts', { method: 'POST', body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
  });
}

export function useDeleteBlockout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await apiFetch(`/account/blockouts/${encodeURIComponent(id)}`, { method: 'DELETE' });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
  });
}

const myPositionsPath = (teamId: string) =>
  `/teams/${encodeURIComponent(teamId)}/members/me/positions`;

/** `GET /api/teams/{id}/members/me/positions`: what the account plays there, and the choices. */
export function useMyPositions(teamId: string) {
  return useQuery({
    queryKey: availabilityKeys.myPositions(teamId),
    queryFn: async ({ signal }): Promise<MyPositions> =>
      MyPositionsSchema.parse(await apiFetch(myPositionsPath(teamId), { signal })),
    // The form copies it once; a refetch behind it would not reach the boxes being ticked.
    refetchOnWindowFocus: false,
  });
}

/** `PUT /api/teams/{id}/members/me/positions`; the team's suggestions are read again after. */
export function useSaveMyPositions(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (positions: string[]): Promise<MyPositions> =>
      MyPositionsSchema.parse(
        await apiFetch(myPositionsPath(teamId), { method: 'PUT', body: { positions } }),
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(availabilityKeys.myPositions(teamId), saved);
      void queryClient.invalidateQueries({ queryKey: ['availability', teamId, 'positions'] });
    },
  });
}
