import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import {
  calendarFeed,
  type StoredPosition,
  type StoredSetlistEntry,
  type StoredSetlistItem,
} from '../db/schema.ts';

/** A setlist in someone's calendar feed. */
export interface FeedSetlistRow {
  id: string;
  teamId: string;
  name: string;
  date: string;
  startTime: string | null;
  songs: StoredSetlistEntry[];
  items: StoredSetlistItem[];
  positions: StoredPosition[];
}

/** The SQL of personal calendar feeds: the secret addresses, and the services they list. */
export class CalendarFeedRepository {
  constructor(private readonly db: Db) {}

  async find(userId: string): Promise<{ createdAt: Date } | null> {
    const [row] = await this.db
      .select({ createdAt: calendarFeed.createdAt })
      .from(calendarFeed)
      .where(eq(calendarFeed.userId, userId))
      .limit(1);
    return row ?? null;
  }

  /** Sets the account's one address: the one before stops working in the same statement. */
  async replace(userId: string, tokenHash: string, createdAt: Date): Promise<void> {
    await this.db
      .insert(calendarFeed)
      .values({ userId, tokenHash, createdAt })
      .onConflictDoUpdate({ target: calendarFeed.userId, set: { tokenHash, createdAt } });
  }

  async userOf(tokenHash: string): Promise<string | null> {
    const [row] = await this.db
      .select({ userId: calendarFeed.userId })
      .from(calendarFeed)
      .where(eq(calendarFeed.tokenHash, tokenHash))
      .limit(1);
    return row?.userId ?? null;
  }

  /**
   * The setlists (out of the trash) from `from` on, in the account's teams, in which it holds
   * a position it has not declined or leads a song: soonest first, at most `limit`.
   */
  async servicesOf(userId: string, from: string, limit: number): Promise<FeedSetlistRow[]> {
    const rows = await queryRows<{
      id: string;
      team_id: string;
      name: string;
      date: string;
      start_time: string | null;
      songs: StoredSetlistEntry[];
      items: StoredSetlistItem[];
      positions: StoredPosition[];
    }>(
      this.db,
      sql`
        select s.id, s.team_id, s.name, s.date::text as date, s.start_time, s.songs, s.items,
          s.positions
        from setlist s
        where s.team_id in (select m.team_id from team_member m where m.user_id = ${userId})
          and s.deleted_at is null and s.date >= ${from}::date
          and (
            exists (
              select 1 from jsonb_array_elements(
                case when jsonb_typeof(s.positions) = 'array' then s.positions else '[]'::jsonb end
              ) e
              where jsonb_typeof(e) = 'object' and e ->> 'assignedTo' = ${userId}
                and coalesce(e ->> 'status', '') <> 'declined'
            )
            or exists (
              select 1 from jsonb_array_elements(
                case when jsonb_typeof(s.songs) = 'array' then s.songs else '[]'::jsonb end
              ) e
              where jsonb_typeof(e) = 'object' and e ->> 'leader' = ${userId}
            )
          )
        order by s.date, s.id
        limit ${limit}
      `,
    );
    return rows.map((r) => ({
      id: r.id,
      teamId: r.team_id,
      name: r.name,
      date: r.date,
      startTime: r.start_time,
      songs: r.songs,
      items: r.items,
      positions: r.positions,
    }));
  }
}
