import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ChangeFeed } from '../lib/change-feed.ts';
import { song, type StoredSongPart } from '../db/schema.ts';

export type SongRow = typeof song.$inferSelect;

export interface SongValues {
  title: string;
  artist: string;
  parts: StoredSongPart[];
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** All song SQL. Every query is scoped to one team. */
export class SongsRepository {
  constructor(
    private readonly db: Db,
    private readonly changes: ChangeFeed = new ChangeFeed(),
  ) {}

  /** Runs a write of the team's library, then tells the caches it changed. */
  private writing<T>(teamId: string, write: PromiseLike<T>): Promise<T> {
    return this.changes.after({ kind: 'team', id: teamId }, write);
  }

  async list(
    teamId: string,
    options: { q?: string; limit?: number; offset?: number; summary?: boolean },
  ) {
    const where = [eq(song.teamId, teamId)];
    const q = options.q?.trim();
    if (q) {
      const pattern = `%${escapeLike(q)}%`;
      // "title plus artist", as the spec's search box reads.
      where.push(
        or(
          ilike(song.title, pattern),
          ilike(song.artist, pattern),
          ilike(sql`${song.title} || ' ' || ${song.artist}`, pattern),
        )!,
      );
    }
    const columns = {
      id: song.id,
      teamId: song.teamId,
      title: song.title,
      artist: song.artist,
      createdAt: song.createdAt,
      updatedAt: song.updatedAt,
      ...(options.summary ? {} : { parts: song.parts }),
    };
    const query = this.db
      .select(columns)
      .from(song)
      .where(and(...where))
      .orderBy(asc(sql`lower(${song.title})`), asc(song.id))
      .$dynamic();
    if (options.limit !== undefined) query.limit(options.limit);
    if (options.offset) query.offset(options.offset);
    const [rows, [count]] = await Promise.all([
      query,
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(song)
        .where(and(...where)),
    ]);
    return {
      rows: rows as (Omit<SongRow, 'parts' | 'createdBy'> & { parts?: StoredSongPart[] })[],
      total: Number(count?.n ?? 0),
    };
  }

  async find(teamId: string, songId: string): Promise<SongRow | null> {
    const [row] = await this.db
      .select()
      .from(song)
      .where(and(eq(song.id, songId), eq(song.teamId, teamId)))
      .limit(1);
    return row ?? null;
  }

  async create(
    teamId: string,
    createdBy: string,
    id: string,
    values: SongValues,
  ): Promise<SongRow> {
    const [row] = await this.writing(
      teamId,
      this.db
        .insert(song)
        .values({ id, teamId, createdBy, ...values })
        .returning(),
    );
    return row!;
  }

  async update(teamId: string, songId: string, values: SongValues): Promise<SongRow | null> {
    const [row] = await this.writing(
      teamId,
      this.db
        .update(song)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(song.id, songId), eq(song.teamId, teamId)))
        .returning(),
    );
    return row ?? null;
  }

  async delete(teamId: string, songId: string): Promise<boolean> {
    const rows = await this.writing(
      teamId,
      this.db
        .delete(song)
        .where(and(eq(song.id, songId), eq(song.teamId, teamId)))
        .returning({ id: song.id }),
    );
    return rows.length > 0;
  }

  async identities(teamId: string): Promise<{ title: string; artist: string }[]> {
    return this.db
      .select({ title: song.title, artist: song.artist })
      .from(song)
      .where(eq(song.teamId, teamId));
  }

  /** Inserts many songs in one transaction: all of them or none. */
  async insertMany(teamId: string, createdBy: string, songs: (SongValues & { id: string })[]) {
    if (songs.length === 0) return;
    await this.writing(
      teamId,
      this.db.transaction(async (tx) => {
        const now = new Date();
        for (let i = 0; i < songs.length; i += 500) {
          await tx
            .insert(song)
            .values(
              songs
                .slice(i, i + 500)
                .map((s) => ({ ...s, teamId, createdBy, createdAt: now, updatedAt: now })),
            );
        }
      }),
    );
  }

  async count(teamId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(song)
      .where(eq(song.teamId, teamId));
    return Number(row?.n ?? 0);
  }
}
