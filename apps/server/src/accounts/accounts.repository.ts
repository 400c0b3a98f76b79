import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { account, session, user, verification } from '../db/schema.ts';

/**
 * Where accounts and their sessions, passwords and links are read and written outside
 * better-auth (which writes them at sign-up, login and for its verification values).
 *
 * Ending sessions here only deletes rows: the methods that do answer the ended tokens,
 * and the caller hands them to `SessionResolver.forget` so caches and live sockets on
 * every instance let go of them. Likewise a changed account row is followed by
 * `SessionResolver.forgetUser`.
 */
export class AccountsRepository {
  constructor(private readonly db: Db) {}

  /** An account by its (lower-cased) address, or null. */
  async findByEmail(email: string) {
    const [row] = await this.db
      .select({ id: user.id, email: user.email, emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.email, email.toLowerCase()))
      .limit(1);
    return row ?? null;
  }

  /**
   * Names and addresses of the accounts among `ids` (those that are gone are missing), by
   * name: for the other features, which keep only account ids.
   */
  async people(ids: string[]): Promise<{ id: string; name: string; email: string }[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    return this.db
      .select({ id: user.id, name: user.name, email: user.email })
      .from(user)
      .where(inArray(user.id, unique))
      .orderBy(sql`lower(${user.name})`, user.id);
  }

  /**
   * The account's phone number ('' when it has none or is gone) and interface language:
   * better-auth's login answer does not carry these extra fields.
   */
  async extraFieldsOf(userId: string): Promise<{ phone: string; locale: string | null }> {
    const [row] = await this.db
      .select({ phone: user.phone, locale: user.locale })
      .from(user)
      .where(eq(user.id, userId))
      .limit(1);
    return { phone: row?.phone ?? '', locale: row?.locale ?? null };
  }

  /** Sets the account's full name. */
  async setName(userId: string, name: string): Promise<void> {
    await this.db.update(user).set({ name, updatedAt: new Date() }).where(eq(user.id, userId));
  }

  /** Sets the account's phone number. */
  async setPhone(userId: string, phone: string): Promise<void> {
    await this.db.update(user).set({ phone, updatedAt: new Date() }).where(eq(user.id, userId));
  }

  /** Sets the account's interface language (null: follow the browser). */
  async setLocale(userId: string, locale: string | null): Promise<void> {
    await this.db.update(user).set({ locale, updatedAt: new Date() }).where(eq(user.id, userId));
  }

  /** Marks the account's address as verified: a mailed verification link was followed. */
  async markEmailVerified(userId: string): Promise<void> {
    await this.db
      .update(user)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(eq(user.id, userId));
  }

  /**
   * Moves the account to a new address, verified: only a link mailed to that address
   * leads here.
   */
  async setVerifiedEmail(userId: string, email: string): Promise<void> {
    await this.db
      .update(user)
      .set({ email, emailVerified: true, updatedAt: new Date() })
      .where(eq(user.id, userId));
  }

  /**
   * Deletes the account. Its sessions, password, memberships, join requests and
   * two-factor row go with it (the foreign keys cascade); songs and setlists stay with
   * their teams. The caller forgets the account's tokens.
   */
  async delete(userId: string): Promise<void> {
    await this.db.delete(user).where(eq(user.id, userId));
  }

  /** The hash of the account's password (its credential row), or null when it has none. */
  async passwordHashOf(userId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ hash: account.password })
      .from(account)
      .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
      .limit(1);
    return row?.hash ?? null;
  }

  /** Replaces the hash of the account's password (better-auth made the hash). */
  async setPasswordHash(userId: string, hash: string): Promise<void> {
    await this.db
      .update(account)
      .set({ password: hash, updatedAt: new Date() })
      .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  }

  /** The account's sessions, expired ones included, the least recently active first. */
  async sessionsOf(userId: string) {
    return this.db
      .select()
      .from(session)
      .where(eq(session.userId, userId))
      .orderBy(session.updatedAt);
  }

  /**
   * Deletes the session of a token. For logout, and for a session better-auth just made
   * that login does not complete (no second factor, unverified address): that token
   * was never handed out, so no cache holds it.
   */
  async deleteSessionByToken(token: string): Promise<void> {
    await this.db.delete(session).where(eq(session.token, token));
  }

  /**
   * Deletes one session of the account, by its id, and answers its token (none when the
   * account has no such session): another account's session id ends nothing.
   */
  async deleteSessionOf(userId: string, sessionId: string): Promise<string[]> {
    const rows = await this.db
      .delete(session)
      .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
      .returning({ token: session.token });
    return rows.map((r) => r.token);
  }

  /**
   * Deletes every session of the account but `keepSessionId` (all of them when null)
   * and answers their tokens, for the caller to forget.
   */
  async deleteSessionsOf(userId: string, keepSessionId: string | null): Promise<string[]> {
    const where = keepSessionId
      ? and(eq(session.userId, userId), ne(session.id, keepSessionId))
      : eq(session.userId, userId);
    const rows = await this.db.delete(session).where(where).returning({ token: session.token });
    return rows.map((r) => r.token);
  }

  /**
   * Deletes outstanding single-use link values (better-auth's verification rows) whose
   * value is one of `values` or starts with one of `valuePrefixes`. Their identifiers
   * are stored hashed, so a link is found by the value it carries: this is how an
   * account's reset and e-mail change links are voided.
   */
  async deleteLinks(match: { values?: string[]; valuePrefixes?: string[] }): Promise<void> {
    const conditions = [
      ...(match.values ?? []).map((value) => eq(verification.value, value)),
      ...(match.valuePrefixes ?? []).map(
        (prefix) => sql`starts_with(${verification.value}, ${prefix})`,
      ),
    ];
    if (conditions.length === 0) return;
    await this.db.delete(verification).where(or(...conditions));
  }
}
