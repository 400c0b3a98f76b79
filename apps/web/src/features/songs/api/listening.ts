import { useCallback, useRef } from 'react';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * Tells the server, once for as long as the caller is shown, that a recording of the song was
 * played (`POST /api/songs/{id}/listened`). The server keeps the day only while the team shares
 * who has listened (docs/DECISIONS.md, "Who has listened"); a failure (offline, say) costs the
 * count and nothing else.
 */
export function useReportPlay(songId: string): () => void {
  const told = useRef<string | null>(null);
  return useCallback(() => {
    if (told.current === songId) return;
    told.current = songId;
    apiFetch(`/songs/${encodeURIComponent(songId)}/listened`, { method: 'POST' }).catch(
      (error: unknown) => console.warn('Could not tell that the song was played', error),
    );
  }, [songId]);
}
