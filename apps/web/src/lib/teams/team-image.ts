import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiDownload, apiFetch } from '../api-client.ts';

export const teamImageKey = (teamId: string) => ['team-image', teamId] as const;

/**
 * The team's image (its logo for the projector), as a Blob, or null when the team has none
 * (the server's 404). It is asked for with the token like every call, so it cannot be an
 * `<img src>` of the API: the page shows it from an object URL.
 */
export function useTeamImage(teamId: string | null) {
  const query = useQuery({
    queryKey: teamImageKey(teamId ?? ''),
    queryFn: async ({ signal }): Promise<Blob | null> => {
      try {
        return (await apiDownload(`/teams/${encodeURIComponent(teamId ?? '')}/image`, { signal }))
          .blob;
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) return null;
        throw error;
      }
    },
    // Asked again each time a screen starts showing it: a logo uploaded during the week is on
    // the projector the next time a leader picks Logo.
    enabled: teamId !== null,
  });
  const blob = query.data ?? null;
  // Made in the effect that revokes it, so a re-run effect never leaves a revoked URL shown.
  const [shown, setShown] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    setShown({ blob, url });
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  const url = blob && shown?.blob === blob ? shown.url : null;
  return { url, hasImage: blob !== null, isPending: query.isPending && teamId !== null };
}

/** Uploads (a file) or removes (null) the team's image; the server checks its bytes and size. */
export function useSetTeamImage(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File | null) => {
      const path = `/teams/${encodeURIComponent(teamId)}/image`;
      if (file) await apiFetch(path, { method: 'PUT', bytes: file });
      else await apiFetch(path, { method: 'DELETE' });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamImageKey(teamId) }),
  });
}
