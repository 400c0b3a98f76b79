import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { team } from '../db/schema.ts';
import { scope, type ChangeFeed } from '../lib/change-feed.ts';

/** One song of a usage report, as the database counts it. */
export interface CcliUsageRow {
  songId: string;
  title: string;
  artist: string;
  ccli: string | null;
  uses: number;
  lastUsed: string;
}

/** The SQL of CCLI reporting (issue 18): the team's licence number and its songs' uses. */
export class CcliRepository {
  constructor(
    private readonly db: Db,
    private readonly changes: ChangeFeed,
  ) {}

  async licence(teamId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ ccliLicence: team.ccliLicence })
      .from(team)
      .where(eq(team.id, teamId))
      .limit(1);
    return row?.ccliLicence ?? null;
  }

  /** Sets the licence number; the team's cached answers (which hold its row) are dropped. */
  async setLicence(teamId: string, ccliLicence: string | null): Promise<string | null> {
    const [row] = await this.changes.after([scope.team(teamId)], () =>
      this.db
        .update(team)
        .set({ ccliLicence, updatedAt: new Date() })
        .where(eq(team.id, teamId))
        .returning({ ccliLicence: team.ccliLicence }),
    );
    return row?.ccliLicence ?? null;
  }

  /**
   * Every song of the team held by a setlist dated in [from, to] (both YYYY-MM-DD,
   * inclusive), with the number of those setlists that hold it and the latest one's day.
   * An entry is an object `{song, ...}` or an old plain song id; a song twice in one
   * setlist counts once for it (`distinct`, CCLI counts a song once per event); entries
   * whose song is gone, or is not the team's, are not counted. Most used first, then by title.
   */
  usage(teamId: string, from: string, to: string): Promise<CcliUsageRow[]> {
    return queryRows<CcliUsageRow & Record<string, unknown>>(
      this.db,
      sql`
        with used as (
          select distinct s.id as setlist_id, s.date,
            case when jsonb_typeof(e) = 'string' then e #>> '{}' else e ->> 'song' end as song_id
          from setlist s
            cross join lateral jsonb_array_elements(
              case when jsonb_typeof(s.songs) = 'array' then s.songs else '[]'::jsonb end
            ) as e
          where s.team_id = ${teamId}
            and s.date between ${from}::date and ${to}::date
        )
        select song.id as "songId", song.title, song.artist, song.ccli,
          count(*)::int as uses,
          to_char(max(used.date), 'YYYY-MM-DD') as "lastUsed"
        from used
          join song on song.id = used.song_id and song.team_id = ${teamId}
        group by song.id, song.title, song.artist, song.ccli
        order by uses desc, lower(song.title), song.title, song.id
      `,
    );
  }

  /** How many setlists (services) of the team are dated in [from, to], inclusive. */
  async setlistCount(teamId: string, from: string, to: string): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from setlist
          where team_id = ${teamId} and date between ${from}::date and ${to}::date`,
    );
    return Number(row?.n ?? 0);
  }
}
