import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../test/s3-server.ts';
import { DiskMediaStore } from './disk-media-store.ts';
import { openMediaStore } from './media-store-from-config.ts';
import { RangeNotSatisfiableError, type MediaStore } from './media-store.ts';
import { S3MediaStore } from './s3-media-store.ts';
import { parseS3Url } from './s3-url.ts';

interface Subject {
  store: MediaStore;
  /** The ETag the store gives these bytes: derived from the content, so it is predictable. */
  etagOf(bytes: Uint8Array): string;
  /** Files the store keeps on this machine (the disk store's folder; the S3 store's uploads). */
  localFiles(): string[];
  close(): Promise<void>;
}

function tempDir(name: string): string {
  return mkdtempSync(path.join(tmpdir(), `segue-media-${name}-`));
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

const subjects: { name: string; open(): Promise<Subject> }[] = [
  {
    name: 'files under DATA_DIR/media',
    async open() {
      const dataDir = tempDir('disk');
      const store = await DiskMediaStore.open(dataDir);
      return {
        store,
        etagOf: (bytes) => `"${createHash('sha256').update(bytes).digest('base64url')}"`,
        localFiles: () => filesUnder(path.join(dataDir, 'media')),
        async close() {
          await store.close();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'S3-compatible storage (s3rver)',
    async open() {
      const server = await startS3Server();
      const spoolDir = tempDir('spool');
      const store = new S3MediaStore(parseS3Url(server.url), { spoolDir });
      return {
        store,
        etagOf: (bytes) => `"${createHash('md5').update(bytes).digest('hex')}"`,
        localFiles: () => filesUnder(spoolDir),
        async close() {
          await store.close();
          await server.stop();
          rmSync(spoolDir, { recursive: true, force: true });
        },
      };
    },
  },
];

/** A fresh key in a team of its own, so that the tests do not see each other's objects. */
const newKey = () => `team${randomBytes(4).toString('hex')}/media${randomBytes(6).toString('hex')}`;

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A body that sends `sent` bytes and then fails, as an upload does when the phone loses its network. */
function brokenBody(sent: Uint8Array): Readable {
  return Readable.from(
    (async function* () {
      yield Buffer.from(sent);
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('the upload broke off');
    })(),
  );
}

describe.each(subjects)('a media store: $name', ({ open }) => {
  let subject: Subject;
  let store: MediaStore;

  beforeAll(async () => {
    subject = await open();
    store = subject.store;
  });
  afterAll(async () => {
    await subject?.close();
  });

  it('gives back what was put, whole, with its size, content type and ETag', async () => {
    const key = newKey();
    const bytes = randomBytes(3000);
    const { etag } = await store.put(key, bytes, { size: 3000, contentType: 'audio/mpeg' });
    expect(etag).toBe(subject.etagOf(bytes));

    const object = await store.get(key);
    expect(object).toMatchObject({ size: 3000, length: 3000, etag, contentType: 'audio/mpeg' });
    expect((await readAll(object!.body)).equals(bytes)).toBe(true);
    expect(await store.head(key)).toEqual({ size: 3000, etag, contentType: 'audio/mpeg' });
  });

  it('takes a stream as the body as well as bytes, and an empty one', async () => {
    const key = newKey();
    const bytes = randomBytes(200_000);
    const chunks = [bytes.subarray(0, 70_000), bytes.subarray(70_000)];
    await store.put(key, Readable.from(chunks), { size: bytes.length, contentType: 'audio/flac' });
    expect((await readAll((await store.get(key))!.body)).equals(bytes)).toBe(true);

    const empty = newKey();
    await store.put(empty, Readable.from([]), { size: 0, contentType: 'audio/wav' });
    const object = await store.get(empty);
    expect(object).toMatchObject({ size: 0, length: 0, etag: subject.etagOf(new Uint8Array()) });
    expect(await readAll(object!.body)).toHaveLength(0);
  });

  it('serves ranges inclusive at both ends, as HTTP asks them', async () => {
    const key = newKey();
    const bytes = randomBytes(1000);
    const { etag } = await store.put(key, bytes, { size: 1000, contentType: 'audio/ogg' });
    const cases = [
      { range: { start: 0, end: 0 }, want: bytes.subarray(0, 1) },
      { range: { start: 999, end: 999 }, want: bytes.subarray(999) },
      { range: { start: 100, end: 299 }, want: bytes.subarray(100, 300) },
      { range: { start: 0, end: 999 }, want: bytes },
      // An end past the last byte is "to the end", as `bytes=990-` is.
      { range: { start: 990, end: Number.MAX_SAFE_INTEGER }, want: bytes.subarray(990) },
    ];
    for (const { range, want } of cases) {
      const part = await store.get(key, range);
      expect(part, JSON.stringify(range)).toMatchObject({
        size: 1000,
        length: want.length,
        etag,
        contentType: 'audio/ogg',
      });
      expect((await readAll(part!.body)).equals(want), JSON.stringify(range)).toBe(true);
    }

    const past = store.get(key, { start: 1000, end: 1200 });
    await expect(past).rejects.toBeInstanceOf(RangeNotSatisfiableError);
    await expect(past).rejects.toMatchObject({ size: 1000 });
    await expect(store.get(key, { start: 10, end: 5 })).rejects.toThrow(/byte range/);
    await expect(store.get(key, { start: -1, end: 5 })).rejects.toThrow(/byte range/);
  });

  it('answers null for a key that holds nothing, and deletes it without complaint', async () => {
    const key = newKey();
    expect(await store.get(key)).toBeNull();
    expect(await store.get(key, { start: 0, end: 10 })).toBeNull();
    expect(await store.head(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('forgets a deleted object', async () => {
    const key = newKey();
    const other = newKey();
    await store.put(key, randomBytes(500), { size: 500, contentType: 'audio/mpeg' });
    await store.put(other, randomBytes(500), { size: 500, contentType: 'audio/mpeg' });
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect(await store.head(key)).toBeNull();
    expect(await store.head(other)).not.toBeNull();
  });

  it('replaces an object with another put, content type and ETag included', async () => {
    const key = newKey();
    const first = randomBytes(800);
    const second = randomBytes(600);
    const before = await store.put(key, first, { size: 800, contentType: 'audio/mpeg' });
    const after = await store.put(key, Readable.from([second]), {
      size: 600,
      contentType: 'audio/mp4',
    });
    expect(after.etag).not.toBe(before.etag);
    const object = await store.get(key);
    expect(object).toMatchObject({ size: 600, etag: after.etag, contentType: 'audio/mp4' });
    expect((await readAll(object!.body)).equals(second)).toBe(true);
  });

  it('stores nothing from a put whose body breaks off, and keeps no part of it here', async () => {
    const key = newKey();
    const put = store.put(key, brokenBody(randomBytes(64 * 1024)), {
      size: 256 * 1024,
      contentType: 'audio/mpeg',
    });
    await expect(put).rejects.toThrow('the upload broke off');
    expect(await store.get(key)).toBeNull();
    expect(await store.head(key)).toBeNull();
    expect(subject.localFiles().filter((file) => file.startsWith(key.split('/')[0]!))).toEqual([]);
  });

  it('keeps the old object whole when a put that replaces it breaks off', async () => {
    const key = newKey();
    const old = randomBytes(100_000);
    const { etag } = await store.put(key, old, { size: 100_000, contentType: 'audio/ogg' });
    const put = store.put(key, brokenBody(randomBytes(50_000)), {
      size: 120_000,
      contentType: 'audio/mpeg',
    });
    await expect(put).rejects.toThrow('the upload broke off');
    const object = await store.get(key);
    expect(object).toMatchObject({ size: 100_000, etag, contentType: 'audio/ogg' });
    expect((await readAll(object!.body)).equals(old)).toBe(true);
  });

  it('refuses a body shorter or longer than its size, and stores none of it', async () => {
    const key = newKey();
    const bytes = randomBytes(1000);
    const options = { size: 1001, contentType: 'audio/mpeg' };
    await expect(store.put(key, Readable.from([bytes]), options)).rejects.toThrow(
      /1000 of its 1001/,
    );
    await expect(store.put(key, bytes, { ...options, size: 999 })).rejects.toThrow();
    await expect(store.put(key, Readable.from([bytes]), { ...options, size: 999 })).rejects.toThrow(
      /longer than its 999/,
    );
    expect(await store.head(key)).toBeNull();
  });

  it('refuses keys that are not segments of letters, digits, "_" and "-"', async () => {
    const bad = [
      '',
      '..',
      '../x',
      'a/../b',
      '/abs',
      'a//b',
      'a/',
      'a/.',
      'a.b',
      'a\\b',
      'ä',
      'a b',
    ];
    for (const key of bad) {
      const options = { size: 1, contentType: 'audio/mpeg' };
      await expect(store.put(key, new Uint8Array(1), options), key).rejects.toThrow(/media key/);
      await expect(store.get(key), key).rejects.toThrow(/media key/);
      await expect(store.head(key), key).rejects.toThrow(/media key/);
      await expect(store.delete(key), key).rejects.toThrow(/media key/);
    }
  });

  it('gives the same content the same ETag, and other content another', async () => {
    const bytes = randomBytes(2000);
    const [a, b, c] = [newKey(), newKey(), newKey()];
    const options = { size: 2000, contentType: 'audio/mpeg' };
    const first = await store.put(a, bytes, options);
    const same = await store.put(b, Readable.from([bytes]), options);
    const other = await store.put(c, randomBytes(2000), options);
    const again = await store.put(a, bytes, { ...options, contentType: 'audio/mp4' });
    expect(same.etag).toBe(first.etag);
    expect(again.etag).toBe(first.etag);
    expect(other.etag).not.toBe(first.etag);
    expect((await store.head(a))?.contentType).toBe('audio/mp4');
  });

  it('round-trips a 50 MB recording streamed both ways, byte for byte', async () => {
    const size = 50 * 1024 * 1024;
    const chunk = 1024 * 1024;
    const sent = createHash('sha256');
    // Made a chunk at a time as it is read, so that no copy of the whole is ever in memory.
    const body = Readable.from(
      (function* () {
        for (let offset = 0; offset < size; offset += chunk) {
          const bytes = randomBytes(chunk);
          sent.update(bytes);
          yield bytes;
        }
      })(),
    );
    const key = newKey();
    const { etag } = await store.put(key, body, { size, contentType: 'audio/x-flac' });
    const object = await store.get(key);
    expect(object).toMatchObject({ size, length: size, etag, contentType: 'audio/x-flac' });
    const received = createHash('sha256');
    let length = 0;
    for await (const part of object!.body) {
      received.update(part as Buffer);
      length += (part as Buffer).length;
    }
    expect(length).toBe(size);
    expect(received.digest('hex')).toBe(sent.digest('hex'));
  });
});

describe('the disk store', () => {
  let dataDir: string;
  let store: DiskMediaStore;
  beforeAll(async () => {
    dataDir = tempDir('disk-only');
    store = await DiskMediaStore.open(dataDir);
  });
  afterAll(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps a key as its content, named by its hash, and a description; nothing else', async () => {
    const bytes = randomBytes(100);
    const hash = createHash('sha256').update(bytes).digest('base64url');
    await store.put('team1/song1', bytes, { size: 100, contentType: 'audio/mpeg' });
    await store.put('team1/song1', randomBytes(50), { size: 50, contentType: 'audio/mpeg' });
    await store.put('team1/song1', bytes, { size: 100, contentType: 'audio/mpeg' });
    // Replaced twice, and the replaced content is gone each time.
    // (filesUnder sorts its names: where the hash falls depends on its first character.)
    expect(filesUnder(path.join(dataDir, 'media'))).toEqual(
      [`team1/song1.${hash}`, 'team1/song1.json'].sort(),
    );
    await store.delete('team1/song1');
    expect(filesUnder(path.join(dataDir, 'media'))).toEqual([]);
  });

  it('lets a reader that has begun finish the old content while a put replaces it', async () => {
    const old = randomBytes(2 * 1024 * 1024);
    await store.put('team2/song', old, { size: old.length, contentType: 'audio/mpeg' });
    const reading = await store.get('team2/song');
    const replacement = randomBytes(1024);
    await store.put('team2/song', replacement, { size: 1024, contentType: 'audio/ogg' });
    await store.delete('team2/song');
    expect((await readAll(reading!.body)).equals(old)).toBe(true);
  });

  it('writes to one key one put after another', async () => {
    const bodies = Array.from({ length: 8 }, () => randomBytes(10_000));
    const puts = await Promise.all(
      bodies.map((bytes) =>
        store.put('team3/song', Readable.from([bytes]), {
          size: 10_000,
          contentType: 'audio/mpeg',
        }),
      ),
    );
    // The last put wins, and the others' contents were cleaned away.
    expect((await store.head('team3/song'))?.etag).toBe(puts.at(-1)!.etag);
    expect(filesUnder(path.join(dataDir, 'media', 'team3'))).toHaveLength(2);
  });
});

describe('openMediaStore', () => {
  it('keeps files under DATA_DIR/media without S3_URL', async () => {
    const dataDir = tempDir('open');
    try {
      for (const s3Url of [undefined, '', '  ']) {
        const store = await openMediaStore({ dataDir, s3Url, env: {} });
        expect(store).toBeInstanceOf(DiskMediaStore);
        await store.close();
      }
      expect(existsSync(path.join(dataDir, 'media'))).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('uses S3-compatible storage with S3_URL, and refuses a malformed one naming it', async () => {
    const dataDir = tempDir('open');
    try {
      const store = await openMediaStore({
        dataDir,
        s3Url: 'https://key:secret@s3.eu-west-1.amazonaws.com/segue',
        env: {},
      });
      expect(store).toBeInstanceOf(S3MediaStore);
      await store.close();
      await expect(openMediaStore({ dataDir, s3Url: 's3://segue', env: {} })).rejects.toThrow(
        /^S3_URL must start with https:\/\//,
      );
      await expect(
        openMediaStore({ dataDir, s3Url: 'https://s3.example.com/segue', env: {} }),
      ).rejects.toThrow(/^S3_URL holds no credentials/);
      // The S3 store makes nothing in DATA_DIR.
      expect(existsSync(path.join(dataDir, 'media'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
