import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { scryptAsync } from '@noble/hashes/scrypt.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { account } from '../db/schema.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { createAccount } from '../../test/factories.ts';
import { backends } from '../../test/databases.ts';
import { withRealScryptCost } from '../../test/scrypt-cost.ts';
import { registerVerified, startTestApp, uniqueAddress, type TestApp } from '../../test/harness.ts';

/**
 * A hash better-auth 1.6 stored before Segue named its own functions (its node:crypto build),
 * of `OLD_PASSWORD`: accounts made then must keep logging in.
 */
const OLD_PASSWORD = 'hymn-sheet-1987 Ünïcode';
const OLD_HASH =
  'e16b1d27d0c16f5c9b8e61356e95b320:30d1588feda3ff613f472e356ab24fe31c903a681722f19f5ddb07a9c26e61bc3e14befa26291e54f1347defbf046b969cabad095aa21ac4633ab6970d7c415d';

// Every hash of this file at better-auth's cost, the one Segue stores.
withRealScryptCost();

describe('password hashes', () => {
  it('verifies a hash stored before, and refuses another password', async () => {
    expect(await verifyPassword(OLD_HASH, OLD_PASSWORD)).toBe(true);
    // NFKC: the same letters typed as a base letter and a combining mark.
    expect(await verifyPassword(OLD_HASH, OLD_PASSWORD.normalize('NFD'))).toBe(true);
    expect(await verifyPassword(OLD_HASH, 'hymn-sheet-1988 Ünïcode')).toBe(false);
  });

  it("verifies a hash of better-auth's pure-JavaScript scrypt, the same parameters", async () => {
    const salt = 'a3c1f0e2b4d6a8c0e2f4a6b8c0d2e4f6';
    const key = await scryptAsync('a-long-enough-password', salt, {
      N: 16384,
      r: 16,
      p: 1,
      dkLen: 64,
    });
    const hash = `${salt}:${bytesToHex(key)}`;
    expect(await verifyPassword(hash, 'a-long-enough-password')).toBe(true);
    expect(await verifyPassword(hash, 'a-long-enough-passworD')).toBe(false);
  });

  it('makes a new salt each time, in the stored format, and reads its own hashes', async () => {
    const [a, b] = await Promise.all([hashPassword('same words'), hashPassword('same words')]);
    expect(a).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'same words')).toBe(true);
    expect(await verifyPassword(b, 'same words!')).toBe(false);
  });

  it('matches nothing with a malformed hash', async () => {
    for (const hash of ['', 'no-colon', 'salt:', ':abcd', 'salt:zz', `salt:${'ab'.repeat(63)}`]) {
      expect(await verifyPassword(hash, 'anything')).toBe(false);
    }
  });
});

describe.each(backends)('an account whose hash was stored before, on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/sessions/email',
      payload: { email, password },
      remoteAddress: uniqueAddress(),
    });

  it('logs in with its password, and not with another', async () => {
    const { person, userId } = await createAccount(t);
    await t.database.db
      .update(account)
      .set({ password: OLD_HASH })
      .where(eq(account.userId, userId));
    expect((await login(person.email, OLD_PASSWORD)).statusCode).toBe(201);
    expect((await login(person.email, person.password)).statusCode).toBe(401);
  });

  it('stores a registered password in the same format, which then logs in', async () => {
    const { person, userId } = await registerVerified(t);
    const [row] = await t.database.db.select().from(account).where(eq(account.userId, userId));
    expect(row?.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect((await login(person.email, person.password)).statusCode).toBe(201);
  });
});
