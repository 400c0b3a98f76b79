import { paddedTranslation, withPartIds, type SongInputSchema } from '@segue/shared';
import type { z } from 'zod';
import type { StoredSongPart } from '../db/schema.ts';
import type { SongValues } from './songs.repository.ts';

export type ValidSong = z.output<typeof SongInputSchema>;

/**
 * A song as it is stored: trimmed title, artist and labels; every part with an id unique in it
 * and its translations (none when it has none), each with a line for each of the part's lines.
 * A part given without its translations keeps those of the `stored` part of its id (an edit from
 * a client that does not know them), cut or padded to its lines.
 */
export function songValues(input: ValidSong, stored: readonly StoredSongPart[] = []): SongValues {
  const kept = new Map(stored.map((part) => [part.id, part.translations ?? []]));
  return {
    title: input.title.trim(),
    artist: input.artist.trim(),
    parts: withPartIds(input.parts).map((p) => ({
      id: p.id,
      label: p.label.trim(),
      lines: p.lines.map((l) => ({ chords: l.chords, lyrics: l.lyrics })),
      translations: (p.translations ?? (p.id ? kept.get(p.id) : undefined) ?? []).map((t) =>
        paddedTranslation(
          {
            lang: t.lang,
            ...(t.translit ? { translit: t.translit } : {}),
            lines: t.lines.slice(0, p.lines.length),
          },
          p.lines.length,
        ),
      ),
    })),
    language: input.language,
    key: input.key,
    capo: input.capo,
    tempo: input.tempo,
    timeSignature: input.time,
    ccli: input.ccli,
    copyright: input.copyright,
    authors: input.authors,
    source: input.source,
  };
}

/**
 * A song of an import, ready for the database: its JSON columns already as JSON text, so
 * the worker that checked the file does the serializing and the event loop only passes text
 * on. Details the file left out take their columns' defaults.
 */
export interface PreparedSong {
  id: string;
  title: string;
  artist: string;
  key: string | null;
  capo: number;
  tempo: number | null;
  timeSignature: string | null;
  ccli: string | null;
  copyright: string;
  language: string | null;
  partsJson: string;
  authorsJson: string;
  sourceJson: string | null;
  /** An import file's links of the song (named), stored beside it by the recordings' side. */
  links: { name: string; url: string }[];
}

export function preparedSong(id: string, values: SongValues): PreparedSong {
  return {
    id,
    title: values.title,
    artist: values.artist,
    key: values.key ?? null,
    capo: values.capo ?? 0,
    tempo: values.tempo ?? null,
    timeSignature: values.timeSignature ?? null,
    ccli: values.ccli ?? null,
    copyright: values.copyright ?? '',
    language: values.language ?? null,
    partsJson: JSON.stringify(values.parts),
    authorsJson: JSON.stringify(values.authors ?? []),
    sourceJson: values.source == null ? null : JSON.stringify(values.source),
    links: [],
  };
}
