import { useQuery } from '@tanstack/react-query';
import { SongSummarySchema } from '@segue/shared';
import type { SongSummary } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';

/** The most songs the server gives in one answer; the picker offers that many. */
const SONG_CHOICES_LIMIT = 1000;

/**
 * `GET /api/songs?fields=summary`: the team's songs (title order) for the setlist form's picker.
 * The key sits under the song library's `['songs', teamId]`, so saving or deleting a song there
 * refreshes the picker too.
 */
export function useSongChoices(teamId: string) {
  return useQuery({
    queryKey: ['songs', teamId, 'setlist-choices'] as const,
    queryFn: async ({ signal }): Promise<SongSummary[]> =>
      SongSummarySchema.array().parse(
        await apiFetch(`/songs?fields=summary&limit=${SONG_CHOICES_LIMIT}`, { signal }),
      ),
  });
}
