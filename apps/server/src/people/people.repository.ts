import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { blockout } from '../db/schema.ts';

export type BlockoutRow = typeof blockout.$inferSelect;

/** Days away of one person that meet a period. */
export type TeamBlockoutRow = Pick<BlockoutRow, 'userId' | 'startsOn' | 'endsOn' | 'reason'>;

/** Where a query of position names (a `name` column) comes from. */
interface PositionNameSource {
  positionNames(teamId: string): SQL;
}

/**
 * The SQL of availability: each account's blockouts. The positions members play are kept
 * with their membership (the teams repository); the names the team uses are gathered here
 * from the setlists and the members.
 */
export class PeopleRepository {
  constructor(
    private readonly db: Db,
    private readonly positionSources: { setlists: PositionNameSource; teams: PositionNameSource },
  ) {}

  /** Position names the team's setlists use and its members play, at most `limit`. */
  async usedPositionNames(teamId: string, limit: number): Promise<string[]> {
    // One statement, so the two lists are merged, ordered and cut by the database's rules.
    const { setlists, teams } = this.positionSources;
    const rows = await queryRows<{ name: string }>(
      this.db,
      sql`
        select name from (
          ${setlists.positionNames(teamId)}
          union
          ${teams.positionNames(teamId)}
        ) used
        where name is not null and btrim(name) <> ''
        order by lower(name), name
        limit ${limit}
      `,
    );
    return rows.map((r) => r.name);
  }

  listBlockouts(userId: string): Promise<BlockoutRow[]> {
    return this.db
      .select()
      .from(blockout)
      .where(eq(blockout.userId, userId))
      .orderBy(asc(blockout.startsOn), asc(blockout.endsOn), asc(blockout.createdAt));
  }

  /**
   * Adds a blockout unless the account already keeps `max` of them (one statement, so two
   * adds at once cannot both pass the limit by much). Null when it is full.
   */
  async addBlockout(
    values: Pick<BlockoutRow, 'id' | 'userId' | 'startsOn' | 'endsOn' | 'reason'>,
    max: number,
  ): Promise<BlockoutRow | null> {
    const rows = await queryRows<{ id: string }>(
      this.db,
      sql`
        insert into blockout (id, user_id, starts_on, ends_on, reason)
        select ${values.id}, ${values.userId}, ${values.startsOn}::date, ${values.endsOn}::date, ${values.reason}
        where (select count(*) from blockout where user_id = ${values.userId}) < ${max}
        returning id
      `,
    );
    if (rows.length === 0) return null;
    const [row] = await this.db.select().from(blockout).where(eq(blockout.id, values.id)).limit(1);
    return row ?? null;
  }

  /** Deletes one of the account's own blockouts; false if it has none of that id. */
  async deleteBlockout(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(blockout)
      .where(and(eq(blockout.id, id), eq(blockout.userId, userId)))
      .returning({ id: blockout.id });
    return rows.length > 0;
  }

  /** The days away of these people (a team's members) that meet [from, to], by first day. */
  blockoutsOf(userIds: string[], from: string, to: string): Promise<TeamBlockoutRow[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db
      .select({
        userId: blockout.userId,
        startsOn: blockout.startsOn,
        endsOn: blockout.endsOn,
        reason: blockout.reason,
      })
      .from(blockout)
      .where(
        and(
          inArray(blockout.userId, userIds),
          lte(blockout.startsOn, to),
          gte(blockout.endsOn, from),
        ),
      )
      .orderBy(asc(blockout.startsOn), asc(blockout.userId), asc(blockout.id));
  }

  /** Which of these people are away on `day`. */
  async awayOn(userIds: string[], day: string): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .selectDistinct({ userId: blockout.userId })
      .from(blockout)
      .where(
        and(
          inArray(blockout.userId, userIds),
          lte(blockout.startsOn, day),
          gte(blockout.endsOn, day),
        ),
      );
    return rows.map((r) => r.userId);
  }
}
