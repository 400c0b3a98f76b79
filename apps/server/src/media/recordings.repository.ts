import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { MediaMark } from '@segue/shared';
import type { Db } from '../db/client.ts';
import { mediaGarbage, songLink, songRecording } from '../db/schema.ts';

export type RecordingRow = typeof songRecording.$inferSelect;
export type LinkRow = typeof songLink.$inferSelect;

/** Why a recording was not added: the team's quota or the song's count. */
export type AddRefusal = 'quota' | 'count';

/** The SQL of songs' recordings and links, and of the media store's keys left to delete. */
export class RecordingsRepository {
  constructor(private readonly db: Db) {}

  async recordingsOf(teamId: string, songId: string): Promise<RecordingRow[]> {
    return this.db
      .select()
      .from(songRecording)
      .where(and(eq(songRecording.teamId, teamId), eq(songRecording.songId, songId)))
      .orderBy(asc(songRecording.createdAt), asc(songRecording.id));
  }

  async linksOf(teamId: string, songId: string): Promise<LinkRow[]> {
    return this.db
      .select()
      .from(songLink)
      .where(and(eq(songLink.teamId, teamId), eq(songLink.songId, songId)))
      .orderBy(asc(songLink.createdAt), asc(songLink.id));
  }

  /** The bytes the team's recordings take together. */
  async usedBytes(teamId: string): Promise<number> {
    const [row] = await this.db
      .select({ used: sql<string>`coalesce(sum(${songRecording.size}), 0)` })
      .from(songRecording)
      .where(eq(songRecording.teamId, teamId));
    return Number(row?.used ?? 0);
  }

  /**
   * Adds the recording when the team's recordings stay within `quotaBytes` and the song holds
   * fewer than `perSong`: checked and inserted in one statement, under a lock on the team's
   * row, so two uploads at once cannot both take the last of the quota.
   */
  async add(
    row: typeof songRecording.$inferInsert,
    limits: { quotaBytes: number; perSong: number },
  ): Promise<RecordingRow | AddRefusal> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from "team" where "id" = ${row.teamId} for update`);
      const [usage] = await tx
        .select({
          used: sql<string>`coalesce(sum(${songRecording.size}), 0)`,
          onSong: sql<string>`count(*) filter (where ${songRecording.songId} = ${row.songId})`,
        })
        .from(songRecording)
        .where(eq(songRecording.teamId, row.teamId));
      if (Number(usage?.onSong ?? 0) >= limits.perSong) return 'count';
      if (Number(usage?.used ?? 0) + row.size > limits.quotaBytes) return 'quota';
      const [added] = await tx.insert(songRecording).values(row).returning();
      return added!;
    });
  }

  async recording(teamId: string, id: string): Promise<RecordingRow | null> {
    const [row] = await this.db
      .select()
      .from(songRecording)
      .where(and(eq(songRecording.teamId, teamId), eq(songRecording.id, id)));
    return row ?? null;
  }

  /** Deletes the row; its key goes to `media_garbage` (the migration's trigger). */
  async removeRecording(teamId: string, id: string): Promise<boolean> {
    const gone = await this.db
      .delete(songRecording)
      .where(and(eq(songRecording.teamId, teamId), eq(songRecording.id, id)))
      .returning({ id: songRecording.id });
    return gone.length > 0;
  }

  async setMarks(teamId: string, id: string, marks: MediaMark[]): Promise<RecordingRow | null> {
    const [row] = await this.db
      .update(songRecording)
      .set({ marks })
      .where(and(eq(songRecording.teamId, teamId), eq(songRecording.id, id)))
      .returning();
    return row ?? null;
  }

  /** Adds the link while the song holds fewer than `perSong`; null when it holds that many. */
  async addLink(row: typeof songLink.$inferInsert, perSong: number): Promise<LinkRow | null> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from "song" where "id" = ${row.songId} for update`);
      const [count] = await tx
        .select({ n: sql<string>`count(*)` })
        .from(songLink)
        .where(eq(songLink.songId, row.songId));
      if (Number(count?.n ?? 0) >= perSong) return null;
      const [added] = await tx.insert(songLink).values(row).returning();
      return added!;
    });
  }

  /** The links an import file gave its songs (each song's at most 20, checked when read). */
  async addImportedLinks(
    teamId: string,
    addedBy: string,
    songs: { id: string; links: { name: string; url: string }[] }[],
  ): Promise<void> {
    // A millisecond apart, so they list in the file's order (ties go by their random ids).
    const now = Date.now();
    const rows = songs.flatMap((s) =>
      s.links.map((link, i) => ({
        id: randomUUID(),
        teamId,
        songId: s.id,
        addedBy,
        createdAt: new Date(now + i),
        ...link,
      })),
    );
    for (let i = 0; i < rows.length; i += 500) {
      await this.db.insert(songLink).values(rows.slice(i, i + 500));
    }
  }

  /** Every link of the team's songs, for the library's export. */
  async linksOfTeam(teamId: string): Promise<Pick<LinkRow, 'songId' | 'name' | 'url'>[]> {
    return this.db
      .select({ songId: songLink.songId, name: songLink.name, url: songLink.url })
      .from(songLink)
      .where(eq(songLink.teamId, teamId))
      .orderBy(asc(songLink.songId), asc(songLink.createdAt), asc(songLink.id));
  }

  async link(teamId: string, id: string): Promise<LinkRow | null> {
    const [row] = await this.db
      .select()
      .from(songLink)
      .where(and(eq(songLink.teamId, teamId), eq(songLink.id, id)));
    return row ?? null;
  }

  async removeLink(teamId: string, id: string): Promise<boolean> {
    const gone = await this.db
      .delete(songLink)
      .where(and(eq(songLink.teamId, teamId), eq(songLink.id, id)))
      .returning({ id: songLink.id });
    return gone.length > 0;
  }

  /** Store keys whose rows are gone, oldest first. */
  async garbage(limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ key: mediaGarbage.storageKey })
      .from(mediaGarbage)
      .orderBy(asc(mediaGarbage.since))
      .limit(limit);
    return rows.map((r) => r.key);
  }

  async garbageCollected(key: string): Promise<void> {
    await this.db.delete(mediaGarbage).where(eq(mediaGarbage.storageKey, key));
  }
}
