import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { setlistKeys } from './setlists.ts';

/** `DELETE /api/setlist/{id}`; the setlist's details are dropped, not refetched into a 404. */
export function useDeleteSetlist(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setlistId: string) =>
      apiFetch<void>(`/setlist/${encodeURIComponent(setlistId)}`, { method: 'DELETE' }),
    onSuccess: (_answer, setlistId) => {
      queryClient.removeQueries({ queryKey: setlistKeys.detail(teamId, setlistId) });
      void queryClient.invalidateQueries({ queryKey: setlistKeys.list(teamId) });
    },
  });
}
