// Runs in a worker thread of SongFileReader's pool: everything here that grows with a file
// (decoding, parsing, checking, serializing) stays off the event loop that serves every team.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { MessagePort } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import {
  INVALID_TEXT_MESSAGE,
  ImportedLinksSchema,
  MEDIA_TEXTS,
  SERVER_ERRORS,
  SongFileConvertAnswerSchema,
  SongImportInputSchema,
  SongInputSchema,
  linkNameOf,
} from '@segue/shared';
import { ConvertError, readSongFile } from '@segue/shared/formats';
import { decodeSongBytes } from '@segue/shared/formats/decode';
import { validationMessage } from '../lib/validation-message.ts';
import { preparedSong, songValues, type PreparedSong } from './song-values.ts';

// A lower priority for this thread only (Linux renices the calling thread): when files and
// requests want the same core, the event loop goes first.
try {
  os.setPriority(0, 10);
} catch {
  // Not allowed here: the thread keeps the process's priority.
}

export type SongFileTask =
  | { kind: 'convert'; bytes: Uint8Array; filename: string; started: MessagePort }
  | { kind: 'import'; bytes: Uint8Array; started: MessagePort };

export type SongFileOutcome =
  | { kind: 'converted'; json: Uint8Array }
  | { kind: 'imported'; songs: PreparedSong[] }
  | { kind: 'refused'; message: string };

/** One task; its time budget starts when it says it started, so waiting for a thread is free. */
export default function readSongFileTask(task: SongFileTask): SongFileOutcome {
  task.started.postMessage('started');
  task.started.close();
  try {
    return task.kind === 'convert' ? convert(task.bytes, task.filename) : importSongs(task.bytes);
  } catch (error) {
    if (error instanceof ConvertError || error instanceof Refusal) {
      return { kind: 'refused', message: error.message };
    }
    throw error;
  }
}

class Refusal extends Error {}

/**
 * A song file's songs as `POST /api/songs/convert` answers them, as UTF-8 JSON whose memory
 * moves to the event loop's thread instead of being copied there: a 5 MB file's answer is
 * several megabytes, and copying and encoding it there held every other request up.
 */
function convert(bytes: Uint8Array, filename: string): SongFileOutcome {
  const result = readSongFile(filename, decodeSongBytes(bytes));
  const json = new TextEncoder().encode(JSON.stringify(SongFileConvertAnswerSchema.encode(result)));
  const outcome: SongFileOutcome = { kind: 'converted', json };
  return move({
    get [transferableSymbol]() {
      return json.buffer;
    },
    get [valueSymbol]() {
      return outcome;
    },
  }) as unknown as SongFileOutcome;
}

/**
 * An import file's songs, checked as `POST /api/songs` checks one: the first bad song refuses
 * the whole file, saying which it is.
 */
function importSongs(bytes: Uint8Array): SongFileOutcome {
  let text: string;
  try {
    // Strict, as every other JSON body: bytes that are not UTF-8 would be stored as U+FFFD.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Refusal(INVALID_TEXT_MESSAGE);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Refusal(SERVER_ERRORS.invalidJson);
  }
  const file = SongImportInputSchema.safeParse(body);
  if (!file.success) throw new Refusal(validationMessage(file.error.issues[0]));
  const songs = file.data.songs.map((item, index) => {
    const parsed = SongInputSchema.safeParse(
      item && typeof item === 'object' && !Array.isArray(item)
        ? { ...(item as object), teamId: undefined }
        : item,
    );
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'Invalid song.';
      throw new Refusal(`Song ${index + 1}: ${message}`);
    }
    const prepared = preparedSong(randomUUID(), songValues(parsed.data));
    const links = (item as { links?: unknown } | null)?.links;
    if (links !== undefined && links !== null) {
      const read = ImportedLinksSchema.safeParse(links);
      if (!read.success) {
        throw new Refusal(
          `Song ${index + 1}: ${read.error.issues[0]?.message ?? MEDIA_TEXTS.badUrl}`,
        );
      }
      prepared.links = read.data.map((link) => ({
        url: link.url,
        name: link.name ?? linkNameOf(link.url),
      }));
    }
    return prepared;
  });
  return { kind: 'imported', songs };
}
