import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FOLLOW_LIMITS, MEDIA_LIMITS } from '@segue/shared';

/** Everything Segue reads from its environment, with the defaults the README documents. */
export interface Config {
  port: number;
  host: string;
  appUrl: string;
  /** APP_URL was not set, so appUrl is `http://localhost:PORT`. */
  appUrlIsDefault: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  authSecret: string;
  /**
   * How many reverse proxies stand in front of Segue (0: none). The caller's address is
   * the one the outermost of them reports in X-Forwarded-For, never what the client
   * itself put at the left of that header.
   */
  trustProxy: number;
  /** Where the built web app lives; unset when the API runs alone (tests, `npm run dev`). */
  webDistDir: string | undefined;
  /** Follow sockets (the congregation's phones) one instance holds at once: FOLLOW_MAX_SOCKETS. */
  followMaxSockets: number;
  /** Follow sockets from one address at once, on one instance: FOLLOW_MAX_PER_ADDRESS. */
  followMaxPerAddress: number;
  /** Where recordings are kept when not under DATA_DIR/media: S3_URL (S3-compatible storage). */
  s3Url: string | undefined;
  /** A team's recordings together, at most, in MB: MEDIA_QUOTA_MB. */
  mediaQuotaMb: number;
  logLevel: string;
}

type Env = Record<string, string | undefined>;

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got "${value}"`);
  }
  return port;
}

/** TRUST_PROXY: unset or `false` (none), `true` (one proxy), or the number of proxies. */
function parseTrustProxy(value: string | undefined): number {
  const text = value?.trim().toLowerCase();
  if (!text || text === 'false') return 0;
  if (text === 'true') return 1;
  const hops = Number(text);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10) {
    throw new Error(
      `TRUST_PROXY must be true, false or the number of proxies in front of Segue (0-10), got "${value}"`,
    );
  }
  return hops;
}

/** A positive whole number from the environment, or `fallback` when unset. */
function parseCount(name: string, value: string | undefined, fallback: number): number {
  const text = value?.trim();
  if (!text) return fallback;
  const count = Number(text);
  if (!Number.isInteger(count) || count < 1) {
    throw new Error(`${name} must be a whole number of at least 1, got "${value}"`);
  }
  return count;
}

/** AUTH_SECRET when set; otherwise a secret generated once and kept in DATA_DIR. */
function loadAuthSecret(env: Env, dataDir: string): string {
  if (env.AUTH_SECRET) {
    if (env.AUTH_SECRET.length < 32) throw new Error('AUTH_SECRET must be at least 32 characters');
    return env.AUTH_SECRET;
  }
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const port = overrides.port ?? parsePort(env.PORT);
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? './data');
  const blank = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : undefined);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    appUrl: (blank(env.APP_URL) ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    appUrlIsDefault: !blank(env.APP_URL),
    dataDir,
    databaseUrl: blank(env.DATABASE_URL),
    redisUrl: blank(env.REDIS_URL),
    smtpUrl: blank(env.SMTP_URL),
    mailFrom: blank(env.MAIL_FROM) ?? 'Segue <no-reply@segue.local>',
    authSecret: overrides.authSecret ?? loadAuthSecret(env, dataDir),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    webDistDir: undefined,
    followMaxSockets: parseCount(
      'FOLLOW_MAX_SOCKETS',
      env.FOLLOW_MAX_SOCKETS,
      FOLLOW_LIMITS.perInstanceDefault,
    ),
    followMaxPerAddress: parseCount(
      'FOLLOW_MAX_PER_ADDRESS',
      env.FOLLOW_MAX_PER_ADDRESS,
      FOLLOW_LIMITS.perAddressDefault,
    ),
    s3Url: blank(env.S3_URL),
    mediaQuotaMb: parseCount('MEDIA_QUOTA_MB', env.MEDIA_QUOTA_MB, MEDIA_LIMITS.defaultQuotaMb),
    logLevel: env.LOG_LEVEL ?? 'info',
    ...overrides,
  };
}

/** Hosts that listen on every interface, where anyone who reaches the machine reaches Segue. */
const EVERY_INTERFACE = new Set(['', '0.0.0.0', '::', '[::]', '::0', '0:0:0:0:0:0:0:0']);

/**
 * What to warn about at start. With TRUST_PROXY set, Segue believes the proxy's
 * X-Forwarded-For; listening on every interface, a client that reaches the port directly,
 * past the proxy, writes that header itself and so picks the address the attempt limits count.
 */
export function configWarnings(config: Pick<Config, 'trustProxy' | 'host' | 'port'>): string[] {
  if (config.trustProxy === 0 || !EVERY_INTERFACE.has(config.host.trim())) return [];
  return [
    `TRUST_PROXY is set, but Segue listens on every interface (HOST=${config.host}): a client ` +
      `that reaches port ${config.port} directly, past the proxy, chooses the address that ` +
      'attempt limits count. Set HOST to the address the proxy reaches Segue on (HOST=127.0.0.1 ' +
      'when the proxy runs on the same machine), or close the port to everyone but the proxy; ' +
      'see docs/DEPLOYMENT.md.',
  ];
}
