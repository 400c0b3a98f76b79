/** Where and how to reach S3-compatible object storage, read from S3_URL. */
export interface S3Settings {
  /** `https://host[:port]`: the service, without the bucket. */
  endpoint: string;
  bucket: string;
  /** Put before every key: '' or a path ending in '/', for a bucket shared with other uses. */
  prefix: string;
  region: string;
  /** `host/bucket/key` rather than `bucket.host/key`. */
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
}

type Env = Record<string, string | undefined>;

const FORM = 'https://ACCESS_KEY:SECRET@host/bucket?region=…';
const BUCKET = /^[A-Za-z0-9][A-Za-z0-9._-]{1,61}[A-Za-z0-9]$/;
const PREFIX_SEGMENT = /^[A-Za-z0-9._-]+$/;
const OPTIONS = ['region', 'forcePathStyle'];

/**
 * S3_URL, the whole of the object storage in one value (so that it is set, copied and kept
 * secret as one thing, like DATABASE_URL and REDIS_URL):
 *
 *     http(s)://[ACCESS_KEY:SECRET@]host[:port]/bucket[/prefix…][?region=…&forcePathStyle=true|false]
 *
 * - The scheme is http or https; the endpoint is the scheme, host and port.
 * - The first path segment is the bucket; any further segments are a prefix put before every
 *   key, so that one bucket can hold other things too.
 * - The credentials are the URL's user and password, percent-encoded where they hold `/`, `+`,
 *   `@` or `:` (AWS secrets often hold `/` and `+`). Without them, S3_ACCESS_KEY_ID and
 *   S3_SECRET_ACCESS_KEY from the environment; one of the two is required.
 * - `region` defaults to the one in an AWS or Backblaze host name (`s3.eu-west-1.amazonaws.com`,
 *   `s3.us-west-004.backblazeb2.com`), else `us-east-1`, which MinIO expects and Cloudflare R2
 *   takes for its `auto`.
 * - `forcePathStyle` defaults to false on amazonaws.com, which wants the bucket in the host
 *   name, and true elsewhere: MinIO, an address, or a host without wildcard DNS needs it, and
 *   R2 and Backblaze take both.
 *
 * Throws an Error naming S3_URL, never quoting the secret, when the value is malformed.
 */
export function parseS3Url(value: string, env: Env = {}): S3Settings {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`S3_URL is not a URL; it has the form ${FORM}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(
      `S3_URL must start with https:// (or http:// for a server on a private network), got ${url.protocol}//; it has the form ${FORM}`,
    );
  }
  if (!url.hostname) throw new Error(`S3_URL names no host; it has the form ${FORM}`);

  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  const [bucket, ...prefix] = segments.map(decode);
  if (!bucket) throw new Error(`S3_URL names no bucket: its path is the bucket, as in ${FORM}`);
  if (!BUCKET.test(bucket)) {
    throw new Error(
      `S3_URL's bucket must be 3 to 63 letters, digits, ".", "-" or "_", got "${bucket}"`,
    );
  }
  for (const segment of prefix) {
    if (!PREFIX_SEGMENT.test(segment) || segment === '.' || segment === '..') {
      throw new Error(
        `S3_URL's path after the bucket is a prefix of letters, digits, ".", "-" and "_", got "${prefix.join('/')}"`,
      );
    }
  }

  for (const name of url.searchParams.keys()) {
    if (!OPTIONS.includes(name)) {
      throw new Error(`S3_URL takes only ${OPTIONS.join(' and ')} after "?", got "${name}"`);
    }
  }
  const region = url.searchParams.get('region') ?? regionOfHost(url.hostname);
  if (!/^[a-z0-9-]+$/.test(region)) {
    throw new Error(`S3_URL's region is lowercase letters, digits and "-", got "${region}"`);
  }
  const pathStyle = url.searchParams.get('forcePathStyle');
  if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false') {
    throw new Error(`S3_URL's forcePathStyle is true or false, got "${pathStyle}"`);
  }
  const forcePathStyle =
    pathStyle === null ? !url.hostname.endsWith('.amazonaws.com') : pathStyle === 'true';

  return {
    endpoint: `${url.protocol}//${url.host}`,
    bucket,
    prefix: prefix.length > 0 ? `${prefix.join('/')}/` : '',
    region,
    forcePathStyle,
    ...credentials(url, env),
  };
}

/** The settings when S3_URL is set, undefined when recordings stay on disk. */
export function s3SettingsFromEnv(env: Env): S3Settings | undefined {
  const value = env.S3_URL?.trim();
  return value ? parseS3Url(value, env) : undefined;
}

function credentials(url: URL, env: Env) {
  if (url.username || url.password) {
    if (!url.username || !url.password) {
      throw new Error(
        'S3_URL holds only half of its credentials: write both, as ACCESS_KEY:SECRET@ before the host',
      );
    }
    return { accessKeyId: decode(url.username), secretAccessKey: decode(url.password) };
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (!accessKeyId || !secretAccessKey) {
    throw new Error(
      'S3_URL holds no credentials: write them as ACCESS_KEY:SECRET@ before the host, or set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
  }
  return { accessKeyId, secretAccessKey };
}

function regionOfHost(hostname: string): string {
  const match =
    /^s3[.-](?:dualstack\.)?([a-z0-9-]+)\.amazonaws\.com$/.exec(hostname) ??
    /^s3\.([a-z0-9-]+)\.backblazeb2\.com$/.exec(hostname);
  return match?.[1] ?? 'us-east-1';
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new Error('S3_URL holds a "%" that starts no percent-encoded character');
  }
}
