import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3Server {
  /** An S3_URL for the server's one bucket, with its credentials. */
  url: string;
  /** Where the server keeps its buckets, so that a test can look at what was written. */
  directory: string;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server in this process (s3rver: the S3 REST API over its own folder,
 * signatures checked), on a free port, with an empty bucket: what PostgreSQL and Redis are to
 * the other suites, without a service to install. Its only key pair is S3RVER:S3RVER.
 */
export async function startS3Server(bucket = 'segue-media'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'segue-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  correctFirstByteRange(server);
  const { port } = await server.run();
  return {
    url: `http://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}`,
    directory,
    async stop() {
      // Kept-alive connections would hold close() open for seconds.
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * s3rver 3.7.1 reads a range's end as `end || Infinity`, so `Range: bytes=0-0` (the first byte
 * alone, which S3, MinIO and R2 answer with one byte) comes back as the whole object. An end of
 * "0" as text survives that `||`, and the `Math.min` after it makes it a number again.
 */
function correctFirstByteRange(server: S3rver): void {
  const getObject = server.store.getObject.bind(server.store);
  server.store.getObject = (bucket, key, options) =>
    getObject(bucket, key, options?.end === 0 ? { ...options, end: '0' } : options);
}
