import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30 s steps. */
const TOTP_SETTINGS = { issuer: 'Segue', algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** Steps accepted either side of the current one (clock drift). */
const DRIFT_STEPS = 1;

const totpOf = (secret: string, account = '') =>
  new OTPAuth.TOTP({
    ...TOTP_SETTINGS,
    label: account,
    secret: OTPAuth.Secret.fromBase32(secret),
  });

/** A new random secret (160 bits, as RFC 4226 recommends), in base32. */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/** The code of a base32 secret at a time (tests and the e2e suite compute codes with it). */
export function totp(secret: string, at = Date.now()): string {
  return totpOf(secret).generate({ timestamp: at });
}

/**
 * The time step (seconds since 1970 / 30) a code belongs to, if it is the code of
 * this step or of one step either side; null when it matches none. The caller
 * accepts a step only once (two_factor.last_totp_step).
 */
export function matchTotp(secret: string, code: string, at = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const generator = totpOf(secret);
  const delta = generator.validate({ token: code, timestamp: at, window: DRIFT_STEPS });
  return delta === null ? null : generator.counter({ timestamp: at }) + delta;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function otpauthUri(secret: string, account: string): string {
  return totpOf(secret, account).toString();
}

/** Ten single-use backup codes, like `3f9a-7c21`. */
export function newBackupCodes(): string[] {
  return Array.from({ length: 10 }, () => {
    const hex = randomBytes(4).toString('hex');
    return `${hex.slice(0, 4)}-${hex.slice(4)}`;
  });
}

export const hashBackupCode = (code: string) =>
  createHash('sha256').update(code.trim().toLowerCase().replace(/\s/g, '')).digest('hex');

// The key derivation must stay as it is: secrets sealed with it are in databases already.
const sealingKey = (authSecret: string) =>
  createHash('sha256').update(`segue-totp:${authSecret}`).digest();

/** AES-256-GCM with a key derived from AUTH_SECRET: the TOTP secret is useless without it. */
export function sealSecret(plain: string, authSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(authSecret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** Throws when the secret was sealed under another AUTH_SECRET (or is damaged). */
export function openSecret(sealed: string, authSecret: string): string {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !body) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(authSecret), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}
