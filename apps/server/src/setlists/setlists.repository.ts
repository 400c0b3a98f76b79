import {
  and,
  asc,
  desc,
  eq,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { inserted, queryRows, type Db } from '../db/client.ts';
import { scope, type ChangeFeed } from '../lib/change-feed.ts';
import type { ClickOnStep } from '@segue/shared';
import {
  setlist,
  type StoredPosition,
  type StoredSetlistEntry,
  type StoredSetlistItem,
} from '../db/schema.ts';

export type SetlistRow = typeof setlist.$inferSelect;

/** The team's setlists out of the trash (docs/DECISIONS.md, "Trash"). */
const planned = (teamId: string) => and(eq(setlist.teamId, teamId), isNull(setlist.deletedAt));

export interface SetlistValues {
  name: string;
  date: string;
  notes: string;
  songs: StoredSetlistEntry[];
  positions: StoredPosition[];
  /** Items between the songs. Left out: none on create, and on update the saved ones stay. */
  items?: StoredSetlistItem[];
  startTime?: string | null;
  /** What a running click does on a song change. Left out: 'follow' on create; kept on update. */
  clickOnStep?: ClickOnStep;
  /** The screens' languages, first over second. Left out: none on create; kept on update. */
  lyricLanguages?: string[];
}

/**
 * All setlist SQL; every query is scoped to one team. The songs and members a setlist names
 * are the songs and teams repositories' to read.
 */
export class SetlistsRepository {
  constructor(
    private readonly db: Db,
    private readonly changes: ChangeFeed,
  ) {}

  /** Runs a write of one setlist, then tells the caches it changed. */
  private writing<T>(setlistId: string, write: () => PromiseLike<T>): Promise<T> {
    return this.changes.after([scope.setlist(setlistId)], write);
  }

  list(teamId: string): Promise<SetlistRow[]> {
    return this.db
      .select()
      .from(setlist)
      .where(planned(teamId))
      .orderBy(desc(setlist.date), asc(sql`lower(${setlist.name})`), asc(setlist.id));
  }

  /** The team's setlist, unless it is in the trash. */
  async find(teamId: string, id: string): Promise<SetlistRow | null> {
    const [row] = await this.db
      .select()
      .from(setlist)
      .where(and(eq(setlist.id, id), planned(teamId)))
      .limit(1);
    return row ?? null;
  }

  /** The team's setlist if it is in the trash. */
  async findTrashed(teamId: string, id: string): Promise<SetlistRow | null> {
    const [row] = await this.db
      .select()
      .from(setlist)
      .where(and(eq(setlist.id, id), eq(setlist.teamId, teamId), isNotNull(setlist.deletedAt)))
      .limit(1);
    return row ?? null;
  }

  /** The team's setlists in the trash, most recently deleted first. */
  trashed(teamId: string): Promise<SetlistRow[]> {
    return this.db
      .select()
      .from(setlist)
      .where(and(eq(setlist.teamId, teamId), isNotNull(setlist.deletedAt)))
      .orderBy(desc(setlist.deletedAt), asc(setlist.id));
  }

  /** Whether the account leads the song in a setlist of the team out of the trash. */
  async leadsSong(teamId: string, songId: string, userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: setlist.id })
      .from(setlist)
      .where(
        and(
          planned(teamId),
          sql`${setlist.songs} @> ${JSON.stringify([{ song: songId, leader: userId }])}::jsonb`,
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** Whether any team has a setlist of this id. */
  async exists(id: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: setlist.id })
      .from(setlist)
      .where(eq(setlist.id, id))
      .limit(1);
    return row !== undefined;
  }

  async create(
    teamId: string,
    createdBy: string,
    id: string,
    values: SetlistValues,
  ): Promise<SetlistRow> {
    return inserted(
      await this.db
        .insert(setlist)
        .values({ id, teamId, createdBy, ...values })
        .returning(),
    );
  }

  async update(teamId: string, id: string, values: SetlistValues): Promise<SetlistRow | null> {
    const [row] = await this.writing(id, () =>
      this.db
        .update(setlist)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(setlist.id, id), planned(teamId)))
        .returning(),
    );
    return row ?? null;
  }

  /**
   * Updates a setlist with values made from its row as it is now, read under a row lock in
   * the same transaction, so an answer to an assignment given meanwhile is kept, not
   * overwritten by a stale copy. Answers the row before and after, or null if it is gone.
   */
  async updateFrom(
    teamId: string,
    id: string,
    build: (current: SetlistRow) => SetlistValues,
  ): Promise<{ before: SetlistRow; after: SetlistRow } | null> {
    return this.writing(id, () =>
      this.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(setlist)
          .where(and(eq(setlist.id, id), planned(teamId)))
          .limit(1)
          .for('update');
        if (!before) return null;
        const [after] = await tx
          .update(setlist)
          .set({ ...build(before), updatedAt: new Date() })
          .where(eq(setlist.id, id))
          .returning();
        return after ? { before, after } : null;
      }),
    );
  }

  /** Moves a setlist to the trash; false if it is not the team's or is there already. */
  async trash(teamId: string, id: string, deletedBy: string): Promise<boolean> {
    const rows = await this.writing(id, () =>
      this.db
        .update(setlist)
        .set({ deletedAt: new Date(), deletedBy })
        .where(and(eq(setlist.id, id), planned(teamId)))
        .returning({ id: setlist.id }),
    );
    return rows.length > 0;
  }

  /** Takes a setlist out of the trash; false if it is not in the team's trash. */
  async restore(teamId: string, id: string): Promise<boolean> {
    const rows = await this.writing(id, () =>
      this.db
        .update(setlist)
        .set({ deletedAt: null, deletedBy: null })
        .where(and(eq(setlist.id, id), eq(setlist.teamId, teamId), isNotNull(setlist.deletedAt)))
        .returning({ id: setlist.id }),
    );
    return rows.length > 0;
  }

  /** Deletes for good every setlist (of every team, or of one) put in the trash before `before`. */
  async purge(before: Date, teamId?: string): Promise<number> {
    const old = and(
      isNotNull(setlist.deletedAt),
      lt(setlist.deletedAt, before),
      teamId === undefined ? undefined : eq(setlist.teamId, teamId),
    );
    const doomed = await this.db.select({ id: setlist.id }).from(setlist).where(old);
    let purged = 0;
    for (const { id } of doomed) {
      const rows = await this.writing(id, () =>
        this.db
          .delete(setlist)
          .where(and(eq(setlist.id, id), old))
          .returning({ id: setlist.id }),
      );
      purged += rows.length;
    }
    return purged;
  }

  async count(teamId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(setlist)
      .where(planned(teamId));
    return Number(row?.n ?? 0);
  }

  /** How many setlists (services) of the team are dated in [from, to], inclusive. */
  async countBetween(teamId: string, from: string, to: string): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from setlist
          where team_id = ${teamId} and deleted_at is null
            and date between ${from}::date and ${to}::date`,
    );
    return Number(row?.n ?? 0);
  }

  /** The team's setlists that hold a song, as an entry or an old plain id. */
  async holding(teamId: string, songId: string): Promise<string[]> {
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

  /*
   * The subqueries below are joined by the songs and people repositories into statements of
   * their own: the library sorted and paged by the day a song was last used, the CCLI report
   * ordered by its songs' titles, and the position names ordered and cut together with the
   * members'. One statement each keeps that order and limit in the database (a list merged
   * here would sort by other rules than its collation) and costs one round trip, while what a
   * setlist's entries look like (objects or old plain ids) stays written here alone.
   */

  /**
   * Per song named in the team's setlists (as an entry or an old plain id; only the songs
   * `among` selects, when given), the date of the latest setlist holding it (`lastUsed`,
   * for ordering) and that day as YYYY-MM-DD (`day`). One pass over the team's setlists:
   * cheaper than a containment lookup per song even for a page of 25 (with 1,000 setlists, a
   * lookup per row cost about 1.5 ms: a song never used reads all of them).
   */
  lastUsedBySong(teamId: string, among?: SQLWrapper) {
    const entries = this.db
      .select({
        entry: sql<unknown>`jsonb_array_elements(${setlist.songs})`.as('entry'),
        date: setlist.date,
      })
      .from(setlist)
      .where(eq(setlist.teamId, teamId))
      .as('entries');
    const songId = sql<string>`case jsonb_typeof(${entries.entry}) when 'string' then ${entries.entry} #>> '{}' else ${entries.entry} ->> 'song' end`;
    return this.db
      .select({
        songId: songId.as('song_id'),
        lastUsed: sql<string>`max(${entries.date})`.as('last_used'),
        day: sql<string>`to_char(max(${entries.date}), 'YYYY-MM-DD')`.as('last_used_day'),
      })
      .from(entries)
      .where(among ? sql`${songId} in ${among}` : undefined)
      .groupBy(sql`1`)
      .as('used');
  }

  /**
   * A query of the songs named in the team's setlists dated in [from, to] (both YYYY-MM-DD,
   * inclusive): per song id (`song_id`), the number of those setlists holding it (`uses`) and
   * the latest one's date (`last_used`). An entry is an object `{song, ...}` or an old plain
   * song id; a song twice in one setlist counts once for it (`distinct`, CCLI counts a song
   * once per event). Ids whose song is gone are the joining query's to leave out.
   */
  songUsesBetween(teamId: string, from: string, to: string): SQL {
    return sql`
      select used.song_id, count(*)::int as uses, max(used.date) as last_used
      from (
        select distinct s.id as setlist_id, s.date,
          case when jsonb_typeof(e) = 'string' then e #>> '{}' else e ->> 'song' end as song_id
        from setlist s
          cross join lateral jsonb_array_elements(
            case when jsonb_typeof(s.songs) = 'array' then s.songs else '[]'::jsonb end
          ) as e
        where s.team_id = ${teamId}
          and s.date between ${from}::date and ${to}::date
      ) used
      group by used.song_id`;
  }

  /** A query of the position names (`name`) the team's setlists use, blank ones included. */
  positionNames(teamId: string): SQL {
    return sql`
      select p ->> 'name' as name
      from setlist s
        cross join lateral jsonb_array_elements(
          case when jsonb_typeof(s.positions) = 'array' then s.positions else '[]'::jsonb end
        ) p
      where s.team_id = ${teamId} and jsonb_typeof(p) = 'object'`;
  }
}
