import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TrashSchema, type Trash } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';

export const trashKeys = {
  team: (teamId: string) => ['trash', teamId] as const,
};

/** `GET /api/teams/{id}/trash`: the team's deleted songs and setlists, newest first. */
export function useTrash(teamId: string) {
  return useQuery({
    queryKey: trashKeys.team(teamId),
    queryFn: async ({ signal }): Promise<Trash> =>
      TrashSchema.parse(await apiFetch(`/teams/${encodeURIComponent(teamId)}/trash`, { signal })),
  });
}

export type TrashKind = 'songs' | 'setlists';

/**
 * `POST /api/songs/{id}/restore` or `POST /api/setlist/{id}/restore`; the trash, and the team's
 * songs or setlists, are read again after.
 */
export function useRestore(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: TrashKind; id: string }) =>
      apiFetch<unknown>(
        `/${kind === 'songs' ? 'songs' : 'setlist'}/${encodeURIComponent(id)}/restore`,
        { method: 'POST' },
      ),
    onSuccess: (_answer, { kind }) => {
      // The songs' and setlists' query keys start with these (their features' `*Keys.team`).
      void queryClient.invalidateQueries({ queryKey: [kind, teamId] });
      void queryClient.invalidateQueries({ queryKey: ['setlists', teamId] });
      void queryClient.invalidateQueries({ queryKey: trashKeys.team(teamId) });
    },
  });
}
