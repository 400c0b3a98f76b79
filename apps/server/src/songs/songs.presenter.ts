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
}

export function presentSongSummary(row: SongRowLike): SongSummary {
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

export function presentSong(row: SongRowLike): Song {
  return { ...presentSongSummary(row), parts: row.parts ?? [] };
}
