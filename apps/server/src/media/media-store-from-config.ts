import { DiskMediaStore } from './disk-media-store.ts';
import type { MediaStore } from './media-store.ts';
import { S3MediaStore } from './s3-media-store.ts';
import { parseS3Url } from './s3-url.ts';

/**
 * The store the configuration names: S3-compatible object storage when S3_URL is set (several
 * instances then share the recordings), otherwise files under DATA_DIR/media, which one instance
 * needs nothing more for. A malformed S3_URL throws here, at start.
 */
export async function openMediaStore(options: {
  dataDir: string;
  s3Url?: string | undefined;
  /** Where S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are read when S3_URL holds no credentials. */
  env?: Record<string, string | undefined>;
  /** Where an S3 store keeps an upload until all of it has arrived (the system's temp folder). */
  spoolDir?: string;
}): Promise<MediaStore> {
  const s3Url = options.s3Url?.trim();
  if (s3Url) {
    return new S3MediaStore(parseS3Url(s3Url, options.env ?? process.env), {
      spoolDir: options.spoolDir,
    });
  }
  return DiskMediaStore.open(options.dataDir);
}
