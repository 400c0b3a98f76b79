import { eq, inArray } from 'drizzle-orm';
import { isLocale, type Locale } from '@segue/shared';
import type { Db } from '../db/client.ts';
import { user } from '../db/schema.ts';

/**
 * The languages accounts chose (`user.locale`), for the mails sent to them
 * (docs/DECISIONS.md, "Mails in the recipient's language"). A value no longer offered
 * counts as none.
 */
export class MailLocalesRepository {
  constructor(private readonly db: Db) {}

  /** The chosen language of each of these accounts that has one. */
  async ofUsers(ids: readonly string[]): Promise<Map<string, Locale>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.db
      .select({ id: user.id, locale: user.locale })
      .from(user)
      .where(inArray(user.id, unique));
    return new Map(rows.flatMap((r) => (isLocale(r.locale) ? [[r.id, r.locale] as const] : [])));
  }

  /** The chosen language of the account with this (lower-cased) address, or null. */
  async ofAddress(email: string): Promise<Locale | null> {
    const [row] = await this.db
      .select({ locale: user.locale })
      .from(user)
      .where(eq(user.email, email.toLowerCase()))
      .limit(1);
    return isLocale(row?.locale) ? row.locale : null;
  }
}
