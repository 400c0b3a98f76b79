import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SongSchema } from '@segue/shared';
import type { Song, SongInput } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { songKeys } from './songs.ts';

export interface SaveSongVariables {
  /** The song to update; a new song when undefined. */
  songId?: string | undefined;
  song: SongInput;
}

/** `POST /api/songs` or `PUT /api/songs/{id}`; the team's lists are refreshed afterwards. */
export function useSaveSong(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ songId, song }: SaveSongVariables): Promise<Song> =>
      SongSchema.parse(
        songId
          ? await apiFetch(`/songs/${encodeURIComponent(songId)}`, { method: 'PUT', body: song })
          : await apiFetch('/songs', { method: 'POST', body: song }),
      ),
    onSuccess: (song) => {
      queryClient.setQueryData(songKeys.detail(teamId, song._id), song);
      void queryClient.invalidateQueries({ queryKey: songKeys.pages(teamId) });
    },
  });
}
