import { and, eq, gte, inArray, lt, lte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { songListen, teamMember } from '../db/schema.ts';

/** The SQL of who played which song's recording on which day. */
export class ListeningRepository {
  constructor(private readonly db: Db) {}

  /**
   * That the account played the song's recording on `day` (once a day, however often), and
   * the team's plays from before `keepFrom` forgotten.
   */
  async record(
    play: { teamId: string; songId: string; userId: string; day: string },
    keepFrom: string,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(songListen).values(play).onConflictDoNothing();
      await tx
        .delete(songListen)
        .where(and(eq(songListen.teamId, play.teamId), lt(songListen.day, keepFrom)));
    });
  }

  /**
   * Who played each of `songIds` between `from` and `to` (both days counted), among the team's
   * members now: someone who left is no longer counted.
   */
  async listeners(
    teamId: string,
    songIds: readonly string[],
    window: { from: string; to: string },
  ): Promise<Map<string, string[]>> {
    const found = new Map<string, string[]>();
    if (songIds.length === 0) return found;
    const rows = await this.db
      .selectDistinct({ songId: songListen.songId, userId: songListen.userId })
      .from(songListen)
      .innerJoin(
        teamMember,
        and(eq(teamMember.teamId, songListen.teamId), eq(teamMember.userId, songListen.userId)),
      )
      .where(
        and(
          eq(songListen.teamId, teamId),
          inArray(songListen.songId, [...songIds]),
          gte(songListen.day, window.from),
          lte(songListen.day, window.to),
        ),
      )
      .orderBy(songListen.songId, songListen.userId);
    for (const row of rows) found.set(row.songId, [...(found.get(row.songId) ?? []), row.userId]);
    return found;
  }
}
