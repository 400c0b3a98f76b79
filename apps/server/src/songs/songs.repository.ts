import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { songIdentity } from '@segue/shared';
import { inserted, type Db } from '../db/client.ts';
import { scope, type Change, type ChangeFeed } from '../lib/change-feed.ts';
import { setlist, song, type StoredSongPart } from '../db/schema.ts';

export type SongRow = typeof song.$inferSelect;

type DetailColumn = 'key' | 'capo' | 'tempo' | 'timeSignature' | 'ccli' | 'copyright' | 'authors';

/**
 * What a write stores. A detail left undefined keeps what the song had (an edit from a
 * client that does not know it), or takes its column's default for a new song.
 */
export type SongValues = Pick<SongRow, 'title' | 'artist'> & { parts: StoredSongPart[] } & {
  [K in DetailColumn]?: SongRow[K] | undefined;
};

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Serialises the writes that add songs to one team's library, until the transaction ends. */
async function lockLibrary(tx: Tx, teamId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`songs:${teamId}`}, 0))`);
}

async function countIn(tx: Tx, teamId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(song)
    .where(eq(song.teamId, teamId));
  return Number(row?.n ?? 0);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** All song SQL. Every query is scoped to one team. */
export class SongsRepository {
  constructor(
    private readonly db: Db,
    private readonly changes: ChangeFeed,
  ) {}

  /**
   * Runs a write of the team's library, then tells the caches it changed: the library,
   * and for a song edited or deleted, the setlists that hold it (asked before the write
   * and again after it commits, so a setlist that took the song meanwhile is told too).
   */
  private writing<T>(teamId: string, write: () => PromiseLike<T>, songId?: string): Promise<T> {
    if (songId === undefined) return this.changes.after([scope.library(teamId)], write);
    return this.changes.after(async (): Promise<Change[]> => {
      const holders = await this.setlistsHolding(teamId, songId);
      return [scope.library(teamId), ...holders.map(scope.setlist)];
    }, write);
  }

  /** The team's setlists that hold a song, as an entry or an old plain id. */
  async setlistsHolding(teamId: string, songId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: setlist.id })
      .from(setlist)
      .where(
        and(
          eq(setlist.teamId, teamId),
          or(
            sql`${setlist.songs} @> ${JSON.stringify([{ song: songId }])}::jsonb`,
            sql`${setlist.songs} @> ${JSON.stringify([songId])}::jsonb`,
          ),
        ),
      );
    return rows.map((r) => r.id);
  }

  async list(
    teamId: string,
    options: { q?: string; limit?: number; offset?: number; summary?: boolean },
  ) {
    const where: SQL[] = [eq(song.teamId, teamId)];
    const q = options.q?.trim();
    if (q) {
      const pattern = `%${escapeLike(q)}%`;
      // "title plus artist", as the spec's search box reads.
      where.push(
        sql`(${ilike(song.title, pattern)} or ${ilike(song.artist, pattern)} or ${ilike(
          sql`${song.title} || ' ' || ${song.artist}`,
          pattern,
        )})`,
      );
    }
    const columns = {
      id: song.id,
      teamId: song.teamId,
      title: song.title,
      artist: song.artist,
      key: song.key,
      capo: song.capo,
      tempo: song.tempo,
      timeSignature: song.timeSignature,
      ccli: song.ccli,
      copyright: song.copyright,
      authors: song.authors,
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

  /**
   * Adds a song unless the library is full. Under the team's library lock, so two
   * creates cannot both pass the count at the cap.
   */
  async create(
    teamId: string,
    createdBy: string,
    id: string,
    values: SongValues,
    maxSongs: number,
  ): Promise<SongRow | 'full'> {
    return this.writing(teamId, () =>
      this.db.transaction(async (tx) => {
        await lockLibrary(tx, teamId);
        if ((await countIn(tx, teamId)) + 1 > maxSongs) return 'full' as const;
        return inserted(
          await tx
            .insert(song)
            .values({ id, teamId, createdBy, ...values })
            .returning(),
        );
      }),
    );
  }

  async update(teamId: string, songId: string, values: SongValues): Promise<SongRow | null> {
    const [row] = await this.writing(
      teamId,
      () =>
        this.db
          .update(song)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(song.id, songId), eq(song.teamId, teamId)))
          .returning(),
      songId,
    );
    return row ?? null;
  }

  async delete(teamId: string, songId: string): Promise<boolean> {
    const rows = await this.writing(
      teamId,
      () =>
        this.db
          .delete(song)
          .where(and(eq(song.id, songId), eq(song.teamId, teamId)))
          .returning({ id: song.id }),
      songId,
    );
    return rows.length > 0;
  }

  /**
   * Imports songs in one transaction, all of them or none, under the team's library
   * lock: the duplicate check reads what is there inside it, so imports running at
   * once never store a song twice. A song whose identity (title and artist) is in the
   * library or earlier in the list is skipped. Nothing is stored past `maxSongs`.
   */
  async importMany(
    teamId: string,
    createdBy: string,
    songs: (SongValues & { id: string })[],
    maxSongs: number,
  ): Promise<{ imported: number; skipped: number } | 'full'> {
    return this.writing(teamId, () =>
      this.db.transaction(async (tx) => {
        await lockLibrary(tx, teamId);
        const existing = await tx
          .select({ title: song.title, artist: song.artist })
          .from(song)
          .where(eq(song.teamId, teamId));
        const seen = new Set(existing.map(songIdentity));
        const fresh = songs.filter((s) => {
          const identity = songIdentity(s);
          if (seen.has(identity)) return false;
          seen.add(identity);
          return true;
        });
        if (existing.length + fresh.length > maxSongs) return 'full' as const;
        const now = new Date();
        for (let i = 0; i < fresh.length; i += 500) {
          await tx
            .insert(song)
            .values(
              fresh
                .slice(i, i + 500)
                .map((s) => ({ ...s, teamId, createdBy, createdAt: now, updatedAt: now })),
            );
        }
        return { imported: fresh.length, skipped: songs.length - fresh.length };
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
