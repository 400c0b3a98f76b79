import type { Song, SongSummary } from '@segue/shared';
import type { StoredSongAuthor, StoredSongPart } from '../db/schema.ts';

interface SongRowLike {
  id: string;
  teamId: string;
  title: string;
  artist: string;
  key: string | null;
  capo: number;
  tempo: number | null;
  timeSignature: string | null;
  ccli: string | null;
  copyright: string;
  authors: StoredSongAuthor[];
  parts?: StoredSongPart[];
  createdAt: Date;
  updatedAt: Date;
  /** Given only by the list reads that answer it. */
  lastUsed?: string | null;
}

export function presentSongSummary(row: SongRowLike): SongSummary {
  return {
    ...presentSongFields(row),
    ...(row.lastUsed !== undefined ? { lastUsed: row.lastUsed } : {}),
  };
}

export function presentSong(row: SongRowLike): Song {
  return { ...presentSongFields(row), parts: row.parts ?? [] };
}

function presentSongFields(row: SongRowLike): Omit<Song, 'parts'> {
  return {
    _id: row.id,
    title: row.title,
    artist: row.artist,
    key: row.key,
    capo: row.capo,
    tempo: row.tempo,
    time: row.timeSignature,
    ccli: row.ccli,
    copyright: row.copyright,
    authors: row.authors,
    teamId: row.teamId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
