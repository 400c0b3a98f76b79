import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Everything Segue reads from its environment, with the defaults the README documents. */
export interface Config {
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  authSecret: string;
  /** Trust X-Forwarded-For from a reverse proxy in front of Segue. */
  trustProxy: boolean;
  /** Where the built web app lives; unset when the API runs alone (tests, `npm run dev`). */
  webDistDir: string | undefined;
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
    dataDir,
    databaseUrl: blank(env.DATABASE_URL),
    redisUrl: blank(env.REDIS_URL),
    smtpUrl: blank(env.SMTP_URL),
    mailFrom: blank(env.MAIL_FROM) ?? 'Segue <no-reply@segue.local>',
    authSecret: overrides.authSecret ?? loadAuthSecret(env, dataDir),
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    webDistDir: undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    ...overrides,
  };
}
