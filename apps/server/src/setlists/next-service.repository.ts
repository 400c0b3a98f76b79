import { and, asc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { setlist, team, teamMember } from '../db/schema.ts';
import type { SetlistRow } from './setlists.repository.ts';

/** The caller's next service, with what the answer needs of its team. */
export interface NextServiceRow {
  setlist: SetlistRow;
  teamName: string;
  teamCreatedBy: string;
  /** The caller's membership in the setlist's team. */
  memberRole: 'admin' | 'member';
}

/** The SQL of the dashboard's next service (docs/DECISIONS.md, "Sunday-first dashboard"). */
export class NextServiceRepository {
  constructor(private readonly db: Db) {}

  /**
   * The earliest setlist dated `from` or later, in a team `userId` belongs to, in which they
   * hold a position they have not declined or lead a song: by day, then start time (a set
   * without one after those with one), then name. Stored positions and entries may be of
   * older shapes (a plain song id), so each element's type is checked before it is read.
   */
  async next(userId: string, from: string): Promise<NextServiceRow | null> {
    const holdsPosition = sql`exists (
      select 1 from jsonb_array_elements(
        case when jsonb_typeof(${setlist.positions}) = 'array' then ${setlist.positions} else '[]'::jsonb end
      ) p
      where jsonb_typeof(p) = 'object' and p ->> 'assignedTo' = ${userId}
        and coalesce(p ->> 'status', '') <> 'declined')`;
    const leadsSong = sql`exists (
      select 1 from jsonb_array_elements(
        case when jsonb_typeof(${setlist.songs}) = 'array' then ${setlist.songs} else '[]'::jsonb end
      ) e
      where jsonb_typeof(e) = 'object' and e ->> 'leader' = ${userId})`;
    const [row] = await this.db
      .select({
        setlist,
        teamName: team.name,
        teamCreatedBy: team.createdBy,
        memberRole: teamMember.role,
      })
      .from(teamMember)
      .innerJoin(team, eq(team.id, teamMember.teamId))
      .innerJoin(setlist, eq(setlist.teamId, teamMember.teamId))
      .where(
        and(
          eq(teamMember.userId, userId),
          gte(setlist.date, from),
          // A setlist in the trash is no service.
          isNull(setlist.deletedAt),
          sql`(${holdsPosition} or ${leadsSong})`,
        ),
      )
      .orderBy(
        asc(setlist.date),
        sql`${setlist.startTime} asc nulls last`,
        asc(sql`lower(${setlist.name})`),
        asc(setlist.id),
      )
      .limit(1);
    return row ?? null;
  }
}
