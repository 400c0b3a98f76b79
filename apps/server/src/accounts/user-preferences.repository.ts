import { eq, sql } from 'drizzle-orm';
import type { ChordView } from '@segue/shared';
import { queryRows, type Db } from '../db/client.ts';
import { user, userPreference } from '../db/schema.ts';

/** Where an account's own preferences are kept: one row per account, made on its first save. */
export class UserPreferencesRepository {
  constructor(private readonly db: Db) {}

  /** The account's chord-view default as stored (not checked), or null when it has none. */
  async chordViewOf(userId: string): Promise<unknown> {
    const [row] = await this.db
      .select({ chordView: userPreference.chordView })
      .from(userPreference)
      .where(eq(userPreference.userId, userId))
      .limit(1);
    return row?.chordView ?? null;
  }

  /**
   * Stores the account's chord-view default. False when the account is gone (deleted
   * while this request was under way): the row is written only beside its account,
   * so that case is not a foreign-key error.
   */
  async saveChordView(userId: string, view: ChordView): Promise<boolean> {
    const rows = await queryRows<{ user_id: string }>(
      this.db,
      sql`insert into ${userPreference} (user_id, chord_view)
          select ${user.id}, ${JSON.stringify(view)}::jsonb from ${user} where ${user.id} = ${userId}
          on conflict (user_id) do update set chord_view = excluded.chord_view, updated_at = now()
          returning user_id`,
    );
    return rows.length > 0;
  }
}
