import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type PutObjectCommandInput,
} from '@aws-sdk/client-s3';
import {
  assertMediaKey,
  assertPutOptions,
  assertRange,
  clampRange,
  RangeNotSatisfiableError,
  type ByteRange,
  type MediaInfo,
  type MediaObject,
  type MediaStore,
  type PutOptions,
} from './media-store.ts';
import type { S3Settings } from './s3-url.ts';
import { writeBodyToFile } from './write-body.ts';

/** Attempts at one put whose body is a file (the SDK retries bytes in memory itself). */
const PUT_ATTEMPTS = 3;

/**
 * Recordings in S3-compatible object storage (AWS S3, Cloudflare R2, MinIO, Backblaze B2),
 * shared by every instance. One object per key, written with one PutObject: S3 stores an object
 * whole or not at all, and its ETag is the validator the routes send.
 *
 * A streamed body is first kept in a temporary file until all of it has arrived. An upload that
 * breaks off then never reaches the storage (some S3-compatible servers keep what a broken
 * request sent), the put carries its Content-MD5 so that the storage checks what it received,
 * and a failed PutObject can be sent again: the SDK cannot resend a stream it has read.
 */
export class S3MediaStore implements MediaStore {
  private readonly client: S3Client;
  private readonly spoolDir: string;

  constructor(
    private readonly settings: S3Settings,
    options: { spoolDir?: string } = {},
  ) {
    this.spoolDir = options.spoolDir ?? path.join(tmpdir(), 'segue-media-uploads');
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: {
        accessKeyId: settings.accessKeyId,
        secretAccessKey: settings.secretAccessKey,
      },
      // By default the SDK adds CRC32 checksums to every upload (a streamed one as aws-chunked
      // framing with a trailer) and checks them on downloads, which several S3-compatible services
      // have refused or mishandled, and s3rver stores the framing as part of the object. Only
      // where an operation requires one, then; our puts carry Content-MD5 instead.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable | Uint8Array, options: PutOptions) {
    const Key = this.objectKey(key);
    assertPutOptions(options);
    const input = {
      Bucket: this.settings.bucket,
      Key,
      ContentLength: options.size,
      ContentType: options.contentType,
    };
    if (body instanceof Uint8Array) {
      if (body.byteLength !== options.size) {
        throw new Error(`The media body has ${body.byteLength} bytes, not its ${options.size}`);
      }
      const md5 = createHash('md5').update(body).digest('base64');
      return this.send({ ...input, Body: body, ContentMD5: md5 });
    }
    await mkdir(this.spoolDir, { recursive: true });
    const spool = path.join(this.spoolDir, `${randomBytes(12).toString('hex')}.upload`);
    try {
      const digest = await writeBodyToFile(spool, body, options.size, {
        algorithm: 'md5',
        sync: false,
      });
      const md5 = digest.toString('base64');
      for (let attempt = 1; ; attempt++) {
        try {
          return await this.send({ ...input, Body: createReadStream(spool), ContentMD5: md5 });
        } catch (error) {
          if (attempt >= PUT_ATTEMPTS || !isTransient(error)) throw error;
          await sleep(250 * 2 ** attempt);
        }
      }
    } finally {
      await rm(spool, { force: true });
    }
  }

  async get(key: string, range?: ByteRange): Promise<MediaObject | null> {
    const Key = this.objectKey(key);
    if (range) assertRange(range);
    let answer;
    try {
      answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.settings.bucket,
          Key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
    } catch (error) {
      if (isMissing(error)) return null;
      if (statusOf(error) === 416) {
        const info = await this.head(key);
        if (!info) return null;
        throw new RangeNotSatisfiableError(info.size);
      }
      throw error;
    }
    const body = answer.Body;
    if (!(body instanceof Readable)) throw new Error('The S3 answer has no body to stream');
    const length = answer.ContentLength ?? 0;
    let size = length;
    if (range) {
      // `bytes 0-0/1234`: the bytes sent, and the whole object's size after the slash. Checked
      // against what was asked, so that a server that ignores part of a range cannot make the
      // route label some bytes as others.
      const sent = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.ContentRange ?? '');
      const asked = sent ? clampRange(range, Number(sent[3])) : undefined;
      if (!sent || asked?.start !== Number(sent[1]) || asked.end !== Number(sent[2])) {
        body.destroy();
        throw new Error(
          `The S3 storage answered the range ${range.start}-${range.end} with "${answer.ContentRange ?? 'no Content-Range'}"`,
        );
      }
      size = Number(sent[3]);
    }
    return {
      body,
      size,
      length,
      etag: quoted(answer.ETag),
      contentType: answer.ContentType ?? 'application/octet-stream',
    };
  }

  async head(key: string): Promise<MediaInfo | null> {
    const Key = this.objectKey(key);
    try {
      const answer = await this.client.send(
        new HeadObjectCommand({ Bucket: this.settings.bucket, Key }),
      );
      return {
        size: answer.ContentLength ?? 0,
        etag: quoted(answer.ETag),
        contentType: answer.ContentType ?? 'application/octet-stream',
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const Key = this.objectKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  private objectKey(key: string): string {
    assertMediaKey(key);
    return this.settings.prefix + key;
  }

  private async send(input: PutObjectCommandInput): Promise<{ etag: string }> {
    const answer = await this.client.send(new PutObjectCommand(input));
    return { etag: quoted(answer.ETag) };
  }
}

/** S3 sends ETags quoted; a server that does not still gets a header that parses. */
function quoted(etag: string | undefined): string {
  if (!etag) throw new Error('The S3 storage sent no ETag');
  return etag.startsWith('"') ? etag : `"${etag}"`;
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata
    ?.httpStatusCode;
}

/** No such object. A missing bucket is a misconfiguration, and says so instead. */
function isMissing(error: unknown): boolean {
  const name = (error as { name?: string } | undefined)?.name;
  return name !== 'NoSuchBucket' && (name === 'NoSuchKey' || statusOf(error) === 404);
}

/** No answer at all, or one that says to try again later. */
function isTransient(error: unknown): boolean {
  const status = statusOf(error);
  return status === undefined || status === 429 || status >= 500;
}
