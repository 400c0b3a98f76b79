import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A congregation link's secret: made, found, kept and timed. The token is the whole secret
 * (anyone holding it reads the words), so the database keeps it only as its SHA-256 (to find
 * the link) and sealed under a key derived from AUTH_SECRET (to show a driver the link
 * again): a copy of the database alone opens no link.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** A fresh token: 32 random bytes, base64url (43 characters, `FollowTokenSchema`). */
export const newAudienceToken = (): string => randomBytes(32).toString('base64url');

/** What the database finds a link by. */
export const hashAudienceToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');

/** The sealing key: HKDF-SHA256 of AUTH_SECRET, for this use only. */
function sealingKey(authSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', authSecret, '', 'segue audience link token v1', 32));
}

/** The token sealed with AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, each base64url. */
export function sealAudienceToken(token: string, authSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(authSecret), iv);
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return ['v1', ...[iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'))].join('.');
}

/** The sealed token opened; null when it was sealed under another AUTH_SECRET or is damaged. */
export function openAudienceToken(sealed: string, authSecret: string): string | null {
  const [version, ...parts] = sealed.split('.');
  const [iv, tag, body] = parts.map((p) => Buffer.from(p, 'base64url'));
  if (version !== 'v1' || !iv || !tag || !body || parts.length !== 3) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(authSecret), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * When a link of a service on `date` (YYYY-MM-DD, a local day) opens and ends: from 00:00 of
 * the day before to the end of the day after, wherever the church is. A setlist's date has no
 * time zone, so the window is widened to hold those days in every zone: it opens at 00:00 of
 * the day before in UTC+14 (the earliest zone: that midnight is 14 hours before UTC's) and
 * ends at 24:00 of the day after in UTC−12 (the latest: 12 hours after UTC's).
 */
export function audienceWindow(date: string): { validFrom: Date; expiresAt: Date } {
  const day = Date.parse(`${date}T00:00:00Z`);
  return {
    validFrom: new Date(day - DAY_MS - 14 * HOUR_MS),
    expiresAt: new Date(day + 2 * DAY_MS + 12 * HOUR_MS),
  };
}
