import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { LIMITS } from '@segue/shared';
import type { Db } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';

const SESSION_COOKIE_PREFIX = 'segue';

/**
 * better-auth holds Segue's accounts: password hashing, users, sessions and
 * single-use verification values. Its HTTP handler is not mounted; Segue's own
 * routes (accounts.routes.ts) call it, so every answer has Segue's shape.
 */
export function createAuth(options: { db: Db; secret: string; appUrl: string }) {
  return betterAuth({
    appName: 'Segue',
    baseURL: options.appUrl,
    basePath: '/api/auth',
    secret: options.secret,
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: LIMITS.passwordMinLength,
      maxPasswordLength: LIMITS.passwordMaxLength,
      // The spec logs a new account in at once; the product API waits for verification.
      autoSignIn: true,
      requireEmailVerification: false,
      password: {
        hash: hashPassword,
        verify: ({ hash, password }) => verifyPassword(hash, password),
      },
    },
    user: {
      additionalFields: {
        phone: { type: 'string', required: false, defaultValue: '', input: true },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    verification: {
      // Secrets are part of the identifier; store only their hash.
      storeIdentifier: 'hashed',
    },
    // Segue counts attempts itself (lib/rate-limit.ts), per account and per address.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    trustedOrigins: [options.appUrl],
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: options.appUrl.startsWith('https://'),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
