import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { blockout, teamMember, user } from '../db/schema.ts';

export type BlockoutRow = typeof blockout.$inferSelect;

/** A member's days away that meet a period, with who they are. */
export interface TeamBlockoutRow {
  userId: string;
  name: string;
  email: string;
  startsOn: string;
  endsOn: string;
  reason: string;
}

/** The SQL of people and availability (issue 18): positions members play, and blockouts. */
export class PeopleRepository {
  constructor(private readonly db: Db) {}

  /** The positions a member says they play in a team; null if they are not a member. */
  async positionsOf(teamId: string, userId: string): Promise<string[] | null> {
    const [row] = await this.db
      .select({ positions: teamMember.positions })
      .from(teamMember)
      .where(and(eq(teamMember.teamId, teamId), eq(teamMember.userId, userId)))
      .limit(1);
    return row ? row.positions : null;
  }

  /** Sets them; null if the member left the team meanwhile. */
  async setPositions(
    teamId: string,
    userId: string,
    positions: string[],
  ): Promise<string[] | null> {
    const [row] = await this.db
      .update(teamMember)
      .set({ positions })
      .where(and(eq(teamMember.teamId, teamId), eq(teamMember.userId, userId)))
      .returning({ positions: teamMember.positions });
    return row ? row.positions : null;
  }

  /** Every member's positions, in the order they joined. */
  memberPositions(teamId: string): Promise<{ userId: string; positions: string[] }[]> {
    return this.db
      .select({ userId: teamMember.userId, positions: teamMember.positions })
      .from(teamMember)
      .where(eq(teamMember.teamId, teamId))
      .orderBy(asc(teamMember.createdAt), asc(teamMember.userId));
  }

  /** Position names the team's setlists use and its members play, at most `limit`. */
  async usedPositionNames(teamId: string, limit: number): Promise<string[]> {
    const rows = await queryRows<{ name: string }>(
      this.db,
      sql`
        select name from (
          select p ->> 'name' as name
          from setlist s
            cross join lateral jsonb_array_elements(
              case when jsonb_typeof(s.positions) = 'array' then s.positions else '[]'::jsonb end
            ) p
          where s.team_id = ${teamId} and jsonb_typeof(p) = 'object'
          union
          select m.p as name
          from team_member tm
            cross join lateral jsonb_array_elements_text(
              case when jsonb_typeof(tm.positions) = 'array' then tm.positions else '[]'::jsonb end
            ) m(p)
          where tm.team_id = ${teamId}
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

  /** The team's members away on some day of [from, to], by first day. */
  teamBlockouts(teamId: string, from: string, to: string): Promise<TeamBlockoutRow[]> {
    return this.db
      .select({
        userId: blockout.userId,
        name: user.name,
        email: user.email,
        startsOn: blockout.startsOn,
        endsOn: blockout.endsOn,
        reason: blockout.reason,
      })
      .from(blockout)
      .innerJoin(
        teamMember,
        and(eq(teamMember.userId, blockout.userId), eq(teamMember.teamId, teamId)),
      )
      .innerJoin(user, eq(user.id, blockout.userId))
      .where(and(lte(blockout.startsOn, to), gte(blockout.endsOn, from)))
      .orderBy(asc(blockout.startsOn), asc(blockout.userId), asc(blockout.id));
  }

  /** Which of these people are away on `day`, with their names. */
  awayOn(
    userIds: string[],
    day: string,
  ): Promise<{ userId: string; name: string; email: string }[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectDistinct({ userId: blockout.userId, name: user.name, email: user.email })
      .from(blockout)
      .innerJoin(user, eq(user.id, blockout.userId))
      .where(
        and(
          inArray(blockout.userId, userIds),
          lte(blockout.startsOn, day),
          gte(blockout.endsOn, day),
        ),
      );
  }
}
