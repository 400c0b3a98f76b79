import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { setlist, teamMember } from '../db/schema.ts';

export interface StoredLiveState {
  currentIndex: number;
  currentPartLabel: string | null;
  version: number;
}

/** The SQL of the live state, kept on the setlist row so it survives restarts and is shared by instances. */
export class LiveRepository {
  constructor(private readonly db: Db) {}

  /** The setlist's team and live state, if the user is a member of that team. */
  async accessible(setlistId: string, userId: string) {
    const [row] = await this.db
      .select({
        teamId: setlist.teamId,
        currentIndex: setlist.currentIndex,
        currentPartLabel: setlist.currentPartLabel,
        version: setlist.liveVersion,
      })
      .from(setlist)
      .innerJoin(
        teamMember,
        and(eq(teamMember.teamId, setlist.teamId), eq(teamMember.userId, userId)),
      )
      .where(eq(setlist.id, setlistId))
      .limit(1);
    return row ?? null;
  }

  async isMember(teamId: string, userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ one: sql<number>`1` })
      .from(teamMember)
      .where(and(eq(teamMember.teamId, teamId), eq(teamMember.userId, userId)))
      .limit(1);
    return Boolean(row);
  }

  /**
   * Writes a new state and bumps the version in one statement, so concurrent leaders
   * never share a version. A part change leaves the song as it is in the database.
   */
  async write(setlistId: string, next: { currentIndex?: number; currentPartLabel: string | null }) {
    const [row] = await this.db
      .update(setlist)
      .set({
        ...(next.currentIndex === undefined ? {} : { currentIndex: next.currentIndex }),
        currentPartLabel: next.currentPartLabel,
        liveVersion: sql`${setlist.liveVersion} + 1`,
      })
      .where(eq(setlist.id, setlistId))
      .returning({
        currentIndex: setlist.currentIndex,
        currentPartLabel: setlist.currentPartLabel,
        version: setlist.liveVersion,
      });
    return row ?? null;
  }
}
