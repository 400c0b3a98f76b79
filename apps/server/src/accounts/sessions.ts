import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { session, user } from '../db/schema.ts';
import { scope, type ChangeFeed } from '../lib/change-feed.ts';

export interface AuthenticatedAccount {
  sessionId: string;
  token: string;
  userId: string;
  name: string;
  email: string;
  emailVerified: boolean;
  phone: string;
  /** The interface's language chosen on the account; null follows the browser. */
  locale: string | null;
}

interface CacheEntry {
  account: AuthenticatedAccount | null;
  until: number;
  /** The session's generation (change feed) read before the row was. */
  generation: string;
}

/** How long a looked-up token is trusted before the database is asked again. */
const SESSION_CACHE_MS = 30_000;
const CACHE_MAX_ENTRIES = 50_000;
/** Tokens looked up in one query. */
const LOOKUP_CHUNK = 500;

/** How a token is named in the cache and on the change feed: never the token itself. */
export const tokenKey = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Turns a bearer token into the signed-in account. Lookups are cached for at
 * most SESSION_CACHE_MS; an ended session or a changed account is forgotten at
 * once on this instance and, through the change feed (Redis), on the others.
 */
export class SessionResolver {
  /** By tokenKey(token). */
  private readonly cache = new Map<string, CacheEntry>();
  /**
   * Counts the sessions and accounts forgotten. A lookup that was under way while one
   * was forgotten may have read the row before it ended: its answer is not cached.
   */
  private forgotten = 0;

  constructor(
    private readonly db: Db,
    private readonly feed: ChangeFeed,
    private readonly now: () => number = Date.now,
  ) {
    feed.on((change) => {
      if (change.kind === 'session') {
        this.forgotten += 1;
        this.cache.delete(change.id);
      }
      if (change.kind === 'user') {
        this.forgotten += 1;
        for (const [key, entry] of this.cache) {
          if (entry.account?.userId === change.id) this.cache.delete(key);
        }
      }
      if (change.kind === 'resync') {
        // Other instances' endings may have been missed meanwhile.
        this.forgotten += 1;
        this.cache.clear();
      }
    });
  }

  async resolve(token: string): Promise<AuthenticatedAccount | null> {
    return (await this.resolveMany([token])).get(token) ?? null;
  }

  /**
   * Many tokens at once (the live channel's periodic re-check): the cached ones from
   * the cache, the others in one query per LOOKUP_CHUNK tokens.
   */
  async resolveMany(tokens: string[]): Promise<Map<string, AuthenticatedAccount | null>> {
    const now = this.now();
    const found = new Map<string, AuthenticatedAccount | null>();
    const missing = new Map<string, string>(); // token -> its cache key
    const keys = new Map(tokens.map((token) => [token, tokenKey(token)]));
    // Each session's generation, read before its row: a logout on another instance bumps
    // it before that logout is answered, so nothing cached before it is used after it.
    const generations = await this.generations([...keys.values()]);
    // Without the other instances' endings (Redis subscription down), nothing cached is trusted.
    const trusted = this.feed.healthy && generations !== null;
    for (const [token, key] of keys) {
      const cached = trusted ? this.cache.get(key) : undefined;
      if (cached && cached.until > now && cached.generation === generations?.get(key)) {
        found.set(token, cached.account);
      } else missing.set(token, key);
    }
    const lookups = [...missing.keys()];
    for (let i = 0; i < lookups.length; i += LOOKUP_CHUNK) {
      const chunk = lookups.slice(i, i + LOOKUP_CHUNK);
      const before = this.forgotten;
      let rows = await this.lookup(chunk);
      // A session or account forgotten while the rows were read: the row that ended may
      // have been read before it did. Read again (it is gone now), and cache nothing.
      const cacheable = this.forgotten === before && trusted;
      if (this.forgotten !== before) rows = await this.lookup(chunk);
      const live: string[] = [];
      for (const row of rows) {
        if (row.expiresAt.getTime() <= now) continue;
        const { expiresAt, ...account } = row;
        found.set(row.token, account);
        live.push(row.sessionId);
        if (cacheable) {
          const key = missing.get(row.token) ?? tokenKey(row.token);
          this.remember(key, {
            account,
            until: Math.min(now + SESSION_CACHE_MS, expiresAt.getTime()),
            generation: generations?.get(key) ?? '',
          });
        }
      }
      for (const token of chunk) {
        if (found.has(token)) continue;
        found.set(token, null);
        if (cacheable) {
          const key = missing.get(token) ?? tokenKey(token);
          this.remember(key, {
            account: null,
            until: now + SESSION_CACHE_MS,
            generation: generations?.get(key) ?? '',
          });
        }
      }
      // "Last active" on the sessions list: at most once per cache period, off the request's path.
      if (live.length > 0) {
        this.db
          .update(session)
          .set({ updatedAt: new Date(now) })
          .where(inArray(session.id, live))
          .catch(() => {});
      }
    }
    return found;
  }

  /** One query for some tokens (protected: a test delays it to race it with a logout). */
  protected async lookup(tokens: string[]) {
    return this.db
      .select({
        sessionId: session.id,
        token: session.token,
        expiresAt: session.expiresAt,
        userId: user.id,
        name: user.name,
        email: user.email,
        emailVerified: user.emailVerified,
        phone: user.phone,
        locale: user.locale,
      })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(inArray(session.token, tokens));
  }

  /** The generations of some sessions by key, or null when they cannot be read (Redis down). */
  private async generations(keys: string[]): Promise<Map<string, string> | null> {
    try {
      const values = await Promise.all(
        keys.map((key) => this.feed.generations([scope.session(key)])),
      );
      return new Map(keys.map((key, i) => [key, values[i] ?? '']));
    } catch {
      return null;
    }
  }

  /** The account behind a request's `Authorization` header, or null. */
  async resolveRequest(request: {
    headers: { authorization?: string | undefined };
  }): Promise<AuthenticatedAccount | null> {
    const token = tokenFromAuthorization(request.headers.authorization);
    return token ? this.resolve(token) : null;
  }

  /** Forgets one token everywhere (its session ended). */
  forget(token: string): Promise<void> {
    return this.feed.publish(scope.session(tokenKey(token)));
  }

  /** Forgets every token of an account everywhere (its sessions, verification or details changed). */
  forgetUser(userId: string): Promise<void> {
    return this.feed.publish(scope.user(userId));
  }

  private remember(key: string, entry: CacheEntry) {
    if (this.cache.size >= CACHE_MAX_ENTRIES) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(key, entry);
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
