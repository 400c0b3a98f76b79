import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RecordingSchema } from '@segue/shared';
import type { MediaMark, Recording, SongMedia } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { recordingBytes, songMediaKeys } from './song-media.ts';

const mediaPath = (mediaId: string) => `/media/${encodeURIComponent(mediaId)}`;

/**
 * The recording whole, for practice mode to decode: the copy kept on this device, else
 * `GET /api/media/{id}` with the session and the team like every call. Read once while the page
 * shows it, and dropped when the page goes (it may be 50 MB). Offline, a recording not kept
 * fails with `NetworkError`.
 */
export function useRecordingFile(mediaId: string | null) {
  return useQuery({
    queryKey: ['recording-file', mediaId],
    queryFn: ({ signal }): Promise<Blob> => recordingBytes(mediaId ?? '', signal),
    enabled: mediaId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** `PUT /api/media/{id}/marks`: every mark of the recording; answers it with its marks sorted. */
export function useSaveMarks(teamId: string, songId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      mediaId,
      marks,
    }: {
      mediaId: string;
      marks: MediaMark[];
    }): Promise<Recording> =>
      RecordingSchema.parse(
        await apiFetch(`${mediaPath(mediaId)}/marks`, { method: 'PUT', body: marks }),
      ),
    onSuccess: (saved) => {
      // Shown at once; the refetch behind it brings anything else that changed.
      queryClient.setQueryData<SongMedia>(songMediaKeys.song(teamId, songId), (media) =>
        media
          ? {
              ...media,
              recordings: media.recordings.map((r) => (r.id === saved.id ? saved : r)),
            }
          : media,
      );
      return queryClient.invalidateQueries({ queryKey: songMediaKeys.song(teamId, songId) });
    },
  });
}
