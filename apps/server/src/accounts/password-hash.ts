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
/** better-auth's cost; the only one Segue itself ever uses. */
export const SCRYPT_COST = 16384;
const options = (N: number): ScryptOptions => ({ N, r: 16, p: 1, maxmem: 128 * N * 16 * 2 });
let scryptOptions = options(SCRYPT_COST);

/**
 * For the server's tests only (vitest sets VITEST): a lower cost, so that each sign-up and login
 * of the tests does not take a tenth of a second of CPU (test/scrypt-cost.ts). Nothing in Segue
 * calls it.
 */
export function setScryptCostForTests(N: number): void {
  if (!process.env.VITEST) throw new Error('setScryptCostForTests is for the tests only');
  scryptOptions = options(N);
}

/** The scrypt cost in use (SCRYPT_COST, unless a test lowered it). */
export const scryptCost = (): number => scryptOptions.N!;

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, scryptOptions, (error, key) =>
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
