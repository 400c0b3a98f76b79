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
  language: string | null;
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
  return { ...presentSongFields(row), parts: (row.parts ?? []).map(presentPart) };
}

/** A stored part as answers give it: a song saved before translations existed has none. */
function presentPart(part: StoredSongPart): Song['parts'][number] {
  return {
    id: part.id,
    label: part.label,
    lines: part.lines,
    translations: (part.translations ?? []).map((t) => ({
      lang: t.lang,
      ...(t.translit ? { translit: t.translit } : {}),
      lines: t.lines,
    })),
  };
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
    language: row.language,
    teamId: row.teamId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
