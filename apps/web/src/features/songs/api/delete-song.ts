import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { songKeys } from './songs.ts';
import type { SongPage } from './songs.ts';

/** `DELETE /api/songs/{id}`; the song leaves the shown pages at once, then they are refilled. */
export function useDeleteSong(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (songId: string) =>
      apiFetch<void>(`/songs/${encodeURIComponent(songId)}`, { method: 'DELETE' }),
    onSuccess: (_answer, songId) => {
      queryClient.setQueriesData<SongPage>({ queryKey: songKeys.pages(teamId) }, (page) => {
        if (!page?.songs.some((song) => song._id === songId)) return page;
        return {
          songs: page.songs.filter((song) => song._id !== songId),
          total: Math.max(0, page.total - 1),
        };
      });
      queryClient.removeQueries({ queryKey: songKeys.detail(teamId, songId) });
      void queryClient.invalidateQueries({ queryKey: songKeys.pages(teamId) });
    },
  });
}
