import { useQueries } from '@tanstack/react-query';
import { SongSchema, sameLanguage, songLanguages } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * The languages of the setlist's songs, for its screen languages: each song's main language
 * and its translations', in the songs' order, each once. Each song is read whole
 * (`GET /api/songs/{id}`): the form's song list has no parts. The key sits under the song
 * library's `['songs', teamId]`, so an edited song is read again.
 */
export function useSongLanguages(teamId: string, songIds: readonly string[]): string[] {
  const ids = [...new Set(songIds)];
  const answers = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['songs', teamId, 'languages', id] as const,
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        songLanguages(
          SongSchema.parse(await apiFetch(`/songs/${encodeURIComponent(id)}`, { signal })),
        ),
      staleTime: 60_000,
    })),
  });
  const languages: string[] = [];
  for (const answer of answers) {
    for (const lang of answer.data ?? []) {
      if (!languages.some((known) => sameLanguage(known, lang))) languages.push(lang);
    }
  }
  return languages;
}
