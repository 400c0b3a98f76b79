import type { Readable } from 'node:stream';

/**
 * Where recordings are kept: files under DATA_DIR/media on one instance, S3-compatible object
 * storage when several instances share them (media-store-from-config.ts picks one). The routes
 * see only this interface, and the same tests run against both (media-store.test.ts).
 */
export interface MediaStore {
  /**
   * Stores `body` under `key`, replacing what was there. It is stored completely or not at all:
   * a body that errors, or that is shorter or longer than `size`, rejects the promise and leaves
   * the key as it was (absent, or holding the object it held before).
   */
  put(key: string, body: Readable | Uint8Array, options: PutOptions): Promise<{ etag: string }>;
  /**
   * The object, or null when there is none. `range` is inclusive at both ends, as in HTTP's
   * `Range: bytes=start-end`; an `end` past the last byte means "to the end", and a `start` past
   * it throws RangeNotSatisfiableError. The caller must read or destroy `body`.
   */
  get(key: string, range?: ByteRange): Promise<MediaObject | null>;
  head(key: string): Promise<MediaInfo | null>;
  /** Removes the object; a key that holds none is not an error. */
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

export interface PutOptions {
  /** The body's length in bytes, known before it is read (an upload's Content-Length). */
  size: number;
  contentType: string;
}

export interface ByteRange {
  start: number;
  end: number;
}

export interface MediaInfo {
  /** The whole object's length in bytes. */
  size: number;
  /** A strong validator, quoted, to be sent as the ETag header as it is. */
  etag: string;
  contentType: string;
}

export interface MediaObject extends MediaInfo {
  body: Readable;
  /** The bytes in `body`: `size` without a range, the range's length with one. */
  length: number;
}

/** A range that starts past the object's last byte: HTTP's 416, with `bytes *\/size`. */
export class RangeNotSatisfiableError extends Error {
  constructor(readonly size: number) {
    super(`The range starts past the end of the object (${size} bytes)`);
    this.name = 'RangeNotSatisfiableError';
  }
}

/**
 * Keys are made by the server (`<teamId>/<mediaId>`), never taken from a request; this is the
 * second line: a segment holds no dot, so no key climbs out of the store's folder, and no key
 * can be mistaken for the store's own files beside an object (which all have a dot in them).
 */
const KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;
const MAX_KEY_LENGTH = 512;

export function assertMediaKey(key: string): void {
  if (typeof key !== 'string' || key.length > MAX_KEY_LENGTH || !KEY.test(key)) {
    throw new Error(
      `A media key is segments of letters, digits, "_" and "-" joined by "/", got ${JSON.stringify(key)}`,
    );
  }
}

/** A size that is a whole number of bytes, and a content type that can be a header as it is. */
export function assertPutOptions({ size, contentType }: PutOptions): void {
  if (!Number.isSafeInteger(size) || size < 0) {
    throw new Error(`A media size is a whole number of bytes, got ${size}`);
  }
  if (typeof contentType !== 'string' || !/^[\x21-\x7e][\x20-\x7e]*$/.test(contentType)) {
    throw new Error(`A media content type is printable ASCII, got ${JSON.stringify(contentType)}`);
  }
}

/** Checks a range's shape; it is compared with the object's size once that is known. */
export function assertRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new Error(`A byte range is two whole numbers, 0 ≤ start ≤ end, got ${start}-${end}`);
  }
}

/** The range's last byte within an object of `size` bytes; throws when it starts past it. */
export function clampRange(range: ByteRange, size: number): ByteRange {
  if (range.start >= size) throw new RangeNotSatisfiableError(size);
  return { start: range.start, end: Math.min(range.end, size - 1) };
}
