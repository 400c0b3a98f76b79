// s3rver ships no types; this is the part of its API the tests use (s3-server.ts).
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  import type { Server } from 'node:http';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string }[];
  }

  interface ObjectRange {
    start?: number;
    end?: number | string;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    httpServer?: Server;
    /** Where it keeps buckets and objects (its FilesystemStore). */
    store: {
      getObject(bucket: string, key: string, options?: ObjectRange): Promise<unknown>;
    };
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
