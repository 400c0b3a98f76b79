import type { Song, SongSummary } from '@segue/shared';
import type { StoredSongPart } from '../db/schema.ts';

interface SongRowLike {
  id: string;
  teamId: string;
  title: string;
  artist: string;
  parts?: StoredSongPart[];
  createdAt: Date;
  updatedAt: Date;
}

export function presentSongSummary(row: SongRowLike): SongSummary {
  return {
    _id: row.id,
    title: row.title,
    artist: row.artist,
    teamId: row.teamId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentSong(row: SongRowLike): Song {
  return { ...presentSongSummary(row), parts: row.parts ?? [] };
}
