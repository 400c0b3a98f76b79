import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';

/**
 * Writes `body` to a new file (it must not exist) and returns the digest of what was written.
 * Refuses a body that yields more or fewer bytes than `size`: the caller declared the length
 * (an upload's Content-Length), and a different one means the upload broke off or lied. On any
 * failure the file may be left half written: the caller removes it.
 */
export async function writeBodyToFile(
  file: string,
  body: Readable | Uint8Array,
  size: number,
  { algorithm, sync }: { algorithm: 'sha256' | 'md5'; sync: boolean },
): Promise<Buffer> {
  const hash = createHash(algorithm);
  const handle = await open(file, 'wx');
  try {
    let written = 0;
    for await (const chunk of body instanceof Uint8Array ? [body] : body) {
      if (!(chunk instanceof Uint8Array)) throw new Error('A media body yields bytes, not text');
      written += chunk.byteLength;
      // Checked before writing, so a body far longer than declared costs no disk.
      if (written > size) throw new Error(`The media body is longer than its ${size} bytes`);
      hash.update(chunk);
      await writeAll(handle, chunk);
    }
    if (written !== size) {
      throw new Error(`The media body ended after ${written} of its ${size} bytes`);
    }
    if (sync) await handle.sync();
  } finally {
    await handle.close();
  }
  return hash.digest();
}

async function writeAll(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < bytes.byteLength) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.byteLength - offset);
    offset += bytesWritten;
  }
}
