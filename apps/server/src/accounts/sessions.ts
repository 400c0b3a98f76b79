import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { session, user } from '../db/schema.ts';

export interface AuthenticatedAccount {
  sessionId: string;
  token: string;
  userId: string;
  name: string;
  email: string;
  emailVerified: boolean;
  phone: string;
}

interface CacheEntry {
  account: AuthenticatedAccount | null;
  until: number;
}

/** How long a looked-up token is trusted before the database is asked again. */
export const SESSION_CACHE_MS = 30_000;
const CACHE_MAX_ENTRIES = 50_000;

/**
 * Turns a bearer token into the signed-in account. Lookups are cached for at
 * most SESSION_CACHE_MS, so a revoked session is refused everywhere within
 * that time (and at once on the instance that revoked it).
 */
export class SessionResolver {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async resolve(token: string): Promise<AuthenticatedAccount | null> {
    const now = this.now();
    const cached = this.cache.get(token);
    if (cached && cached.until > now) return cached.account;

    const [row] = await this.db
      .select({
        sessionId: session.id,
        expiresAt: session.expiresAt,
        userId: user.id,
        name: user.name,
        email: user.email,
        emailVerified: user.emailVerified,
        phone: user.phone,
      })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(eq(session.token, token))
      .limit(1);

    let account: AuthenticatedAccount | null = null;
    let until = now + SESSION_CACHE_MS;
    if (row && row.expiresAt.getTime() > now) {
      const { expiresAt, ...rest } = row;
      account = { ...rest, token };
      until = Math.min(until, expiresAt.getTime());
      // "Last active" on the sessions list: at most once per cache period, off the request's path.
      this.db
        .update(session)
        .set({ updatedAt: new Date(now) })
        .where(eq(session.id, row.sessionId))
        .catch(() => {});
    }
    this.remember(token, { account, until });
    return account;
  }

  /** The account behind a request's `Authorization` header, or null. */
  async resolveRequest(request: {
    headers: { authorization?: string | undefined };
  }): Promise<AuthenticatedAccount | null> {
    const token = tokenFromAuthorization(request.headers.authorization);
    return token ? this.resolve(token) : null;
  }

  /** Forgets one token (logout on this instance). */
  forget(token: string) {
    this.cache.delete(token);
  }

  /** Forgets every cached token of an account (its verification or details changed). */
  forgetUser(userId: string) {
    for (const [token, entry] of this.cache) {
      if (entry.account?.userId === userId) this.cache.delete(token);
    }
  }

  private remember(token: string, entry: CacheEntry) {
    if (this.cache.size >= CACHE_MAX_ENTRIES) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(token, entry);
  }
}

/** The token of an `Authorization` header, with or without the `Bearer ` scheme. */
export function tokenFromAuthorization(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim();
  const match = /^Bearer\s+(.+)$/i.exec(value);
  const token = (match ? match[1] : value)?.trim();
  return token && token.length <= 512 ? token : null;
}
