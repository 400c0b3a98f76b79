import { useEffect } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SongSchema, SongSummarySchema } from '@segue/shared';
import type { Song, SongSort, SongSummary, SortDirection } from '@segue/shared';
import { apiFetch, apiFetchWithHeaders } from '../../../lib/api-client.ts';

/** One page of a library search: `limit` songs from `offset`, for the text `query`, in an order. */
export interface SongPageParams {
  query: string;
  limit: number;
  offset: number;
  sort: SongSort;
  dir: SortDirection;
}

export interface SongPage {
  songs: SongSummary[];
  /** How many songs match the query in all (the `X-Total-Count` header). */
  total: number;
}

/**
 * Every songs query starts with 'songs' and the team id, so one invalidation refreshes a team's
 * lists and songs, and one team's songs never show under another's.
 */
export const songKeys = {
  all: ['songs'] as const,
  team: (teamId: string) => ['songs', teamId] as const,
  pages: (teamId: string) => ['songs', teamId, 'page'] as const,
  page: (teamId: string, params: SongPageParams) => ['songs', teamId, 'page', params] as const,
  detail: (teamId: string, songId: string) => ['songs', teamId, 'detail', songId] as const,
};

/**
 * `GET /api/songs?fields=summary`: a page of the current team's songs in the order asked, each
 * with the day it was last in a setlist.
 */
async function fetchSongPage(
  { query, limit, offset, sort, dir }: SongPageParams,
  signal?: AbortSignal,
): Promise<SongPage> {
  const search = new URLSearchParams({
    fields: 'summary',
    limit: String(limit),
    offset: String(offset),
    sort,
    dir,
  });
  if (query) search.set('q', query);
  const { data, headers } = await apiFetchWithHeaders(`/songs?${search.toString()}`, { signal });
  const songs = SongSummarySchema.array().parse(data);
  const total = Number.parseInt(headers.get('X-Total-Count') ?? '', 10);
  // Without the header (an older server) the page is all there is to count.
  return { songs, total: Number.isNaN(total) ? offset + songs.length : total };
}

/**
 * A page of the library; nothing is asked until there is a team (spec section 4). The previous
 * page stays on screen while the next one loads.
 */
export function useSongPage(teamId: string | null, params: SongPageParams) {
  return useQuery({
    queryKey: songKeys.page(teamId ?? '', params),
    queryFn: ({ signal }) => fetchSongPage(params, signal),
    enabled: teamId !== null,
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/songs`: every song of the current team with its parts, for the export. */
export async function fetchAllSongs(): Promise<Song[]> {
  return SongSchema.array().parse(await apiFetch('/songs'));
}

/** `GET /api/songs/{id}`: one song of the current team, with its parts. */
export function useSong(teamId: string | null, songId: string | undefined) {
  const song = useQuery({
    queryKey: songKeys.detail(teamId ?? '', songId ?? ''),
    queryFn: async ({ signal }): Promise<Song> =>
      SongSchema.parse(await apiFetch(`/songs/${encodeURIComponent(songId ?? '')}`, { signal })),
    enabled: teamId !== null && Boolean(songId),
    // The form copies the song once; a refetch behind it would only cost a request.
    refetchOnWindowFocus: false,
  });
  // Spec section 8: a failed load is logged; the page says so calmly.
  useEffect(() => {
    if (song.error) console.error(`Failed to load song ${songId}`, song.error);
  }, [song.error, songId]);
  return song;
}
