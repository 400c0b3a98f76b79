import { useQuery } from '@tanstack/react-query';
import { SongSummarySchema } from '@segue/shared';
import type { SongSummary } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * `GET /api/songs?fields=summary`: every song of the team (title order, titles and artists only)
 * for the setlist form's picker, however large the library; the server keeps this answer in
 * memory until a song of the team changes.
 * The key sits under the song library's `['songs', teamId]`, so saving or deleting a song there
 * refreshes the picker too.
 */
export function useSongChoices(teamId: string) {
  return useQuery({
    queryKey: ['songs', teamId, 'setlist-choices'] as const,
    queryFn: async ({ signal }): Promise<SongSummary[]> =>
      SongSummarySchema.array().parse(await apiFetch('/songs?fields=summary', { signal })),
  });
}
