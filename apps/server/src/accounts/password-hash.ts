/**
 * Password hashes as better-auth stores them (`<salt hex>:<key hex>`, scrypt N=16384, r=16,
 * p=1, 64 bytes, the password NFKC-normalized), made with node:crypto's scrypt. Segue names
 * these functions itself instead of leaving the choice to better-auth's package exports: its
 * pure-JavaScript fallback, picked wherever the "node" export condition is missing (a bundler,
 * a test runner), hashes on the event loop for up to two seconds a login, and a wave of
 * Sunday-morning logins would hold every live step up behind it. node:crypto hashes on libuv's
 * thread pool. The parameters and format are better-auth's, so every stored hash keeps verifying.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_BYTES = 64;
const SCRYPT: ScryptOptions = { N: 16384, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 };

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, SCRYPT, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** A new stored hash of `password`, with a fresh salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  const key = await derive(password, salt);
  return `${salt}:${key.toString('hex')}`;
}

/** Whether `password` is the one `hash` was made from; a malformed hash matches nothing. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  const [salt, keyHex] = hash.split(':');
  if (!salt || !keyHex || !/^[0-9a-f]+$/i.test(keyHex) || keyHex.length !== KEY_BYTES * 2) {
    return false;
  }
  const key = await derive(password, salt);
  return timingSafeEqual(key, Buffer.from(keyHex, 'hex'));
}
