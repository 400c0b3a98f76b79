import { describe, expect, it } from 'vitest';
import { parseS3Url, s3SettingsFromEnv } from './s3-url.ts';

const KEYS = { S3_ACCESS_KEY_ID: 'env-key', S3_SECRET_ACCESS_KEY: 'env-secret' };

describe('parseS3Url', () => {
  it('reads AWS S3: the region from the host, the bucket in the host name', () => {
    expect(
      parseS3Url('https://AKIAEXAMPLE:abc%2Fdef%2Bghi@s3.eu-west-1.amazonaws.com/segue'),
    ).toEqual({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      bucket: 'segue',
      prefix: '',
      region: 'eu-west-1',
      forcePathStyle: false,
      accessKeyId: 'AKIAEXAMPLE',
      // Percent-encoded in the URL, as AWS secrets' "/" and "+" must be.
      secretAccessKey: 'abc/def+ghi',
    });
    expect(parseS3Url('https://k:s@s3.amazonaws.com/segue').region).toBe('us-east-1');
    expect(parseS3Url('https://k:s@s3.dualstack.ap-south-1.amazonaws.com/b12').region).toBe(
      'ap-south-1',
    );
    expect(
      parseS3Url('https://k:s@s3.eu-west-1.amazonaws.com/my.dotted.bucket?forcePathStyle=true'),
    ).toMatchObject({ bucket: 'my.dotted.bucket', forcePathStyle: true });
  });

  it('reads MinIO, R2 and Backblaze: path style, their regions, a port, a prefix', () => {
    expect(parseS3Url('http://minio:minio123@127.0.0.1:9000/media?forcePathStyle=true')).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'media',
      prefix: '',
      region: 'us-east-1',
      forcePathStyle: true,
      accessKeyId: 'minio',
      secretAccessKey: 'minio123',
    });
    expect(
      parseS3Url('https://k:s@0123abcd.r2.cloudflarestorage.com/segue/church-a/?region=auto'),
    ).toMatchObject({
      endpoint: 'https://0123abcd.r2.cloudflarestorage.com',
      bucket: 'segue',
      prefix: 'church-a/',
      region: 'auto',
      forcePathStyle: true,
    });
    expect(parseS3Url('https://k:s@s3.us-west-004.backblazeb2.com/segue/a/b')).toMatchObject({
      region: 'us-west-004',
      prefix: 'a/b/',
      forcePathStyle: true,
    });
    expect(
      parseS3Url('https://k:s@s3.eu-west-1.amazonaws.com/segue?forcePathStyle=false')
        .forcePathStyle,
    ).toBe(false);
  });

  it('takes the credentials from the environment when the URL has none, and the URL’s first', () => {
    expect(parseS3Url('https://s3.example.com/segue', KEYS)).toMatchObject({
      accessKeyId: 'env-key',
      secretAccessKey: 'env-secret',
    });
    expect(parseS3Url('https://url-key:url-secret@s3.example.com/segue', KEYS)).toMatchObject({
      accessKeyId: 'url-key',
      secretAccessKey: 'url-secret',
    });
  });

  it('refuses a malformed S3_URL, naming it and never quoting the secret', () => {
    const refused: [string, Record<string, string>, RegExp][] = [
      ['not a url', KEYS, /^S3_URL is not a URL/],
      ['s3://segue', KEYS, /^S3_URL must start with https:\/\/.*got s3:/],
      ['ftp://k:topsecret@host/segue', {}, /^S3_URL must start with https:\/\//],
      ['https://k:topsecret@s3.example.com', {}, /^S3_URL names no bucket/],
      ['https://k:topsecret@s3.example.com/', {}, /^S3_URL names no bucket/],
      ['https://k:topsecret@s3.example.com/a', {}, /^S3_URL's bucket must be 3 to 63/],
      ['https://k:topsecret@s3.example.com/Bad$Bucket', {}, /^S3_URL's bucket/],
      ['https://k:topsecret@s3.example.com/segue/a%20b', {}, /^S3_URL's path after the bucket/],
      ['https://k:topsecret@s3.example.com/segue?regoin=eu', {}, /^S3_URL takes only region/],
      [
        'https://k:topsecret@s3.example.com/segue?forcePathStyle=yes',
        {},
        /forcePathStyle is true or false/,
      ],
      ['https://k:topsecret@s3.example.com/segue?region=EU%20West', {}, /^S3_URL's region/],
      ['https://k@s3.example.com/segue', {}, /^S3_URL holds only half of its credentials/],
      ['https://:topsecret@s3.example.com/segue', {}, /^S3_URL holds only half/],
      ['https://s3.example.com/segue', {}, /^S3_URL holds no credentials.*S3_ACCESS_KEY_ID/],
      ['https://s3.example.com/segue', { S3_ACCESS_KEY_ID: 'k' }, /^S3_URL holds no credentials/],
      ['https://k:top%ZZsecret@s3.example.com/segue', {}, /^S3_URL holds a "%"/],
    ];
    for (const [url, env, message] of refused) {
      let error: unknown;
      try {
        parseS3Url(url, env);
      } catch (caught) {
        error = caught;
      }
      expect(error, url).toBeInstanceOf(Error);
      expect((error as Error).message, url).toMatch(message);
      expect((error as Error).message, url).not.toContain('topsecret');
    }
  });
});

describe('s3SettingsFromEnv', () => {
  it('is undefined without S3_URL, so recordings stay on disk', () => {
    expect(s3SettingsFromEnv({})).toBeUndefined();
    expect(s3SettingsFromEnv({ S3_URL: '  ', ...KEYS })).toBeUndefined();
  });

  it('reads S3_URL with the key variables beside it', () => {
    expect(s3SettingsFromEnv({ S3_URL: 'https://s3.example.com/segue', ...KEYS })).toMatchObject({
      bucket: 'segue',
      accessKeyId: 'env-key',
    });
    expect(() => s3SettingsFromEnv({ S3_URL: 'https://s3.example.com' })).toThrow(/^S3_URL/);
  });
});
