import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { assignmentLink, setlist, type StoredLinkPosition } from '../db/schema.ts';

export type AssignmentLinkRow = typeof assignmentLink.$inferSelect;

/** The setlist a link answers for, as a mail or the answer page shows it. */
export type LinkedSetlist = Pick<
  typeof setlist.$inferSelect,
  'id' | 'teamId' | 'name' | 'date' | 'startTime' | 'songs' | 'items' | 'positions'
>;

/** The SQL of the one-tap answer links mailed with assignments. */
export class AssignmentLinksRepository {
  constructor(private readonly db: Db) {}

  async create(values: {
    id: string;
    tokenHash: string;
    setlistId: string;
    userId: string;
    positions: StoredLinkPosition[];
    createdAt: Date;
  }): Promise<void> {
    await this.db.insert(assignmentLink).values(values);
  }

  /** The link of this token hash, with its setlist when that is out of the trash. */
  async findByTokenHash(
    tokenHash: string,
  ): Promise<{ link: AssignmentLinkRow; setlist: LinkedSetlist | null } | null> {
    const [row] = await this.db
      .select({
        link: assignmentLink,
        setlist: {
          id: setlist.id,
          teamId: setlist.teamId,
          name: setlist.name,
          date: setlist.date,
          startTime: setlist.startTime,
          songs: setlist.songs,
          items: setlist.items,
          positions: setlist.positions,
        },
      })
      .from(assignmentLink)
      .leftJoin(setlist, and(eq(setlist.id, assignmentLink.setlistId), isNull(setlist.deletedAt)))
      .where(eq(assignmentLink.tokenHash, tokenHash))
      .limit(1);
    if (!row) return null;
    return { link: row.link, setlist: row.setlist?.id ? (row.setlist as LinkedSetlist) : null };
  }

  /**
   * Uses the link: one conditional UPDATE, so of two uses at once exactly one gets true.
   */
  async claim(id: string, usedFor: 'accepted' | 'declined', now: Date): Promise<boolean> {
    const rows = await this.db
      .update(assignmentLink)
      .set({ usedAt: now, usedFor })
      .where(and(eq(assignmentLink.id, id), isNull(assignmentLink.usedAt)))
      .returning({ id: assignmentLink.id });
    return rows.length > 0;
  }

  /** Gives a use back: the answer it was for could not be recorded (the positions changed). */
  async release(id: string): Promise<void> {
    await this.db
      .update(assignmentLink)
      .set({ usedAt: null, usedFor: null })
      .where(eq(assignmentLink.id, id));
  }

  /** Forgets the links of services dated before `day`: none of them can answer any more. */
  async purgeBefore(day: string): Promise<number> {
    const rows = await this.db
      .delete(assignmentLink)
      .where(
        sql`${assignmentLink.setlistId} in (select ${setlist.id} from ${setlist} where ${setlist.date} < ${day}::date)`,
      )
      .returning({ id: assignmentLink.id });
    return rows.length;
  }
}
