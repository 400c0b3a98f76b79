import {
  and,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { songIdentity, type SongSort, type SortDirection } from '@segue/shared';
import { inserted, queryRows, type Db } from '../db/client.ts';
import { scope, type Change, type ChangeFeed } from '../lib/change-feed.ts';
import { song, type StoredSongPart } from '../db/schema.ts';
import type { SetlistsRepository } from '../setlists/setlists.repository.ts';
import type { PreparedSong } from './song-values.ts';

export type SongRow = typeof song.$inferSelect;

type DetailColumn =
  | 'key'
  | 'capo'
  | 'tempo'
  | 'timeSignature'
  | 'ccli'
  | 'copyright'
  | 'authors'
  | 'source'
  | 'language';

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

/**
 * The team's songs out of the trash: the library, its search, its count and its exports.
 * A song in the trash is still read by the setlists holding it (docs/DECISIONS.md, "Trash").
 */
const inLibrary = (teamId: string) => and(eq(song.teamId, teamId), isNull(song.deletedAt));

async function countIn(tx: Tx, teamId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(song)
    .where(inLibrary(teamId));
  return Number(row?.n ?? 0);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A row of `list`: the song without its parts (for a summary) and, when asked, `lastUsed`. */
export type SongListRow = Omit<
  SongRow,
  'parts' | 'createdBy' | 'source' | 'deletedAt' | 'deletedBy'
> & {
  parts?: StoredSongPart[];
  /** The day (YYYY-MM-DD) of the latest setlist holding the song, or null. */
  lastUsed?: string | null;
};

export interface SongListOptions {
  q?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
  summary?: boolean;
  sort?: SongSort | undefined;
  dir?: SortDirection | undefined;
  /** Answer each row's `lastUsed` too. */
  lastUsed?: boolean;
}

type OrderColumns = Record<'id' | 'title' | 'key' | 'tempo' | 'updatedAt', SQLWrapper> & {
  lastUsed?: SQLWrapper;
};
const orderColumns = (from: OrderColumns): OrderColumns => ({
  id: from.id,
  title: from.title,
  key: from.key,
  tempo: from.tempo,
  updatedAt: from.updatedAt,
});

/**
 * The library's order: by the sorted column (empty values last either way), then title and
 * id, so a page never repeats or skips a song. By title, today's order (case-insensitive).
 * Keys compare as text in the C collation (A, A#m, Ab, Am, B, ...) on every server.
 */
function songOrder(sort: SongSort, dir: SortDirection, c: OrderColumns): SQL[] {
  const d = dir === 'desc' ? sql`desc` : sql`asc`;
  const tie = [sql`lower(${c.title}) asc`, sql`${c.id} asc`];
  switch (sort) {
    case 'title':
      return [sql`lower(${c.title}) ${d}`, sql`${c.id} ${d}`];
    case 'key':
      return [sql`${c.key} collate "C" ${d} nulls last`, ...tie];
    case 'tempo':
      return [sql`${c.tempo} ${d} nulls last`, ...tie];
    case 'updated':
      return [sql`${c.updatedAt} ${d}`, ...tie];
    case 'lastUsed':
      return [sql`${c.lastUsed ?? sql`null`} ${d} nulls last`, ...tie];
  }
}

/** One song of a usage report, as the database counts it. */
export interface SongUsesRow {
  songId: string;
  title: string;
  artist: string;
  ccli: string | null;
  uses: number;
  lastUsed: string;
}

/**
 * All song SQL. Every query is scoped to one team. Which setlists hold a song, and when they
 * are dated, is asked of the setlists repository.
 */
export class SongsRepository {
  constructor(
    private readonly db: Db,
    private readonly changes: ChangeFeed,
    private readonly setlists: Pick<SetlistsRepository, 'holding' | 'lastUsedBySong'>,
  ) {}

  /**
   * Runs a write of the team's library, then tells the caches it changed: the library,
   * and for a song edited or deleted, the setlists that hold it (asked before the write
   * and again after it commits, so a setlist that took the song meanwhile is told too).
   */
  private writing<T>(teamId: string, write: () => PromiseLike<T>, songId?: string): Promise<T> {
    if (songId === undefined) return this.changes.after([scope.library(teamId)], write);
    return this.changes.after(async (): Promise<Change[]> => {
      const holders = await this.setlists.holding(teamId, songId);
      return [scope.library(teamId), ...holders.map(scope.setlist)];
    }, write);
  }

  /**
   * A page of the team's songs (all of them without `limit`) in the order asked, and how many
   * match. With `lastUsed`, each row also carries the day of the latest setlist holding it:
   * found for the page's songs only, after the page is cut, unless the order needs it for the
   * whole library (sorted by it) or there is no page.
   */
  async list(teamId: string, options: SongListOptions) {
    const where: SQL[] = [inLibrary(teamId)!];
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
      language: song.language,
      createdAt: song.createdAt,
      updatedAt: song.updatedAt,
      ...(options.summary ? {} : { parts: song.parts }),
    };
    const sort = options.sort ?? 'title';
    const dir = options.dir ?? 'asc';
    const paged = <Q extends { limit(n: number): unknown; offset(n: number): unknown }>(
      query: Q,
    ) => {
      if (options.limit !== undefined) query.limit(options.limit);
      if (options.offset) query.offset(options.offset);
      return query;
    };

    const ordered = (c: OrderColumns) => songOrder(sort, dir, c);
    let rows: Promise<SongListRow[]>;
    if (sort === 'lastUsed' || (options.lastUsed && options.limit === undefined)) {
      // The order needs every song's day, or every song is answered: one pass over the
      // team's setlists, joined to the library.
      const used = this.setlists.lastUsedBySong(teamId);
      rows = paged(
        this.db
          .select({ ...columns, lastUsed: used.day })
          .from(song)
          .leftJoin(used, eq(used.songId, song.id))
          .where(and(...where))
          .orderBy(...ordered({ ...orderColumns(song), lastUsed: used.lastUsed }))
          .$dynamic(),
      ).then((found) =>
        found.map(({ lastUsed, ...row }) => (options.lastUsed ? { ...row, lastUsed } : row)),
      );
    } else if (options.lastUsed) {
      // The page is cut first; the pass over the setlists then keeps only its songs' entries.
      const page = this.db.$with('page').as(
        paged(
          this.db
            .select(columns)
            .from(song)
            .where(and(...where))
            .orderBy(...ordered(orderColumns(song)))
            .$dynamic(),
        ),
      );
      const used = this.setlists.lastUsedBySong(teamId, this.db.select({ id: page.id }).from(page));
      rows = this.db
        .with(page)
        .select()
        .from(page)
        .leftJoin(used, eq(used.songId, page.id))
        .orderBy(...ordered(orderColumns(page)))
        .then((found) => found.map((r) => ({ ...r.page, lastUsed: r.used?.day ?? null })));
    } else {
      rows = paged(
        this.db
          .select(columns)
          .from(song)
          .where(and(...where))
          .orderBy(...ordered(orderColumns(song)))
          .$dynamic(),
      );
    }
    const [found, [count]] = await Promise.all([
      rows,
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(song)
        .where(and(...where)),
    ]);
    return { rows: found, total: Number(count?.n ?? 0) };
  }

  /** Every song of the team, whole, with its source: for a library export. */
  allWithSource(teamId: string): Promise<SongRow[]> {
    return this.db.select().from(song).where(inLibrary(teamId)).orderBy(song.title, song.id);
  }

  /**
   * The team's songs among `ids`, whole (a setlist's songs, to show or to check), those in
   * the trash too: a setlist keeps playing them until they are purged.
   */
  findMany(teamId: string, ids: string[]): Promise<SongRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(song)
      .where(and(eq(song.teamId, teamId), inArray(song.id, ids)));
  }

  /** The ids of the team's songs among `ids` (those not purged: the trash's too). */
  async idsAmong(teamId: string, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: song.id })
      .from(song)
      .where(and(eq(song.teamId, teamId), inArray(song.id, ids)));
    return new Set(rows.map((r) => r.id));
  }

  /**
   * The team's songs among those `uses` counts (a query from `SetlistsRepository
   * .songUsesBetween`), with their uses and the latest one's day: most used first, then by
   * title. Ids whose song is gone (or in the trash), or is not the team's, are not counted.
   */
  withUses(teamId: string, uses: SQL): Promise<SongUsesRow[]> {
    return queryRows<SongUsesRow & Record<string, unknown>>(
      this.db,
      sql`
        with used as (${uses})
        select song.id as "songId", song.title, song.artist, song.ccli, used.uses,
          to_char(used.last_used, 'YYYY-MM-DD') as "lastUsed"
        from used
          join song on song.id = used.song_id and song.team_id = ${teamId}
            and song.deleted_at is null
        order by used.uses desc, lower(song.title), song.title, song.id
      `,
    );
  }

  /** The song if it is the team's and out of the trash. */
  async findInLibrary(teamId: string, songId: string): Promise<SongRow | null> {
    const [row] = await this.db
      .select()
      .from(song)
      .where(and(eq(song.id, songId), inLibrary(teamId)))
      .limit(1);
    return row ?? null;
  }

  /** The team's song, in the trash or not (a setlist still plays one in the trash). */
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
          .where(and(eq(song.id, songId), inLibrary(teamId)))
          .returning(),
      songId,
    );
    return row ?? null;
  }

  /** Moves a song of the library to the trash; false if it is not there. */
  async trash(teamId: string, songId: string, deletedBy: string): Promise<boolean> {
    const rows = await this.writing(
      teamId,
      () =>
        this.db
          .update(song)
          .set({ deletedAt: new Date(), deletedBy })
          .where(and(eq(song.id, songId), inLibrary(teamId)))
          .returning({ id: song.id }),
      songId,
    );
    return rows.length > 0;
  }

  /** Takes a song out of the trash, back into the library; false if it is not in the trash. */
  async restore(teamId: string, songId: string): Promise<boolean> {
    const rows = await this.writing(
      teamId,
      () =>
        this.db
          .update(song)
          .set({ deletedAt: null, deletedBy: null })
          .where(and(eq(song.id, songId), eq(song.teamId, teamId), isNotNull(song.deletedAt)))
          .returning({ id: song.id }),
      songId,
    );
    return rows.length > 0;
  }

  /** The team's song if it is in the trash. */
  async findTrashed(teamId: string, songId: string): Promise<SongRow | null> {
    const [row] = await this.db
      .select()
      .from(song)
      .where(and(eq(song.id, songId), eq(song.teamId, teamId), isNotNull(song.deletedAt)))
      .limit(1);
    return row ?? null;
  }

  /** The team's songs in the trash, most recently deleted first. */
  trashed(teamId: string) {
    return this.db
      .select({
        id: song.id,
        title: song.title,
        artist: song.artist,
        deletedAt: song.deletedAt,
        deletedBy: song.deletedBy,
      })
      .from(song)
      .where(and(eq(song.teamId, teamId), isNotNull(song.deletedAt)))
      .orderBy(sql`${song.deletedAt} desc`, song.id);
  }

  /**
   * Deletes for good every song (of every team, or of one) put in the trash before `before`.
   * The setlists holding one then drop its entries when read, as for any missing song.
   */
  async purge(before: Date, teamId?: string): Promise<number> {
    const old = and(
      isNotNull(song.deletedAt),
      lt(song.deletedAt, before),
      teamId === undefined ? undefined : eq(song.teamId, teamId),
    );
    const doomed = await this.db.select({ id: song.id, teamId: song.teamId }).from(song).where(old);
    let purged = 0;
    // One song at a time through `writing`: the caches of its library and setlists hear of it.
    for (const row of doomed) {
      const rows = await this.writing(
        row.teamId,
        () =>
          this.db
            .delete(song)
            .where(and(eq(song.id, row.id), old))
            .returning({ id: song.id }),
        row.id,
      );
      purged += rows.length;
    }
    return purged;
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
    songs: PreparedSong[],
    maxSongs: number,
  ): Promise<{ imported: number; skipped: number; added: PreparedSong[] } | 'full'> {
    return this.writing(teamId, () =>
      this.db.transaction(async (tx) => {
        await lockLibrary(tx, teamId);
        const existing = await tx
          .select({ title: song.title, artist: song.artist })
          .from(song)
          .where(inLibrary(teamId));
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
          await tx.insert(song).values(
            fresh.slice(i, i + 500).map(({ partsJson, authorsJson, sourceJson, ...s }) => ({
              ...s,
              // JSON text the worker made: cast, not serialized again.
              parts: sql`${partsJson}::jsonb`,
              authors: sql`${authorsJson}::jsonb`,
              source: sourceJson === null ? null : sql`${sourceJson}::jsonb`,
              teamId,
              createdBy,
              createdAt: now,
              updatedAt: now,
            })),
          );
        }
        return { imported: fresh.length, skipped: songs.length - fresh.length, added: fresh };
      }),
    );
  }

  async count(teamId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(song)
      .where(inLibrary(teamId));
    return Number(row?.n ?? 0);
  }
}
