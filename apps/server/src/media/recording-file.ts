import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import { parseFile } from 'music-metadata';
import { MEDIA_TEXTS, type RecordingType } from '@segue/shared';
import { PayloadTooLargeError, ValidationError } from '../lib/errors.ts';

/** An upload kept in a temporary file until it is stored; `discard` removes it. */
export interface SpooledUpload {
  file: string;
  size: number;
  discard: () => Promise<void>;
}

/**
 * Writes an upload's body to a temporary file, refusing it (413, in words) once it passes
 * `limit` bytes: the rest is read and dropped, not kept. The whole file is needed before it is
 * stored: its type is read from its bytes, and its length from its frames.
 */
export async function spoolUpload(body: Readable, limit: number): Promise<SpooledUpload> {
  const dir = await mkdtemp(path.join(tmpdir(), 'segue-upload-'));
  const discard = () => rm(dir, { recursive: true, force: true });
  const file = path.join(dir, 'body');
  let size = 0;
  try {
    await pipeline(
      body,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          size += chunk.length;
          if (size > limit) throw new PayloadTooLargeError(MEDIA_TEXTS.tooLarge);
          yield chunk;
        }
      },
      createWriteStream(file),
    );
  } catch (error) {
    await discard();
    // The rest of a refused body is read and dropped, so the answer reaches the client.
    body.resume();
    throw error;
  }
  if (size === 0) {
    await discard();
    throw new ValidationError(MEDIA_TEXTS.empty);
  }
  return { file, size, discard };
}

/** What file-type reads from the bytes, as the type a recording is stored with. */
const TYPES: Record<string, RecordingType> = {
  'audio/mpeg': 'audio/mpeg',
  'audio/x-m4a': 'audio/mp4',
  'audio/mp4': 'audio/mp4',
  'audio/aac': 'audio/aac',
  'audio/ogg': 'audio/ogg',
  'audio/opus': 'audio/ogg',
  'audio/wav': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/x-wav': 'audio/wav',
  'audio/x-flac': 'audio/flac',
  'audio/flac': 'audio/flac',
};

/**
 * The recording's type, read from its bytes, and its length in milliseconds (null when its
 * headers do not say and its frames cannot be counted). Anything else is refused, whatever its
 * name or the type the browser sent: a file that only claims to be audio never reaches a player.
 */
export async function readRecording(
  file: string,
): Promise<{ type: RecordingType; durationMs: number | null }> {
  const sniffed = await fileTypeFromFile(file);
  const type = sniffed ? TYPES[sniffed.mime] : undefined;
  if (!type) throw new ValidationError(MEDIA_TEXTS.wrongType);
  let seconds: number | undefined;
  try {
    seconds = (await parseFile(file, { duration: true, skipCovers: true })).format.duration;
  } catch {
    // Its first bytes look like audio, but its frames are not: not a recording either.
    throw new ValidationError(MEDIA_TEXTS.wrongType);
  }
  const durationMs =
    seconds !== undefined && Number.isFinite(seconds) && seconds >= 0
      ? Math.round(seconds * 1000)
      : null;
  return { type, durationMs };
}
