import { afterAll, beforeAll } from 'vitest';
import { SCRYPT_COST, setScryptCostForTests } from '../src/accounts/password-hash.ts';

/**
 * The scrypt cost of the server's tests (test/setup.ts sets it before each file): 1024 instead
 * of 16384, sixteen times less CPU for each sign-up and login, where about 600 hashes took a
 * fifth of the server tests' CPU. What the tests check of accounts does not depend on the cost.
 */
export const TEST_SCRYPT_COST = 1024;

/** For the hashes' own tests: the real cost in this file, the tests' cost again after it. */
export function withRealScryptCost(): void {
  beforeAll(() => setScryptCostForTests(SCRYPT_COST));
  afterAll(() => setScryptCostForTests(TEST_SCRYPT_COST));
}
