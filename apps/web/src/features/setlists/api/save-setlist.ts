import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SetlistSchema } from '@segue/shared';
import type { Setlist, SetlistInput } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { setlistKeys } from './setlists.ts';

export interface SaveSetlistVariables {
  /** The setlist to update; a new setlist (also a clone) when undefined. */
  setlistId?: string | undefined;
  setlist: SetlistInput;
}

/** `POST /api/setlist` or `PUT /api/setlist/{id}`; the team's setlists are refreshed afterwards. */
export function useSaveSetlist(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ setlistId, setlist }: SaveSetlistVariables): Promise<Setlist> =>
      SetlistSchema.parse(
        setlistId
          ? await apiFetch(`/setlist/${encodeURIComponent(setlistId)}`, {
              method: 'PUT',
              body: setlist,
            })
          : await apiFetch('/setlist', { method: 'POST', body: setlist }),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: setlistKeys.team(teamId) });
    },
  });
}
