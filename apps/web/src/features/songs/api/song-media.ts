import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RecordingCreatedSchema, SongLinkSchema, SongMediaSchema } from '@segue/shared';
import type { SongLink, SongLinkInput, SongMedia } from '@segue/shared';
import { apiDownload, apiFetch } from '../../../lib/api-client.ts';
import { offlineRecordings, selectedTeamId } from '../../../lib/storage.ts';
import { songKeys } from './songs.ts';

/**
 * Under the team's songs keys, so a team's refresh includes them. A recording added or deleted
 * changes the team's usage every song's section shows, so those changes refresh them all.
 */
export const songMediaKeys = {
  team: (teamId: string) => [...songKeys.team(teamId), 'media'] as const,
  song: (teamId: string, songId: string) => [...songKeys.team(teamId), 'media', songId] as const,
};

const songPath = (songId: string) => `/songs/${encodeURIComponent(songId)}`;

/** `GET /api/songs/{id}/media`: the song's recordings and links, and the team's usage. */
export function useSongMedia(teamId: string, songId: string) {
  return useQuery({
    queryKey: songMediaKeys.song(teamId, songId),
    queryFn: async ({ signal }): Promise<SongMedia> =>
      SongMediaSchema.parse(await apiFetch(`${songPath(songId)}/media`, { signal })),
  });
}

export interface RecordingUpload {
  file: File;
  name: string;
}

/**
 * `POST /api/songs/{id}/media?name=`: the file's bytes as they are. The server reads the type
 * from the bytes; the browser's guess goes along only as the request's Content-Type.
 */
export function useUploadRecording(teamId: string, songId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, name }: RecordingUpload) =>
      RecordingCreatedSchema.parse(
        await apiFetch(`${songPath(songId)}/media?name=${encodeURIComponent(name)}`, {
          method: 'POST',
          bytes: file,
          bytesType: file.type,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: songMediaKeys.team(teamId) }),
  });
}

/** `DELETE /api/media/{id}`. */
export function useDeleteRecording(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mediaId: string) =>
      apiFetch<void>(`/media/${encodeURIComponent(mediaId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: songMediaKeys.team(teamId) }),
  });
}

/** `POST /api/songs/{id}/links`: a reference link (named after its host when no name is given). */
export function useAddSongLink(teamId: string, songId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SongLinkInput): Promise<SongLink> =>
      SongLinkSchema.parse(
        await apiFetch(`${songPath(songId)}/links`, { method: 'POST', body: input }),
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: songMediaKeys.song(teamId, songId) }),
  });
}

/** `DELETE /api/links/{id}`. */
export function useDeleteSongLink(teamId: string, songId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) =>
      apiFetch<void>(`/links/${encodeURIComponent(linkId)}`, { method: 'DELETE' }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: songMediaKeys.song(teamId, songId) }),
  });
}

/**
 * A recording's bytes: the copy kept on this device for practice when there is one (its bytes
 * never change, and a train has little signal), else `GET /api/media/{id}` whole.
 */
export async function recordingBytes(mediaId: string, signal?: AbortSignal): Promise<Blob> {
  return (
    (await keptRecordingBytes(mediaId)) ??
    (await apiDownload(`/media/${encodeURIComponent(mediaId)}`, { signal })).blob
  );
}

/** The kept copy, for the current team as the server would answer; null when none is kept. */
async function keptRecordingBytes(mediaId: string): Promise<Blob | null> {
  // Nothing is kept unless asked for: IndexedDB's code then never loads for a recording.
  if (!offlineRecordings.get()) return null;
  try {
    const kept = await (await import('../../../lib/offline/kept-data.ts')).keptRecording(mediaId);
    return kept && kept.teamId === selectedTeamId.get() ? kept.blob : null;
  } catch (error) {
    // No IndexedDB (private browsing): downloaded as without a copy.
    console.warn('[offline] could not read a kept recording', error);
    return null;
  }
}

/**
 * A recording to play, fetched only when `load` is called (or read from the copy kept on this
 * device). `GET /api/media/{id}` needs the token
 * and the team like every call, so it cannot be an `<audio src>` of the API: the player plays it
 * from an object URL, revoked when the player goes.
 */
export function useRecordingAudio(mediaId: string) {
  const download = useMutation({
    mutationFn: (): Promise<Blob> => recordingBytes(mediaId),
  });
  const blob = download.data ?? null;
  // Made in the effect that revokes it, so a re-run effect never leaves a revoked URL shown.
  const [shown, setShown] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    setShown({ blob, url });
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return {
    url: blob && shown?.blob === blob ? shown.url : null,
    load: () => download.mutate(),
    isLoading: download.isPending || (blob !== null && shown?.blob !== blob),
    error: download.error,
  };
}
