import { randomBytes } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  assertMediaKey,
  assertPutOptions,
  assertRange,
  clampRange,
  type ByteRange,
  type MediaInfo,
  type MediaObject,
  type MediaStore,
  type PutOptions,
} from './media-store.ts';
import { writeBodyToFile } from './write-body.ts';

/** What `<name>.json` holds beside an object's content. */
interface Description {
  /** sha256 of the content, base64url: it names the content's file and makes the ETag. */
  sha256: string;
  size: number;
  contentType: string;
}

const SHA256_BASE64URL = /^[A-Za-z0-9_-]{43}$/;

/**
 * Recordings as files under `<DATA_DIR>/media`, for one instance. The key `team/media` is kept
 * as two files in `media/team/`:
 *
 * - `media.<sha256>`: the content, named by its hash (base64url), so a name always holds the
 *   same bytes;
 * - `media.json`: its description (hash, size, content type), which names the content's file.
 *
 * A put writes the content to a temporary file, syncs it and renames it to its hash's name,
 * then replaces the description the same way. Renaming the description is the one moment the
 * object changes: before it a reader sees the old object whole, after it the new one whole, and
 * a crash anywhere leaves one of the two (and at most a stray file). Keeping the hash in the
 * description and in the content's name is what makes the ETag true of the bytes served: it
 * is the hash computed while writing, never the modification time.
 *
 * Writes to one key are serialised within the process; reads need no lock, because an open
 * file stays readable after a later put or delete removes its name.
 */
export class DiskMediaStore implements MediaStore {
  private readonly writing = new Map<string, Promise<void>>();

  private constructor(readonly root: string) {}

  /** The store under `<dataDir>/media`, made if missing. */
  static async open(dataDir: string): Promise<DiskMediaStore> {
    const root = path.join(path.resolve(dataDir), 'media');
    await mkdir(root, { recursive: true });
    return new DiskMediaStore(root);
  }

  async put(key: string, body: Readable | Uint8Array, options: PutOptions) {
    const where = this.locate(key);
    assertPutOptions(options);
    return this.exclusive(key, async () => {
      await mkdir(where.dir, { recursive: true });
      const previous = await readDescription(where.description);
      const contentTemp = where.temporary();
      let sha256: string;
      try {
        const digest = await writeBodyToFile(contentTemp, body, options.size, {
          algorithm: 'sha256',
          sync: true,
        });
        sha256 = digest.toString('base64url');
        // A file of that name, if there is one, holds these very bytes: replacing it changes nothing.
        await rename(contentTemp, where.content(sha256));
      } catch (error) {
        await rm(contentTemp, { force: true });
        throw error;
      }
      const description: Description = {
        sha256,
        size: options.size,
        contentType: options.contentType,
      };
      const descriptionTemp = where.temporary();
      try {
        await writeSynced(descriptionTemp, JSON.stringify(description));
        await rename(descriptionTemp, where.description);
      } catch (error) {
        await rm(descriptionTemp, { force: true });
        if (previous?.sha256 !== sha256) await rm(where.content(sha256), { force: true });
        throw error;
      }
      await syncFolder(where.dir);
      if (previous && previous.sha256 !== sha256) {
        await rm(where.content(previous.sha256), { force: true });
      }
      return { etag: etagOf(sha256) };
    });
  }

  async get(key: string, range?: ByteRange): Promise<MediaObject | null> {
    const where = this.locate(key);
    if (range) assertRange(range);
    let description = await readDescription(where.description);
    let handle: FileHandle | undefined;
    // A put or delete may remove the content's name between reading the description and
    // opening the file: read the description again, and give up only if it still names the
    // same missing file (the object is gone) or keeps changing.
    for (let attempt = 0; description && !handle; attempt++) {
      try {
        handle = await open(where.content(description.sha256), 'r');
      } catch (error) {
        if (!isMissing(error)) throw error;
        const again = await readDescription(where.description);
        if (!again || again.sha256 === description.sha256 || attempt >= 4) return null;
        description = again;
      }
    }
    if (!description || !handle) return null;
    try {
      const { size, contentType, sha256 } = description;
      const part = range ? clampRange(range, size) : undefined;
      const body = handle.createReadStream(part ? { start: part.start, end: part.end } : {});
      const length = part ? part.end - part.start + 1 : size;
      return { body, size, length, etag: etagOf(sha256), contentType };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async head(key: string): Promise<MediaInfo | null> {
    const description = await readDescription(this.locate(key).description);
    if (!description) return null;
    const { size, contentType, sha256 } = description;
    return { size, contentType, etag: etagOf(sha256) };
  }

  async delete(key: string): Promise<void> {
    const where = this.locate(key);
    await this.exclusive(key, async () => {
      const description = await readDescription(where.description);
      if (!description) return;
      // The description first: once it is gone the object is, and a crash before the content
      // goes leaves only a stray file.
      await rm(where.description, { force: true });
      await syncFolder(where.dir);
      await rm(where.content(description.sha256), { force: true });
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.writing.values());
  }

  private locate(key: string) {
    assertMediaKey(key);
    const segments = key.split('/');
    const name = segments.pop()!;
    const dir = path.join(this.root, ...segments);
    return {
      dir,
      description: path.join(dir, `${name}.json`),
      content: (sha256: string) => path.join(dir, `${name}.${sha256}`),
      temporary: () => path.join(dir, `${name}.${randomBytes(8).toString('hex')}.tmp`),
    };
  }

  /** Runs `task` after the writes to `key` already under way. */
  private async exclusive<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.writing.get(key) ?? Promise.resolve();
    const result = before.then(task);
    const done = result.then(
      () => undefined,
      () => undefined,
    );
    this.writing.set(key, done);
    try {
      return await result;
    } finally {
      if (this.writing.get(key) === done) this.writing.delete(key);
    }
  }
}

/** The strong validator for content of this hash, quoted as the ETag header wants it. */
function etagOf(sha256: string): string {
  return `"${sha256}"`;
}

async function readDescription(file: string): Promise<Description | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  const value: unknown = JSON.parse(text);
  if (
    typeof value === 'object' &&
    value !== null &&
    'sha256' in value &&
    'size' in value &&
    'contentType' in value &&
    typeof value.sha256 === 'string' &&
    SHA256_BASE64URL.test(value.sha256) &&
    Number.isSafeInteger(value.size) &&
    typeof value.contentType === 'string'
  ) {
    return { sha256: value.sha256, size: value.size as number, contentType: value.contentType };
  }
  throw new Error(`${file} is not the description of a recording`);
}

async function writeSynced(file: string, text: string): Promise<void> {
  const handle = await open(file, 'wx');
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Makes the renames in `dir` durable, where the system lets a folder be synced. */
async function syncFolder(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Some systems cannot open or sync a folder; the rename is still atomic there.
  } finally {
    await handle?.close();
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}
